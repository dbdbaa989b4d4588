import { useState } from 'react';
import { Link } from '@/components/ui/link';
import { formatKsh } from '@mtumba/contract/money';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { paths } from '@/config/paths';
import { useMyOffers } from '../api/offers';
import { CounterActions, offerStatusText, useOfferSummary } from './offer-status';
import messages from '@/i18n/catalogs/en/buy.json';
import { useT } from '@/i18n';

/** /my-offers: the customer's price offers with their state, and answers to the shop's counters. */
export function MyOffers({ customerId }: { customerId: number }) {
  const t = useT(messages);
  const summary = useOfferSummary();
  const offers = useMyOffers(customerId);
  const [done, setDone] = useState<string | null>(null);

  if (offers.isPending) return <LoadingSpinner label={t('of.loading')} className="py-4" />;
  if (offers.isError) {
    return <LoadError message={t('of.loadError')} onRetry={() => void offers.refetch()} retrying={offers.isFetching} />;
  }
  if (offers.data.length === 0) {
    return (
      <EmptyState message={t('of.none')}>
        <p>{t('of.look')}</p>
        <Link to={paths.products()} className="btn btn-primary">
          {t('of.browse')}
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      {done && (
        <p className="alert alert-success" role="status">
          {done}
        </p>
      )}
      <ul className="list-unstyled offer-list">
        {offers.data.map((offer) => (
          <li key={offer.id} className="offer-card" data-testid={`offer-${offer.id}`}>
            <div className="d-flex justify-content-between gap-2 flex-wrap">
              <Link to={paths.product(offer.product_id)} className="fw-semibold">
                {offer.product_name}
              </Link>
              <span className={`badge offer-badge offer-badge--${offer.status}`}>
                {offerStatusText(t, offer.status)}
              </span>
            </div>
            <p className="small text-body-secondary mb-1">
              {t('of.price', { price: formatKsh(offer.list_price) })}
              {offer.rounds > 0 && t('of.round', { round: offer.rounds, max: offer.max_rounds })}
            </p>
            <p className="mb-2">{summary(offer)}</p>
            {offer.status === 'countered' && <CounterActions offer={offer} onDone={setDone} />}
            {offer.status === 'accepted' && (
              <Link to={paths.cart()} className="btn btn-primary">
                {t('of.goCart')}
              </Link>
            )}
            {offer.status === 'ordered' && offer.order_id !== null && (
              <Link to={paths.order(offer.order_id)} className="btn btn-outline-primary">
                {t('of.viewOrder', { id: offer.order_id })}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
