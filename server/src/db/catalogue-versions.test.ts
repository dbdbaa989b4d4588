import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertOrder, insertProduct } from '../../test/catalog.js';
import { createTestDatabase, createUser, TEST_DB, type TestDatabase } from '../../test/helpers.js';
import type { Db } from './database.js';

// The counters of catalogue_state (migrations 0020 and 0170), raised by the database's own
// triggers: which writes raise which decides which kept replies a write drops.
let t: TestDatabase;
let db: Db;

const versions = async () => {
  const row = await db
    .selectFrom('catalogue_state')
    .select((eb) => [
      eb.fn.sum<number>('version').as('catalogue'),
      eb.fn.sum<number>('stock_version').as('stock'),
      eb.fn.sum<number>('terms_version').as('terms'),
      eb.fn.sum<number>('demand_version').as('demand'),
    ])
    .executeTakeFirstOrThrow();
  return {
    catalogue: Number(row.catalogue),
    stock: Number(row.stock),
    terms: Number(row.terms),
    demand: Number(row.demand),
  };
};

/** Which counters a write raised. */
async function raisedBy(write: () => Promise<unknown>): Promise<string[]> {
  const before = await versions();
  await write();
  const after = await versions();
  return (Object.keys(before) as (keyof typeof before)[]).filter((k) => after[k] !== before[k]);
}

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
});
afterAll(async () => {
  await t?.drop();
});

describe('catalogue versions', () => {
  it('a stock-only change raises the stock version alone; back into stock, or any other change, the catalogue version', async () => {
    const category = await insertCategory(db, `Versions ${Date.now()}`);
    const id = await insertProduct(db, { categories: [category], stock_quantity: 2 });
    const setStock = (stock: number) =>
      db
        .updateTable('products')
        .set({ stock_quantity: stock, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    expect(await raisedBy(() => setStock(1))).toEqual(['stock']);
    expect(await raisedBy(() => setStock(0))).toEqual(['stock']);
    expect(await raisedBy(() => setStock(1))).toEqual(['catalogue']);
    // the time of a change alone: the replies show it, and no stock moved for them to see it by
    expect(
      await raisedBy(() =>
        db
          .updateTable('products')
          .set({ updated_at: new Date(Date.now() + 1000).toISOString() })
          .where('id', '=', id)
          .execute(),
      ),
    ).toEqual(['catalogue']);
    expect(
      await raisedBy(() => db.updateTable('products').set({ price_cents: 555_00 }).where('id', '=', id).execute()),
    ).toEqual(['catalogue']);
    expect(
      await raisedBy(() =>
        db.updateTable('products').set({ stock_quantity: 0, held_quantity: 1 }).where('id', '=', id).execute(),
      ),
    ).toEqual(['catalogue']);
    expect(
      await raisedBy(() => db.updateTable('products').set({ brand: 'Levi' }).where('id', '=', id).execute()),
    ).toEqual(['catalogue', 'terms']);
  });

  it('an order moves the demand (what trending ranks by) when placed, cancelled or brought back, not when paid or sent', async () => {
    const category = await insertCategory(db, `Demand ${Date.now()}`);
    const product = await insertProduct(db, { categories: [category], stock_quantity: 5 });
    const user = await createUser(db, { email: `demand-${Date.now()}@example.com` });
    let order = 0;
    expect(
      await raisedBy(async () => {
        order = await insertOrder(db, user.id, [product], { status: 'pending' });
      }),
    ).toContain('demand');
    const setStatus = (status: 'processing' | 'shipped' | 'delivered' | 'cancelled' | 'pending') =>
      raisedBy(() => db.updateTable('orders').set({ order_status: status }).where('id', '=', order).execute());
    expect(await setStatus('processing')).toEqual([]);
    expect(await setStatus('shipped')).toEqual([]);
    expect(await setStatus('cancelled')).toEqual(['demand']);
    expect(await setStatus('cancelled')).toEqual([]);
    expect(await setStatus('pending')).toEqual(['demand']);
    expect(await setStatus('delivered')).toEqual([]);
    expect(
      await raisedBy(() =>
        db.updateTable('orders').set({ shipping_address: 'Westlands' }).where('id', '=', order).execute(),
      ),
    ).toEqual([]);
  });

  it('the stock-only test compares every other column of products, those added later too', async () => {
    if (TEST_DB === 'postgres') {
      // PostgreSQL compares the whole row as JSON without the stock columns: new columns included.
      const def = await sql<{ def: string }>`select pg_get_triggerdef(oid) as def from pg_trigger
        where tgname = 'catalogue_stock_products_update'`.execute(db);
      expect(def.rows[0]?.def).toContain("(to_jsonb(old.*) - 'stock_quantity'::text) - 'updated_at'::text");
      return;
    }
    const columns = await sql<{ name: string }>`select name from pragma_table_info('products')`.execute(db);
    const trigger = await sql<{
      sql: string;
    }>`select sql from sqlite_master where name = 'catalogue_stock_products_update'`.execute(db);
    const text = trigger.rows[0]?.sql ?? '';
    // SQLite's trigger lists the columns: a migration adding one to products must call
    // writeSqliteProductTriggers again, or that column's changes would keep stale replies.
    for (const { name } of columns.rows) {
      if (name === 'stock_quantity' || name === 'updated_at') continue;
      expect(text, name).toContain(`new."${name}" is old."${name}"`);
    }
  });
});
