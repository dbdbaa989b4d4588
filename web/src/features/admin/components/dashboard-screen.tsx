import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import {
  DASHBOARD_RANGE_LABELS,
  DASHBOARD_RANGES,
  isCalendarDate,
  type AttentionOrder,
  type Dashboard,
  type DashboardRange,
} from '@mtumba/contract/insights';
import { formatKsh } from '@mtumba/contract/money';
import { statusLabel } from '@mtumba/contract/order-states';
import { CardSection } from '@/components/ui/card-section';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { useDashboard, type DashboardPeriod } from '../api/get-dashboard';
import { CsvExportButton } from './csv-export-button';
import { DashboardSources } from './dashboard-sources';
import { failureMessage } from './failure-message';
import { formatDateTime } from './format';
import { RevenueChart } from './revenue-chart';
import { ToShipCount } from './to-ship-screen';
import { ReturnRates, ReturnsQueueCard } from './admin-returns-screen';

function periodFrom(params: URLSearchParams): DashboardPeriod {
  const from = params.get('from');
  const to = params.get('to');
  if (from && to && isCalendarDate(from) && isCalendarDate(to) && from <= to) return { from, to };
  const range = params.get('range') as DashboardRange | null;
  return { range: range && DASHBOARD_RANGES.includes(range) ? range : '30d' };
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="col-6 col-lg-3">
      <div className="card h-100 dashboard-figure">
        <div className="card-body">
          <h2 className="dashboard-figure__label">{label}</h2>
          <p className="dashboard-figure__value" data-testid={`figure-${label.toLowerCase().replace(/\s+/g, '-')}`}>
            {value}
          </p>
          {note && <p className="dashboard-figure__note">{note}</p>}
        </div>
      </div>
    </div>
  );
}

function AttentionCard({
  title,
  empty,
  list,
  detail,
}: {
  title: string;
  empty: string;
  list: { count: number; orders: AttentionOrder[] };
  detail: (o: AttentionOrder) => string;
}) {
  return (
    <div className="col-12 col-lg-4">
      <section className="card h-100" aria-label={title}>
        <div className="card-body">
          <h2 className="h6 d-flex align-items-center gap-2">
            {title}
            <span className={`badge rounded-pill ${list.count > 0 ? 'text-bg-warning' : 'text-bg-light'}`}>
              {list.count}
            </span>
          </h2>
          {list.count === 0 ? (
            <p className="text-muted small mb-0">{empty}</p>
          ) : (
            <ul className="list-unstyled mb-0 attention-list">
              {list.orders.map((o) => (
                <li key={o.id}>
                  <Link to={paths.adminOrder(o.id)} className="attention-list__link">
                    <span className="fw-semibold">Order #{o.id}</span>
                    <span className="text-muted small">
                      {o.customer} · {detail(o)}
                    </span>
                  </Link>
                </li>
              ))}
              {list.count > list.orders.length && (
                <li className="small text-muted">and {list.count - list.orders.length} more</li>
              )}
            </ul>
          )}
        </div>
      </section>
    </div>
  );
}

const DAY_COLUMNS: DataColumn[] = [{ label: 'Day' }, { label: 'Orders', end: true }, { label: 'Revenue', end: true }];

const SELL_THROUGH_COLUMNS: DataColumn[] = [
  { label: 'Category' },
  { label: 'Listed', end: true },
  { label: 'Sold', end: true },
  { label: 'Sell-through', end: true },
  { label: 'Median days', end: true },
];

function percent(value: number | null): string {
  return value === null ? '—' : `${Math.round(value * 1000) / 10}%`;
}

function Figures({ data }: { data: Dashboard }) {
  const { totals } = data;
  return (
    <>
      <div className="row g-3 mb-4">
        <Figure
          label="Revenue"
          value={formatKsh(totals.revenue)}
          note={totals.refunded > 0 ? `after ${formatKsh(totals.refunded)} refunded` : undefined}
        />
        <Figure label="Orders" value={String(totals.orders)} />
        <Figure label="Average order" value={formatKsh(totals.average_order_value)} />
        <Figure label="Items sold" value={String(totals.items_sold)} />
      </div>

      <CardSection id="revenue-by-day" title="Revenue by day" headingClassName="h6" className="mb-4">
        <RevenueChart days={data.by_day} />
        <details className="mt-2 small">
          <summary>Show as a table</summary>
          <DataTable columns={DAY_COLUMNS} className="table table-sm mb-0">
            <tbody>
              {data.by_day.map((d) => (
                <tr key={d.date}>
                  <td>{d.date}</td>
                  <td className="text-end">{d.orders}</td>
                  <td className="text-end">{formatKsh(d.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </details>
      </CardSection>

      <div className="row g-3 mb-4">
        <AttentionCard
          title="Unpaid, about to expire"
          empty="No unpaid order is holding items."
          list={data.attention.expiring_unpaid}
          detail={(o) => `${formatKsh(o.amount)}, until ${formatDateTime(o.at)}`}
        />
        <AttentionCard
          title="Refunds due"
          empty="No refund is due."
          list={data.attention.refunds_due}
          detail={(o) => `${formatKsh(o.amount)} to pay back`}
        />
        <AttentionCard
          title="Cancellation requests"
          empty="No request is waiting."
          list={data.attention.cancel_requests}
          detail={(o) => `${statusLabel(o.order_status as never)}, asked ${formatDateTime(o.at)}`}
        />
        <ReturnsQueueCard />
      </div>

      <div className="row g-3 mb-4">
        <div className="col-12 col-lg-6">
          <CardSection id="top-categories" title="Top categories" headingClassName="h6" className="h-100">
            <RankTable
              rows={data.top_categories.map((c) => ({
                key: String(c.id),
                name: c.name,
                revenue: c.revenue,
                items: c.items,
              }))}
              nameLabel="Category"
            />
          </CardSection>
        </div>
        <div className="col-12 col-lg-6">
          <CardSection id="top-brands" title="Top brands" headingClassName="h6" className="h-100">
            <RankTable
              rows={data.top_brands.map((b) => ({ key: b.brand, name: b.brand, revenue: b.revenue, items: b.items }))}
              nameLabel="Brand"
            />
          </CardSection>
        </div>
      </div>

      <DashboardSources sources={data.sources} />
      <ReturnRates rows={data.returns_by_delivery ?? []} />

      <CardSection
        id="sell-through"
        title="Sell-through of the items listed in this period"
        headingClassName="h6 mb-1"
        className="mb-4"
      >
        <p className="small text-muted">
          Of the items listed in the period, how many have sold since, and the median days from listing to sale.
        </p>
        {data.categories.length === 0 ? (
          <p className="text-muted small mb-0">No items were listed in this period.</p>
        ) : (
          <DataTable columns={SELL_THROUGH_COLUMNS} className="table table-sm align-middle mb-0 dashboard-table">
            <tbody>
              {data.categories.map((c) => (
                <tr key={String(c.id)}>
                  <th scope="row" className="fw-normal">
                    {c.name}
                  </th>
                  <td className="text-end">{c.listed}</td>
                  <td className="text-end">{c.sold}</td>
                  <td className="text-end">{percent(c.sell_through)}</td>
                  <td className="text-end">
                    {c.median_days_to_sell === null ? '—' : c.median_days_to_sell.toFixed(1)}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </CardSection>
    </>
  );
}

function RankTable({
  rows,
  nameLabel,
}: {
  rows: { key: string; name: string; revenue: number; items: number }[];
  nameLabel: string;
}) {
  if (rows.length === 0) return <p className="text-muted small mb-0">No sales in this period.</p>;
  return (
    <DataTable
      columns={[{ label: nameLabel }, { label: 'Items', end: true }, { label: 'Sales', end: true }]}
      className="table table-sm align-middle mb-0"
      responsive={false}
    >
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row" className="fw-normal">
              {r.name}
            </th>
            <td className="text-end">{r.items}</td>
            <td className="text-end text-nowrap">{formatKsh(r.revenue)}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** /admin: the admin's home — the period's figures, the chart and what needs attention. */
export function DashboardScreen() {
  const [params, setParams] = useSearchParams();
  const period = periodFrom(params);
  const dashboard = useDashboard(period);
  const [from, setFrom] = useState('from' in period ? period.from : '');
  const [to, setTo] = useState('to' in period ? period.to : '');

  const applyDates = (e: FormEvent) => {
    e.preventDefault();
    if (!isCalendarDate(from) || !isCalendarDate(to)) {
      toast.error('Choose both dates.');
      return;
    }
    if (to < from) {
      toast.error('The to date must be on or after the from date.');
      return;
    }
    setParams({ from, to });
  };

  const range = dashboard.data?.range;
  const ordersCsv = range
    ? {
        path: '/admin/orders.csv',
        query: { from: range.from, to: range.to },
        filename: `orders-${range.from}-to-${range.to}.csv`,
      }
    : null;

  return (
    <div className="container py-4 dashboard">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">Dashboard</h1>
        <CsvExportButton download={ordersCsv}>Export orders (CSV)</CsvExportButton>
      </div>

      <div className="d-flex flex-wrap align-items-end gap-3 mb-2">
        <div className="range-picker" role="group" aria-label="Period">
          {DASHBOARD_RANGES.map((r) => (
            <button
              key={r}
              type="button"
              className={`btn ${'range' in period && period.range === r ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={'range' in period && period.range === r}
              onClick={() => setParams({ range: r })}
            >
              {DASHBOARD_RANGE_LABELS[r]}
            </button>
          ))}
        </div>
        <form className="d-flex flex-wrap align-items-end gap-2" onSubmit={applyDates} aria-label="Chosen dates">
          <div>
            <label htmlFor="dash-from" className="form-label small mb-1">
              From
            </label>
            <input
              id="dash-from"
              type="date"
              className="form-control"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor="dash-to" className="form-label small mb-1">
              To
            </label>
            <input
              id="dash-to"
              type="date"
              className="form-control"
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-outline-primary">
            Show
          </button>
        </form>
      </div>
      <ToShipCount />
      {dashboard.data && (
        <p className="small text-muted mb-3" data-testid="dashboard-range">
          {dashboard.data.range.from === dashboard.data.range.to
            ? dashboard.data.range.from
            : `${dashboard.data.range.from} to ${dashboard.data.range.to}`}{' '}
          (Nairobi time). Revenue counts paid orders, less refunds; cancelled orders are left out.
        </p>
      )}

      {dashboard.isPending ? (
        <LoadingSpinner label="Loading figures…" className="py-4" />
      ) : dashboard.isError ? (
        <LoadError
          message={failureMessage('Failed to load data', dashboard.error)}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : (
        <Figures data={dashboard.data} />
      )}
    </div>
  );
}
