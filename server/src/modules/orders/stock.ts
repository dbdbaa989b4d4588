import type { OrderItem } from '../../db/schema.js';
import type { OrdersRepository } from './repository.js';

export const ORDER_NOT_FOUND = 'Order not found.';
export const EXPIRED_MESSAGE = 'Your order reservation expired. Please recreate the order.';
export const EXPIRY_NOTE = 'Reservation expired';

/**
 * Takes every line's quantity off the shelf, or none: a line that cannot be reserved puts back
 * the lines already taken (same transaction) and false is returned.
 */
export async function reserveItems(
  repo: OrdersRepository,
  items: Pick<OrderItem, 'product_id' | 'quantity'>[],
  at: string,
): Promise<boolean> {
  const taken: { productId: number; quantity: number }[] = [];
  // A fixed order (by product id) so two transactions never wait on each other's rows in a cycle.
  const sorted = [...items].sort((a, b) => (a.product_id ?? 0) - (b.product_id ?? 0));
  for (const item of sorted) {
    if (item.product_id !== null && (await repo.reserveStock(item.product_id, item.quantity, at))) {
      taken.push({ productId: item.product_id, quantity: item.quantity });
      continue;
    }
    for (const t of taken) await repo.returnStock(t.productId, t.quantity, at);
    return false;
  }
  return true;
}

/** Puts every line's quantity back on the shelf (callers guard with stock_released_at). */
export async function releaseItems(
  repo: OrdersRepository,
  items: Pick<OrderItem, 'product_id' | 'quantity'>[],
  at: string,
): Promise<void> {
  for (const item of items) {
    if (item.product_id !== null) await repo.returnStock(item.product_id, item.quantity, at);
  }
}
