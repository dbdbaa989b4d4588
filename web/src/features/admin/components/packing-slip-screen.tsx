import type { AdminOrderDetailJson } from '@mtumba/contract/order';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from '@/components/ui/link';
import { amountToCents, formatKsh } from '@mtumba/contract/money';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { paths } from '@/config/paths';
import { useShopProfile } from '@/lib/api/get-config';
import { useAdminOrder } from '../api/get-admin-order';
import { formatDate } from './format';
import './packing-slip.css';

/** The lines of the delivery address as the rider or courier needs them. */
function addressLines(order: AdminOrderDetailJson): string[] {
  const d = order.delivery;
  if (!d) return [order.shipping_address];
  const lines = [d.name];
  if (d.zone) lines.push(d.zone);
  if (d.address) lines.push(d.address);
  if (d.landmark) lines.push(d.landmark);
  if (d.town) lines.push(d.pickup_office ? `${d.town}, pickup at ${d.pickup_office}` : d.town);
  if (d.kind === 'pickup' && d.pickup_address) lines.push(`Pickup point: ${d.pickup_address}`);
  return lines;
}

function Slip({ order }: { order: AdminOrderDetailJson }) {
  const shop = useShopProfile();
  const collect = order.payment_method === 'pay_on_delivery' && order.payment_status === 'unpaid';
  return (
    <article className="packing-slip" aria-labelledby="slip-title">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-3 packing-slip__no-print">
        <Link to={paths.adminOrder(order.id)} className="btn btn-sm btn-outline-secondary">
          <span aria-hidden="true">←</span> Order #{order.id}
        </Link>
        <Button onClick={() => window.print()}>Print</Button>
      </div>
      <header className="packing-slip__head">
        <p className="packing-slip__shop">{shop?.name ?? 'Mtumba'}</p>
        <h1 id="slip-title" className="h4 mb-0">
          Packing slip: order #{order.id}
        </h1>
        <p className="mb-0">Placed {formatDate(order.created_at)}</p>
      </header>

      <section className="packing-slip__section" aria-label="Deliver to">
        <h2 className="h6">Deliver to</h2>
        <p className="mb-0 fw-semibold">{order.user?.name ?? 'Customer'}</p>
        {order.shipping_phone && <p className="mb-0">{order.shipping_phone}</p>}
        <address className="mb-0" data-testid="slip-address">
          {addressLines(order).map((line, i) => (
            <span key={i} className="d-block">
              {line}
            </span>
          ))}
        </address>
      </section>

      <section className="packing-slip__section" aria-label="Items">
        <h2 className="h6">Items</h2>
        <table className="table table-sm mb-0">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Size</th>
              <th scope="col" className="text-end">
                Qty
              </th>
              <th scope="col" className="text-end">
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {order.order_items.map((item) => (
              <tr key={item.id}>
                <td>{item.product.name}</td>
                <td>{item.product.size ?? '—'}</td>
                <td className="text-end">{item.quantity}</td>
                <td className="text-end text-nowrap">{formatKsh((amountToCents(item.price) ?? 0) / 100)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <p className="packing-slip__amount" data-testid="slip-amount">
        {collect ? `Amount to collect on delivery: ${formatKsh(order.total_amount)}` : 'Paid'}
      </p>
    </article>
  );
}

/** /admin/orders/{id}/slip: the printable packing slip; printing leaves the admin's bar and footer out. */
export function PackingSlipScreen({ orderId }: { orderId: string | undefined }) {
  const id = /^\d+$/.test(orderId ?? '') ? Number(orderId) : NaN;
  const order = useAdminOrder(id);
  if (Number.isNaN(id) || order.isError) {
    return (
      <Alert variant="danger" role="alert">
        Could not fetch order #{orderId}
      </Alert>
    );
  }
  if (order.isPending) return <LoadingSpinner label="Loading packing slip…" />;
  return <Slip order={order.data} />;
}
