import { CompiledQuery } from 'kysely';
import { dialectOf, prepareOnPostgres, type Executor } from '../db/database.js';

// PostgreSQL takes the ids as one array parameter: one text, whatever their number, so one named
// prepared statement per connection (an `in` list has a text for each number of ids).
const STOCK_OF_IDS = 'select "id", "stock_quantity" from "products" where "id" = any($1::int[])';
prepareOnPostgres(STOCK_OF_IDS);

/**
 * The catalogue cache's one read of products: the stock of the products a kept reply shows (a
 * page shows up to a few dozen). On PostgreSQL a named prepared statement, parsed and planned
 * once per connection.
 */
export async function stockOf(db: Executor, ids: readonly number[]): Promise<Map<number, number>> {
  const query =
    dialectOf(db) === 'postgres'
      ? CompiledQuery.raw(STOCK_OF_IDS, [ids])
      : db.selectFrom('products').select(['id', 'stock_quantity']).where('id', 'in', ids).compile();
  const { rows } = await db.executeQuery<{ id: number; stock_quantity: number }>(query);
  return new Map(rows.map((r) => [r.id, r.stock_quantity]));
}
