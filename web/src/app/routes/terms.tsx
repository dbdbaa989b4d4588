import { Link } from 'react-router';
import { paths } from '@/config/paths';

export default function TermsRoute() {
  return (
    <article className="terms mx-auto" style={{ maxWidth: '48rem' }}>
      <title>Terms of Sale — Mtumba</title>
      <h1 className="h3">Terms of Sale</h1>
      <p className="text-body-secondary">
        These terms apply to every order placed with Mtumba, an online shop for second-hand clothing based in Nairobi,
        Kenya. By placing an order you agree to them.
      </p>

      <h2 className="h5 mt-4">1. Second-hand goods</h2>
      <p>
        Our items are pre-owned. We inspect, clean and describe each one, including its condition (new with tags, like
        new, good or fair), size, brand and colour. Small signs of wear that match the stated condition are not defects.
        Most items are one of a kind: once sold, they are gone.
      </p>

      <h2 className="h5 mt-4">2. Prices and payment</h2>
      <p>
        Prices are in Kenyan shillings (Ksh) and include any applicable taxes. You pay online through our hosted payment
        provider by card, M-Pesa, Apple Pay or Google Pay; we never see or store your card details. Your order is
        confirmed once the payment is confirmed.
      </p>

      <h2 className="h5 mt-4">3. Reservations</h2>
      <p>
        Placing an order reserves its items for a short time while you pay. If payment is not completed in that time the
        order is cancelled and the items return to the shop.
      </p>

      <h2 className="h5 mt-4">4. Offers</h2>
      <p>
        Offers are applied automatically at checkout as described on the <Link to={paths.offers()}>offers page</Link>.
        Offers can change at any time and cannot be exchanged for cash.
      </p>

      <h2 className="h5 mt-4">5. Delivery</h2>
      <p>
        CBD Delivery costs Ksh 50 and is free for orders above Ksh 1,000 after discounts; you can also collect from our
        pickup point in Nairobi CBD. Paid custom delivery to other areas is arranged with you by phone and paid to the
        rider on arrival. Delivery times are estimates.
      </p>

      <h2 className="h5 mt-4">6. Cancellations and returns</h2>
      <p>
        You may ask to cancel an order while it is pending or processing, from your orders page; we confirm every
        cancellation and refund paid amounts to the original payment method. If an item arrives materially different
        from its description, tell us within 3 days of delivery and return it unworn for a refund or exchange. Your
        rights under the Consumer Protection Act, 2012 of Kenya are not affected.
      </p>

      <h2 className="h5 mt-4">7. Your account and data</h2>
      <p>
        Keep your password private. We use your details only to run your orders and, if you subscribe, to send our
        newsletter, in line with the Data Protection Act, 2019. You can delete your account at any time from My Account;
        records of past orders are kept for our books without your personal details.
      </p>

      <h2 className="h5 mt-4">8. Contact</h2>
      <p>
        Questions about an order: <a href="mailto:hello@mtumba.example">hello@mtumba.example</a> or{' '}
        <a href="tel:+254700000000">+254 700 000 000</a>. These terms are governed by the laws of Kenya.
      </p>
    </article>
  );
}
