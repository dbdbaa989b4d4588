import type { DeliveryMethodJson } from '@mtumba/contract/delivery';
import { deliveryEstimate } from '@mtumba/contract/delivery-rules';
import { formatKsh } from '@mtumba/contract/money';
import { Link } from 'react-router';
import { WhatsAppLink } from '@/components/shop/delivery-returns';
import { paths } from '@/config/paths';
import { useShopProfile } from '@/lib/api/get-config';
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
 * The product page's "Delivery & returns" panel (docs/product.md section 11): one line per active
 * delivery method (the list and fees checkout offers), how soon each reaches the shopper, then
 * the shop's returns policy and how to ask a question.
 */
export function DeliveryEstimates() {
  const { data } = useDeliveryMethods();
  const shop = useShopProfile();
  return (
    <section className="info-panel" aria-labelledby="delivery-estimates-title" data-testid="delivery-estimates">
      <h2 id="delivery-estimates-title" className="info-panel__title">
        Delivery &amp; returns
      </h2>
      <ul className="info-panel__list">
        {(data ?? []).map((m) => (
          <li key={m.id}>
            <strong>{m.name}</strong>: {deliveryFeeSummary(m)} ·{' '}
            {m.kind === 'pickup' ? 'ready for pickup in' : 'delivered in'} {deliveryEstimate(m).toLowerCase()}
          </li>
        ))}
        {shop?.returnsPolicy && <li>{shop.returnsPolicy}</li>}
      </ul>
      <p className="mb-0">
        Questions? {shop?.whatsapp && <WhatsAppLink number={shop.whatsapp} />}{' '}
        <Link to={paths.contact()}>Contact us</Link>
      </p>
    </section>
  );
}
