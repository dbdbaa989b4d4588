import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from '@/components/ui/link';
import { formatKsh } from '@mtumba/contract/money';
import { useAuth } from '@/lib/auth/use-auth';
import { cartKeys } from '@/lib/api/get-cart';
import { refetchAfterWrite } from '@/lib/refetch-after-write';
import { useOrder } from '@/lib/api/get-order';
import { orderKeys } from '@/lib/api/get-orders';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { emitAppEvent } from '@/lib/events';
import type { PaymentStateReply } from '@mtumba/contract/payment';
import { confirmPayment } from '../api/confirm-payment';
import messages from '@/i18n/catalogs/en/buy.json';
import { useT } from '@/i18n';

export const CONFIRM_POLL_MS = 1500;
export const CONFIRM_MAX_WAIT_MS = 30_000;

const TERMINAL = new Set(['paid', 'failed', 'refund_due']);

/** Nothing more will happen to this payment: stop asking. */
function isSettled(state: PaymentStateReply | undefined): boolean {
  if (!state) return false;
  return TERMINAL.has(state.payment_status) || state.order_status === 'cancelled';
}

export const paymentStateKey = (userId: number | null, orderId: number) => ['payment-state', userId, orderId] as const;

interface PaymentConfirmationProps {
  orderId: number;
  /** IntaSend's invoice id from the redirect, passed on to the server's confirmation */
  trackingId?: string | null;
  pollMs?: number;
  maxWaitMs?: number;
}

function Actions() {
  const t = useT(messages);
  return (
    <div className="d-flex flex-wrap justify-content-center gap-2 mt-4">
      <Link to={paths.orders()} className="btn btn-primary">
        {t('pc.viewOrders')}
      </Link>
      <Link to={paths.products()} className="btn btn-outline-primary">
        {t('continue')}
      </Link>
    </div>
  );
}

/**
 * Once the payment is confirmed, the cart and orders load again. The order took its items out of
 * the cart when it was placed (docs/product.md section 3), so the cart is not cleared: what the
 * shopper added since stays in it.
 */
function useRefreshOnceOnPaid(paid: boolean) {
  const queryClient = useQueryClient();
  const done = useRef(false);
  useEffect(() => {
    if (!paid || done.current) return;
    done.current = true;
    void refetchAfterWrite(queryClient, cartKeys.all);
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    emitAppEvent('cartUpdated');
    emitAppEvent('ordersUpdated');
  }, [paid, queryClient]);
}

function PaidSummary({ orderId }: { orderId: number }) {
  const t = useT(messages);
  const { data: order } = useOrder(orderId);
  return (
    <>
      <h1 className="h3">{t('pc.success')}</h1>
      <p className="mb-1">{t('pc.thanks', { id: orderId })}</p>
      {order && (
        <p className="mb-1">
          {t('pc.amount')} <strong>{formatKsh(order.total_amount)}</strong>
        </p>
      )}
      <p className="text-body-secondary">{t('pc.preparing')}</p>
    </>
  );
}

/**
 * The payment success page (docs/product.md section 2, docs/architecture.md section 6): reads the order's real payment
 * state, asks again every 1.5 s for up to 30 s while it is being confirmed, and clears the cart once paid.
 */
export function PaymentConfirmation({
  orderId,
  trackingId,
  pollMs = CONFIRM_POLL_MS,
  maxWaitMs = CONFIRM_MAX_WAIT_MS,
}: PaymentConfirmationProps) {
  const t = useT(messages);
  const { user, isSignedIn } = useAuth();
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);
  const valid = Number.isInteger(orderId) && orderId > 0;

  const state = useQuery({
    queryKey: paymentStateKey(user?.id ?? null, orderId),
    queryFn: () => confirmPayment(orderId, trackingId),
    enabled: isSignedIn && valid,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => {
      if (isSettled(query.state.data)) return false;
      return Date.now() - startedAt < maxWaitMs ? pollMs : false;
    },
  });

  const status = state.data?.payment_status;
  const settled = isSettled(state.data);

  useEffect(() => {
    if (settled) return;
    const timer = window.setTimeout(() => setTimedOut(true), Math.max(0, startedAt + maxWaitMs - Date.now()));
    return () => window.clearTimeout(timer);
  }, [settled, startedAt, maxWaitMs]);

  useRefreshOnceOnPaid(status === 'paid');

  const checkAgain = () => {
    setTimedOut(false);
    setStartedAt(Date.now());
    void state.refetch();
  };

  let body;
  if (!valid) {
    body = (
      <>
        <h1 className="h3">{t('pc.title')}</h1>
        <p>{t('pc.which')}</p>
      </>
    );
  } else if (state.isError && !state.data) {
    const notFound = state.error instanceof ApiError && state.error.status === 404;
    body = (
      <div role="alert">
        <h1 className="h3">{t('pc.title')}</h1>
        <p>{notFound ? t('oc.notFound') : t('oc.loadError')}</p>
        {!notFound && (
          <button type="button" className="btn btn-outline-primary" onClick={checkAgain}>
            {t('pc.retry')}
          </button>
        )}
      </div>
    );
  } else if (status === 'paid') {
    body = (
      <div role="status">
        <PaidSummary orderId={orderId} />
      </div>
    );
  } else if (status === 'failed') {
    body = (
      <div role="alert">
        <h1 className="h3">{t('pc.failedTitle')}</h1>
        <p>{t('pay.failed')}</p>
        {state.data?.order_status === 'pending' && (
          <Link to={`${paths.checkout(orderId)}?payment=failed`} className="btn btn-primary">
            {t('pc.retry')}
          </Link>
        )}
      </div>
    );
  } else if (status === 'refund_due') {
    body = (
      <div role="alert">
        <h1 className="h3">{t('pc.lateTitle')}</h1>
        <p>{t('pc.late', { id: orderId })}</p>
      </div>
    );
  } else if (state.data?.order_status === 'cancelled') {
    body = (
      <div role="alert">
        <h1 className="h3">{t('pc.cancelledTitle')}</h1>
        <p>{t('pc.cancelled', { id: orderId })}</p>
      </div>
    );
  } else if (timedOut) {
    body = (
      <div role="status">
        <h1 className="h3">{t('pc.waitTitle')}</h1>
        <p>{t('pc.wait', { id: orderId })}</p>
        <button type="button" className="btn btn-outline-primary" onClick={checkAgain} disabled={state.isFetching}>
          {t('pc.checkAgain')}
        </button>
      </div>
    );
  } else {
    body = (
      <div role="status">
        <span className="spinner-border text-secondary mb-3" aria-hidden="true" />
        <h1 className="h3">{t('pc.confirming')}</h1>
        <p className="text-body-secondary">{t('pc.seconds')}</p>
      </div>
    );
  }

  return (
    <div className="text-center py-4 mx-auto" style={{ maxWidth: '36rem' }}>
      {body}
      <Actions />
    </div>
  );
}
