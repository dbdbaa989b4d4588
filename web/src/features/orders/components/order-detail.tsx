import type { OrderHistoryJson, OrderItemJson, OrderJson } from '@mtumba/contract/order';
import { OrderDelivery } from '@/components/ui/order-delivery';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Link } from '@/components/ui/link';
import { toast } from '@/lib/toast';
import { CardSection } from '@/components/ui/card-section';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { CANCEL_REQUESTABLE, type OrderStatus } from '@mtumba/contract/order-states';
import { formatKsh } from '@mtumba/contract/money';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useOrder } from '@/lib/api/get-order';
import { isAwaitingPayment } from '@/lib/api/get-orders';
import { useCancelOrder } from '../api/cancel-order';
import { useRequestCancel } from '../api/request-cancel';
import { OrderAmounts } from '@/components/order/order-amounts';
import { OrderItemRow } from '@/components/order/order-item-row';
import { OrderProgress } from './order-progress';
import { OrderStatusBadge } from './order-status-badge';
import { formatOrderDate, statusText } from './status-label';
import messages from '@/i18n/catalogs/en/orders.json';
import { useLocale, useT } from '@/i18n';

// loaded only for an order that may have returns (delivered, or cancelled after it shipped)
const OrderReturns = lazy(() => import('./order-returns'));

/** Who made a change, as the customer reads it (actor.<who> in the orders catalog). */
const ACTORS = ['customer', 'admin', 'system', 'payment'] as const;

function HistoryLine({ entry }: { entry: OrderHistoryJson }) {
  const t = useT(messages);
  const locale = useLocale();
  const formatDate = (iso: string) => formatOrderDate(locale, iso);
  const actor = ACTORS.find((a) => a === entry.actor);
  const by = actor ? t(`actor.${actor}`) : t('actor.other', { actor: entry.actor });
  return (
    <li className="mb-2">
      <strong>
        {!entry.from_status
          ? t('history.placed', { status: statusText(t, entry.to_status) })
          : entry.from_status === entry.to_status
            ? // a change that left the status as it was (a payment, a note): no "Pending → Pending"
              statusText(t, entry.to_status)
            : `${statusText(t, entry.from_status)} → ${statusText(t, entry.to_status)}`}
      </strong>{' '}
      <span className="text-body-secondary">
        {by}, <time dateTime={entry.created_at}>{formatDate(entry.created_at)}</time>
      </span>
      {entry.note && <div className="small">{entry.note}</div>}
    </li>
  );
}

/** Request Cancel with its confirmation dialog (docs/product.md: pending or processing only; a request, not a cancel). */
function RequestCancel({ order }: { order: OrderJson }) {
  const t = useT(messages);
  const [confirming, setConfirming] = useState(false);
  const request = useRequestCancel();
  const cancelNow = useCancelOrder();
  // An unpaid order is cancelled at once; a paid one is a request the shop answers.
  const direct = isAwaitingPayment(order);
  const cancel = direct ? cancelNow : request;

  // mutateAsync: the reply refetches the order, which removes this button before mutate's callbacks would run.
  const send = async () => {
    try {
      const reply = direct ? await cancelNow.mutateAsync(order.id) : await request.mutateAsync(order.id);
      toast.success(reply?.message || t('cancel.sent'));
    } catch (err) {
      toast.error(err instanceof ApiError ? (err.body.message ?? t('cancel.failed')) : t('cancel.couldNot'));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      <Button variant="outline-danger" onClick={() => setConfirming(true)}>
        {direct ? t('cancel.cancelOrder') : t('cancel.request')}
      </Button>
      <Modal
        show={confirming}
        onHide={() => !cancel.isPending && setConfirming(false)}
        centered
        aria-labelledby="cancel-order-title"
      >
        <Modal.Header closeButton>
          <Modal.Title id="cancel-order-title">
            {direct ? t('cancel.titleDirect') : t('cancel.titleRequest')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">
            {direct ? t('cancel.bodyDirect', { id: order.id }) : t('cancel.bodyRequest', { id: order.id })}
          </p>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
            {t('cancel.keep')}
          </Button>
          <Button variant="danger" onClick={() => void send()} disabled={cancel.isPending}>
            {cancel.isPending ? t('sending') : direct ? t('cancel.cancelOrder') : t('cancel.request')}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}

function LoadFailure({ error }: { error: unknown }) {
  const t = useT(messages);
  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className="alert alert-warning" role="alert">
        {t('orderDetail.notFound')} <Link to={paths.orders()}>{t('detail.backToOrders')}</Link>
      </div>
    );
  }
  if (error instanceof ApiError && error.status === 410) {
    return (
      <div className="alert alert-warning" role="alert">
        {error.body.message ?? t('detail.expired')} <Link to={paths.cart()}>{t('detail.backToCart')}</Link>
      </div>
    );
  }
  return (
    <div className="alert alert-danger" role="alert">
      {t('orderDetail.loadError')}
    </div>
  );
}

interface OrderDetailProps {
  orderId: number;
  /** extra content under an item, e.g. the review form of a delivered order */
  renderItemExtra?: (item: OrderItemJson, order: OrderJson) => ReactNode;
}

/** A customer's order (docs/product.md section 2): progress, shipping details, items, amounts, history, cancel request. */
export function OrderDetail({ orderId, renderItemExtra }: OrderDetailProps) {
  const t = useT(messages);
  const locale = useLocale();
  const formatDate = (iso: string) => formatOrderDate(locale, iso);
  const { data: order, isPending, isError, error } = useOrder(orderId);

  if (isError) return <LoadFailure error={error} />;
  if (isPending || !order) {
    return <LoadingSpinner label={t('orderDetail.loading')} />;
  }

  const canRequestCancel = CANCEL_REQUESTABLE.includes(order.order_status as OrderStatus) && !order.cancel_request_open;

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">{t('order.title', { id: order.id })}</h1>
        <OrderStatusBadge status={order.order_status} />
        <span className="text-body-secondary small">
          {t('detail.placed')} <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
        </span>
      </div>

      <div className="mb-4">
        <OrderProgress orderId={order.id} status={order.order_status} paymentStatus={order.payment_status} />
      </div>

      {isAwaitingPayment(order) && (
        <div className="alert alert-info d-flex flex-wrap align-items-center gap-2" role="status">
          {t('detail.awaiting')}
          <Link to={paths.checkout(order.id)} className="btn btn-sm btn-primary ms-auto">
            {t('detail.payNow')}
          </Link>
        </div>
      )}
      {order.payment_status === 'refund_due' && <div className="alert alert-warning">{t('detail.refundDue')}</div>}
      {(order.payment_status === 'refunded' || order.payment_status === 'partially_refunded') && (
        <div className="alert alert-info">
          {order.payment_status === 'refunded' ? t('detail.refunded') : t('detail.partRefunded')}:{' '}
          {formatKsh(order.refunded_amount)}.
        </div>
      )}
      {order.cancel_request_outcome === 'declined' && (
        <div className="alert alert-secondary">
          {t('detail.declined')}
          {order.cancel_request_note ? ` ${order.cancel_request_note}` : ''}
        </div>
      )}
      {order.cancel_request_open && order.cancel_requested_at && (
        <div className="alert alert-secondary">
          {t('detail.requestedOn')}{' '}
          <time dateTime={order.cancel_requested_at}>{formatDate(order.cancel_requested_at)}</time>
          {t('detail.updateSoon')}
        </div>
      )}

      <div className="row g-4">
        <div className="col-lg-8">
          <CardSection id="order-items-title" title={t('detail.items')} headingClassName="h5">
            <ul className="list-unstyled mb-0">
              {order.order_items.map((item) => (
                <OrderItemRow key={item.id} item={item} thumbnailSize={64}>
                  {renderItemExtra?.(item, order)}
                </OrderItemRow>
              ))}
            </ul>
          </CardSection>

          {order.history.length > 0 && (
            <CardSection id="order-history-title" title={t('detail.history')} headingClassName="h5" className="mt-4">
              <ol className="mb-0 ps-3">
                {order.history.map((entry, index) => (
                  <HistoryLine key={`${entry.created_at}-${index}`} entry={entry} />
                ))}
              </ol>
            </CardSection>
          )}
        </div>

        <div className="col-lg-4">
          <CardSection id="shipping-title" title={t('detail.shipping')} headingClassName="h5" className="mb-4">
            {order.shipment?.carrier && (
              <p className="alert alert-info py-2 mb-3" data-testid="order-shipment">
                {t('detail.shippedWith', { carrier: order.shipment.carrier })}
                {order.shipment.tracking_number ? t('detail.waybill', { number: order.shipment.tracking_number }) : ''}
                {order.shipment.note && (
                  <>
                    <br />
                    <span className="small">{order.shipment.note}</span>
                  </>
                )}
              </p>
            )}
            <dl className="mb-0">
              <dt>{t('detail.delivery')}</dt>
              <dd>{order.shipping_address}</dd>
              <dt>{t('detail.phone')}</dt>
              <dd className="mb-0">{order.shipping_phone ?? '—'}</dd>
            </dl>
            <OrderDelivery order={order} />
          </CardSection>
          <CardSection id="amounts-title" title={t('detail.summary')} headingClassName="h5" className="mb-4">
            <OrderAmounts order={order} />
          </CardSection>
          {(order.order_status === 'delivered' || order.order_status === 'cancelled') && (
            <Suspense fallback={null}>
              <OrderReturns orderId={order.id} />
            </Suspense>
          )}
          {canRequestCancel && <RequestCancel order={order} />}
        </div>
      </div>
    </>
  );
}
