import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { OrderStatus, OrdersTable } from '../../db/schema.js';
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

    /** Whether the customer already has a paid order (it uses up the first-order offer). */
    async hasPaidOrder(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', userId)
        .where('paid_at', 'is not', null)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
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
