import { formatNairobi } from '@mtumba/contract/listing';
import type { Product } from '@mtumba/contract/product';

/** "Draft" or "Scheduled · Sat 28 Nov, 10:00" beside a product's name in admin lists; nothing when on sale. */
export function PublishBadge({ product }: { product: Pick<Product, 'status' | 'publish_at'> }) {
  if (product.status === 'draft') return <span className="badge text-bg-secondary ms-2">Draft</span>;
  if (product.status === 'scheduled') {
    return (
      <span className="badge text-bg-warning ms-2">
        Scheduled{product.publish_at ? ` · ${formatNairobi(product.publish_at)}` : ''}
      </span>
    );
  }
  return null;
}
