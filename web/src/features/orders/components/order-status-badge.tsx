import messages from '@/i18n/catalogs/en/orders.json';
import { useT } from '@/i18n';
import { statusText } from './status-label';

/** One badge style per order status; the colours live in styles.css (.tag--*), all AA on their fill. */
export function OrderStatusBadge({ status }: { status: string }) {
  const t = useT(messages);
  return <span className={`tag tag--${status}`}>{statusText(t, status)}</span>;
}
