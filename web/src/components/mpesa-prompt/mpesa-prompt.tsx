import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { formatKsh } from '@mtumba/contract/money';
import { MPESA_PROMPT_SECONDS, type PaymentView } from '@mtumba/contract/mpesa';
import { ApiError } from '@/lib/api-client';
import { useSocketEvent, useSocketReconnect } from '@/lib/socket';
import { FieldAlert } from '@/components/ui/field-alert';
import { PhoneInput } from '@/components/ui/phone-input';
import messages from '@/i18n/catalogs/en/buy.json';
import { tOf, useT } from '@/i18n';

/**
 * The M-Pesa prompt (docs/product.md, "Paying with the M-Pesa prompt"): the shopper confirms the
 * phone, taps "Pay Ksh X with M-Pesa", and waits on this screen while the phone asks for the PIN.
 * It follows the payment live (the `payment.updated` socket event), polls its status as a
 * fallback, and gives each outcome its own message with "Resend prompt" and "Pay another way".
 *
 * Shared: the checkout uses it, and any page that can start a prompt (a pay link) can too, by
 * passing its own `initiate` and `loadStatus`.
 */
export interface MpesaPromptProps {
  orderId: number;
  /** the order total in Ksh; the prompt asks for whole shillings */
  amount: number;
  /** the phone to suggest (the order's), in any Kenyan form */
  defaultPhone?: string | null;
  /** sends a prompt to `phone`; rejects with an ApiError carrying the message to show */
  initiate: (phone: string) => Promise<PaymentView>;
  /** the payment's current state */
  loadStatus: (reference: string) => Promise<PaymentView>;
  /** the hosted payment page (cards); the button is hidden without it */
  onPayAnotherWay?: () => void;
  payingAnotherWay?: boolean;
  /** called once when the payment is received */
  onPaid?: (payment: PaymentView) => void;
  /**
   * the hosted payment page's own button (and its error), offered under the form before any
   * prompt is sent, after "or pay on the payment page"
   */
  hostedPage?: ReactNode;
}

/** How often the status is asked for while the socket is quiet. */
const POLL_MS = 3000;

const storageKey = (orderId: number) => `mtumba.mpesa-prompt.${orderId}`;

function rememberedReference(orderId: number): string | null {
  try {
    return window.sessionStorage.getItem(storageKey(orderId));
  } catch {
    return null;
  }
}

function remember(orderId: number, reference: string | null): void {
  try {
    if (reference) window.sessionStorage.setItem(storageKey(orderId), reference);
    else window.sessionStorage.removeItem(storageKey(orderId));
  } catch {
    // private mode: the waiting screen simply does not survive a reload
  }
}

/** +254712345678 → 0712 345 678 for the form; anything else as given. */
function nationalForm(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  const local = digits.startsWith('254') && digits.length === 12 ? `0${digits.slice(3)}` : digits;
  return /^0[17]\d{8}$/.test(local) ? `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}` : phone;
}

function errorMessage(err: unknown): string {
  const t = tOf(messages);
  if (err instanceof ApiError) {
    return err.fieldError('phone') ?? err.body.error ?? err.body.message ?? t('mp.sendError');
  }
  return t('mp.connError');
}

function useSecondsLeft(until: string | null | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  if (!until) return null;
  return Math.max(0, Math.ceil((Date.parse(until) - now) / 1000));
}

function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export function MpesaPrompt({
  orderId,
  amount,
  defaultPhone,
  initiate,
  loadStatus,
  onPayAnotherWay,
  payingAnotherWay = false,
  onPaid,
  hostedPage,
}: MpesaPromptProps) {
  const t = useT(messages);
  const phoneId = useId();
  const errorId = useId();
  const [phone, setPhone] = useState(() => nationalForm(defaultPhone));
  const [reference, setReference] = useState<string | null>(() => rememberedReference(orderId));
  const [editing, setEditing] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const wholeShillings = Math.floor(amount);
  const label = formatKsh(wholeShillings);

  const status = useQuery({
    queryKey: ['payments', reference],
    queryFn: () => loadStatus(reference!),
    enabled: reference !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLL_MS : false),
    staleTime: 0,
  });
  const payment = status.data;
  const refetch = status.refetch;

  useSocketEvent('payment.updated', (event) => {
    if (event.reference === reference || event.order_id === orderId) void refetch();
  });
  useSocketEvent('order.status.updated', (event) => {
    if (event.id === orderId && reference) void refetch();
  });
  useSocketReconnect(() => {
    if (reference) void refetch();
  });

  const paid = payment?.status === 'paid';
  useEffect(() => {
    if (paid && payment) {
      remember(orderId, null);
      onPaid?.(payment);
    }
    // onPaid is called once per payment reaching paid
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paid, payment?.reference, orderId]);

  // A remembered prompt that no longer exists (another account, an old order): start afresh.
  useEffect(() => {
    if (status.isError && status.error instanceof ApiError && status.error.status === 404) {
      remember(orderId, null);
      setReference(null);
    }
  }, [status.isError, status.error, orderId]);

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const typed = phone.trim();
    if (!typed) {
      // the contract's MPESA_PHONE_MESSAGE, in the page's language
      setError(t('mp.phoneMissing'));
      return;
    }
    setSending(true);
    setError(null);
    try {
      const sent = await initiate(typed);
      remember(orderId, sent.reference);
      setReference(sent.reference);
      setEditing(false);
    } catch (err) {
      setError(errorMessage(err));
      setEditing(true);
    } finally {
      setSending(false);
    }
  };

  const secondsLeft = useSecondsLeft(payment?.status === 'pending' ? payment.prompt_expires_at : null);

  const anotherWay = onPayAnotherWay && (
    <button
      type="button"
      className="btn btn-outline-secondary w-100 mt-2 mpesa-prompt__button"
      onClick={onPayAnotherWay}
      disabled={payingAnotherWay}
    >
      {payingAnotherWay ? t('pay.opening') : t('mp.another')}
    </button>
  );

  const showForm = reference === null || editing || (status.isError && !payment);

  if (showForm) {
    return (
      <form className="mpesa-prompt" onSubmit={(e) => void send(e)} noValidate aria-label={t('mp.form')}>
        <label htmlFor={phoneId} className="form-label fw-semibold">
          {t('mp.phone')}
        </label>
        <PhoneInput
          id={phoneId}
          className="form-control form-control-lg"
          invalid={Boolean(error)}
          value={phone}
          onChange={setPhone}
          aria-describedby={error ? errorId : undefined}
        />
        <FieldAlert id={errorId} message={error} />
        <p className="small text-body-secondary mt-1 mb-2">{t('mp.sendTo')}</p>
        <button type="submit" className="btn btn-success btn-lg w-100 mpesa-prompt__button" disabled={sending}>
          {sending ? (
            t('mp.sending')
          ) : (
            // one piece of text: a button lays out each child apart (it is a flex box)
            <span>
              {t('mp.payWith', { amount: label })} <span className="text-nowrap">M-Pesa</span>
            </span>
          )}
        </button>
        {hostedPage && (
          <>
            <p className="text-center small text-body-secondary my-3">
              {t('mp.orPage')} <span className="text-nowrap">M-Pesa</span>)
            </p>
            {hostedPage}
          </>
        )}
      </form>
    );
  }

  const resend = (
    <button
      type="button"
      className="btn btn-success w-100 mt-3 mpesa-prompt__button"
      onClick={() => void send()}
      disabled={sending}
    >
      {sending ? t('mp.sending') : t('mp.resend')}
    </button>
  );
  const changeNumber = (
    <button type="button" className="btn btn-link w-100 mt-1 mpesa-prompt__button" onClick={() => setEditing(true)}>
      {t('mp.otherNumber')}
    </button>
  );

  // Under a failed or waiting prompt: what went wrong in this form, and the ways on.
  const actions = (
    <>
      {error && (
        <div className="text-danger small mt-2" role="alert">
          {error}
        </div>
      )}
      {resend}
      {anotherWay}
      {changeNumber}
    </>
  );

  if (!payment) {
    return (
      <div className="mpesa-prompt" role="status">
        {t('mp.checking')}
      </div>
    );
  }

  if (payment.status === 'paid') {
    return (
      <div className="mpesa-prompt alert alert-success mb-0" role="status">
        <strong>{t('mp.received')}</strong> {t('mp.paidWith', { amount: formatKsh(payment.amount) })}
      </div>
    );
  }

  if (payment.status === 'failed') {
    return (
      <div className="mpesa-prompt">
        <div className="alert alert-warning mb-0" role="alert">
          <strong className="d-block">{t('mp.notPaid')}</strong>
          {payment.failure?.message ?? t('mp.failed')}
        </div>
        {actions}
      </div>
    );
  }

  const timedOut = secondsLeft === 0;
  return (
    <div className="mpesa-prompt" aria-live="polite">
      <div className="mpesa-prompt__waiting">
        <h3 className="h5 mb-1">{t('mp.check')}</h3>
        <p className="mb-2">
          {t('mp.sentFor')} <strong>{formatKsh(payment.amount)}</strong> {t('mp.sentTo')}{' '}
          <strong>{payment.phone}</strong>.
        </p>
        {timedOut ? (
          <p className="mb-0">{t('mp.noAnswer')}</p>
        ) : (
          <p className="mb-0">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            {t('mp.openFor')}{' '}
            <span className="fw-semibold" data-testid="mpesa-countdown">
              {clock(secondsLeft ?? MPESA_PROMPT_SECONDS)}
            </span>
            .
          </p>
        )}
      </div>
      {payment.simulator_url && (
        <p className="small mt-3 mb-0 mpesa-prompt__simulator">
          <strong>{t('mp.testMode')}</strong> {t('mp.noPhone')}{' '}
          <a href={payment.simulator_url} target="_blank" rel="noreferrer">
            {t('mp.simulator')}
          </a>{' '}
          {t('mp.toAnswer')}
        </p>
      )}
      {actions}
    </div>
  );
}
