import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { OrderStatus, OrdersTable, PaymentStatus } from '../../db/schema.js';
import type { Insertable } from 'kysely';

export interface HistoryEntry {
  order_id: number;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  actor: 'customer' | 'admin' | 'system' | 'payment';
  actor_user_id?: number | null;
  note?: string | null;
  created_at: string;
}

/** Orders, their lines and history; stock moves made on behalf of orders. */
export function ordersRepository(db: Executor) {
  return {
    findById(id: number) {
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findOwned(id: number, userId: number) {
      return db.selectFrom('orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },

    listForUser(userId: number) {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The payment statuses of the customer's orders so far (the first-order offer looks at them). */
    async paymentStatusesOf(userId: number): Promise<PaymentStatus[]> {
      const rows = await db
        .selectFrom('orders')
        .select('payment_status')
        .distinct()
        .where('user_id', '=', userId)
        .execute();
      return rows.map((r) => r.payment_status);
    },

    /** Live products with the given ids, for pricing and stock messages. */
    productsForOrder(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('products')
        .select(['id', 'name', 'price_cents', 'stock_quantity'])
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute();
    },

    /** A page of all orders, newest first, optionally of one status, with the total count. */
    async page(filter: { status?: OrderStatus; limit: number; offset: number }) {
      let base = db.selectFrom('orders');
      if (filter.status) base = base.where('order_status', '=', filter.status);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Pending orders whose reservation ran out and whose stock is still held. */
    expiredCandidates(at: string, limit: number) {
      return db
        .selectFrom('orders')
        .select('id')
        .where('order_status', '=', 'pending')
        .where('payment_status', '!=', 'paid')
        .where('reserved_until', '<', at)
        .where('stock_released_at', 'is', null)
        .orderBy('reserved_until')
        .limit(limit)
        .execute();
    },

    /** Takes `quantity` off the shelf if that many are there; false when not (nothing changes). */
    async reserveStock(productId: number, quantity: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('products')
        .set({ stock_quantity: sql`stock_quantity - ${quantity}`, updated_at: at })
        .where('id', '=', productId)
        .where('stock_quantity', '>=', quantity)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async returnStock(productId: number, quantity: number, at: string): Promise<void> {
      await db
        .updateTable('products')
        .set({ stock_quantity: sql`stock_quantity + ${quantity}`, updated_at: at })
        .where('id', '=', productId)
        .execute();
    },

    async insertOrder(values: Insertable<OrdersTable>) {
      return db.insertInto('orders').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async insertItems(
      items: {
        order_id: number;
        product_id: number;
        product_name: string;
        product_image_key: string | null;
        unit_price_cents: number;
        quantity: number;
      }[],
    ): Promise<void> {
      if (items.length === 0) return;
      await db.insertInto('order_items').values(items).execute();
    },

    async addHistory(entry: HistoryEntry): Promise<void> {
      await db
        .insertInto('order_history')
        .values({ ...entry, actor_user_id: entry.actor_user_id ?? null, note: entry.note ?? null })
        .execute();
    },

    itemsOf(orderIds: number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('order_items')
        .selectAll()
        .where('order_id', 'in', orderIds)
        .orderBy('order_id')
        .orderBy('id')
        .execute();
    },

    historyOf(orderIds: number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('order_history')
        .selectAll()
        .where('order_id', 'in', orderIds)
        .orderBy('order_id')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** The latest history entry of an order: tells why a cancelled order was cancelled. */
    lastHistory(orderId: number) {
      return db
        .selectFrom('order_history')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    paymentsOf(orderId: number) {
      return db
        .selectFrom('payments')
        .select(['reference', 'provider', 'status', 'amount_cents', 'method', 'created_at'])
        .where('order_id', '=', orderId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    usersByIds(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', ids).execute();
    },

    findUser(id: number) {
      return db.selectFrom('users').select(['id', 'name', 'email']).where('id', '=', id).executeTakeFirst();
    },
  };
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
