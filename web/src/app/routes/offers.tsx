import { Link } from '@/components/ui/link';
import { useOfferCopy } from '@/config/offers';
import { paths } from '@/config/paths';
import messages from '@/i18n/catalogs/en/buy.json';
import { useT } from '@/i18n';

export default function OffersRoute() {
  const t = useT(messages);
  const offers = useOfferCopy();
  return (
    <>
      <title>{t('offers.docTitle')}</title>
      <h1 className="h3">{t('offersPage.title')}</h1>
      <p className="text-body-secondary">{t('offers.note')}</p>
      <div className="row g-3 mb-4">
        {offers.map((offer) => (
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
        {t('offers.shop')}
      </Link>
    </>
  );
}
