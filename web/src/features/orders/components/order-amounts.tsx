import { formatKsh } from '@mtumba/contract/money';
import type { Order } from '../api/get-orders';

type Amounts = Pick<
  Order,
  'subtotal' | 'discount_amount' | 'delivery_fee' | 'total_amount' | 'applied_discounts' | 'shipping_address'
>;

/** The server's price breakdown of an order: subtotal, offers applied, discount, delivery fee, total. */
export function OrderAmounts({ order }: { order: Amounts }) {
  const customDelivery = order.shipping_address === 'Paid custom delivery';
  return (
    <div>
      {order.applied_discounts.length > 0 && (
        <div className="mb-2">
          <h3 className="h6 mb-1">Discounts</h3>
          <ul className="mb-0 small" aria-label="Applied discounts">
            {order.applied_discounts.map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
        </div>
      )}
      <dl className="row mb-0">
        <dt className="col-7 fw-normal">Subtotal</dt>
        <dd className="col-5 text-end mb-1">{formatKsh(order.subtotal)}</dd>
        <dt className="col-7 fw-normal">Discount</dt>
        <dd className="col-5 text-end mb-1">
          {order.discount_amount > 0 ? `− ${formatKsh(order.discount_amount)}` : formatKsh(0)}
        </dd>
        <dt className="col-7 fw-normal">Delivery fee</dt>
        <dd className="col-5 text-end mb-1">
          {customDelivery ? 'Paid to the rider' : order.delivery_fee > 0 ? formatKsh(order.delivery_fee) : 'Free'}
        </dd>
        <dt className="col-7 border-top pt-2">Total</dt>
        <dd className="col-5 text-end border-top pt-2 mb-0 fw-bold" data-testid="order-total">
          {formatKsh(order.total_amount)}
        </dd>
      </dl>
      {customDelivery && (
        <p className="small text-body-secondary mt-2 mb-0">
          Paid custom delivery: the delivery fee is paid to the rider on arrival.
        </p>
      )}
    </div>
  );
}
