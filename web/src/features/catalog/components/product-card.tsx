import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatKsh } from '@mtumba/contract/money';
import { ProductImage, productImageSource } from '@/components/ui/product-image';
import { paths } from '@/config/paths';
import type { Product } from '@/lib/api-types';

export const CARD_IMAGE_SIZES = '(min-width: 1400px) 312px, (min-width: 992px) 25vw, (min-width: 768px) 33vw, 50vw';

interface ProductCardProps {
  product: Product;
  inWishlist: boolean;
  onAddToCart: (product: Product) => void;
  onAddToWishlist: (product: Product) => void;
  busy?: boolean;
  /** the first card of the page: its image loads at once with high priority */
  priority?: boolean;
  hotDeal?: boolean;
}

/** A product in a grid (SPEC.md: image, SOLD ribbon, name, price, View More, wishlist and cart buttons). */
export function ProductCard({
  product,
  inWishlist,
  onAddToCart,
  onAddToWishlist,
  busy,
  priority,
  hotDeal,
}: ProductCardProps) {
  const titleId = useId();
  const [hovered, setHovered] = useState(false);
  const sold = product.stock_quantity <= 0;
  const first = productImageSource(product, 0);
  const second = productImageSource(product, 1);
  const shown = hovered && second ? second : first;

  return (
    <article
      className="card h-100 product-card"
      aria-labelledby={titleId}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
    >
      <Link to={paths.product(product.id)} className="product-card__media" tabIndex={-1} aria-hidden="true">
        <ProductImage source={shown} alt={product.name} sizes={CARD_IMAGE_SIZES} priority={priority} />
        {sold && <span className="sold-ribbon">SOLD</span>}
        {hotDeal && <span className="badge hot-deal">Hot Deal</span>}
      </Link>
      <div className="card-body d-flex flex-column p-2 p-sm-3">
        <h3 className="h6 card-title mb-1" id={titleId}>
          <Link to={paths.product(product.id)} className="product-card__name">
            {product.name}
          </Link>
        </h3>
        <p className="product-card__price mb-2">
          {formatKsh(product.price)}
          {sold && <span className="visually-hidden"> (sold)</span>}
        </p>
        <div className="mt-auto d-grid gap-2">
          <Link to={paths.product(product.id)} className="btn btn-sm btn-outline-primary" aria-describedby={titleId}>
            View More
          </Link>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => onAddToWishlist(product)}
            disabled={inWishlist || busy}
            aria-describedby={titleId}
          >
            {inWishlist ? 'In Wishlist' : 'Add to Wishlist'}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={() => onAddToCart(product)}
            disabled={busy}
            aria-describedby={titleId}
          >
            Add to Cart
          </button>
        </div>
      </div>
    </article>
  );
}
