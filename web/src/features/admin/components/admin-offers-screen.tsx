import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { useQueryClient } from '@tanstack/react-query';
import { formatKsh } from '@mtumba/contract/money';
import type { AdminPriceOfferJson } from '@mtumba/contract/price-offers';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useSocketEvent, useSocketReconnect } from '@/lib/socket';
import { adminOfferKeys, useAdminOffers, useAnswerAdminOffer } from '../api/offers';
import { formatDateTime } from './format';

const FILTERS = [
  ['waiting', 'Waiting for you'],
  ['countered', 'Countered'],
  ['accepted', 'Accepted (held)'],
  ['all', 'All'],
] as const;

type Feedback = { ok: boolean; text: string };

const OFFER_COLUMNS: DataColumn[] = [
  { label: 'Item' },
  { label: 'Customer' },
  { label: 'Price', end: true },
  { label: 'Offer', end: true },
  { label: 'Your counter', end: true },
  { label: 'State' },
  { label: 'Answer' },
];

function OfferRow({ offer, onFeedback }: { offer: AdminPriceOfferJson; onFeedback: (f: Feedback) => void }) {
  const answer = useAnswerAdminOffer();
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const waiting = offer.status === 'open';
  const canCounter = waiting && offer.rounds < offer.max_rounds;

  const send = (a: Parameters<typeof answer.mutate>[0]['answer']) =>
    answer.mutate(
      { id: offer.id, answer: a },
      {
        onSuccess: (reply) => {
          setError(null);
          onFeedback({ ok: true, text: `${offer.product_name}: ${reply.message}` });
        },
        onError: (err) => setError(errorMessage(err, 'Could not answer this offer.')),
      },
    );
  const counter = (e: FormEvent) => {
    e.preventDefault();
    send({ action: 'counter', price });
  };

  return (
    <tr data-testid={`admin-offer-${offer.id}`}>
      <td>
        <Link to={paths.product(offer.product_id)}>{offer.product_name}</Link>
        <div className="small text-body-secondary">{formatDateTime(offer.updated_at)}</div>
      </td>
      <td>
        {offer.customer.name}
        <div className="small text-body-secondary text-break">{offer.customer.email}</div>
      </td>
      <td className="text-end">{formatKsh(offer.list_price)}</td>
      <td className="text-end fw-semibold">{formatKsh(offer.offer_price)}</td>
      <td className="text-end">{offer.counter_price === null ? '—' : formatKsh(offer.counter_price)}</td>
      <td>
        <span className="text-capitalize">{offer.status}</span>
        <div className="small text-body-secondary">
          round {offer.rounds} of {offer.max_rounds}
        </div>
      </td>
      <td>
        {waiting ? (
          <div className="d-flex flex-column gap-2">
            <div className="d-flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={answer.isPending}
                onClick={() => send({ action: 'accept' })}
                aria-label={`Accept ${formatKsh(offer.offer_price)} for ${offer.product_name}`}
              >
                Accept
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={answer.isPending}
                onClick={() => send({ action: 'decline' })}
                aria-label={`Decline the offer on ${offer.product_name}`}
              >
                Decline
              </button>
            </div>
            {canCounter && (
              <form className="d-flex gap-2" onSubmit={counter}>
                <input
                  className="form-control form-control-sm offer-counter-input flex-grow-1"
                  inputMode="decimal"
                  placeholder="Ksh"
                  aria-label={`Counter price for ${offer.product_name}`}
                  value={price}
                  onChange={(e) => setPrice(e.target.value)}
                  required
                />
                <button
                  type="submit"
                  className="btn btn-sm btn-outline-primary flex-shrink-0 text-nowrap"
                  disabled={answer.isPending}
                >
                  Counter
                </button>
              </form>
            )}
          </div>
        ) : offer.status === 'accepted' && offer.hold_until ? (
          <span className="small">Held until {formatDateTime(offer.hold_until)}</span>
        ) : null}
        {error && (
          <p className="small mb-0 mt-1 text-danger" role="alert">
            {error}
          </p>
        )}
      </td>
    </tr>
  );
}

/** /admin/offers: customers' price offers, those waiting for the shop first; kept live by the admin room. */
export function AdminOffersScreen() {
  const [params, setParams] = useSearchParams();
  const status = FILTERS.some(([value]) => value === params.get('status')) ? params.get('status')! : 'waiting';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const offers = useAdminOffers(status, page);
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminOfferKeys.all });
  useSocketEvent('offer.changed', refresh);
  useSocketReconnect(refresh);

  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const rows = offers.data?.offers ?? [];
  const total = offers.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / 20));

  return (
    <>
      <title>Offers — Mtumba admin</title>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">Offers</h1>
        <label className="d-flex align-items-center gap-2">
          <span>Show</span>
          <select
            className="form-select"
            value={status}
            onChange={(e) => setParams({ status: e.target.value })}
            aria-label="Which offers to show"
          >
            {FILTERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {feedback && (
        <p className={`alert ${feedback.ok ? 'alert-success' : 'alert-danger'}`} role="status">
          {feedback.text}
        </p>
      )}
      {offers.isPending ? (
        <LoadingSpinner label="Loading offers…" className="py-4" />
      ) : offers.isError ? (
        <LoadError message="Could not load offers" onRetry={() => void offers.refetch()} retrying={offers.isFetching} />
      ) : rows.length === 0 ? (
        <p className="text-muted">No offers here.</p>
      ) : (
        <div className="table-responsive">
          <DataTable
            columns={OFFER_COLUMNS}
            cards
            className="align-middle table table-hover"
            responsive={false}
            caption={
              <caption className="caption-top">
                {total === 1 ? '1 offer' : `${total} offers`}, page {page} of {pages}
              </caption>
            }
          >
            <tbody>
              {rows.map((offer) => (
                <OfferRow key={offer.id} offer={offer} onFeedback={setFeedback} />
              ))}
            </tbody>
          </DataTable>
          {pages > 1 && (
            <nav aria-label="Offer pages" className="d-flex gap-2">
              {page > 1 && (
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  onClick={() => setParams({ status, page: String(page - 1) })}
                >
                  Previous
                </button>
              )}
              {page < pages && (
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  onClick={() => setParams({ status, page: String(page + 1) })}
                >
                  Next
                </button>
              )}
            </nav>
          )}
        </div>
      )}
    </>
  );
}
