import type { DeliveryMethodJson } from '@mtumba/contract/delivery';
import { formatKsh } from '@mtumba/contract/money';
import { Link } from '@/components/ui/link';
import { WhatsAppLink } from '@/components/shop/delivery-returns';
import { paths } from '@/config/paths';
import { useShopProfile } from '@/lib/api/get-config';
import { useDeliveryMethods } from '@/lib/delivery-api';
import messages from '@/i18n/catalogs/en/buy.json';
import { useT, type Translate } from '@/i18n';

type T = Translate<keyof typeof messages>;

/** The contract's deliveryEstimate in lower case ("same day", "1 day", "1–2 days"), in the page's language. */
function estimate(t: T, m: { min_days: number; max_days: number }): string {
  if (m.max_days === 0) return t('de.sameDay');
  if (m.min_days === m.max_days) return t('de.days', { count: m.min_days });
  return t('de.range', { min: m.min_days, max: m.max_days });
}

/** "Ksh 50, free above Ksh 1,000"; a doorstep method with zones gives its range. */
export function deliveryFeeSummary(m: DeliveryMethodJson, t: T): string {
  let fee: string;
  if (m.zones.length > 0) {
    const fees = m.zones.map((z) => z.fee);
    const low = Math.min(...fees);
    const high = Math.max(...fees);
    fee = low === high ? formatKsh(low) : t('de.byArea', { low: formatKsh(low), high: formatKsh(high) });
  } else {
    fee = m.fee > 0 ? formatKsh(m.fee) : m.note?.includes('rider') ? t('de.rider') : t('de.free');
  }
  return m.free_over !== null && m.fee > 0 ? t('de.freeAbove', { fee, amount: formatKsh(m.free_over) }) : fee;
}

/**
 * The product page's "Delivery & returns" panel (docs/product.md section 11): one line per active
 * delivery method (the list and fees checkout offers), how soon each reaches the shopper, then
 * the shop's returns policy and how to ask a question.
 */
export function DeliveryEstimates() {
  const t = useT(messages);
  const { data } = useDeliveryMethods();
  const shop = useShopProfile();
  return (
    <section className="info-panel" aria-labelledby="delivery-estimates-title" data-testid="delivery-estimates">
      <h2 id="delivery-estimates-title" className="info-panel__title">
        {t('de.title')}
      </h2>
      <ul className="info-panel__list">
        {(data ?? []).map((m) => (
          <li key={m.id}>
            <strong>{m.name}</strong>: {deliveryFeeSummary(m, t)} ·{' '}
            {t(m.kind === 'pickup' ? 'de.pickupIn' : 'de.deliveredIn', { time: estimate(t, m) })}
          </li>
        ))}
        {shop?.returnsPolicy && <li>{shop.returnsPolicy}</li>}
      </ul>
      <p className="mb-0">
        {t('questions')} {shop?.whatsapp && <WhatsAppLink number={shop.whatsapp} />}{' '}
        <Link to={paths.contact()}>{t('de.contact')}</Link>
      </p>
    </section>
  );
}
