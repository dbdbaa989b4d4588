import messages from '@/i18n/catalogs/en/ui.json';
import { useT } from '@/i18n';

/** A grey stand-in for a product card while the list loads (docs/product.md section 4 gives the counts). */
export function ProductCardSkeleton() {
  return (
    <div className="product-card placeholder-glow" aria-hidden="true">
      <div className="product-card__media placeholder w-100" />
      <div className="product-card__body">
        <span className="placeholder col-8 mb-2 d-block" />
        <span className="placeholder col-4 mb-2 d-block" />
        <span className="placeholder col-6 d-block" />
      </div>
    </div>
  );
}

/** `count` skeleton cards in the same grid as the real cards, announced once as loading. */
export function ProductGridSkeleton({ count, label }: { count: number; label?: string }) {
  const t = useT(messages);
  return (
    <div className="product-grid" role="status" aria-label={label ?? t('ui.loadingProducts')}>
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}
