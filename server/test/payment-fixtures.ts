import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/database.js';
import type { Order } from '../src/db/schema.js';
import { expireUnpaidOrders } from '../src/modules/orders/sweeper.js';
import { insertProduct } from './catalog.js';
import { bearer } from './helpers.js';

export { mailsTo as mailTo, orderRow, stockOf } from './order-fixtures.js';

let productCounter = 0;

/** A live product straight in the database (the catalogue's own tests cover its routes). */
export async function createProduct(
  db: Db,
  options: { priceCents?: number; stock?: number; name?: string } = {},
): Promise<{ id: number; name: string; price_cents: number }> {
  productCounter += 1;
  const name = options.name ?? `Denim jacket ${productCounter}`;
  const price_cents = options.priceCents ?? 150_000;
  const id = await insertProduct(db, {
    name,
    description: 'Second-hand, good condition.',
    price_cents,
    stock_quantity: options.stock ?? 1,
    size: 'M',
    condition: 'good',
  });
  return { id, name, price_cents };
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

export async function paymentsOf(db: Db, orderId: number) {
  return db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
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
