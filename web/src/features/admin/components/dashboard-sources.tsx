import type { Dashboard } from '@mtumba/contract/insights';
import { formatKsh } from '@mtumba/contract/money';
import { CardSection } from '@/components/ui/card-section';
import { DataTable, type DataColumn } from '@/components/ui/data-table';

const COLUMNS: DataColumn[] = [
  { label: 'Source' },
  { label: 'Arrivals', end: true },
  { label: 'Orders', end: true },
  { label: 'Conversion', end: true },
  { label: 'Sales', end: true },
];

/**
 * "Where orders come from": the period's sales by the source shoppers first arrived with (a
 * WhatsApp share, an Instagram link, the product feed…), a manual order's channel, or direct.
 */
export function DashboardSources({ sources }: { sources: Dashboard['sources'] }) {
  const rows = sources ?? [];
  return (
    <CardSection id="sources" title="Where orders come from" headingClassName="h6 mb-1" className="mb-4">
      <p className="small text-muted">
        Arrivals count shoppers who first came from a shared link (WhatsApp, Instagram, the product feed) or a known
        site; a shopper keeps that source for 30 days.
      </p>
      {rows.length === 0 ? (
        <p className="text-muted small mb-0">No sales or arrivals in this period.</p>
      ) : (
        <DataTable columns={COLUMNS} className="table table-sm align-middle mb-0 dashboard-table" cards>
          <tbody>
            {rows.map((s) => (
              <tr key={s.source} data-testid={`source-${s.source}`}>
                <td>{s.label}</td>
                <td className="text-end">{s.visits ?? '—'}</td>
                <td className="text-end">{s.orders}</td>
                <td className="text-end">{s.conversion === null ? '—' : `${Math.round(s.conversion * 1000) / 10}%`}</td>
                <td className="text-end text-nowrap">{formatKsh(s.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </CardSection>
  );
}
