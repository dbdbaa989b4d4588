import { statusLabel } from '@mtumba/contract/order-states';

/** One badge style per order status; the colours live in styles.css (.tag--*), all AA on their fill. */
export function OrderStatusBadge({ status }: { status: string }) {
  return <span className={`tag tag--${status}`}>{statusLabel(status)}</span>;
}
