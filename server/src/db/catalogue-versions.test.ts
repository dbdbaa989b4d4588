import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertOrder, insertProduct } from '../../test/catalog.js';
import { createTestDatabase, createUser, TEST_DB, type TestDatabase } from '../../test/helpers.js';
import type { Db, Executor } from './database.js';

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
      eb.fn.sum<number>('arrivals_version').as('arrivals'),
    ])
    .executeTakeFirstOrThrow();
  return {
    catalogue: Number(row.catalogue),
    stock: Number(row.stock),
    terms: Number(row.terms),
    demand: Number(row.demand),
    arrivals: Number(row.arrivals),
  };
};

const liveProducts = async () =>
  Number(
    (
      await db
        .selectFrom('catalogue_state')
        .select((eb) => eb.fn.sum<number>('live_products').as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The arrivals counter of each category (migration 0190), 0 for one that has had none. */
const categoryArrivals = async (...ids: number[]) => {
  const rows = await db.selectFrom('category_arrivals').select(['category_id', 'version']).execute();
  const byId = new Map(rows.map((r) => [r.category_id, Number(r.version)]));
  return ids.map((id) => byId.get(id) ?? 0);
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

  it('a product going on sale raises the arrivals version and its categories, not the catalogue version', async () => {
    const shoes = await insertCategory(db, `Arrival shoes ${Date.now()}`);
    const bags = await insertCategory(db, `Arrival bags ${Date.now()}`);
    const id = await insertProduct(db, { categories: [shoes] });
    const other = await insertProduct(db, { categories: [shoes] });
    const setStatus = (status: 'draft' | 'scheduled', ids = [id]) =>
      db.updateTable('products').set({ status, publish_at: null }).where('id', 'in', ids).execute();
    // as the listing job publishes a drop, and the admin a product: the publish columns only
    const publish = (ids: number[], extra: { price_cents?: number } = {}, on: Executor = db) =>
      on
        .updateTable('products')
        .set({
          status: 'published',
          published_at: new Date().toISOString(),
          announce_after: new Date().toISOString(),
          updated_at: new Date().toISOString(),
          ...extra,
        })
        .where('id', 'in', ids)
        .execute();

    expect(await raisedBy(() => setStatus('scheduled'))).toEqual(['catalogue']);
    const live = await liveProducts();
    const [shoesBefore, bagsBefore] = await categoryArrivals(shoes, bags);
    expect(await raisedBy(() => publish([id]))).toEqual(['arrivals']);
    expect(await categoryArrivals(shoes, bags)).toEqual([shoesBefore + 1, bagsBefore]);
    expect(await liveProducts()).toBe(live + 1);

    // taken off sale: every reply showing it changes
    expect(await raisedBy(() => setStatus('draft'))).toEqual(['catalogue']);
    expect(await liveProducts()).toBe(live);
    // on sale with a new price: the catalogue version, and no arrival
    expect(await raisedBy(() => publish([id], { price_cents: 777_00 }))).toEqual(['catalogue']);
    expect(await categoryArrivals(shoes, bags)).toEqual([shoesBefore + 1, bagsBefore]);
    expect(await liveProducts()).toBe(live + 1);

    // a drop of two, in one transaction; and an arrival with other writes in that transaction
    await setStatus('scheduled', [id, other]);
    expect(await raisedBy(() => db.transaction().execute((trx) => publish([id, other], {}, trx)))).toEqual([
      'arrivals',
    ]);
    expect((await categoryArrivals(shoes))[0]).toBeGreaterThan(shoesBefore + 1);
    expect(await liveProducts()).toBe(live + 1);
    await setStatus('scheduled', [id]);
    expect(
      await raisedBy(() =>
        db.transaction().execute(async (trx) => {
          await trx
            .updateTable('products')
            .set({ status: 'published', published_at: new Date().toISOString() })
            .where('id', '=', id)
            .execute();
          await trx.updateTable('products').set({ price_cents: 888_00 }).where('id', '=', other).execute();
        }),
      ),
    ).toEqual(['catalogue', 'arrivals']);
    expect(await liveProducts()).toBe(live + 1);

    // the drop e-mail claims the products it names: no reply shows that
    expect(
      await raisedBy(() =>
        db
          .updateTable('products')
          .set({ announced_at: new Date().toISOString() })
          .where('id', 'in', [id, other])
          .execute(),
      ),
    ).toEqual([]);
  });

  it('the stock-only and arrival tests compare every other column of products, those added later too', async () => {
    // each trigger, and the columns a change of which alone it counts
    const triggers: [string, string[]][] = [
      ['catalogue_stock_products_update', ['stock_quantity', 'updated_at']],
      ['catalogue_arrivals_products_update', ['status', 'published_at', 'publish_at', 'announce_after', 'updated_at']],
    ];
    if (TEST_DB === 'postgres') {
      // PostgreSQL compares the whole row as JSON without those columns: new columns included.
      for (const [name, except] of triggers) {
        const def = await sql<{ def: string }>`select pg_get_triggerdef(oid) as def from pg_trigger
          where tgname = ${name}`.execute(db);
        const text = def.rows[0]?.def ?? '';
        expect(text, name).toContain('(to_jsonb(old.*) - ');
        for (const column of except) expect(text, `${name} ${column}`).toContain(`- '${column}'::text`);
      }
      return;
    }
    const columns = await sql<{ name: string }>`select name from pragma_table_info('products')`.execute(db);
    for (const [name, except] of triggers) {
      const trigger = await sql<{ sql: string }>`select sql from sqlite_master where name = ${name}`.execute(db);
      const text = trigger.rows[0]?.sql ?? '';
      // SQLite's triggers list the columns: a migration adding one to products must call
      // writeSqliteProductTriggers (migration 0190) again, or that column's changes would keep
      // stale replies.
      for (const { name: column } of columns.rows) {
        if (except.includes(column)) continue;
        expect(text, `${name} ${column}`).toContain(`new."${column}" is old."${column}"`);
      }
    }
  });
});
