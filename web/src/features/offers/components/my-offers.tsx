import { useState } from 'react';
import { Link } from 'react-router';
import { formatKsh } from '@mtumba/contract/money';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { paths } from '@/config/paths';
import { useMyOffers } from '../api/offers';
import { CounterActions, offerStatusText, offerSummary } from './offer-status';

/** /my-offers: the customer's price offers with their state, and answers to the shop's counters. */
export function MyOffers({ customerId }: { customerId: number }) {
  const offers = useMyOffers(customerId);
  const [done, setDone] = useState<string | null>(null);

  if (offers.isPending) return <LoadingSpinner label="Loading your offers…" className="py-4" />;
  if (offers.isError) {
    return (
      <LoadError
        message="Could not load your offers."
        onRetry={() => void offers.refetch()}
        retrying={offers.isFetching}
      />
    );
  }
  if (offers.data.length === 0) {
    return (
      <EmptyState message="You have not made any offers yet.">
        <p>Look for “Make an offer” on an item’s page.</p>
        <Link to={paths.products()} className="btn btn-primary">
          Browse products
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
              <span className={`badge offer-badge offer-badge--${offer.status}`}>{offerStatusText(offer.status)}</span>
            </div>
            <p className="small text-body-secondary mb-1">
              Price {formatKsh(offer.list_price)}
              {offer.rounds > 0 && ` · round ${offer.rounds} of ${offer.max_rounds}`}
            </p>
            <p className="mb-2">{offerSummary(offer)}</p>
            {offer.status === 'countered' && <CounterActions offer={offer} onDone={setDone} />}
            {offer.status === 'accepted' && (
              <Link to={paths.cart()} className="btn btn-primary">
                Go to cart
              </Link>
            )}
            {offer.status === 'ordered' && offer.order_id !== null && (
              <Link to={paths.order(offer.order_id)} className="btn btn-outline-primary">
                View order #{offer.order_id}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
