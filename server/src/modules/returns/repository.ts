import type { ReturnStatus } from '@mtumba/contract/returns';
import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type {
  OrderReturn,
  OrderReturnsTable,
  ReturnHistoryTable,
  ReturnItem,
  ReturnItemsTable,
} from '../../db/schema.js';

/** Returns (the module owns `order_returns`, `return_items`, `return_history`). */
export function returnsRepository(db: Executor) {
  return {
    findById(id: number): Promise<OrderReturn | undefined> {
      return db.selectFrom('order_returns').selectAll().where('id', '=', id).executeTakeFirst();
    },

    ofOrder(orderId: number): Promise<OrderReturn[]> {
      return db.selectFrom('order_returns').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
    },

    /** Returns in the given statuses (all when none are given), newest first, with the customer's name. */
    list(statuses: readonly ReturnStatus[] | undefined, limit: number) {
      let q = db
        .selectFrom('order_returns as r')
        .leftJoin('users as u', 'u.id', 'r.user_id')
        .selectAll('r')
        .select('u.name as customer_name');
      if (statuses) q = q.where('r.status', 'in', [...statuses]);
      return q.orderBy('r.id', 'desc').limit(limit).execute();
    },

    async countIn(statuses: readonly ReturnStatus[]): Promise<number> {
      const row = await db
        .selectFrom('order_returns')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('status', 'in', [...statuses])
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    itemsOf(returnIds: readonly number[]) {
      if (returnIds.length === 0) return Promise.resolve([] as (ReturnItem & { product_name: string })[]);
      return db
        .selectFrom('return_items as ri')
        .innerJoin('order_items as oi', 'oi.id', 'ri.order_item_id')
        .selectAll('ri')
        .select('oi.product_name')
        .where('ri.return_id', 'in', [...returnIds])
        .orderBy('ri.id')
        .execute();
    },

    /** Order lines in a live (not declined) return. */
    async openLines(orderId: number): Promise<Set<number>> {
      const rows = await db
        .selectFrom('return_items as ri')
        .innerJoin('order_returns as r', 'r.id', 'ri.return_id')
        .select('ri.order_item_id')
        .where('r.order_id', '=', orderId)
        .where('ri.open_order_item_id', 'is not', null)
        .execute();
      return new Set(rows.map((r) => r.order_item_id));
    },

    insert(values: Insertable<OrderReturnsTable>): Promise<OrderReturn> {
      return db.insertInto('order_returns').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async insertItems(values: Insertable<ReturnItemsTable>[]): Promise<void> {
      if (values.length) await db.insertInto('return_items').values(values).execute();
    },

    /** A move's UPDATE: only if the return is still in the status it was read in. */
    move(id: number, from: ReturnStatus, set: Updateable<OrderReturnsTable>): Promise<OrderReturn | undefined> {
      return db
        .updateTable('order_returns')
        .set(set)
        .where('id', '=', id)
        .where('status', '=', from)
        .returningAll()
        .executeTakeFirst();
    },

    /** A declined return frees its lines for another request. */
    async freeLines(returnId: number): Promise<void> {
      await db
        .updateTable('return_items')
        .set({ open_order_item_id: null })
        .where('return_id', '=', returnId)
        .execute();
    },

    /** Marks an item received, once: false when it already was. */
    async receiveItem(
      id: number,
      returnId: number,
      outcome: { outcome: 'resell' | 'write_off'; reason: ReturnItem['write_off_reason']; at: string },
    ): Promise<boolean> {
      const row = await db
        .updateTable('return_items')
        .set({ outcome: outcome.outcome, write_off_reason: outcome.reason, received_at: outcome.at })
        .where('id', '=', id)
        .where('return_id', '=', returnId)
        .where('received_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async addHistory(entry: Insertable<ReturnHistoryTable>): Promise<void> {
      await db.insertInto('return_history').values(entry).execute();
    },

    photosOf(returnIds: readonly number[]) {
      if (returnIds.length === 0) return Promise.resolve([] as { return_id: number; file_key: string }[]);
      return db
        .selectFrom('return_photos')
        .select(['return_id', 'file_key'])
        .where('return_id', 'in', [...returnIds])
        .orderBy('id')
        .execute();
    },

    async addPhotos(returnId: number, fileKeys: readonly string[], at: string): Promise<void> {
      if (fileKeys.length === 0) return;
      await db
        .insertInto('return_photos')
        .values(fileKeys.map((file_key) => ({ return_id: returnId, file_key, created_at: at })))
        .execute();
    },

    /** When the order was delivered (its latest `deliver` move). */
    async deliveredAt(orderId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('order_history')
        .select('created_at')
        .where('order_id', '=', orderId)
        .where('move', '=', 'deliver')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? new Date(row.created_at).toISOString() : undefined;
    },
  };
}
