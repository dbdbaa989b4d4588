import { formatKshCents, statusLabel, type OrderMail } from '@mtumba/contract';
import type { Executor } from '../../db/database.js';
import type { Order } from '../../db/schema.js';
import type { PendingEvent } from '../../lib/events.js';
import { queueAdminPush, queuePush, type PushMessage } from '../push/outbox.js';

/**
 * Phone notifications of an order move (docs/product.md, Notifications on this phone), queued in
 * the move's transaction beside its e-mail: the customer hears of the same moments the e-mails
 * tell them about; the admins of what their bell shows (paid orders, orders to be paid on delivery,
 * cancellation requests).
 */

const statusWords: Partial<Record<Order['order_status'], string>> = {
  processing: 'We are preparing your order.',
  shipped: 'Your order is on its way.',
  delivered: 'Your order was delivered. We hope you love it!',
  cancelled: 'Your order was cancelled. If you already paid, we will refund you shortly.',
};

function customerMessage(mail: OrderMail, order: Order, refundCents: number): [string, PushMessage] | undefined {
  const at = { url: `/orders/${order.id}`, tag: `order-${order.id}` };
  const label = statusLabel(order.order_status);
  switch (mail) {
    case 'status':
    case 'cancelled':
      return [
        `order_${order.order_status}`,
        {
          title: `Order #${order.id} is ${label.toLowerCase()}`,
          body: statusWords[order.order_status] ?? `Your order is now ${label}.`,
          ...at,
        },
      ];
    case 'receipt':
      return [
        'order_paid',
        {
          title: `Order #${order.id} is paid`,
          body: `We received your payment of ${formatKshCents(order.total_cents)}. We will tell you when it is on its way.`,
          ...at,
        },
      ];
    case 'pay_on_delivery':
      return [
        'order_pay_on_delivery',
        {
          title: `Order #${order.id} is confirmed`,
          body: 'You pay on delivery. We are preparing it.',
          ...at,
        },
      ];
    case 'expired':
      return [
        'order_expired',
        {
          title: `Order #${order.id} expired`,
          body: 'The payment did not arrive in time, so the items went back on sale.',
          ...at,
        },
      ];
    case 'late_payment':
      return [
        'order_refund_due_customer',
        {
          title: `We will refund order #${order.id}`,
          body: 'Your payment arrived after the order had expired. We are sorry: we will refund you shortly.',
          ...at,
        },
      ];
    case 'cancel_declined':
      return [
        'order_cancel_declined',
        {
          title: `Order #${order.id} was not cancelled`,
          body: order.cancel_request_note ?? 'We looked at your request and could not cancel this order.',
          ...at,
        },
      ];
    case 'refunded':
      return [
        'order_refunded',
        {
          title: `Refund for order #${order.id}`,
          body: `We sent ${formatKshCents(refundCents)} back to you.`,
          ...at,
        },
      ];
    case 'cancel_request':
      return undefined;
  }
}

/** Queues the move's notifications: the customer's (by the row's e-mail), then the admins' (by its events). */
export async function pushOrderMove(
  db: Executor,
  order: Order,
  mail: OrderMail | undefined,
  events: readonly PendingEvent[],
  refundCents = 0,
): Promise<void> {
  const mine = mail ? customerMessage(mail, order, refundCents) : undefined;
  if (mine) await queuePush(db, order.user_id, mine[0], mine[1]);
  for (const event of events) {
    const at = { url: `/admin/orders/${order.id}`, tag: `admin-order-${order.id}` };
    if (event.name === 'order.paid') {
      await queueAdminPush(db, 'admin_order_paid', {
        title: `Order #${order.id} was paid`,
        body: `${formatKshCents(order.total_cents)} received: ready to ship.`,
        ...at,
      });
    }
    if (event.name === 'order.pay_on_delivery') {
      await queueAdminPush(db, 'admin_order_pay_on_delivery', {
        title: `Order #${order.id}: pay on delivery`,
        body: `Collect ${formatKshCents(order.total_cents)} on delivery: ready to ship.`,
        ...at,
      });
    }
    if (event.name === 'order.cancel_requested') {
      await queueAdminPush(db, 'admin_cancel_request', {
        title: `Order #${order.id}: cancellation requested`,
        body: 'The customer asks to cancel this order. Open it to answer.',
        ...at,
      });
    }
  }
}
