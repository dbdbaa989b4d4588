import { useShopProfile } from '@/lib/api/get-config';
import { WhatsAppLink } from '@/components/shop/delivery-returns';

/** The shop's address, phone, WhatsApp, e-mail and hours, as configured on the server. */
export function ContactDetails() {
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
          Open {shop.hours}
        </>
      )}
    </address>
  );
}
