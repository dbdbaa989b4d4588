import type { Executor } from '../../db/database.js';
import type { Order } from '../../db/schema.js';
import { ordersRepository } from './repository.js';

/**
 * How the other modules read an order (the orders module owns the table): by id, or as the
 * customer's own (an order the shop made for them only once they may see it).
 */
export function findOrder(db: Executor, orderId: number): Promise<Order | undefined> {
  return ordersRepository(db).findById(orderId);
}

export function findCustomerOrder(db: Executor, orderId: number, userId: number): Promise<Order | undefined> {
  return ordersRepository(db).findOwned(orderId, userId);
}

/** The orders' reservation ends (`reserved_until`), by order id. */
export async function reservationEnds(db: Executor, orderIds: number[]): Promise<Map<number, string | null>> {
  const orders = await ordersRepository(db).reservationsOf(orderIds);
  return new Map(orders.map((o) => [o.id, o.reserved_until]));
}

/** Live products with the given ids, for pricing an order and its stock messages. */
export function productsForOrder(db: Executor, productIds: number[]) {
  return ordersRepository(db).productsForOrder(productIds);
}
