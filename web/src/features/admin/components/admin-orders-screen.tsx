import type { AdminOrderJson } from '@mtumba/contract/order';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { LIMITS } from '@mtumba/contract/constants';
import { formatKsh } from '@mtumba/contract/money';
import { ORDER_STATUSES, statusLabel, type OrderStatus } from '@mtumba/contract/order-states';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { PaginationNav } from '@/components/ui/pagination-nav';
import { paths } from '@/config/paths';
import { useSocketEvent, useSocketReconnect } from '@/lib/socket';
import { toast } from '@/lib/toast';
import { adminKeys } from '../api/admin-keys';
import { useAdminOrders } from '../api/get-admin-orders';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { usePageParam } from '../hooks/use-page-param';
import { failureMessage } from './failure-message';
import { formatDateTime } from './format';
import { OrderStatusSelect } from './order-status-select';
import { CancelRequestedBadge, PaymentStatusBadge } from './payment-status-badge';

const FILTERS = ['all', ...ORDER_STATUSES] as const;
type Filter = (typeof FILTERS)[number];

const ORDER_COLUMNS: DataColumn[] = [
  { label: 'Order' },
  { label: 'Customer' },
  { label: 'Date' },
  { label: 'Items', end: true },
  { label: 'Total', end: true },
  { label: 'Status' },
  { label: 'Payment' },
];

function filterFrom(raw: string | null): Filter {
  return FILTERS.includes(raw as Filter) ? (raw as Filter) : 'all';
}

function OrderRow({ order }: { order: AdminOrderJson }) {
  const update = useUpdateOrderStatus();
  const change = (status: OrderStatus) =>
    update.mutate(
      { id: order.id, status },
      {
        onSuccess: () => toast.success(`Order #${order.id} status updated.`),
        onError: (err) => toast.error(failureMessage('Save failed', err)),
      },
    );
  return (
    <tr>
      <th scope="row">
        <Link to={paths.adminOrder(order.id)}>#{order.id}</Link>
      </th>
      <td>
        {order.user ? (
          <>
            <div>{order.user.name}</div>
            <div className="small text-muted">{order.user.email}</div>
          </>
        ) : (
          <span className="text-muted">Deleted account</span>
        )}
      </td>
      <td className="text-nowrap">{formatDateTime(order.created_at)}</td>
      <td className="text-end">{order.item_count}</td>
      <td className="text-end text-nowrap">{formatKsh(order.total_amount)}</td>
      <td style={{ minWidth: 150 }}>
        <OrderStatusSelect
          size="sm"
          status={order.order_status}
          saving={update.isPending}
          onChange={change}
          orderId={order.id}
          paid={order.payment_status === 'paid'}
          aria-label={`Status of order #${order.id}`}
        />
      </td>
      <td>
        <div className="d-flex flex-wrap gap-1">
          <PaymentStatusBadge status={order.payment_status} />
          {order.cancel_request_open && <CancelRequestedBadge />}
        </div>
      </td>
    </tr>
  );
}

/** /admin/orders: every order, filtered by status, 20 per page, kept live by the admin room's events. */
export function AdminOrdersScreen() {
  const [params, setParams] = useSearchParams();
  const { page, hrefFor } = usePageParam();
  const status = filterFrom(params.get('status'));
  const orders = useAdminOrders({ status, page });
  const queryClient = useQueryClient();
  const filterId = useId();

  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.orderLists() });
  useSocketEvent('order.created', refresh);
  useSocketEvent('order.paid', refresh);
  useSocketEvent('order.pay_on_delivery', refresh);
  useSocketEvent('order.cancel_requested', refresh);
  useSocketEvent('order.status.updated', refresh);
  useSocketReconnect(refresh);

  const total = orders.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / LIMITS.pageSize));
  const rows = orders.data?.orders ?? [];

  let body;
  if (orders.isPending) {
    body = <LoadingSpinner label="Loading orders…" className="py-4" />;
  } else if (orders.isError) {
    body = (
      <LoadError message="Could not load orders" onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
    );
  } else if (rows.length === 0) {
    body = <p className="text-muted">No orders found.</p>;
  } else {
    body = (
      <DataTable
        columns={ORDER_COLUMNS}
        cards
        className="align-middle table table-hover"
        caption={
          <caption className="caption-top">
            {total === 1 ? '1 order' : `${total} orders`}
            {status !== 'all' ? ` (${statusLabel(status)})` : ''}, page {page} of {pageCount}
          </caption>
        }
      >
        <tbody>
          {rows.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </tbody>
      </DataTable>
    );
  }

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-4">
        <h1 className="h3 mb-0">Manage Orders</h1>
        <Link to={paths.adminNewOrder()} className="btn btn-primary">
          New manual order
        </Link>
      </div>
      <Form.Group className="d-flex align-items-center gap-2 mb-3" controlId={filterId} style={{ maxWidth: 320 }}>
        <Form.Label className="mb-0 text-nowrap">Show</Form.Label>
        <Form.Select
          value={status}
          onChange={(e) => {
            const next = new URLSearchParams();
            if (e.target.value !== 'all') next.set('status', e.target.value);
            setParams(next);
          }}
        >
          {FILTERS.map((f) => (
            <option key={f} value={f}>
              {f === 'all' ? 'All orders' : statusLabel(f)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {body}
      <PaginationNav page={page} pageCount={pageCount} hrefFor={hrefFor} label="Order pages" />
    </>
  );
}
