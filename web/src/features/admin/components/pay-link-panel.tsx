import Card from 'react-bootstrap/Card';
import type { AdminOrderDetailJson } from '@mtumba/contract/order';
import { usePayLink } from '../api/get-pay-link';
import { PayLinkShare } from './pay-link-share';

const UNPAID = ['unpaid', 'pending', 'failed'];

/** On an unpaid manual order: its pay link to send again (nothing for an order without one). */
export function PayLinkPanel({ order }: { order: AdminOrderDetailJson }) {
  const open = order.order_status === 'pending' && UNPAID.includes(order.payment_status);
  const link = usePayLink(order.id, open);
  if (!open || !link.data) return null;
  return (
    <Card as="section" aria-label="Pay link" className="mb-4">
      <Card.Body>
        <PayLinkShare link={link.data} phone={order.shipping_phone} />
      </Card.Body>
    </Card>
  );
}
