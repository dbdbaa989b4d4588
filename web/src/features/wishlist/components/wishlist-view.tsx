import { useDeferredValue, useId, useState } from 'react';
import { Link } from '@/components/ui/link';
import { toast } from '@/lib/toast';
import { formatKsh } from '@mtumba/contract/money';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { OutOfStockModal } from '@/components/ui/out-of-stock-modal';
import { ProductImage, productImageSource } from '@/components/ui/product-image';
import { RatingStars } from '@/components/ui/rating-stars';
import { useAddToCart } from '@/lib/api/add-to-cart';
import { isQueued } from '@/lib/offline/send-or-queue';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useRemoveFromWishlist } from '@/lib/api/remove-from-wishlist';
import { useWishlist, type WishlistEntry } from '@/lib/api/get-wishlist';
import messages from '@/i18n/catalogs/en/orders.json';
import { useT } from '@/i18n';

export const UNCATEGORIZED = 'Uncategorized';
const CARD_SIZES = '(min-width: 1200px) 280px, (min-width: 768px) 33vw, 50vw';

export interface WishlistGroup {
  category: string;
  entries: WishlistEntry[];
}

/**
 * Entries whose name (or category) matches the search, grouped by their first category, groups in
 * alphabetical order with 'Uncategorized' last.
 */
export function groupWishlist(entries: readonly WishlistEntry[], search: string): WishlistGroup[] {
  const needle = search.trim().toLowerCase();
  const groups = new Map<string, WishlistEntry[]>();
  for (const entry of entries) {
    const category = entry.product.categories?.[0]?.name ?? UNCATEGORIZED;
    if (needle && !entry.product.name.toLowerCase().includes(needle) && !category.toLowerCase().includes(needle)) {
      continue;
    }
    const list = groups.get(category);
    if (list) list.push(entry);
    else groups.set(category, [entry]);
  }
  return [...groups.entries()]
    .map(([category, list]) => ({ category, entries: list }))
    .sort((a, b) =>
      a.category === UNCATEGORIZED ? 1 : b.category === UNCATEGORIZED ? -1 : a.category.localeCompare(b.category),
    );
}

interface CardProps {
  entry: WishlistEntry;
  busy: boolean;
  onMoveToCart: (entry: WishlistEntry) => void;
  onRemove: (entry: WishlistEntry) => void;
}

function WishlistCard({ entry, busy, onMoveToCart, onRemove }: CardProps) {
  const t = useT(messages);
  const { product } = entry;
  const titleId = useId();
  const reviews = product.review_count ?? 0;
  const sold = product.stock_quantity <= 0;
  return (
    <article className="card h-100 product-card" aria-labelledby={titleId}>
      <Link to={paths.product(product.id)} tabIndex={-1} aria-hidden="true" className="product-card__media">
        <ProductImage source={productImageSource(product)} alt={product.name} sizes={CARD_SIZES} />
        {sold && <span className="sold-ribbon">{t('wishlist.sold')}</span>}
      </Link>
      <div className="card-body d-flex flex-column p-2 p-sm-3">
        <h3 className="h6 card-title mb-1 text-break" id={titleId}>
          {product.name}
        </h3>
        <p className="mb-1 fw-semibold">{formatKsh(product.price)}</p>
        <p className="small mb-2">
          {reviews > 0 ? (
            <>
              <RatingStars rating={product.average_rating} showText={false} />{' '}
              <span>
                {Number(product.average_rating ?? 0).toFixed(1)} ({t('wishlist.reviews', { count: reviews })})
              </span>
            </>
          ) : (
            <span className="text-body-secondary">{t('wishlist.noReviews')}</span>
          )}
        </p>
        <div className="mt-auto d-grid gap-2">
          <Link to={paths.product(product.id)} className="btn btn-sm btn-outline-primary" aria-describedby={titleId}>
            {t('wishlist.view')}
          </Link>
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={() => onMoveToCart(entry)}
            disabled={busy}
            aria-describedby={titleId}
          >
            {t('wishlist.moveToCart')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            onClick={() => onRemove(entry)}
            disabled={busy}
            aria-describedby={titleId}
          >
            {t('wishlist.remove')}
          </button>
        </div>
      </div>
    </article>
  );
}

function WishlistSkeleton() {
  const t = useT(messages);
  return (
    <div className="row g-3" role="status" aria-label={t('wishlist.loading')}>
      {[0, 1, 2, 3].map((n) => (
        <div key={n} className="col-6 col-md-4 col-xl-3" aria-hidden="true">
          <div className="card placeholder-glow">
            <div className="placeholder w-100" style={{ aspectRatio: '1 / 1' }} />
            <div className="card-body">
              <span className="placeholder col-8 mb-2" />
              <span className="placeholder col-4" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

/** The wishlist (docs/product.md section 2): search, groups by category, View, Move to Cart, Remove. */
export function WishlistView() {
  const t = useT(messages);
  const { data, isPending, isError, refetch, isFetching } = useWishlist();
  const addToCart = useAddToCart();
  const remove = useRemoveFromWishlist();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [soldName, setSoldName] = useState<string | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());
  const searchId = useId();

  // mutateAsync: mutate's own callbacks fire only for the latest call, and each click must finish its job.
  const removeEntry = async (entry: WishlistEntry) => {
    try {
      await remove.mutateAsync(entry.id);
      toast.success(t('wishlist.removed'), { toastId: `wishlist-remove-${entry.id}` });
    } catch {
      toast.error(t('wishlist.removeFailed'), { toastId: `wishlist-remove-${entry.id}` });
    }
  };

  const moveToCart = async (entry: WishlistEntry) => {
    if (entry.product.stock_quantity <= 0) {
      setSoldName(entry.product.name);
      return;
    }
    setBusyIds((ids) => new Set(ids).add(entry.id));
    try {
      const result = await addToCart.mutateAsync({
        product_id: entry.product_id,
        quantity: 1,
        name: entry.product.name,
      });
      // no signal: the add waits on this phone (lib/offline) and the entry stays in the wishlist
      if (isQueued(result)) {
        toast.info(result.message, { toastId: `wishlist-move-${entry.id}` });
        return;
      }
    } catch (err) {
      toast.error(errorMessage(err, t('wishlist.addFailed')), { toastId: `wishlist-move-${entry.id}` });
      return;
    } finally {
      setBusyIds((ids) => {
        const next = new Set(ids);
        next.delete(entry.id);
        return next;
      });
    }
    toast.success(t('wishlist.moved'), { toastId: `wishlist-move-${entry.id}` });
    try {
      await remove.mutateAsync(entry.id);
    } catch {
      toast.error(t('wishlist.removeFailed'), { toastId: `wishlist-remove-${entry.id}` });
    }
  };

  let content;
  if (isPending) {
    content = <WishlistSkeleton />;
  } else if (isError) {
    content = <LoadError message={t('wishlist.loadError')} onRetry={() => void refetch()} retrying={isFetching} />;
  } else if (data.length === 0) {
    content = (
      <EmptyState message={t('wishlist.empty')}>
        <Link to={paths.products()} className="btn btn-primary">
          {t('orders.browse')}
        </Link>
      </EmptyState>
    );
  } else {
    const groups = groupWishlist(data, deferredSearch);
    content =
      groups.length === 0 ? (
        <p className="py-4">{t('wishlist.noMatch', { search: deferredSearch.trim() })}</p>
      ) : (
        groups.map((group, index) => (
          <section key={group.category} className="mb-4" aria-labelledby={`${searchId}-group-${index}`}>
            <h2 className="h5 border-bottom pb-1" id={`${searchId}-group-${index}`}>
              {group.category === UNCATEGORIZED ? t('wishlist.uncategorized') : group.category}
            </h2>
            <div className="row g-3">
              {group.entries.map((entry) => (
                <div key={entry.id} className="col-6 col-md-4 col-xl-3">
                  <WishlistCard
                    entry={entry}
                    busy={busyIds.has(entry.id)}
                    onMoveToCart={(e) => void moveToCart(e)}
                    onRemove={(e) => void removeEntry(e)}
                  />
                </div>
              ))}
            </div>
          </section>
        ))
      );
  }

  return (
    <>
      <div className="mb-3" style={{ maxWidth: '24rem' }} role="search">
        <label htmlFor={searchId} className="form-label visually-hidden">
          {t('wishlist.search')}
        </label>
        <input
          id={searchId}
          type="search"
          className="form-control"
          placeholder={t('wishlist.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {content}
      <OutOfStockModal productName={soldName} onClose={() => setSoldName(null)} />
    </>
  );
}
