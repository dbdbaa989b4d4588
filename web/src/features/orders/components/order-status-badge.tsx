import { statusLabel } from '@mtumba/contract/order-states';

const TONE: Record<string, string> = {
  pending: 'text-bg-warning',
  processing: 'text-bg-info',
  shipped: 'text-bg-primary',
  delivered: 'text-bg-success',
  cancelled: 'text-bg-secondary',
};

export function OrderStatusBadge({ status }: { status: string }) {
  return <span className={`badge ${TONE[status] ?? 'text-bg-light'}`}>{statusLabel(status)}</span>;
}
