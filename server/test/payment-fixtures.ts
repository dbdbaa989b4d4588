import type { FastifyInstance } from 'fastify';
import { now, type Db } from '../src/db/database.js';
import type { Order } from '../src/db/schema.js';
import { expireUnpaidOrders } from '../src/modules/orders/sweeper.js';
import { bearer } from './helpers.js';

let productCounter = 0;

/** A live product straight in the database (the catalogue's own tests cover its routes). */
export async function createProduct(
  db: Db,
  options: { priceCents?: number; stock?: number; name?: string } = {},
): Promise<{ id: number; name: string; price_cents: number }> {
  productCounter += 1;
  const name = options.name ?? `Denim jacket ${productCounter}`;
  const at = now();
  const row = await db
    .insertInto('products')
    .values({
      name,
      description: 'Second-hand, good condition.',
      price_cents: options.priceCents ?? 150_000,
      stock_quantity: options.stock ?? 1,
      size: 'M',
      brand: null,
      condition: 'good',
      color: null,
      is_featured: 0,
      is_trending: 0,
      search_text: name.toLowerCase(),
      created_at: at,
      updated_at: at,
      deleted_at: null,
    })
    .returning(['id', 'name', 'price_cents'])
    .executeTakeFirstOrThrow();
  return row;
}

/** Places an order through the real API (prices, offers and the stock reservation included). */
export async function placeOrder(
  app: FastifyInstance,
  token: string,
  items: { product_id: number; quantity: number }[],
  shippingPhone = '0712 345 678',
): Promise<Order> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(token),
    payload: { items, shipping_address: 'Paid custom delivery', shipping_phone: shippingPhone, discount_code: null },
  });
  if (response.statusCode !== 201) throw new Error(`placing the order failed: ${response.statusCode} ${response.body}`);
  const id = (response.json() as { order: { id: number } }).order.id;
  return app.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Runs the reservation sweeper as if the clock had moved past every reservation. */
export async function expireAllReservations(db: Db): Promise<number[]> {
  return expireUnpaidOrders(db, new Date(Date.now() + 24 * 3600 * 1000));
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

export async function paymentsOf(db: Db, orderId: number) {
  return db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export async function mailTo(db: Db, address: string) {
  return db.selectFrom('mail_outbox').selectAll().where('to_address', '=', address).orderBy('id').execute();
}

export async function notificationCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('payment_notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function paymentHistory(db: Db, orderId: number) {
  return db
    .selectFrom('order_history')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('actor', '=', 'payment')
    .orderBy('id')
    .execute();
}
