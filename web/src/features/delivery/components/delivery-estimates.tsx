import type { DeliveryMethodJson } from '@mtumba/contract/delivery';
import { deliveryEstimate } from '@mtumba/contract/delivery-rules';
import { formatKsh } from '@mtumba/contract/money';
import { useDeliveryMethods } from '@/lib/delivery-api';

/** "Ksh 50, free above Ksh 1,000"; a doorstep method with zones gives its range. */
export function deliveryFeeSummary(m: DeliveryMethodJson): string {
  let fee: string;
  if (m.zones.length > 0) {
    const fees = m.zones.map((z) => z.fee);
    const low = Math.min(...fees);
    const high = Math.max(...fees);
    fee = low === high ? formatKsh(low) : `${formatKsh(low)}–${formatKsh(high)} by area`;
  } else {
    fee = m.fee > 0 ? formatKsh(m.fee) : m.note?.includes('rider') ? 'fee paid to the rider' : 'free';
  }
  return m.free_over !== null && m.fee > 0 ? `${fee}, free above ${formatKsh(m.free_over)}` : fee;
}

/**
 * Pickup and delivery estimates on the product page (docs/product.md section 11): one short line
 * per active delivery method, so a shopper knows when and how the item can reach them.
 */
export function DeliveryEstimates() {
  const { data } = useDeliveryMethods();
  if (!data || data.length === 0) return null;
  return (
    <section className="info-panel mt-3" aria-labelledby="delivery-estimates-title" data-testid="delivery-estimates">
      <h2 id="delivery-estimates-title" className="info-panel__title">
        When it reaches you
      </h2>
      <ul className="info-panel__list mb-0">
        {data.map((m) => (
          <li key={m.id}>
            <strong>{m.name}</strong>: {m.kind === 'pickup' ? 'ready for pickup in' : 'delivered in'}{' '}
            {deliveryEstimate(m).toLowerCase()} ({deliveryFeeSummary(m)})
          </li>
        ))}
      </ul>
    </section>
  );
}
