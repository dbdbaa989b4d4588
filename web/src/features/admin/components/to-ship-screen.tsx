import type { AdminOrderJson } from '@mtumba/contract/order';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@/components/ui/link';
import { LIMITS } from '@mtumba/contract/constants';
import { formatKsh } from '@mtumba/contract/money';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { PaginationNav } from '@/components/ui/pagination-nav';
import { paths } from '@/config/paths';
import { useSocketEvent, useSocketReconnect } from '@/lib/socket';
import { toast } from '@/lib/toast';
import { adminKeys } from '../api/admin-keys';
import { useOrdersToShip } from '../api/get-orders-to-ship';
import { usePageParam } from '../hooks/use-page-param';
import { formatDateTime } from './format';
import { ShipButton } from './ship-dialog';

const COLUMNS: DataColumn[] = [
  { label: 'Order' },
  { label: 'Customer' },
  { label: 'Placed' },
  { label: 'Delivery' },
  { label: 'Payment' },
  { label: <span className="visually-hidden">Actions</span> },
];

/** "Doorstep delivery, Westlands" / "Upcountry parcel, Nakuru (Easy Coach office)" / the old shipping name. */
export function deliveryWhere(order: Pick<AdminOrderJson, 'delivery' | 'shipping_address'>): string {
  const d = order.delivery;
  if (!d) return order.shipping_address;
  const area = d.zone ?? (d.town ? `${d.town}${d.pickup_office ? ` (${d.pickup_office})` : ''}` : null);
  return area ? `${d.name}, ${area}` : d.name;
}

function podDue(order: AdminOrderJson): boolean {
  return order.payment_method === 'pay_on_delivery' && order.payment_status === 'unpaid';
}

function ToShipRow({ order }: { order: AdminOrderJson }) {
  return (
    <tr data-testid={`to-ship-${order.id}`}>
      <th scope="row">
        <Link to={paths.adminOrder(order.id)}>#{order.id}</Link>
        <div className="small text-muted fw-normal">
          {order.item_count === 1 ? '1 item' : `${order.item_count} items`}
        </div>
      </th>
      <td>
        <div>{order.user?.name ?? 'Deleted account'}</div>
        {order.shipping_phone && <div className="small text-muted">{order.shipping_phone}</div>}
      </td>
      <td className="text-nowrap">{formatDateTime(order.created_at)}</td>
      <td>{deliveryWhere(order)}</td>
      <td>{podDue(order) ? `Collect ${formatKsh(order.total_amount)}` : `Paid ${formatKsh(order.total_amount)}`}</td>
      <td>
        <div className="d-flex flex-wrap gap-2">
          <ShipButton size="sm" order={order} onShipped={(message) => toast.success(`#${order.id}: ${message}`)} />
          <Link to={paths.adminOrderSlip(order.id)} className="btn btn-sm btn-outline-secondary">
            Packing slip
          </Link>
        </div>
      </td>
    </tr>
  );
}

/**
 * /admin/to-ship: orders paid (or confirmed to be paid on delivery) and not shipped yet, oldest
 * first, with where each goes, a Ship action and the packing slip; kept live by the admin room.
 */
export function ToShipScreen() {
  const { page, hrefFor } = usePageParam();
  const orders = useOrdersToShip(page);
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.toShip() });
  useSocketEvent('order.paid', refresh);
  useSocketEvent('order.pay_on_delivery', refresh);
  useSocketEvent('order.status.updated', refresh);
  useSocketReconnect(refresh);

  const total = orders.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / LIMITS.pageSize));
  const rows = orders.data?.orders ?? [];

  let body;
  if (orders.isPending) {
    body = <LoadingSpinner label="Loading orders to ship…" className="py-4" />;
  } else if (orders.isError) {
    body = (
      <LoadError message="Could not load orders" onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
    );
  } else if (rows.length === 0) {
    body = <p className="text-muted">Nothing to ship. Paid orders appear here, oldest first.</p>;
  } else {
    body = (
      <DataTable
        columns={COLUMNS}
        cards
        className="align-middle table"
        caption={
          <caption className="caption-top">
            {total === 1 ? '1 order to ship' : `${total} orders to ship`}, oldest first, page {page} of {pageCount}
          </caption>
        }
      >
        <tbody>
          {rows.map((order) => (
            <ToShipRow key={order.id} order={order} />
          ))}
        </tbody>
      </DataTable>
    );
  }

  return (
    <>
      <h1 className="h3 mb-3">To ship</h1>
      {body}
      <PaginationNav page={page} pageCount={pageCount} hrefFor={hrefFor} label="Orders to ship pages" />
    </>
  );
}

/** The dashboard's line: how many orders wait to be shipped, with a link to the queue. */
export function ToShipCount() {
  const orders = useOrdersToShip(1, 1);
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.toShip() });
  useSocketEvent('order.paid', refresh);
  useSocketEvent('order.pay_on_delivery', refresh);
  useSocketEvent('order.status.updated', refresh);
  if (!orders.data) return null;
  const n = orders.data.total;
  return (
    <div className={`alert ${n > 0 ? 'alert-info' : 'alert-light'} d-flex flex-wrap align-items-center gap-2 mb-3`}>
      <span data-testid="to-ship-count">
        {n === 0 ? 'No order is waiting to be shipped.' : n === 1 ? '1 order to ship' : `${n} orders to ship`}
      </span>
      {n > 0 && (
        <Link to={paths.adminToShip()} className="alert-link">
          Open To ship
        </Link>
      )}
    </div>
  );
}
