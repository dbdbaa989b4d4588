import type { Product } from '@mtumba/contract/product';
import { useProductActions } from '../hooks/use-product-actions';
import { ProductCard } from './product-card';

interface ProductGridProps {
  products: Product[];
  /** give the first card's image high priority (the first grid on the page) */
  priorityFirst?: boolean;
  /** a Trending shelf: each card says "Hot Deal" when reduced, else "Trending" */
  trending?: boolean;
  label?: string;
}

/** The last cards of a grid are always drawn; the ones before may wait until scrolled near (styles.css). */
const ALWAYS_DRAWN = 8;

/** A responsive grid of product cards with working cart and wishlist buttons and its Out of Stock modal. */
export function ProductGrid({ products, priorityFirst, trending, label }: ProductGridProps) {
  const actions = useProductActions();
  return (
    <>
      <div className="product-grid" role="list" aria-label={label}>
        {products.map((product, i) => (
          <div
            role="listitem"
            key={product.id}
            className={i < products.length - ALWAYS_DRAWN ? 'product-grid__item--lazy' : undefined}
          >
            <ProductCard
              product={product}
              inWishlist={actions.isInWishlist(product.id)}
              inCart={actions.isInCart(product.id)}
              onAddToCart={actions.addToCart}
              onAddToWishlist={actions.addToWishlist}
              busy={actions.busyProductId === product.id}
              priority={priorityFirst && i === 0}
              trending={trending}
            />
          </div>
        ))}
      </div>
      {actions.outOfStockModal}
    </>
  );
}
