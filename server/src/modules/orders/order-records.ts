import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Order, OrderItem, RefundsTable } from '../../db/schema.js';
import { ordersRepository } from './repository.js';

/**
 * The order reads and the refund row other modules need (returns: docs/product.md section 15),
 * so they never reach into this module's repository. Moves still go through `runOrderMove`.
 */

export function findOrder(db: Executor, id: number): Promise<Order | undefined> {
  return ordersRepository(db).findById(id);
}

/** The customer's own order, as they may see it. */
export function findOwnOrder(db: Executor, id: number, userId: number): Promise<Order | undefined> {
  return ordersRepository(db).findOwned(id, userId);
}

export function orderLines(db: Executor, orderIds: number[]): Promise<OrderItem[]> {
  return ordersRepository(db).itemsOf(orderIds);
}

/** The order's customer (name and e-mail), or undefined once the account is gone. */
export async function orderCustomer(db: Executor, order: Order) {
  return order.user_id === null ? undefined : ordersRepository(db).findUser(order.user_id);
}

/** The refund row of a `record_refund` move (call it in the move's `within`). */
export function insertRefundRow(db: Executor, values: Insertable<RefundsTable>): Promise<void> {
  return ordersRepository(db).insertRefund(values);
}
