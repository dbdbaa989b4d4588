import { podReadySentence } from '@mtumba/contract/delivery-rules';
import { formatKsh } from '@mtumba/contract/money';
import type { OrderJson } from '@mtumba/contract/order';

/** What of an order its delivery panel shows (`delivery` is null on orders placed before delivery methods). */
type OrderDeliveryFacts = Pick<OrderJson, 'delivery' | 'payment_method' | 'payment_status' | 'total_amount'>;

/**
 * How an order reaches its customer, below the method's name that the page shows: address or pickup point (address, hours, hold
 * days), the estimate, and for pay on delivery the amount to have ready. Customer and admin
 * order pages and the checkout show it (docs/product.md section 11).
 */
export function OrderDelivery({ order }: { order: OrderDeliveryFacts }) {
  const { delivery, payment_method: paymentMethod, payment_status: paymentStatus, total_amount: total } = order;
  const podDue = paymentMethod === 'pay_on_delivery' && paymentStatus === 'unpaid';
  if (!delivery && paymentMethod !== 'pay_on_delivery') return null;
  return (
    <div className="order-delivery" data-testid="order-delivery">
      <dl className="mb-0">
        {delivery?.zone && (
          <>
            <dt>Area</dt>
            <dd>{delivery.zone}</dd>
          </>
        )}
        {delivery?.kind === 'pickup' && delivery.pickup_address && (
          <>
            <dt>Pickup point</dt>
            <dd>
              {delivery.pickup_address}
              {delivery.pickup_hours && (
                <>
                  <br />
                  Open {delivery.pickup_hours}
                </>
              )}
              {delivery.hold_days !== null && (
                <>
                  <br />
                  We hold your parcel for {delivery.hold_days} days once it is ready.
                </>
              )}
            </dd>
          </>
        )}
        {delivery?.address && (
          <>
            <dt>Address</dt>
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
            <dt>Town and pickup office</dt>
            <dd>
              {delivery.town}
              {delivery.pickup_office ? `, ${delivery.pickup_office}` : ''}
            </dd>
          </>
        )}
        {delivery && (
          <>
            <dt>Estimated</dt>
            <dd>{delivery.estimate}</dd>
          </>
        )}
        {paymentMethod === 'pay_on_delivery' && (
          <>
            <dt>Payment</dt>
            <dd className="mb-0">
              {podDue ? <strong>{podReadySentence(formatKsh(total), delivery?.kind)}</strong> : 'Paid on delivery'}
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}
