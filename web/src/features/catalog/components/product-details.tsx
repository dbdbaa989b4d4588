import { formatKsh } from '@mtumba/contract/money';
import { RatingStars } from '@/components/ui/rating-stars';
import type { Product } from '@/lib/api-types';
import { useProductActions } from '../hooks/use-product-actions';
import { ProductGallery } from './product-gallery';

const ATTRIBUTES: { key: 'size' | 'brand' | 'condition' | 'color'; label: string }[] = [
  { key: 'size', label: 'Size' },
  { key: 'brand', label: 'Brand' },
  { key: 'condition', label: 'Condition' },
  { key: 'color', label: 'Colour' },
];

/** The product page's photos, facts and buttons. */
export function ProductDetails({ product }: { product: Product }) {
  const actions = useProductActions();
  const inStock = product.stock_quantity > 0;
  const inWishlist = actions.isInWishlist(product.id);
  const busy = actions.busyProductId === product.id;
  const attributes = ATTRIBUTES.filter((a) => product[a.key]);

  return (
    <div className="row g-4">
      <div className="col-12 col-lg-6">
        <ProductGallery product={product} />
      </div>
      <div className="col-12 col-lg-6">
        <h1 className="h2">{product.name}</h1>
        <p className="fs-3 fw-semibold product-price mb-2">{formatKsh(product.price)}</p>
        <p className="mb-2">
          <RatingStars rating={product.average_rating ?? 0} />
          {product.review_count !== undefined && (
            <span className="small text-body-secondary ms-2">
              {product.review_count} {product.review_count === 1 ? 'review' : 'reviews'}
            </span>
          )}
        </p>
        <p className={`fw-semibold ${inStock ? 'text-success' : 'text-danger'}`}>
          {inStock ? 'In Stock' : 'Out of Stock'}
        </p>
        {product.description && <p className="text-break product-description">{product.description}</p>}
        {attributes.length > 0 && (
          <dl className="row product-attributes">
            {attributes.map((a) => (
              <div key={a.key} className="col-6 col-sm-3">
                <dt className="small text-body-secondary fw-normal">{a.label}</dt>
                <dd className="text-capitalize">{product[a.key]}</dd>
              </div>
            ))}
          </dl>
        )}
        <div className="d-flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-primary btn-lg"
            onClick={() => actions.addToCart(product)}
            disabled={busy}
          >
            Add to Cart
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary btn-lg"
            onClick={() => actions.addToWishlist(product)}
            disabled={inWishlist || busy}
          >
            {inWishlist ? 'In Wishlist' : 'Add to Wishlist'}
          </button>
        </div>
      </div>
      {actions.outOfStockModal}
    </div>
  );
}
