import type { Executor } from '../db/database.js';

/** The catalogue cache's one read of products: the stock of the products a kept reply shows. */
export async function stockOf(db: Executor, ids: readonly number[]): Promise<Map<number, number>> {
  const rows = await db.selectFrom('products').select(['id', 'stock_quantity']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.stock_quantity]));
}
