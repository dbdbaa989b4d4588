import { Link } from '@/components/ui/link';
import { OFFERS } from '@mtumba/contract/constants';
import { formatKsh } from '@mtumba/contract/money';
import { paths } from '@/config/paths';
import { useShopProfile } from '@/lib/api/get-config';
import messages from '@/i18n/catalogs/en/footer.json';
import { useT } from '@/i18n';

const DELIVERY_FEES = {
  fee: formatKsh(OFFERS.cbdDeliveryFeeCents / 100),
  above: formatKsh(OFFERS.freeDelivery.aboveCents / 100),
};

/** Delivery options and the returns policy, under the product's buttons and beside checkout. */
export function DeliveryReturns({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const t = useT(messages);
  const shop = useShopProfile();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="info-panel" aria-labelledby="delivery-returns-title">
      <Heading id="delivery-returns-title" className="info-panel__title">
        {t('delivery.title')}
      </Heading>
      <ul className="info-panel__list">
        <li>{t('delivery.cbd', DELIVERY_FEES)}</li>
        <li>{t('delivery.custom')}</li>
        {shop?.returnsPolicy && <li>{shop.returnsPolicy}</li>}
      </ul>
      <p className="mb-0">
        {t('delivery.questions')} {shop?.whatsapp && <WhatsAppLink number={shop.whatsapp} />}{' '}
        <Link to={paths.contact()}>{t('delivery.contact')}</Link>
      </p>
    </section>
  );
}

export function WhatsAppLink({ number, label }: { number: string; label?: string }) {
  const t = useT(messages);
  return (
    <a href={`https://wa.me/${number}`} target="_blank" rel="noopener noreferrer">
      {label ?? t('delivery.whatsapp')}
    </a>
  );
}
