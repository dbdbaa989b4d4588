import { useShopProfile } from '@/lib/api/get-config';
import { WhatsAppLink } from '@/components/shop/delivery-returns';
import messages from '@/i18n/catalogs/en/browse.json';
import { useT } from '@/i18n';

/** The shop's address, phone, WhatsApp, e-mail and hours, as configured on the server. */
export function ContactDetails() {
  const t = useT(messages);
  const shop = useShopProfile();
  if (!shop) return null;
  return (
    <address className="mb-0 contact-details">
      {shop.name}
      <br />
      {shop.address}
      {shop.phone && (
        <>
          <br />
          <a href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`}>{shop.phone}</a>
        </>
      )}
      {shop.whatsapp && (
        <>
          <br />
          <WhatsAppLink number={shop.whatsapp} />
        </>
      )}
      {shop.email && (
        <>
          <br />
          <a href={`mailto:${shop.email}`} className="text-break">
            {shop.email}
          </a>
        </>
      )}
      {shop.hours && (
        <>
          <br />
          {t('contact.open', { hours: shop.hours })}
        </>
      )}
    </address>
  );
}
