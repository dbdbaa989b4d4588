import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { formatKsh } from '@mtumba/contract/money';
import { paths } from '@/config/paths';
import type { Product } from '@mtumba/contract/product';
import { useProductActions } from '../hooks/use-product-actions';
import { ProductFit } from './product-fit';
import { ProductGallery } from './product-gallery';
import { conditionText } from './product-card';
import { ProductPrice } from './product-price';
import browse from '@/i18n/catalogs/en/browse.json';
import messages from '@/i18n/catalogs/en/pages.json';
import { useT } from '@/i18n';

const ATTRIBUTES = [
  { key: 'size', label: 'filters.size' },
  { key: 'brand', label: 'filters.brand' },
  { key: 'condition', label: 'filters.condition' },
  { key: 'color', label: 'filters.colour' },
] as const;

/** The product page's photos, facts and buttons; on a phone the cart button rides in a bar at the bottom. */
export function ProductDetails({
  product,
  extra,
  delivery,
}: {
  product: Product;
  extra?: ReactNode;
  /** the "Delivery & returns" panel, under the buttons */
  delivery?: ReactNode;
}) {
  const t = useT(messages);
  const tb = useT(browse);
  const actions = useProductActions();
  const inStock = product.stock_quantity > 0;
  const inWishlist = actions.isInWishlist(product.id);
  const inCart = actions.isInCart(product.id);
  const busy = actions.busyProductId === product.id;
  const attributes = ATTRIBUTES.filter((a) => product[a.key]);

  const cartAction =
    !inStock && !inCart ? (
      <button type="button" className="btn btn-lg btn-sold" disabled>
        {product.reserved ? t('detail.reserved') : t('detail.soldOut')}
      </button>
    ) : inCart ? (
      <Link to={paths.cart()} className="btn btn-lg btn-outline-primary" data-testid="in-cart">
        {t('detail.viewCart')}
      </Link>
    ) : (
      <button
        type="button"
        className="btn btn-primary btn-lg"
        onClick={() => actions.addToCart(product)}
        disabled={busy}
      >
        {busy ? t('detail.adding') : tb('card.addToCart')}
      </button>
    );

  return (
    <div className="row g-4 product-details">
      <div className="col-12 col-lg-6">
        <ProductGallery product={product} />
      </div>
      <div className="col-12 col-lg-6">
        <h1 className="h2">{product.name}</h1>
        <ProductPrice product={product} className="fs-3 mb-2" />
        <p className={`fw-semibold ${inStock ? 'text-success' : 'text-danger'}`}>
          {inStock ? t('detail.inStock') : product.reserved ? t('detail.reserved') : t('detail.outOfStock')}
        </p>
        {attributes.length > 0 && (
          <dl className="product-attributes">
            {attributes.map((a) => (
              <div key={a.key}>
                <dt>{t(a.label)}</dt>
                <dd className="text-capitalize">
                  {a.key === 'condition' ? conditionText(tb, product.condition!) : product[a.key]}
                </dd>
              </div>
            ))}
          </dl>
        )}
        <ProductFit product={product} />
        {product.description && <p className="text-break product-description">{product.description}</p>}
        <div className="buy-bar">
          <span className="buy-bar__price" aria-hidden="true">
            {formatKsh(product.price)}
          </span>
          {cartAction}
          <button
            type="button"
            className="btn btn-outline-secondary btn-lg buy-bar__wish"
            onClick={() => actions.addToWishlist(product)}
            disabled={busy}
            aria-pressed={inWishlist}
            aria-label={inWishlist ? tb('card.inWishlist') : tb('card.addToWishlist')}
            title={inWishlist ? tb('card.wishlistHint') : undefined}
          >
            <span aria-hidden="true">{inWishlist ? '♥' : '♡'}</span>
            <span className="buy-bar__wish-text">{` ${inWishlist ? tb('card.inWishlist') : tb('card.addToWishlist')}`}</span>
          </button>
        </div>
        {extra}
        {delivery && <div className="mt-4">{delivery}</div>}
      </div>
      {actions.outOfStockModal}
    </div>
  );
}
