import { ContactDetails } from '@/features/shop/components/contact-details';
import { DeliveryReturns } from '@/components/shop/delivery-returns';
import messages from '@/i18n/catalogs/en/pages.json';
import { useT } from '@/i18n';

export default function ContactRoute() {
  const t = useT(messages);
  return (
    <div className="mx-auto" style={{ maxWidth: '40rem' }}>
      <title>{t('contact.title')}</title>
      <h1 className="h3 mb-3">{t('contact.heading')}</h1>
      <p>{t('contact.intro')}</p>
      <div className="info-panel mb-4">
        <ContactDetails />
      </div>
      <DeliveryReturns />
    </div>
  );
}
