import type { OrderJson } from '@mtumba/contract/order';
import { OrderDelivery } from '@/components/ui/order-delivery';
import { useEffect } from 'react';
import { Link } from 'react-router';
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

const timeFormat = new Intl.DateTimeFormat('en-KE', { timeStyle: 'short' });

export const PAYMENT_FAILED_MESSAGE = 'Your payment did not go through. You can try again.';

/** 'the error or Payment initiation failed' (docs/product.md section 8). */
export function paymentErrorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.body.error ?? err.body.message ?? 'Payment initiation failed';
  return 'Payment initiation failed';
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
      {busy ? 'Opening the payment page…' : 'Pay Now'}
    </button>
  );
}

function LoadFailure({ error }: { error: unknown }) {
  if (error instanceof ApiError && error.status === 410) {
    return (
      <div className="alert alert-warning" role="alert">
        <p>{error.body.message ?? 'Your order reservation expired. Please recreate the order.'}</p>
        <Link to={paths.cart()} className="btn btn-primary">
          Back to cart
        </Link>
      </div>
    );
  }
  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className="alert alert-warning" role="alert">
        Order not found. <Link to={paths.orders()}>My orders</Link>
      </div>
    );
  }
  return (
    <div className="alert alert-danger" role="alert">
      Could not load order
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
  const { data: order, isPending, isError, error, refetch } = useOrder(orderId);
  useRefetchAtExpiry(order, refetch);

  if (isError) return <LoadFailure error={error} />;
  if (isPending || !order) {
    return <LoadingSpinner label="Loading your order…" />;
  }

  const paid = order.payment_status === 'paid';
  const payable = order.order_status === 'pending' && !paid && !order.cancel_request_open;
  const showFailed = payable && (paymentFailed || order.payment_status === 'failed');

  return (
    <div className="row g-4">
      <div className="col-lg-7">
        <CardSection id="checkout-items-title" title={<>Order #{order.id}</>} headingClassName="h5">
          <ul className="list-unstyled mb-0">
            {order.order_items.map((item) => (
              <OrderItemRow key={item.id} item={item} />
            ))}
          </ul>
        </CardSection>
        <p className="small text-body-secondary mt-3 mb-0">
          Delivery: {order.shipping_address}
          {order.shipping_phone ? `, phone ${order.shipping_phone}` : ''}
        </p>
        <div className="small mt-2">
          <OrderDelivery order={order} />
        </div>
      </div>
      <div className="col-lg-5">
        <CardSection id="checkout-summary-title" title="Summary" headingClassName="h5">
          <OrderAmounts order={order} />
          <div className="mt-3">
            {showFailed && (
              <div className="alert alert-warning" role="alert">
                {PAYMENT_FAILED_MESSAGE}
              </div>
            )}
            {payable ? (
              <>
                {order.reserved_until && (
                  <p className="small text-body-secondary">
                    Your items are reserved for you until{' '}
                    <time dateTime={order.reserved_until}>{timeFormat.format(new Date(order.reserved_until))}</time>.
                    Pay before then to keep them.
                  </p>
                )}
                <MpesaCheckout order={order} errorText={paymentErrorMessage} hostedButton={<PayNow order={order} />} />
              </>
            ) : paid ? (
              <div className="alert alert-success mb-0" role="status">
                This order is paid. <Link to={paths.order(order.id)}>View the order</Link>
              </div>
            ) : order.payment_method === 'pay_on_delivery' ? (
              <div className="alert alert-success mb-0" role="status">
                Confirmed: you pay on delivery. <Link to={paths.order(order.id)}>View the order</Link>
              </div>
            ) : order.cancel_request_open ? (
              <div className="alert alert-secondary mb-0" role="status">
                Cancellation requested: this order cannot be paid while the shop reviews it.{' '}
                <Link to={paths.order(order.id)}>View the order</Link>
              </div>
            ) : (
              <div className="alert alert-secondary mb-0" role="status">
                This order is {order.order_status} and cannot be paid.{' '}
                <Link to={paths.order(order.id)}>View the order</Link>
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
