import type { OrderJson } from '@mtumba/contract/order';
import { PriceSummary } from '@/components/ui/price-summary';
import { usePriceWords } from './price-words';
import messages from '@/i18n/catalogs/en/buy.json';
import { useT } from '@/i18n';

type Amounts = Pick<
  OrderJson,
  'subtotal' | 'discount_amount' | 'delivery_fee' | 'total_amount' | 'applied_discounts' | 'shipping_address'
>;

/** The server's price breakdown of an order: subtotal, offers applied, discount, delivery fee, total. */
export function OrderAmounts({ order }: { order: Amounts }) {
  const t = useT(messages);
  const words = usePriceWords();
  const customDelivery = order.shipping_address === 'Paid custom delivery';
  return (
    <div>
      <PriceSummary
        discounts={order.applied_discounts}
        discountsHeading={t('amt.discounts')}
        discountsLabel={t('amt.applied')}
        subtotal={order.subtotal}
        discount={order.discount_amount}
        delivery={words.deliveryFee(order.shipping_address, order.delivery_fee)}
        rowLabels={words.rowLabels}
        total={order.total_amount}
        totalLabel={t('amt.total')}
        totalTestId="order-total"
      />
      {customDelivery && <p className="small text-body-secondary mt-2 mb-0">{t('amt.custom')}</p>}
    </div>
  );
}
