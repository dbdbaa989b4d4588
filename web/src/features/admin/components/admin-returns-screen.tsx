import type { Dashboard } from '@mtumba/contract/insights';
import { RETURN_REASON_WORDS } from '@mtumba/contract/returns';
import { CardSection } from '@/components/ui/card-section';
import { formatKsh } from '@mtumba/contract/money';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { Link } from '@/components/ui/link';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { paths } from '@/config/paths';
import { useAdminReturns } from '../api/returns';
import { RETURN_STATUS_WORDS } from './admin-order-returns';
import { formatDateTime } from './format';

const COLUMNS: DataColumn[] = [
  { label: 'Return' },
  { label: 'Order' },
  { label: 'Customer' },
  { label: 'Items' },
  { label: 'Status' },
  { label: 'Amount', end: true },
  { label: 'Opened' },
];

const KINDS = {
  customer_return: 'Customer return',
  refused: 'Refused at the door',
  failed_delivery: 'Delivery failed',
};

/** The returns queue on the dashboard: how many wait for the shop, with a link to the list. */
export function ReturnsQueueCard() {
  const { data } = useAdminReturns('open');
  const count = data?.open ?? 0;
  return (
    <div className="col-12 col-lg-4">
      <section className="card h-100" aria-label="Returns">
        <div className="card-body">
          <h2 className="h6 d-flex align-items-center gap-2">
            Returns
            <span
              className={`badge rounded-pill ${count > 0 ? 'text-bg-warning' : 'text-bg-light'}`}
              data-testid="returns-open"
            >
              {count}
            </span>
          </h2>
          <p className="text-muted small mb-1">
            {count === 0 ? 'No return is waiting.' : 'Requests to answer and parcels on their way back.'}
          </p>
          <Link to={paths.adminReturns()}>Open the returns queue</Link>
        </div>
      </section>
    </div>
  );
}

/** /admin/returns: open returns (or all), each linking to its order where the shop acts on it. */
export function AdminReturnsScreen() {
  const [status, setStatus] = useState('open');
  const { data, isPending } = useAdminReturns(status);
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">Returns</h1>
        <Form.Select
          aria-label="Show"
          className="w-auto ms-auto"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        >
          <option value="open">Waiting for the shop</option>
          <option value="all">All</option>
          <option value="received">Received, not refunded</option>
          <option value="refunded">Refunded</option>
          <option value="declined">Declined</option>
        </Form.Select>
      </div>
      {isPending || !data ? (
        <LoadingSpinner label="Loading returns…" />
      ) : data.returns.length === 0 ? (
        <p className="text-muted">No returns here.</p>
      ) : (
        <DataTable columns={COLUMNS} className="align-middle table table-sm">
          <tbody>
            {data.returns.map((r) => (
              <tr key={r.id}>
                <td>
                  #{r.id} {KINDS[r.kind]}
                  {r.reason && <div className="small text-muted">{RETURN_REASON_WORDS[r.reason]}</div>}
                </td>
                <td>
                  <Link to={paths.adminOrder(r.order_id)}>Order #{r.order_id}</Link>
                </td>
                <td>{r.customer_name ?? '—'}</td>
                <td className="small">{r.items.map((i) => `${i.product_name} × ${i.quantity}`).join(', ')}</td>
                <td>{RETURN_STATUS_WORDS[r.status]}</td>
                <td className="text-end text-nowrap">
                  {formatKsh(r.items.reduce((sum, i) => sum + Math.round(i.amount * 100), 0) / 100)}
                </td>
                <td className="text-nowrap">{formatDateTime(r.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </>
  );
}

const RATE_COLUMNS: DataColumn[] = [
  { label: 'Delivery' },
  { label: 'Area' },
  { label: 'Payment' },
  { label: 'Shipped', end: true },
  { label: 'Refused', end: true },
  { label: 'Delivered', end: true },
  { label: 'Returned', end: true },
];

const pct = (r: number | null) => (r === null ? '—' : `${Math.round(r * 1000) / 10}%`);

/** The dashboard's refusal and return rates by delivery method and area (docs/product.md section 15). */
export function ReturnRates({ rows }: { rows: NonNullable<Dashboard['returns_by_delivery']> }) {
  return (
    <CardSection id="return-rates" title="Refusals and returns by delivery" headingClassName="h6 mb-1" className="mb-4">
      <p className="small text-muted">
        Orders shipped in this period: how many were refused or not delivered, and how many delivered ones were
        returned.
      </p>
      {rows.length === 0 ? (
        <p className="text-muted small mb-0">No order was shipped in this period.</p>
      ) : (
        <DataTable columns={RATE_COLUMNS} className="table table-sm align-middle mb-0 dashboard-table">
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.method}|${r.area}|${r.payment_method}`}>
                <th scope="row" className="fw-normal">
                  {r.method}
                </th>
                <td>{r.area}</td>
                <td>{r.payment_method === 'pay_on_delivery' ? 'On delivery' : 'Online'}</td>
                <td className="text-end">{r.shipped}</td>
                <td className="text-end">
                  {r.refused} ({pct(r.refusal_rate)})
                </td>
                <td className="text-end">{r.delivered}</td>
                <td className="text-end">
                  {r.returned} ({pct(r.return_rate)})
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </CardSection>
  );
}
