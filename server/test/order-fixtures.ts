import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/database.js';
import type { Order, OrderStatus, PaymentStatus } from '../src/db/schema.js';
import { insertProduct } from './catalog.js';

/** A product straight in the database (the catalogue's API is not what order tests are about). */
export async function orderableProduct(
  db: Db,
  options: { name?: string; priceCents?: number; stock?: number; imageKey?: string } = {},
): Promise<{ id: number; name: string; priceCents: number }> {
  const name = options.name ?? `Item ${randomBytes(3).toString('hex')}`;
  const priceCents = options.priceCents ?? 500_00;
  const id = await insertProduct(db, {
    name,
    description: `${name} in good condition`,
    price_cents: priceCents,
    stock_quantity: options.stock ?? 1,
    condition: 'good',
    images: options.imageKey ? [options.imageKey] : [],
  });
  return { id, name, priceCents };
}

export async function stockOf(db: Db, productId: number): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select('stock_quantity')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return row.stock_quantity;
}

export async function orderRow(db: Db, orderId: number): Promise<Order> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

export async function historyOf(db: Db, orderId: number) {
  return db.selectFrom('order_history').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** Messages in the outbox, optionally only those to one address. */
export async function mailsTo(db: Db, to?: string) {
  let q = db.selectFrom('mail_outbox').selectAll().orderBy('id');
  if (to) q = q.where('to_address', '=', to);
  return q.execute();
}

/** Moves an order's reservation into the past, as if the customer walked away. */
export async function expireReservation(db: Db, orderId: number, secondsAgo = 60): Promise<void> {
  await db
    .updateTable('orders')
    .set({ reserved_until: new Date(Date.now() - secondsAgo * 1000).toISOString() })
    .where('id', '=', orderId)
    .execute();
}

/**
 * Sets an order's state directly, for tests that start from a given point of its life. An order
 * put in processing, shipped or delivered is paid unless the test says otherwise, as in the shop.
 */
export async function setOrderState(
  db: Db,
  orderId: number,
  state: {
    order_status?: OrderStatus;
    payment_status?: PaymentStatus;
    paid_at?: string | null;
  },
): Promise<void> {
  const paidStatus = state.order_status && ['processing', 'shipped', 'delivered'].includes(state.order_status);
  const values =
    paidStatus && state.payment_status === undefined
      ? { payment_status: 'paid' as const, paid_at: new Date().toISOString(), ...state }
      : state;
  await db.updateTable('orders').set(values).where('id', '=', orderId).execute();
}

export const KENYAN_PHONE = '0712 345 678';

export function orderBody(items: { product_id: number; quantity: number }[], extra: Record<string, unknown> = {}) {
  return {
    items,
    shipping_address: 'CBD Delivery',
    shipping_phone: KENYAN_PHONE,
    discount_code: null,
    ...extra,
  };
}
