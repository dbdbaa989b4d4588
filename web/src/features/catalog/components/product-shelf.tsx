import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { ProductGridSkeleton } from '@/components/ui/product-card-skeleton';
import type { Product } from '@mtumba/contract/product';
import { ProductGrid } from './product-grid';
import messages from '@/i18n/catalogs/en/browse.json';
import { useT } from '@/i18n';

interface ProductShelfProps {
  /** the heading's id (the section is labelled by it) */
  id: string;
  title: string;
  /** the grid's accessible name, e.g. 'Featured products' */
  label: string;
  link: { to: string; label: string };
  products: Product[] | undefined;
  loading: boolean;
  /** how many skeleton cards stand in while loading (docs/product.md section 4) */
  skeletons: number;
  /** what an empty shelf says; without it an empty shelf is not shown at all */
  empty?: ReactNode;
  priorityFirst?: boolean;
  trending?: boolean;
}

/** A home-page shelf of product cards: heading, a link to more, skeletons while loading. */
export function ProductShelf({
  id,
  title,
  label,
  link,
  products,
  loading,
  skeletons,
  empty,
  priorityFirst,
  trending,
}: ProductShelfProps) {
  const t = useT(messages);
  const none = !loading && (!products || products.length === 0);
  if (none && empty === undefined) return null;
  return (
    <section className="mb-5" aria-labelledby={id}>
      <div className="shelf__head">
        <h2 id={id} className="section-title">
          {title}
        </h2>
        <Link to={link.to}>{link.label}</Link>
      </div>
      {loading ? (
        <ProductGridSkeleton count={skeletons} label={t('shelf.loading', { label: label.toLowerCase() })} />
      ) : none ? (
        <p className="text-body-secondary">{empty}</p>
      ) : (
        <ProductGrid products={products ?? []} priorityFirst={priorityFirst} trending={trending} label={label} />
      )}
    </section>
  );
}
