import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { PaginationNav } from '@/components/ui/pagination-nav';
import { SECURITY_LOG_PER_PAGE, useSecurityLog, type SecurityEvent } from '../api/get-security-events';
import { usePageParam } from '../hooks/use-page-param';
import { failureMessage } from './failure-message';
import { formatDateTime } from './format';

const EVENT_COLUMNS: DataColumn[] = [
  { label: 'When' },
  { label: 'What' },
  { label: 'Details' },
  { label: 'IP address' },
];

const LABELS: Record<string, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in (wrong password)',
  signed_out: 'Signed out',
  password_changed: 'Password changed',
  password_reset: 'Password reset by e-mail link',
  email_change_requested: 'E-mail change asked for',
  email_changed: 'E-mail changed',
  email_change_cancelled: 'E-mail change cancelled from the old address',
  session_revoked: 'One session signed out',
  sessions_revoked: 'Signed out everywhere else',
  admin_order_changed: 'Order changed by an admin',
  account_created_by_shop: 'Account created by the shop (manual order)',
  account_claimed: 'Account taken over with the texted link (e-mail and password set)',
  admin_product_created: 'Product created',
  admin_product_updated: 'Product updated',
  admin_product_deleted: 'Product deleted',
};

function details(event: SecurityEvent): string {
  return Object.entries(event.detail)
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${String(value)}`)
    .join(', ');
}

/** An account's security log, for the shop's admins: newest first, a page at a time. */
export function SecurityLogScreen({ userId }: { userId: string | undefined }) {
  const id = Number(userId);
  const { page, hrefFor } = usePageParam();
  const log = useSecurityLog(id, page);

  if (!Number.isInteger(id) || id < 1) return <p role="alert">User not found.</p>;
  if (log.isPending) return <LoadingSpinner label="Loading the security log" />;
  if (log.isError) {
    return (
      <LoadError
        message={failureMessage('Could not load the security log', log.error)}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  }
  const { user, events, total } = log.data;
  const pageCount = Math.max(1, Math.ceil(total / SECURITY_LOG_PER_PAGE));
  return (
    <>
      <title>{`Security log of ${user.name} — Mtumba`}</title>
      <h1 className="h3 mb-1">Security log</h1>
      <p className="text-body-secondary">
        {user.name} ({user.email}){user.is_admin ? ', admin' : ''}: sign-ins, account changes and sessions ended.
      </p>
      {events.length === 0 ? (
        <p>Nothing recorded yet.</p>
      ) : (
        <DataTable columns={EVENT_COLUMNS} className="table table-sm" aria-label="Security events" cards>
          <tbody>
            {events.map((event) => (
              <tr key={event.id}>
                <td className="text-nowrap">{formatDateTime(event.created_at)}</td>
                <td>
                  {LABELS[event.kind] ?? event.kind}
                  {event.actor_id !== null && event.actor_id !== user.id && (
                    <span className="small text-body-secondary"> (by admin #{event.actor_id})</span>
                  )}
                </td>
                <td className="small text-break">{details(event)}</td>
                <td className="small">{event.ip ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <PaginationNav page={page} pageCount={pageCount} hrefFor={hrefFor} label="Security log pages" />
    </>
  );
}
