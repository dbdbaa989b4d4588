import { sql, type Insertable, type Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { DiscountCodesTable, DiscountRedemptionsTable } from '../../db/schema.js';

/** Discount codes, their counters and the orders' redemptions (queries only). */
export function discountsRepository(db: Executor) {
  return {
    list() {
      return db.selectFrom('discount_codes').selectAll().orderBy('id', 'desc').execute();
    },

    findById(id: number) {
      return db.selectFrom('discount_codes').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByKey(key: string) {
      return db.selectFrom('discount_codes').selectAll().where('code_key', '=', key).executeTakeFirst();
    },

    insert(values: Insertable<DiscountCodesTable>) {
      return db.insertInto('discount_codes').values(values).returningAll().executeTakeFirstOrThrow();
    },

    update(id: number, values: Updateable<DiscountCodesTable>) {
      return db.updateTable('discount_codes').set(values).where('id', '=', id).returningAll().executeTakeFirst();
    },

    async customerUses(codeId: number, userId: number): Promise<number> {
      const row = await db
        .selectFrom('discount_code_customers')
        .select('uses')
        .where('code_id', '=', codeId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.uses ?? 0;
    },

    /** Which of these category ids exist. */
    async existingCategories(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('categories').select('id').where('id', 'in', ids).execute();
      return rows.map((r) => r.id);
    },

    /** The category ids of each of these products. */
    categoriesOf(productIds: readonly number[]) {
      if (productIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('product_categories')
        .select(['product_id', 'category_id'])
        .where('product_id', 'in', productIds)
        .execute();
    },

    /** Takes one of the code's total uses if one is left (a conditional UPDATE: never past the limit). */
    async takeUse(codeId: number): Promise<boolean> {
      const res = await db
        .updateTable('discount_codes')
        .set({ uses: sql<number>`uses + 1` })
        .where('id', '=', codeId)
        .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Takes one of the customer's uses of the code if one is left (the counter row, then a conditional UPDATE). */
    async takeCustomerUse(codeId: number, userId: number, limit: number | null): Promise<boolean> {
      await db
        .insertInto('discount_code_customers')
        .values({ code_id: codeId, user_id: userId, uses: 0 })
        .onConflict((oc) => oc.columns(['code_id', 'user_id']).doNothing())
        .execute();
      let q = db
        .updateTable('discount_code_customers')
        .set({ uses: sql<number>`uses + 1` })
        .where('code_id', '=', codeId)
        .where('user_id', '=', userId);
      if (limit !== null) q = q.where('uses', '<', limit);
      const res = await q.executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    insertRedemption(values: Insertable<DiscountRedemptionsTable>) {
      return db.insertInto('discount_redemptions').values(values).execute();
    },

    /** Marks the order's use given back, once; the redemption if this call did it. */
    releaseRedemption(orderId: number, at: string) {
      return db
        .updateTable('discount_redemptions')
        .set({ released_at: at })
        .where('order_id', '=', orderId)
        .where('released_at', 'is', null)
        .returning(['code_id', 'user_id'])
        .executeTakeFirst();
    },

    /** Takes a given-back use again (a cancelled order paid after all keeps its price). */
    restoreRedemption(orderId: number) {
      return db
        .updateTable('discount_redemptions')
        .set({ released_at: null })
        .where('order_id', '=', orderId)
        .where('released_at', 'is not', null)
        .returning(['code_id', 'user_id'])
        .executeTakeFirst();
    },

    async moveCounters(codeId: number, userId: number | null, by: 1 | -1): Promise<void> {
      await db
        .updateTable('discount_codes')
        .set({ uses: sql<number>`case when uses + ${by} < 0 then 0 else uses + ${by} end` })
        .where('id', '=', codeId)
        .execute();
      if (userId === null) return;
      await db
        .updateTable('discount_code_customers')
        .set({ uses: sql<number>`case when uses + ${by} < 0 then 0 else uses + ${by} end` })
        .where('code_id', '=', codeId)
        .where('user_id', '=', userId)
        .execute();
    },
  };
}
