import { Link } from 'react-router';
import { OFFER_COPY } from '@/config/offers';
import { paths } from '@/config/paths';

/** The current-offers block of the home page. */
export function CurrentOffers() {
  return (
    <section className="current-offers mb-5" aria-labelledby="current-offers-title">
      <h2 id="current-offers-title" className="h4 section-title">
        Current Offers
      </h2>
      <ul className="list-unstyled row g-3 mb-3">
        {OFFER_COPY.map((offer) => (
          <li key={offer.id} className="col-12 col-md-4">
            <div className="offer-tile h-100">
              <h3 className="h6 mb-1">{offer.headline}</h3>
              <p className="small mb-0">{offer.description}</p>
            </div>
          </li>
        ))}
      </ul>
      <Link to={paths.offers()} className="btn btn-outline-primary">
        Learn More About Our Offers
      </Link>
    </section>
  );
}
