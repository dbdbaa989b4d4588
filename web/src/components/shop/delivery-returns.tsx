import { Link } from 'react-router';
import { OFFERS } from '@mtumba/contract/constants';
import { formatKsh } from '@mtumba/contract/money';
import { paths } from '@/config/paths';
import { useShopProfile } from '@/lib/api/get-config';

export const DELIVERY_LINES = [
  `CBD Delivery: ${formatKsh(OFFERS.cbdDeliveryFeeCents / 100)}, free on orders above ${formatKsh(
    OFFERS.freeDelivery.aboveCents / 100,
  )}.`,
  'Paid custom delivery anywhere else: we agree the fee with you by phone before sending.',
];

/** Delivery options and the returns policy, under the product's buttons and beside checkout. */
export function DeliveryReturns({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const shop = useShopProfile();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="info-panel" aria-labelledby="delivery-returns-title">
      <Heading id="delivery-returns-title" className="info-panel__title">
        Delivery &amp; returns
      </Heading>
      <ul className="info-panel__list">
        {DELIVERY_LINES.map((line) => (
          <li key={line}>{line}</li>
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

export function WhatsAppLink({ number, label = 'Chat on WhatsApp' }: { number: string; label?: string }) {
  return (
    <a href={`https://wa.me/${number}`} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}
