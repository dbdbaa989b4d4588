import { MONEY_RECEIVED_STATUSES } from '@mtumba/contract';
import type { Db } from '../../db/database.js';
import { now } from '../../db/database.js';
import type { Order } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { cancelledByExpiry } from './lifecycle.js';
import { EXPIRED_MESSAGE, ORDER_NOT_FOUND } from './messages.js';
import { ordersRepository } from './repository.js';

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
  const order = await ordersRepository(db).findOwned(orderId, userId);
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  return preparePayable(db, order, reservationSeconds);
}

/**
 * `preparePayableOrder` for an order the caller has already authorised (its owner, or a signed
 * pay link): the same checks and the same one-time extension of the reservation.
 */
export async function preparePayable(db: Db, order: Order, reservationSeconds: number): Promise<Order> {
  const repo = ordersRepository(db);
  if (MONEY_RECEIVED_STATUSES.includes(order.payment_status)) {
    throw new DomainError(
      'invalid',
      order.payment_status === 'paid' ? 'This order is already paid.' : 'This order can no longer be paid.',
    );
  }
  const at = now();
  const expired =
    order.order_status === 'pending' && (order.stock_released_at !== null || (order.reserved_until ?? at) < at);
  if (expired || (order.order_status === 'cancelled' && (await cancelledByExpiry(db, order)))) {
    throw new DomainError('gone', EXPIRED_MESSAGE);
  }
  if (order.order_status !== 'pending') {
    throw new DomainError('invalid', 'This order can no longer be paid.');
  }
  if (order.reservation_extended_at !== null) return order;

  const extendedUntil = new Date(Date.now() + reservationSeconds * 1000).toISOString();
  if (order.reserved_until !== null && order.reserved_until >= extendedUntil) return order;
  // Conditional: the sweeper may be cancelling this very order right now.
  const updated = await repo.extendReservation(order.id, extendedUntil, at);
  if (updated) return updated;
  const fresh = await repo.findById(order.id);
  if (!fresh || fresh.order_status !== 'pending' || fresh.stock_released_at !== null) {
    throw new DomainError('gone', EXPIRED_MESSAGE);
  }
  return fresh;
}
