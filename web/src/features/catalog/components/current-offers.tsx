import { Link } from 'react-router';
import { OFFER_COPY } from '@/config/offers';
import { paths } from '@/config/paths';

/** The three offers as one compact row (it scrolls sideways on a phone), with a link to the details. */
export function CurrentOffers() {
  return (
    <section className="offers-strip" aria-labelledby="current-offers-title">
      <div className="offers-strip__head">
        <h2 id="current-offers-title" className="section-title">
          Current Offers
        </h2>
        <Link to={paths.offers()}>Learn More About Our Offers</Link>
      </div>
      {/* It scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */}
      <ul className="offers-strip__list" tabIndex={0} aria-labelledby="current-offers-title">
        {OFFER_COPY.map((offer) => (
          <li key={offer.id} className="offer-chip">
            <h3 className="offer-chip__title">{offer.headline}</h3>
            <p className="offer-chip__text">{offer.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
