import { useState, type FormEvent } from 'react';
import { formatKsh } from '@mtumba/contract/money';
import type { PriceOfferJson } from '@mtumba/contract/price-offers';
import { errorMessage } from '@/lib/api-client';
import { useAnswerOffer } from '../api/offers';
import messages from '@/i18n/catalogs/en/buy.json';
import { useLocale, useT, type Translate } from '@/i18n';

type T = Translate<keyof typeof messages>;

/** The badge of an offer's status ("Waiting for the shop", "Counter-offer", …). */
export function offerStatusText(t: T, status: PriceOfferJson['status']): string {
  return t(`of.st.${status}`);
}

/** One sentence on where the offer stands, in the customer's words (and language). */
export function offerSummary(t: T, locale: string, offer: PriceOfferJson): string {
  switch (offer.status) {
    case 'open':
      return t('of.sum.open', { price: formatKsh(offer.offer_price) });
    case 'countered':
      return t('of.sum.countered', {
        price: formatKsh(offer.offer_price),
        counter: formatKsh(offer.counter_price ?? 0),
      });
    case 'accepted':
      return t('of.sum.accepted', {
        price: formatKsh(offer.agreed_price ?? 0),
        until: new Date(offer.hold_until ?? '').toLocaleString(locale, {
          weekday: 'short',
          hour: '2-digit',
          minute: '2-digit',
        }),
      });
    case 'ordered':
      return t('of.sum.ordered', { price: formatKsh(offer.agreed_price ?? 0) });
    case 'declined':
      return offer.note ?? t('of.sum.declined', { price: formatKsh(offer.offer_price) });
    case 'expired':
      return t('of.sum.expired', { price: formatKsh(offer.agreed_price ?? 0) });
  }
}

/** The summary of an offer, for a screen. */
export function useOfferSummary(): (offer: PriceOfferJson) => string {
  const t = useT(messages);
  const locale = useLocale();
  return (offer) => offerSummary(t, locale, offer);
}

/** Accept, decline or counter the shop's counter-offer (counter only while rounds are left). */
export function CounterActions({ offer, onDone }: { offer: PriceOfferJson; onDone?: (message: string) => void }) {
  const t = useT(messages);
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
        onError: (err) => setError(errorMessage(err, t('of.answerError'))),
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
          {t('of.accept', { price: formatKsh(offer.counter_price ?? 0) })}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={answer.isPending}
          onClick={() => send({ action: 'decline' })}
        >
          {t('of.decline')}
        </button>
      </div>
      {canCounter && (
        <form className="offer-form mt-2" onSubmit={counter}>
          <label className="form-label" htmlFor={`counter-${offer.id}`}>
            {t('of.another')}
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
              {t('of.counter')}
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
