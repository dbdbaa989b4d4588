import type { OrderJson } from '@mtumba/contract/order';
import { OrderDelivery } from '@/components/ui/order-delivery';
import { useEffect } from 'react';
import { Link } from '@/components/ui/link';
import { toast } from '@/lib/toast';
import { CardSection } from '@/components/ui/card-section';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { useOrder } from '@/lib/api/get-order';
import { OrderAmounts } from '@/components/order/order-amounts';
import { OrderItemRow } from '@/components/order/order-item-row';
import { paths } from '@/config/paths';
import { DeliveryReturns } from '@/components/shop/delivery-returns';
import { ApiError } from '@/lib/api-client';
import { useInitiatePayment } from '../api/initiate-payment';
import { leaveForPayment } from '../leave-for-payment';
import { MpesaCheckout } from './mpesa-checkout';
import messages from '@/i18n/catalogs/en/buy.json';
import { tOf, useLocale, useT } from '@/i18n';

/** 'the error or Payment initiation failed' (docs/product.md section 8). */
export function paymentErrorMessage(err: unknown): string {
  const failed = tOf(messages)('pay.initFailed');
  if (err instanceof ApiError) return err.body.error ?? err.body.message ?? failed;
  return failed;
}

/** When the reservation runs out, load the order again: the server then answers 410. */
function useRefetchAtExpiry(order: OrderJson | undefined, refetch: () => unknown) {
  const until = order?.order_status === 'pending' ? order.reserved_until : null;
  useEffect(() => {
    if (!until) return;
    const wait = Date.parse(until) - Date.now() + 1000;
    if (!Number.isFinite(wait)) return;
    // setTimeout cannot wait longer than ~24.8 days; a reservation never does.
    const timer = window.setTimeout(() => void refetch(), Math.max(0, Math.min(wait, 2 ** 31 - 1)));
    return () => window.clearTimeout(timer);
  }, [until, refetch]);
}

function PayNow({ order }: { order: OrderJson }) {
  const t = useT(messages);
  const pay = useInitiatePayment();
  const start = () =>
    pay.mutate(order.id, {
      onSuccess: (reply) => leaveForPayment(reply.checkout_url),
      onError: (err) => toast.error(paymentErrorMessage(err), { toastId: `pay-${order.id}` }),
    });
  // After a success the browser is leaving for the payment page: keep the button busy.
  const busy = pay.isPending || pay.isSuccess;
  return (
    <button type="button" className="btn btn-outline-primary btn-lg w-100" onClick={start} disabled={busy}>
      {busy ? t('pay.opening') : t('pay.now')}
    </button>
  );
}

function LoadFailure({ error }: { error: unknown }) {
  const t = useT(messages);
  if (error instanceof ApiError && error.status === 410) {
    return (
      <div className="alert alert-warning" role="alert">
        <p>{error.body.message ?? t('oc.expired')}</p>
        <Link to={paths.cart()} className="btn btn-primary">
          {t('oc.backToCart')}
        </Link>
      </div>
    );
  }
  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className="alert alert-warning" role="alert">
        {t('oc.notFound')} <Link to={paths.orders()}>{t('oc.myOrders')}</Link>
      </div>
    );
  }
  return (
    <div className="alert alert-danger" role="alert">
      {t('oc.loadError')}
    </div>
  );
}

interface OrderCheckoutProps {
  orderId: number;
  /** the payment page sent the shopper back with ?payment=failed */
  paymentFailed?: boolean;
}

/** Checkout (docs/product.md section 2): the server's items and amounts for the order, and Pay Now. */
export function OrderCheckout({ orderId, paymentFailed = false }: OrderCheckoutProps) {
  const t = useT(messages);
  const locale = useLocale();
  const { data: order, isPending, isError, error, refetch } = useOrder(orderId);
  useRefetchAtExpiry(order, refetch);

  if (isError) return <LoadFailure error={error} />;
  if (isPending || !order) {
    return <LoadingSpinner label={t('oc.loading')} />;
  }

  const paid = order.payment_status === 'paid';
  const payable = order.order_status === 'pending' && !paid && !order.cancel_request_open;
  const showFailed = payable && (paymentFailed || order.payment_status === 'failed');

  return (
    <div className="row g-4">
      <div className="col-lg-7">
        <CardSection id="checkout-items-title" title={t('oc.order', { id: order.id })} headingClassName="h5">
          <ul className="list-unstyled mb-0">
            {order.order_items.map((item) => (
              <OrderItemRow key={item.id} item={item} />
            ))}
          </ul>
        </CardSection>
        <p className="small text-body-secondary mt-3 mb-0">
          {order.shipping_phone
            ? t('oc.deliveryPhone', { address: order.shipping_address, phone: order.shipping_phone })
            : t('oc.delivery', { address: order.shipping_address })}
        </p>
        <div className="small mt-2">
          <OrderDelivery order={order} />
        </div>
      </div>
      <div className="col-lg-5">
        <CardSection id="checkout-summary-title" title={t('oc.summary')} headingClassName="h5">
          <OrderAmounts order={order} />
          <div className="mt-3">
            {showFailed && (
              <div className="alert alert-warning" role="alert">
                {t('pay.failed')}
              </div>
            )}
            {payable ? (
              <>
                {order.reserved_until && (
                  <p className="small text-body-secondary">
                    {t('oc.reservedUntil')}{' '}
                    <time dateTime={order.reserved_until}>
                      {new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(order.reserved_until))}
                    </time>
                    {t('oc.payBefore')}
                  </p>
                )}
                <MpesaCheckout order={order} errorText={paymentErrorMessage} hostedButton={<PayNow order={order} />} />
              </>
            ) : paid ? (
              <div className="alert alert-success mb-0" role="status">
                {t('oc.paid')} <Link to={paths.order(order.id)}>{t('oc.view')}</Link>
              </div>
            ) : order.payment_method === 'pay_on_delivery' ? (
              <div className="alert alert-success mb-0" role="status">
                {t('oc.pod')} <Link to={paths.order(order.id)}>{t('oc.view')}</Link>
              </div>
            ) : order.cancel_request_open ? (
              <div className="alert alert-secondary mb-0" role="status">
                {t('oc.cancelRequested')} <Link to={paths.order(order.id)}>{t('oc.view')}</Link>
              </div>
            ) : (
              <div className="alert alert-secondary mb-0" role="status">
                {t('oc.notPayable', { status: order.order_status })}{' '}
                <Link to={paths.order(order.id)}>{t('oc.view')}</Link>
              </div>
            )}
          </div>
        </CardSection>
        <div className="mt-3">
          <DeliveryReturns />
        </div>
      </div>
    </div>
  );
}
