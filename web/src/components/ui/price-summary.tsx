import { formatKsh } from '@mtumba/contract/money';
import messages from '@/i18n/catalogs/en/ui-forms.json';
import { tOf, useT } from '@/i18n';

/**
 * The delivery fee as a shopper reads it: custom delivery is paid to the rider, a zero CBD fee is
 * free (in the page's language unless given a translator).
 */
export function deliveryFeeText(shipping: string, fee: number, t = tOf(messages)): string {
  if (shipping === 'Paid custom delivery') return t('price.riderPaid');
  return fee > 0 ? formatKsh(fee) : t('price.free');
}

interface PriceSummaryProps {
  /** the offers applied, in the words of the pricing rule */
  discounts: readonly string[];
  /** the accessible name of the offers' list */
  discountsLabel: string;
  /** a heading over the offers' list, when the summary has none of its own */
  discountsHeading?: string;
  /** amounts in Ksh */
  subtotal: number;
  discount: number;
  /** the delivery fee already worded (see deliveryFeeText) */
  delivery: string;
  total: number;
  totalLabel: string;
  totalTestId: string;
  small?: boolean;
}

/** Subtotal, discount, delivery fee and total, with the offers applied above them (cart estimate and orders). */
export function PriceSummary({
  discounts,
  discountsLabel,
  discountsHeading,
  subtotal,
  discount,
  delivery,
  total,
  totalLabel,
  totalTestId,
  small = false,
}: PriceSummaryProps) {
  const t = useT(messages);
  return (
    <>
      {discounts.length > 0 && (
        <div className="mb-2">
          {discountsHeading && <h3 className="h6 mb-1">{discountsHeading}</h3>}
          <ul className="mb-0 small" aria-label={discountsLabel}>
            {discounts.map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
        </div>
      )}
      <dl className={`row mb-0 ${small ? 'small' : ''}`}>
        <dt className="col-7 fw-normal">{t('price.subtotal')}</dt>
        <dd className="col-5 text-end mb-1">{formatKsh(subtotal)}</dd>
        <dt className="col-7 fw-normal">{t('price.discount')}</dt>
        <dd className="col-5 text-end mb-1">{discount > 0 ? `− ${formatKsh(discount)}` : formatKsh(0)}</dd>
        <dt className="col-7 fw-normal">{t('price.deliveryFee')}</dt>
        <dd className="col-5 text-end mb-1">{delivery}</dd>
        <dt className="col-7 border-top pt-2">{totalLabel}</dt>
        <dd className="col-5 text-end border-top pt-2 mb-0 fw-bold" data-testid={totalTestId}>
          {formatKsh(total)}
        </dd>
      </dl>
    </>
  );
}
