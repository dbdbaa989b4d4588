import type { AdminOrderDetailJson } from '@mtumba/contract/order';
import { OrderDelivery } from '@/components/ui/order-delivery';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useNavigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { amountToCents, formatKsh } from '@mtumba/contract/money';
import { statusLabel, type OrderStatus } from '@mtumba/contract/order-states';
import { paths } from '@/config/paths';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { errorMessage } from '@/lib/api-client';
import { useSocketEvent, useSocketReconnect } from '@/lib/socket';
import { adminKeys } from '../api/admin-keys';
import { useAdminOrder } from '../api/get-admin-order';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { useFlashMessage } from '@/lib/use-flash-message';
import { FlashAlert } from './flash-alert';
import { OrderActions } from './order-actions';
import { formatDateTime } from './format';
import { OrderStatusSelect } from './order-status-select';
import { PayLinkPanel } from './pay-link-panel';
import { ShipDialog } from './ship-dialog';
import { AdminOrderReturns } from './admin-order-returns';
import { CancelRequestedBadge, PaymentStatusBadge } from './payment-status-badge';

const THUMB = 50;

const ITEM_COLUMNS: DataColumn[] = [
  { label: 'Product' },
  { label: 'Qty', end: true },
  { label: 'Price', end: true },
  { label: 'Subtotal', end: true },
];

const PAYMENT_COLUMNS: DataColumn[] = [
  { label: 'Reference' },
  { label: 'Provider' },
  { label: 'Method' },
  { label: 'Status' },
  { label: 'Amount', end: true },
  { label: 'Date' },
];

/** Σ unit price × quantity, in cents so that 0.1 + 0.2 stays exact. */
export function itemsTotalCents(items: AdminOrderDetailJson['order_items']): number {
  return items.reduce((sum, item) => sum + (amountToCents(item.price) ?? 0) * item.quantity, 0);
}

function BackButton() {
  const navigate = useNavigate();
  const back = () => {
    // Opened from a link in another tab or typed in: there is no previous page to go back to.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(paths.adminOrders());
  };
  return (
    <Button variant="outline-secondary" size="sm" className="mb-3" onClick={back}>
      <span aria-hidden="true">←</span> Back
    </Button>
  );
}

function OrderDetails({ order }: { order: AdminOrderDetailJson }) {
  const update = useUpdateOrderStatus();
  const banner = useFlashMessage();
  const statusId = useId();

  const change = (status: OrderStatus) =>
    update.mutate(
      { id: order.id, status },
      {
        onSuccess: () => banner.show('success', 'Status updated.'),
        onError: (err) => banner.show('danger', errorMessage(err, 'Update failed')),
      },
    );

  const itemsCents = itemsTotalCents(order.order_items);
  const cancelPending = order.cancel_request_open;
  const [shipping, setShipping] = useState(false);
  const canShip = order.order_status === 'processing';

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Order #{order.id}</h1>
        <div className="d-flex flex-wrap gap-2">
          {canShip && <Button onClick={() => setShipping(true)}>Ship</Button>}
          <Link to={paths.adminOrderSlip(order.id)} className="btn btn-outline-secondary">
            Packing slip
          </Link>
        </div>
      </div>
      {shipping && (
        <ShipDialog
          order={order}
          show={shipping}
          onHide={() => setShipping(false)}
          onShipped={(message) => banner.show('success', message)}
        />
      )}
      {cancelPending && (
        <div className="alert alert-warning">
          The customer asked to cancel this order on {formatDateTime(order.cancel_requested_at)}. Approve or decline it
          under Actions.
        </div>
      )}
      <Row className="g-3 mb-4">
        <Col md={6}>
          <Card as="section" aria-labelledby={`${statusId}-customer`} className="h-100">
            <Card.Body>
              <Card.Title as="h2" className="h5" id={`${statusId}-customer`}>
                Customer Info
              </Card.Title>
              <dl className="row mb-0">
                <dt className="col-sm-4">Name</dt>
                <dd className="col-sm-8">{order.user?.name ?? 'Deleted account'}</dd>
                <dt className="col-sm-4">Email</dt>
                <dd className="col-sm-8">
                  {order.user ? <a href={`mailto:${order.user.email}`}>{order.user.email}</a> : '—'}
                  {order.user && (
                    <div className="small">
                      <Link to={paths.adminUserSecurityLog(order.user.id)}>Security log</Link>
                    </div>
                  )}
                </dd>
                <dt className="col-sm-4">Delivery</dt>
                <dd className="col-sm-8">{order.shipping_address}</dd>
                <dt className="col-sm-4">Phone</dt>
                <dd className="col-sm-8 mb-0">
                  {order.shipping_phone ? <a href={`tel:${order.shipping_phone}`}>{order.shipping_phone}</a> : '—'}
                </dd>
              </dl>
              <OrderDelivery order={order} />
            </Card.Body>
          </Card>
        </Col>
        <Col md={6}>
          <Card as="section" aria-labelledby={`${statusId}-details`} className="h-100">
            <Card.Body>
              <Card.Title as="h2" className="h5" id={`${statusId}-details`}>
                Order Details
              </Card.Title>
              <dl className="row mb-2">
                <dt className="col-sm-4">Placed</dt>
                <dd className="col-sm-8">{formatDateTime(order.created_at)}</dd>
                <dt className="col-sm-4">Payment</dt>
                <dd className="col-sm-8 d-flex flex-wrap gap-1">
                  <PaymentStatusBadge status={order.payment_status} />
                  {order.cancel_request_open && <CancelRequestedBadge />}
                </dd>
                <dt className="col-sm-4">
                  <label htmlFor={statusId}>Status</label>
                </dt>
                <dd className="col-sm-8 mb-0">
                  <OrderStatusSelect
                    id={statusId}
                    status={order.order_status}
                    saving={update.isPending}
                    onChange={change}
                    orderId={order.id}
                    paid={order.payment_status === 'paid'}
                    onShip={() => setShipping(true)}
                  />
                </dd>
                {order.shipment && (
                  <>
                    <dt className="col-sm-4">Shipped</dt>
                    <dd className="col-sm-8 mb-0" data-testid="admin-shipment">
                      {order.shipment.carrier ? `With ${order.shipment.carrier}` : 'Yes'}
                      {order.shipment.tracking_number ? `, waybill ${order.shipment.tracking_number}` : ''}
                      <div className="small text-body-secondary">{formatDateTime(order.shipment.shipped_at)}</div>
                      {order.shipment.note && <div className="small">{order.shipment.note}</div>}
                    </dd>
                  </>
                )}
              </dl>
              <FlashAlert message={banner.message} className="mt-2 mb-0" />
            </Card.Body>
          </Card>
        </Col>
      </Row>

      <OrderActions order={order} />
      <PayLinkPanel order={order} />
      <AdminOrderReturns order={order} />

      <section aria-labelledby={`${statusId}-items`} className="mb-4">
        <h2 className="h5" id={`${statusId}-items`}>
          Items
        </h2>
        <DataTable columns={ITEM_COLUMNS} className="align-middle table" cards>
          <tbody>
            {order.order_items.map((item) => {
              const unitCents = amountToCents(item.price) ?? 0;
              return (
                <tr key={item.id}>
                  <th scope="row" className="fw-normal">
                    <div className="d-flex align-items-center gap-2">
                      {item.product.image_url ? (
                        <img
                          src={item.product.image_url}
                          alt=""
                          width={THUMB}
                          height={THUMB}
                          className="rounded object-fit-cover"
                        />
                      ) : (
                        <span
                          className="d-inline-block rounded bg-light border"
                          style={{ width: THUMB, height: THUMB }}
                          aria-hidden="true"
                        />
                      )}
                      <span>{item.product.name}</span>
                    </div>
                  </th>
                  <td className="text-end">{item.quantity}</td>
                  <td className="text-end text-nowrap">{formatKsh(unitCents / 100)}</td>
                  <td className="text-end text-nowrap">{formatKsh((unitCents * item.quantity) / 100)}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3} className="text-end">
                Total
              </th>
              <td className="text-end text-nowrap fw-semibold">{formatKsh(itemsCents / 100)}</td>
            </tr>
            {order.discount_amount > 0 && (
              <tr>
                <th scope="row" colSpan={3} className="text-end fw-normal">
                  Discount{order.applied_discounts.length > 0 ? ` (${order.applied_discounts.join('; ')})` : ''}
                </th>
                <td className="text-end text-nowrap">−{formatKsh(order.discount_amount)}</td>
              </tr>
            )}
            <tr>
              <th scope="row" colSpan={3} className="text-end fw-normal">
                Delivery fee
              </th>
              <td className="text-end text-nowrap">{formatKsh(order.delivery_fee)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3} className="text-end">
                Amount due
              </th>
              <td className="text-end text-nowrap fw-semibold">{formatKsh(order.total_amount)}</td>
            </tr>
          </tfoot>
        </DataTable>
      </section>

      <Row className="g-4">
        <Col lg={7}>
          <section aria-labelledby={`${statusId}-payments`}>
            <h2 className="h5" id={`${statusId}-payments`}>
              Payment details
            </h2>
            {order.payments.length === 0 ? (
              <p className="text-muted">No payment attempts yet.</p>
            ) : (
              <DataTable columns={PAYMENT_COLUMNS} className="align-middle table table-sm" cards>
                <tbody>
                  {order.payments.map((payment) => (
                    <tr key={payment.reference}>
                      <td className="text-break">{payment.reference}</td>
                      <td>{payment.provider}</td>
                      <td>{payment.method ?? '—'}</td>
                      <td>{statusLabel(payment.status)}</td>
                      <td className="text-end text-nowrap">{formatKsh(payment.amount)}</td>
                      <td className="text-nowrap">{formatDateTime(payment.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            )}
          </section>
        </Col>
        <Col lg={5}>
          <section aria-labelledby={`${statusId}-history`}>
            <h2 className="h5" id={`${statusId}-history`}>
              Status history
            </h2>
            {order.history.length === 0 ? (
              <p className="text-muted">No changes yet.</p>
            ) : (
              <ol className="list-group list-group-numbered">
                {order.history.map((entry, i) => (
                  <li key={`${entry.created_at}-${i}`} className="list-group-item">
                    <span className="fw-semibold">
                      {entry.from_status && entry.from_status !== entry.to_status
                        ? `${statusLabel(entry.from_status)} → `
                        : ''}
                      {statusLabel(entry.to_status)}
                    </span>{' '}
                    <span className="text-muted small">
                      by {entry.actor}, {formatDateTime(entry.created_at)}
                    </span>
                    {entry.note && <div className="small">{entry.note}</div>}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </Col>
      </Row>
    </>
  );
}

/** /admin/orders/{id}: one order, its status control, items, payments and history (live). */
export function AdminOrderDetailScreen({ orderId }: { orderId: string | undefined }) {
  const id = /^\d+$/.test(orderId ?? '') ? Number(orderId) : NaN;
  const order = useAdminOrder(id);
  const queryClient = useQueryClient();

  const refreshIfMine = ({ id: changed }: { id: number }) => {
    if (changed === id) void queryClient.invalidateQueries({ queryKey: adminKeys.order(id) });
  };
  useSocketEvent('order.status.updated', refreshIfMine);
  useSocketEvent('order.paid', refreshIfMine);
  useSocketEvent('order.pay_on_delivery', refreshIfMine);
  useSocketEvent('order.cancel_requested', refreshIfMine);
  useSocketReconnect(() => void queryClient.invalidateQueries({ queryKey: adminKeys.order(id) }));

  let content;
  if (Number.isNaN(id) || order.isError) {
    content = (
      <Alert variant="danger" role="alert">
        Could not fetch order #{orderId}
      </Alert>
    );
  } else if (order.isPending) {
    content = <LoadingSpinner label="Loading order…" />;
  } else {
    content = <OrderDetails order={order.data} />;
  }

  return (
    <>
      <BackButton />
      {content}
    </>
  );
}
