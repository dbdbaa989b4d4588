import type { Db, Trx } from '../../db/database.js';
import { now } from '../../db/database.js';
import type { Order } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { PendingEvent } from '../../lib/events.js';
import { mailReceipt, mailRefundDueToCustomer, mailRefundDueToShop, type ShopContext } from './emails.js';
import { ordersRepository } from './repository.js';
import { EXPIRED_MESSAGE, EXPIRY_NOTE, ORDER_NOT_FOUND, reserveItems } from './stock.js';

/**
 * The order the customer may pay now. 404 "Order not found." if not theirs; 422 "This order is
 * already paid." / "This order can no longer be paid." if not pending+unpaid/failed; 410 "Your
 * order reservation expired. Please recreate the order." when expired. Extends reserved_until
 * once (to now + reservationSeconds) so a slow payment page does not expire mid-payment.
 */
export async function preparePayableOrder(
  db: Db,
  userId: number,
  orderId: number,
  reservationSeconds: number,
): Promise<Order> {
  const repo = ordersRepository(db);
  const order = await repo.findOwned(orderId, userId);
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  if (order.payment_status === 'paid') throw new DomainError('invalid', 'This order is already paid.');
  const at = now();
  const expired =
    order.order_status === 'pending' && (order.stock_released_at !== null || (order.reserved_until ?? at) < at);
  if (expired || (order.order_status === 'cancelled' && (await cancelledByExpiry(db, order)))) {
    throw new DomainError('gone', EXPIRED_MESSAGE);
  }
  if (order.order_status !== 'pending' || order.payment_status === 'refund_due') {
    throw new DomainError('invalid', 'This order can no longer be paid.');
  }
  if (order.reservation_extended_at !== null) return order;

  const extendedUntil = new Date(Date.now() + reservationSeconds * 1000).toISOString();
  if (order.reserved_until !== null && order.reserved_until >= extendedUntil) return order;
  // Conditional: the sweeper may be cancelling this very order right now.
  const updated = await db
    .updateTable('orders')
    .set({ reserved_until: extendedUntil, reservation_extended_at: at, updated_at: at })
    .where('id', '=', order.id)
    .where('order_status', '=', 'pending')
    .where('stock_released_at', 'is', null)
    .where('reservation_extended_at', 'is', null)
    .where('reserved_until', '>=', at)
    .returningAll()
    .executeTakeFirst();
  if (updated) return updated;
  const fresh = await repo.findById(order.id);
  if (!fresh || fresh.order_status !== 'pending' || fresh.stock_released_at !== null) {
    throw new DomainError('gone', EXPIRED_MESSAGE);
  }
  return fresh;
}

async function cancelledByExpiry(db: Db | Trx, order: Order): Promise<boolean> {
  const last = await ordersRepository(db).lastHistory(order.id);
  return last?.actor === 'system' && last.note === EXPIRY_NOTE;
}

/**
 * Inside the payment's transaction: apply a CONFIRMED payment. Idempotent (already paid →
 * 'already_paid', nothing changes). Pending → processing, payment_status 'paid', paid_at, history
 * (actor 'payment'), receipt e-mail queued. If the order was cancelled by expiry (stock released),
 * re-reserve every item atomically; if that works → processing and paid; otherwise payment_status
 * 'refund_due', order stays cancelled, shop e-mailed. Returns the events to emit after commit
 * ('order.status.updated' to the owner, 'order.paid' to admin).
 */
export async function applyPaymentSuccess(
  trx: Trx,
  orderId: number,
  ctx: ShopContext,
): Promise<{ outcome: 'paid' | 'already_paid' | 'refund_due'; events: PendingEvent[] }> {
  const repo = ordersRepository(trx);
  const order = await repo.findById(orderId);
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  if (order.payment_status === 'paid' || order.payment_status === 'refund_due') {
    return { outcome: order.payment_status === 'paid' ? 'already_paid' : 'refund_due', events: [] };
  }
  const at = now();

  // Stock still held (even if the reservation time passed but the sweeper has not run yet).
  const paid = await trx
    .updateTable('orders')
    .set({ order_status: 'processing', payment_status: 'paid', paid_at: at, updated_at: at })
    .where('id', '=', order.id)
    .where('order_status', '=', 'pending')
    .where('stock_released_at', 'is', null)
    .where('payment_status', 'in', ['unpaid', 'failed'])
    .returningAll()
    .executeTakeFirst();
  if (paid) return finishPaid(trx, paid, 'pending', 'Payment received', ctx);

  const current = (await repo.findById(order.id))!;
  if (current.payment_status === 'paid') return { outcome: 'already_paid', events: [] };
  if (current.payment_status === 'refund_due') return { outcome: 'refund_due', events: [] };

  const expiredAndReleased =
    current.order_status === 'cancelled' &&
    current.stock_released_at !== null &&
    (await cancelledByExpiry(trx, current));
  if (expiredAndReleased) {
    const items = await repo.itemsOf([current.id]);
    if (await reserveItems(repo, items, at)) {
      const revived = await trx
        .updateTable('orders')
        .set({
          order_status: 'processing',
          payment_status: 'paid',
          paid_at: at,
          stock_released_at: null,
          updated_at: at,
        })
        .where('id', '=', current.id)
        .where('order_status', '=', 'cancelled')
        .returningAll()
        .executeTakeFirstOrThrow();
      return finishPaid(
        trx,
        revived,
        'cancelled',
        'Payment received after the reservation expired; items reserved again',
        ctx,
      );
    }
  }

  // Cancelled (by expiry with the items gone, or by the shop) or otherwise unpayable: refund.
  const flagged = await trx
    .updateTable('orders')
    .set({ payment_status: 'refund_due', paid_at: at, updated_at: at })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await repo.addHistory({
    order_id: flagged.id,
    from_status: flagged.order_status,
    to_status: flagged.order_status,
    actor: 'payment',
    note: 'Payment received but the items are no longer available: refund due',
    created_at: at,
  });
  const customer = flagged.user_id !== null ? await repo.findUser(flagged.user_id) : undefined;
  await mailRefundDueToShop(trx, ctx, flagged, customer);
  if (customer) await mailRefundDueToCustomer(trx, ctx, customer, flagged);
  return {
    outcome: 'refund_due',
    events: [
      {
        name: 'order.status.updated',
        payload: { userId: flagged.user_id, id: flagged.id, status: flagged.order_status, updated_at: at },
      },
    ],
  };
}

async function finishPaid(
  trx: Trx,
  order: Order,
  from: Order['order_status'],
  note: string,
  ctx: ShopContext,
): Promise<{ outcome: 'paid'; events: PendingEvent[] }> {
  const repo = ordersRepository(trx);
  await repo.addHistory({
    order_id: order.id,
    from_status: from,
    to_status: order.order_status,
    actor: 'payment',
    note,
    created_at: order.updated_at,
  });
  if (order.user_id !== null) {
    const [customer, items] = await Promise.all([repo.findUser(order.user_id), repo.itemsOf([order.id])]);
    if (customer) await mailReceipt(trx, ctx, customer, order, items);
  }
  const payload = { userId: order.user_id, id: order.id, status: order.order_status, updated_at: order.updated_at };
  return {
    outcome: 'paid',
    events: [
      { name: 'order.status.updated', payload },
      { name: 'order.paid', payload },
    ],
  };
}

/**
 * Inside the payment's transaction: a failed attempt; payment_status 'failed' unless already
 * paid; the order stays pending while its reservation lasts.
 */
export async function applyPaymentFailure(trx: Trx, orderId: number): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ payment_status: 'failed', updated_at: now() })
    .where('id', '=', orderId)
    .where('payment_status', 'in', ['unpaid', 'failed'])
    .execute();
}
