import { sql } from 'kysely';
import { dialectOf, type Executor } from '../db/database.js';
import { fixedQuery } from '../db/fixed-query.js';

// PostgreSQL takes the ids as one array parameter: one text whatever their number, so one named
// prepared statement per connection (an `in` list has a text for each number of ids).
const stockOfAny = fixedQuery(
  (db, ids: readonly number[]) =>
    db
      .selectFrom('products')
      .select(['id', 'stock_quantity'])
      .where(sql<boolean>`"id" = any(${ids}::int[])`),
  1,
);

/**
 * The catalogue cache's one read of products: the stock of the products a kept reply shows (a
 * page shows up to a few dozen). On PostgreSQL a named prepared statement, parsed and planned
 * once per connection.
 */
export async function stockOf(db: Executor, ids: readonly number[]): Promise<Map<number, number>> {
  const rows =
    dialectOf(db) === 'postgres'
      ? await stockOfAny(db, ids)
      : await db.selectFrom('products').select(['id', 'stock_quantity']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.stock_quantity]));
}
