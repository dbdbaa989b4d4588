import { ContactDetails } from '@/features/shop/components/contact-details';
import { DeliveryReturns } from '@/components/shop/delivery-returns';

export default function ContactRoute() {
  return (
    <div className="mx-auto" style={{ maxWidth: '40rem' }}>
      <title>Contact us — Mtumba</title>
      <h1 className="h3 mb-3">Contact us</h1>
      <p>Visit the shop, call, or message us on WhatsApp: we answer during opening hours.</p>
      <div className="info-panel mb-4">
        <ContactDetails />
      </div>
      <DeliveryReturns />
    </div>
  );
}
