import { useState, type FormEvent } from 'react';
import { formatKsh } from '@mtumba/contract/money';
import type { PriceOfferJson } from '@mtumba/contract/price-offers';
import { errorMessage } from '@/lib/api-client';
import { useAnswerOffer } from '../api/offers';

const STATUS_TEXT: Record<PriceOfferJson['status'], string> = {
  open: 'Waiting for the shop',
  countered: 'Counter-offer',
  accepted: 'Accepted',
  ordered: 'Ordered',
  declined: 'Declined',
  expired: 'Hold ended',
};

export function offerStatusText(status: PriceOfferJson['status']): string {
  return STATUS_TEXT[status];
}

function formatUntil(iso: string): string {
  return new Date(iso).toLocaleString('en-KE', { weekday: 'short', hour: '2-digit', minute: '2-digit' });
}

/** One sentence on where the offer stands, in the customer's words. */
export function offerSummary(offer: PriceOfferJson): string {
  switch (offer.status) {
    case 'open':
      return `You offered ${formatKsh(offer.offer_price)}. The shop will answer soon.`;
    case 'countered':
      return `You offered ${formatKsh(offer.offer_price)}; the shop asks ${formatKsh(offer.counter_price ?? 0)}.`;
    case 'accepted':
      return `Yours at ${formatKsh(offer.agreed_price ?? 0)} until ${formatUntil(offer.hold_until ?? '')}. It is in your cart.`;
    case 'ordered':
      return `Ordered at ${formatKsh(offer.agreed_price ?? 0)}.`;
    case 'declined':
      return offer.note ?? `Your offer of ${formatKsh(offer.offer_price)} was declined.`;
    case 'expired':
      return `The reserved price of ${formatKsh(offer.agreed_price ?? 0)} ended without an order.`;
  }
}

/** Accept, decline or counter the shop's counter-offer (counter only while rounds are left). */
export function CounterActions({ offer, onDone }: { offer: PriceOfferJson; onDone?: (message: string) => void }) {
  const answer = useAnswerOffer();
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const canCounter = offer.rounds < offer.max_rounds;

  const send = (a: Parameters<typeof answer.mutate>[0]['answer']) => {
    setError(null);
    answer.mutate(
      { id: offer.id, answer: a },
      {
        onSuccess: (reply) => onDone?.(reply.message),
        onError: (err) => setError(errorMessage(err, 'Could not send your answer. Please try again.')),
      },
    );
  };
  const counter = (e: FormEvent) => {
    e.preventDefault();
    send({ action: 'counter', price });
  };

  return (
    <div className="offer-actions">
      <div className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary"
          disabled={answer.isPending}
          onClick={() => send({ action: 'accept' })}
        >
          Accept {formatKsh(offer.counter_price ?? 0)}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={answer.isPending}
          onClick={() => send({ action: 'decline' })}
        >
          Decline
        </button>
      </div>
      {canCounter && (
        <form className="offer-form mt-2" onSubmit={counter}>
          <label className="form-label" htmlFor={`counter-${offer.id}`}>
            Or offer another price (Ksh)
          </label>
          <div className="d-flex gap-2">
            <input
              id={`counter-${offer.id}`}
              className="form-control"
              inputMode="decimal"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              required
            />
            <button type="submit" className="btn btn-outline-primary" disabled={answer.isPending}>
              Counter
            </button>
          </div>
        </form>
      )}
      {error && (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
