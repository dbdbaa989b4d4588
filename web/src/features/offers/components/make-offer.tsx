import { useRef, useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from '@/components/ui/link';
import { formatKsh } from '@mtumba/contract/money';
import { LIVE_OFFER_STATUSES } from '@mtumba/contract/price-offer-rules';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import type { Product } from '@mtumba/contract/product';
import { useMakeOffer, useMyOffers, useOfferRules } from '../api/offers';
import { CounterActions, useOfferSummary } from './offer-status';
import messages from '@/i18n/catalogs/en/buy.json';
import { useT } from '@/i18n';

interface MakeOfferProps {
  product: Product;
  /** the signed-in customer's id, or null (visitors and admins) */
  customerId: number | null;
  /** a visitor pressed "Make an offer": ask them to sign in */
  onSignIn: () => void;
  isAdmin: boolean;
}

/**
 * "Make an offer" on the product page (docs/product.md, Make an offer): a price field for negotiable
 * items, or where the customer's own offer on the item stands and their answer to a counter.
 */
export function MakeOffer({ product, customerId, onSignIn, isAdmin }: MakeOfferProps) {
  const t = useT(messages);
  const summary = useOfferSummary();
  const rules = useOfferRules();
  const mine = useMyOffers(customerId);
  const make = useMakeOffer(product.id);
  const [open, setOpen] = useState(false);
  const [price, setPrice] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const fieldId = useId();
  const messageRef = useRef<HTMLParagraphElement>(null);
  // A reply ("too low…") is brought to the middle of the screen: on a phone the fixed buy bar
  // covers the bottom, where the message would otherwise appear.
  useEffect(() => {
    if (result) messageRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [result]);

  const negotiable = product.negotiable || rules.data?.all_items;
  if (!negotiable || isAdmin) return null;
  const live = mine.data?.find((o) => o.product_id === product.id && LIVE_OFFER_STATUSES.includes(o.status));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    make.mutate(
      { price },
      {
        onSuccess: (reply) => {
          setResult({ ok: reply.offer.status !== 'declined', text: reply.message });
          if (reply.offer.status !== 'declined') setOpen(false);
        },
        onError: (err) => setResult({ ok: false, text: errorMessage(err, t('of.sendError')) }),
      },
    );
  };

  const message = result && (
    <p
      ref={messageRef}
      className={`small mt-2 mb-0 offer-message ${result.ok ? 'text-success' : 'text-danger'}`}
      role="status"
    >
      {result.text}
    </p>
  );

  if (live) {
    return (
      <section className="offer-panel" aria-label={t('of.yours')}>
        <h2 className="h6 mb-1">{t('of.yours')}</h2>
        <p className="mb-2" data-testid="offer-summary">
          {summary(live)}
        </p>
        {live.status === 'countered' && (
          <CounterActions offer={live} onDone={(text) => setResult({ ok: true, text })} />
        )}
        {live.status === 'accepted' && (
          <Link to={paths.cart()} className="btn btn-primary">
            {t('of.goCart')}
          </Link>
        )}
        {message}
      </section>
    );
  }

  if (product.stock_quantity <= 0) return message ? <div className="offer-panel">{message}</div> : null;

  const hint = rules.data
    ? t('of.hint', {
        min: formatKsh(Math.ceil(product.price * rules.data.floor_percent) / 100),
        auto: formatKsh(Math.ceil(product.price * rules.data.auto_accept_percent) / 100),
        hours: rules.data.hold_hours,
      })
    : null;

  return (
    <section className="offer-panel" aria-label={t('of.make')}>
      {!open ? (
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => (customerId === null ? onSignIn() : setOpen(true))}
        >
          {t('of.make')}
        </button>
      ) : (
        <form onSubmit={submit} className="offer-form">
          <label className="form-label fw-semibold" htmlFor={fieldId}>
            {t('of.yourPrice')}
          </label>
          <div className="d-flex gap-2">
            <input
              id={fieldId}
              className="form-control"
              inputMode="decimal"
              autoComplete="off"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              aria-describedby={hint ? `${fieldId}-hint` : undefined}
              required
            />
            <button type="submit" className="btn btn-primary" disabled={make.isPending}>
              {make.isPending ? t('of.sending') : t('of.send')}
            </button>
          </div>
          {hint && (
            <p id={`${fieldId}-hint`} className="form-text mb-0">
              {hint}
            </p>
          )}
        </form>
      )}
      {message}
    </section>
  );
}
