import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../test/helpers.js';
import { everywhere, oneOfAKind, stockShown, type Fetch } from '../../test/catalogue-views.js';
import { orderBody } from '../../test/order-fixtures.js';
import { sql } from 'kysely';
import { dialectOf } from '../db/database.js';
import { stockOf } from './catalogue-cache-repository.js';
import { catalogCacheRequests } from '../lib/metrics.js';
import { listingContext } from '../modules/listing/context.js';
import { publishDueProducts } from '../modules/listing/publishing.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get: Fetch = async (url) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};

describe('cached catalogue replies', () => {
  it('come compressed as the client accepts, the same JSON each time, built or kept', async () => {
    for (let i = 0; i < 3; i++) await oneOfAKind(t.db);
    const url = '/api/products?per_page=20&sort=price_asc';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [encoding, decode] of Object.entries(decoders)) {
      // the first asks after the reply was kept, the second is served the copy made for the first
      for (let i = 0; i < 2; i++) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': `${encoding}, identity` } });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(String(res.headers.vary)).toContain('Accept-Encoding');
        expect(res.headers['x-total-count']).toBe(plain.headers['x-total-count']);
        expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
      }
    }
  });

  it('show a one-of-a-kind item sold in every view the moment its order is placed', async () => {
    const item = await oneOfAKind(t.db);
    // Each view asked twice, so the second answer comes from the cache.
    await stockShown(get, item);
    expect(await stockShown(get, item)).toEqual(everywhere(1));

    const buyer = await createUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(buyer.token),
      payload: orderBody([{ product_id: item.id, quantity: 1 }]),
    });
    expect(res.statusCode, res.body).toBe(201);

    expect(await stockShown(get, item)).toEqual(everywhere(0));
  });

  it('show a price changed straight in the database (any write path) at once', async () => {
    const item = await oneOfAKind(t.db);
    const before = await get(`/api/products/${item.id}`);
    expect(before.body).toMatchObject({ price: 1000 });
    await t.db.updateTable('products').set({ price_cents: 750_00 }).where('id', '=', item.id).execute();
    expect((await get(`/api/products/${item.id}`)).body).toMatchObject({ price: 750 });
  });

  it('answer a repeated request with the same body, paging headers and ETag, and 304 when it matches', async () => {
    await oneOfAKind(t.db);
    const url = '/api/products?per_page=1';
    const first = await t.app.inject({ method: 'GET', url });
    const second = await t.app.inject({ method: 'GET', url });
    expect(second.body).toBe(first.body);
    for (const header of ['etag', 'x-total-count', 'link', 'cache-control', 'content-type']) {
      expect(second.headers[header], header).toBe(first.headers[header]);
    }
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it("keep one product's reply through a drop, which every list shows at once", async () => {
    const item = await oneOfAKind(t.db);
    const dropped = await oneOfAKind(t.db);
    const dropAt = new Date(Date.now() + 60_000);
    await t.db
      .updateTable('products')
      .set({ status: 'scheduled', publish_at: dropAt.toISOString() })
      .where('id', '=', dropped.id)
      .execute();
    const url = `/api/products/${item.id}`;
    const first = await get(url);
    const newest = '/api/products?per_page=20&sort=newest';
    expect(((await get(newest)).body as { id: number }[]).map((p) => p.id)).not.toContain(dropped.id);
    const hits = async () =>
      (await catalogCacheRequests.get()).values.find((v) => v.labels.result === 'hit')?.value ?? 0;

    const context = listingContext(t.config).publish;
    expect(await publishDueProducts(t.db, dropAt, { context })).toEqual([dropped.id]);
    const before = await hits();
    expect(await get(url)).toEqual(first);
    expect(await hits()).toBe(before + 1);
    expect(((await get(newest)).body as { id: number }[]).map((p) => p.id)).toContain(dropped.id);
    expect((await get(`/api/products/${dropped.id}`)).status).toBe(200);

    // any other change of the catalogue still drops it
    await t.db.updateTable('products').set({ price_cents: 4321_00 }).where('id', '=', dropped.id).execute();
    const after = await hits();
    expect(await get(url)).toEqual(first);
    expect(await hits()).toBe(after);
  });

  it('count the live products as they are added and soft-deleted', async () => {
    const total = async () =>
      Number((await t.app.inject({ method: 'GET', url: '/api/products' })).headers['x-total-count']);
    const start = await total();
    const item = await oneOfAKind(t.db);
    expect(await total()).toBe(start + 1);
    await t.db
      .updateTable('products')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', item.id)
      .execute();
    expect(await total()).toBe(start);
    const live = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(await total()).toBe(Number(live.n));
  });
});

describe('the stock check of kept replies', () => {
  it('reads the stock of any number of products, on PostgreSQL with one prepared statement', async () => {
    const items = [];
    for (let i = 0; i < 4; i++) items.push(await oneOfAKind(t.db));
    const ids = items.map((p) => p.id);
    await t.db.connection().execute(async (one) => {
      for (let n = 1; n <= ids.length; n++) {
        const stock = await stockOf(one, ids.slice(0, n));
        expect([...stock.keys()].sort((a, b) => a - b)).toEqual(ids.slice(0, n).sort((a, b) => a - b));
        expect([...stock.values()]).toEqual(Array<number>(n).fill(1));
      }
      expect((await stockOf(one, [2_000_000_000])).size).toBe(0);
      if (dialectOf(t.db) === 'postgres') {
        const { rows } = await sql<{ n: number | string }>`
          select count(*) as n from pg_prepared_statements where statement like 'select "id", "stock_quantity" from "products" where "id"%'
        `.execute(one);
        expect(Number(rows[0]!.n)).toBe(1);
      }
    });
  });
});
