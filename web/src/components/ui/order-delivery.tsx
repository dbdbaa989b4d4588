import { podReadySentence } from '@mtumba/contract/delivery-rules';
import { formatKsh } from '@mtumba/contract/money';
import type { OrderJson } from '@mtumba/contract/order';
import messages from '@/i18n/catalogs/en/ui-forms.json';
import { useT } from '@/i18n';

/** What of an order its delivery panel shows (`delivery` is null on orders placed before delivery methods). */
type OrderDeliveryFacts = Pick<OrderJson, 'delivery' | 'payment_method' | 'payment_status' | 'total_amount'>;

/**
 * How an order reaches its customer, below the method's name that the page shows: address or pickup point (address, hours, hold
 * days), the estimate, and for pay on delivery the amount to have ready. Customer and admin
 * order pages and the checkout show it (docs/product.md section 11).
 */
export function OrderDelivery({ order }: { order: OrderDeliveryFacts }) {
  const t = useT(messages);
  const { delivery, payment_method: paymentMethod, payment_status: paymentStatus, total_amount: total } = order;
  const podDue = paymentMethod === 'pay_on_delivery' && paymentStatus === 'unpaid';
  if (!delivery && paymentMethod !== 'pay_on_delivery') return null;
  return (
    <div className="order-delivery" data-testid="order-delivery">
      <dl className="mb-0">
        {delivery?.zone && (
          <>
            <dt>{t('delivery.area')}</dt>
            <dd>{delivery.zone}</dd>
          </>
        )}
        {delivery?.kind === 'pickup' && delivery.pickup_address && (
          <>
            <dt>{t('delivery.pickupPoint')}</dt>
            <dd>
              {delivery.pickup_address}
              {delivery.pickup_hours && (
                <>
                  <br />
                  {t('delivery.open', { hours: delivery.pickup_hours })}
                </>
              )}
              {delivery.hold_days !== null && (
                <>
                  <br />
                  {t('delivery.hold', { days: delivery.hold_days })}
                </>
              )}
            </dd>
          </>
        )}
        {delivery?.address && (
          <>
            <dt>{t('delivery.address')}</dt>
            <dd>
              {delivery.address}
              {delivery.landmark && (
                <>
                  <br />
                  {delivery.landmark}
                </>
              )}
            </dd>
          </>
        )}
        {delivery?.town && (
          <>
            <dt>{t('delivery.townOffice')}</dt>
            <dd>
              {delivery.town}
              {delivery.pickup_office ? `, ${delivery.pickup_office}` : ''}
            </dd>
          </>
        )}
        {delivery && (
          <>
            <dt>{t('delivery.estimated')}</dt>
            <dd>{delivery.estimate}</dd>
          </>
        )}
        {paymentMethod === 'pay_on_delivery' && (
          <>
            <dt>{t('delivery.payment')}</dt>
            <dd className="mb-0">
              {podDue ? (
                <strong>{podReadySentence(formatKsh(total), delivery?.kind)}</strong>
              ) : (
                t('delivery.paidOnDelivery')
              )}
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}
