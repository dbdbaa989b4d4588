import type { ShippingOption } from '@mtumba/contract/constants';
import { formatKshCents } from '@mtumba/contract/money';
import { priceOrder } from '@mtumba/contract/pricing';
import type { CartItem } from '@/features/cart/api/get-cart';
import type { Order } from '@/features/orders/api/get-orders';

interface PriceEstimateProps {
  items: readonly CartItem[];
  shipping: ShippingOption | null;
  /** the customer's orders: whether the first-order offer still applies depends on them */
  orders: readonly Order[] | undefined;
}

/**
 * What the order should cost, by the same pricing rule the server uses. Only an estimate: the
 * checkout page shows the server's amounts, which are the ones charged.
 */
export function PriceEstimate({ items, shipping, orders }: PriceEstimateProps) {
  if (!orders || items.length === 0) return null;
  const price = priceOrder({
    items: items.map((item) => ({ unitPriceCents: Math.round(item.product.price * 100), quantity: item.quantity })),
    shipping: shipping ?? 'Paid custom delivery',
    previousPaymentStatuses: orders.map((order) => order.payment_status),
  });
  const delivery =
    shipping === null
      ? 'Choose a shipping option'
      : shipping === 'Paid custom delivery'
        ? 'Paid to the rider'
        : price.deliveryFeeCents > 0
          ? formatKshCents(price.deliveryFeeCents)
          : 'Free';

  return (
    <section className="mt-4" aria-labelledby="estimate-title">
      <h3 className="h6" id="estimate-title">
        Estimated total
      </h3>
      {price.appliedDiscounts.length > 0 && (
        <ul className="small mb-2" aria-label="Offers that apply">
          {price.appliedDiscounts.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      )}
      <dl className="row mb-0 small">
        <dt className="col-7 fw-normal">Subtotal</dt>
        <dd className="col-5 text-end mb-1">{formatKshCents(price.subtotalCents)}</dd>
        <dt className="col-7 fw-normal">Discount</dt>
        <dd className="col-5 text-end mb-1">
          {price.discountCents > 0 ? `− ${formatKshCents(price.discountCents)}` : formatKshCents(0)}
        </dd>
        <dt className="col-7 fw-normal">Delivery fee</dt>
        <dd className="col-5 text-end mb-1">{delivery}</dd>
        <dt className="col-7">Estimated total</dt>
        <dd className="col-5 text-end mb-0 fw-bold" data-testid="estimated-total">
          {formatKshCents(price.totalCents)}
        </dd>
      </dl>
      <p className="small text-body-secondary mt-2 mb-0">
        Offers are applied automatically; the checkout page shows the final amounts.
      </p>
    </section>
  );
}
