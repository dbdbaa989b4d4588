import { formatKsh } from '@mtumba/contract/money';
import type { Product } from '@mtumba/contract/product';
import messages from '@/i18n/catalogs/en/browse.json';
import { useT } from '@/i18n';

/** A product was reduced: the admin set a compare-at price above today's price. */
export function isReduced(product: Pick<Product, 'price' | 'compare_at_price'>): boolean {
  return product.compare_at_price != null && product.compare_at_price > product.price;
}

/** The price, with the old price struck through when the item is reduced. */
export function ProductPrice({
  product,
  className = '',
}: {
  product: Pick<Product, 'price' | 'compare_at_price'>;
  className?: string;
}) {
  const t = useT(messages);
  const reduced = isReduced(product);
  return (
    <p className={`product-price ${className}`}>
      <span className="product-price__now">{formatKsh(product.price)}</span>
      {reduced && (
        <>
          {' '}
          <s className="product-price__was">
            <span className="visually-hidden">{`${t('price.was')} `}</span>
            {formatKsh(product.compare_at_price!)}
          </s>
        </>
      )}
    </p>
  );
}
