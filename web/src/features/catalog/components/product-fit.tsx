import { MEASUREMENT_KEYS } from '@mtumba/contract/measurements';
import type { Product } from '@mtumba/contract/product';
import messages from '@/i18n/catalogs/en/pages.json';
import { useT } from '@/i18n';

/**
 * What a second-hand buyer checks before buying: the item's measurements (cm, measured flat) and
 * any flaws the shop noted. Nothing when the admin gave neither.
 */
export function ProductFit({ product }: { product: Pick<Product, 'measurements' | 'flaws'> }) {
  const t = useT(messages);
  const measured = MEASUREMENT_KEYS.filter((k) => product.measurements?.[k] !== undefined);
  if (measured.length === 0 && !product.flaws) return null;
  return (
    <section className="product-fit mb-3" aria-labelledby="product-fit-title">
      <h2 id="product-fit-title" className="h6 mb-2">
        {t('fit.title')}
      </h2>
      {measured.length > 0 && (
        <>
          <dl className="product-fit__measurements">
            {measured.map((k) => (
              <div key={k}>
                <dt>{t(`fit.${k}`)}</dt>
                <dd>{t('fit.cm', { value: product.measurements![k]! })}</dd>
              </div>
            ))}
          </dl>
          <p className="small text-body-secondary mb-2">{t('fit.measured')}</p>
        </>
      )}
      {product.flaws && (
        <p className="product-fit__flaws mb-0">
          <strong>{`${t('fit.flaws')} `}</strong>
          <span className="text-break">{product.flaws}</span>
        </p>
      )}
    </section>
  );
}
