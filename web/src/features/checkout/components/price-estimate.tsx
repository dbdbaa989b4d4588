import type { ShippingOption } from '@mtumba/contract/constants';
import { firstOrderOfferHolder, priceOrder } from '@mtumba/contract/pricing';
import { deliveryFeeText, PriceSummary } from '@/components/ui/price-summary';
import { cartLineUnits, type CartItem } from '@/features/cart/api/get-cart';
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
  const offerHolder = firstOrderOfferHolder(orders);
  const price = priceOrder({
    firstOrderOfferHeld: offerHolder !== undefined,
    items: items.flatMap(cartLineUnits),
    shipping: shipping ?? 'Paid custom delivery',
    previousPaymentStatuses: orders.map((order) => order.payment_status),
  });
  return (
    <section className="mt-4" aria-labelledby="estimate-title">
      <h3 className="h6" id="estimate-title">
        Estimated total
      </h3>
      <PriceSummary
        discounts={price.appliedDiscounts}
        discountsLabel="Offers that apply"
        subtotal={price.subtotalCents / 100}
        discount={price.discountCents / 100}
        delivery={
          shipping === null ? 'Choose a shipping option' : deliveryFeeText(shipping, price.deliveryFeeCents / 100)
        }
        total={price.totalCents / 100}
        totalLabel="Estimated total"
        totalTestId="estimated-total"
        small
      />
      {offerHolder !== undefined && !orders.some((o) => o.payment_status === 'paid') && (
        <p className="small mt-2 mb-0" data-testid="welcome-held">
          WELCOME10 is already applied to your order #{offerHolder}. It becomes free again if that order is cancelled or
          expires unpaid.
        </p>
      )}
      <p className="small text-body-secondary mt-2 mb-0">
        Offers are applied automatically; the checkout page shows the final amounts.
      </p>
    </section>
  );
}
