import type { OrderJson } from '@mtumba/contract/order';
import type { ShippingOption } from '@mtumba/contract/constants';
import type { DeliveryMethodJson } from '@mtumba/contract/delivery';
import { formatKsh } from '@mtumba/contract/money';
import { firstOrderOfferHolder, priceOrder, type DeliveryPricing } from '@mtumba/contract/pricing';
import { PriceSummary } from '@/components/ui/price-summary';
import { usePriceWords } from '@/components/order/price-words';
import type { CartItem } from '@/lib/api/get-cart';
import { cartLineUnits } from '@/lib/cart-line-prices';
import messages from '@/i18n/catalogs/en/buy.json';
import { useT } from '@/i18n';

interface PriceEstimateProps {
  items: readonly CartItem[];
  shipping: ShippingOption | DeliveryPricing | null;
  /** the method whose free-delivery threshold the nudge talks about */
  nudgeMethod?: DeliveryMethodJson;
  /** the customer's orders: whether the first-order offer still applies depends on them */
  orders: readonly OrderJson[] | undefined;
}

/**
 * What the order should cost, by the same pricing rule the server uses. Only an estimate: the
 * checkout page shows the server's amounts, which are the ones charged.
 */
export function PriceEstimate({ items, shipping, orders, nudgeMethod }: PriceEstimateProps) {
  const t = useT(messages);
  const words = usePriceWords();
  if (!orders || items.length === 0) return null;
  const offerHolder = firstOrderOfferHolder(orders);
  const price = priceOrder({
    firstOrderOfferHeld: offerHolder !== undefined,
    items: items.flatMap(cartLineUnits),
    shipping: shipping ?? 'Paid custom delivery',
    previousPaymentStatuses: orders.map((order) => order.payment_status),
  });
  const shippingName = shipping === null ? null : typeof shipping === 'string' ? shipping : shipping.name;
  const afterDiscounts = price.subtotalCents - price.discountCents;
  const nudgeGap =
    nudgeMethod && nudgeMethod.free_over !== null && nudgeMethod.fee > 0
      ? Math.floor(nudgeMethod.free_over - afterDiscounts / 100) + 1
      : 0;
  return (
    <section className="mt-4" aria-labelledby="estimate-title">
      <h3 className="h6" id="estimate-title">
        {t('est.title')}
      </h3>
      <PriceSummary
        discounts={price.appliedDiscounts}
        discountsLabel={t('est.offers')}
        subtotal={price.subtotalCents / 100}
        discount={price.discountCents / 100}
        delivery={
          shippingName === null ? t('est.choose') : words.deliveryFee(shippingName, price.deliveryFeeCents / 100)
        }
        rowLabels={words.rowLabels}
        total={price.totalCents / 100}
        totalLabel={t('est.title')}
        totalTestId="estimated-total"
        small
      />
      {nudgeMethod && nudgeGap > 0 && (
        <p className="delivery-nudge small mt-2 mb-0" data-testid="free-delivery-nudge">
          {t('est.nudge', { amount: formatKsh(nudgeGap), method: nudgeMethod.name })}
        </p>
      )}
      {offerHolder !== undefined && !orders.some((o) => o.payment_status === 'paid') && (
        <p className="small mt-2 mb-0" data-testid="welcome-held">
          {t('est.welcome', { id: offerHolder })}
        </p>
      )}
      <p className="small text-body-secondary mt-2 mb-0">{t('est.note')}</p>
    </section>
  );
}
