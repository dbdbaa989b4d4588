import { Link } from 'react-router';
import { OFFER_COPY } from '@/config/offers';
import { paths } from '@/config/paths';

export default function OffersRoute() {
  return (
    <>
      <title>All Current Offers — Mtumba</title>
      <h1 className="h3">All Current Offers</h1>
      <p className="text-body-secondary">
        Offers can change at any time. Discounts are applied automatically at checkout; there is no code to enter.
      </p>
      <div className="row g-3 mb-4">
        {OFFER_COPY.map((offer) => (
          <div key={offer.id} className="col-12 col-md-4">
            <div className="card h-100 offer-card">
              <div className="card-body">
                <h2 className="h5 card-title">{offer.headline}</h2>
                <p className="card-text">{offer.description}</p>
              </div>
            </div>
          </div>
        ))}
      </div>
      <Link to={paths.products()} className="btn btn-primary">
        Shop Now
      </Link>
    </>
  );
}
