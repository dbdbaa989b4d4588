import { useId, useState } from 'react';
import { Link } from '@/components/ui/link';
import { Icon } from '@/components/ui/icon';
import { ProductImage, productImageSource } from '@/components/ui/product-image';
import { paths } from '@/config/paths';
import type { Product } from '@mtumba/contract/product';
import { isReduced, ProductPrice } from './product-price';
import messages from '@/i18n/catalogs/en/browse.json';
import { useT, type Translate } from '@/i18n';

export const CARD_IMAGE_SIZES = '(min-width: 1400px) 312px, (min-width: 992px) 25vw, (min-width: 768px) 33vw, 50vw';

interface ProductCardProps {
  product: Product;
  inWishlist: boolean;
  inCart?: boolean;
  onAddToCart: (product: Product) => void;
  onAddToWishlist: (product: Product) => void;
  busy?: boolean;
  /** the first card of the page: its image loads at once with high priority */
  priority?: boolean;
  /** a Trending shelf card: badged "Hot Deal" when reduced, else "Trending" */
  trending?: boolean;
}

/** A condition ('like new') in the page's language; one the catalog does not know stays as written. */
export const conditionText = (t: Translate<Extract<keyof typeof messages, string>>, condition: string): string =>
  t('condition', { key: condition.toLowerCase().replace(/\s+/g, '_'), value: condition });

/** "M · like new · Levi's": the thrift facts a shopper scans for. */
export function productFacts(
  product: Pick<Product, 'size' | 'condition' | 'brand'>,
  condition: (value: string) => string = (value) => value,
): string {
  return [product.size, product.condition && condition(product.condition), product.brand].filter(Boolean).join(' · ');
}

/**
 * A product in a grid, photo first: the photo (4:5, its own ratio), a heart for the wishlist, name,
 * price, size · condition · brand and one cart action. A sold item is greyed, with no cart action.
 */
export function ProductCard({
  product,
  inWishlist,
  inCart,
  onAddToCart,
  onAddToWishlist,
  busy,
  priority,
  trending,
}: ProductCardProps) {
  const t = useT(messages);
  const titleId = useId();
  const [hovered, setHovered] = useState(false);
  const sold = product.stock_quantity <= 0;
  const first = productImageSource(product, 0);
  const second = productImageSource(product, 1);
  const shown = hovered && second ? second : first;
  const facts = productFacts(product, (value) => conditionText(t, value));
  const deal = isReduced(product);
  const badge = deal ? t('card.hotDeal') : trending ? t('card.trending') : null;

  return (
    <article
      className={`product-card ${sold ? 'product-card--sold' : ''}`}
      aria-labelledby={titleId}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
    >
      <div className="product-card__media">
        <Link to={paths.product(product.id)} tabIndex={-1} aria-hidden="true">
          <ProductImage source={shown} alt={product.name} sizes={CARD_IMAGE_SIZES} priority={priority} />
        </Link>
        {sold && (
          <span className="sold-ribbon">{product.reserved ? t('card.ribbonReserved') : t('card.ribbonSold')}</span>
        )}
        {badge && !sold && (
          <span className={`tag ${deal ? 'tag--deal' : 'tag--trend'} product-card__badge`}>{badge}</span>
        )}
        <button
          type="button"
          className={`heart ${inWishlist ? 'heart--on' : ''}`}
          onClick={() => onAddToWishlist(product)}
          disabled={busy}
          aria-pressed={inWishlist}
          aria-label={inWishlist ? t('card.inWishlist') : t('card.addToWishlist')}
          title={inWishlist ? t('card.wishlistHint') : undefined}
          aria-describedby={titleId}
        >
          <Icon
            size={22}
            cssFill
            path="M12 21s-7.5-4.6-9.5-9.2C1.1 8.4 3.2 5 6.6 5c2 0 3.4 1.1 4.4 2.6h2C14 6.1 15.4 5 17.4 5c3.4 0 5.5 3.4 4.1 6.8C19.5 16.4 12 21 12 21z"
          />
        </button>
      </div>
      <div className="product-card__body">
        <h3 className="product-card__title" id={titleId}>
          <Link to={paths.product(product.id)} className="product-card__name">
            {product.name}
          </Link>
        </h3>
        <ProductPrice product={product} className="product-card__price" />
        {sold && <span className="visually-hidden">{t('card.sold')}</span>}
        {facts && <p className="product-card__facts">{facts}</p>}
        {!sold &&
          (inCart ? (
            <Link
              to={paths.cart()}
              className="btn btn-sm btn-outline-primary product-card__cta"
              aria-describedby={titleId}
            >
              {t('card.inCart')}
            </Link>
          ) : (
            <button
              type="button"
              className="btn btn-sm btn-primary product-card__cta"
              onClick={() => onAddToCart(product)}
              disabled={busy}
              aria-describedby={titleId}
            >
              {t('card.addToCart')}
            </button>
          ))}
      </div>
    </article>
  );
}
