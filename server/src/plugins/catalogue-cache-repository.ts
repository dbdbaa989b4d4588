import { dialectOf, prepareOnPostgres, type Executor } from '../db/database.js';

/**
 * The catalogue cache's one read of products: the stock of the products a kept reply shows. Its
 * text depends only on how many they are (a page shows up to a few dozen), so on PostgreSQL each
 * such text runs as a named prepared statement, parsed and planned once per connection.
 */
export async function stockOf(db: Executor, ids: readonly number[]): Promise<Map<number, number>> {
  const query = db.selectFrom('products').select(['id', 'stock_quantity']).where('id', 'in', ids).compile();
  if (dialectOf(db) === 'postgres') prepareOnPostgres(query.sql);
  const { rows } = await db.executeQuery(query);
  return new Map(rows.map((r) => [r.id, r.stock_quantity]));
}
