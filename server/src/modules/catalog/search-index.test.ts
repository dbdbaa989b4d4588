import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, TEST_DB, type TestApp } from '../../../test/helpers.js';
import { insertCategory, insertProduct } from '../../../test/catalog.js';

let t: TestApp;
let admin: { token: string };
let category: number;

const idsOf = (body: { id: number }[]) => body.map((p) => p.id);
const search = async (q: string) =>
  idsOf((await t.app.inject({ method: 'GET', url: `/api/products/search?q=${encodeURIComponent(q)}` })).json());
const listed = async (q: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(q)}` });
  return { ids: idsOf(res.json()), total: Number(res.headers['x-total-count']) };
};

/**
 * On SQLite, the trigram index (migration 0006) must hold every product's search text, plus
 * the trailing space it indexes, and nothing else. PostgreSQL indexes the column itself.
 */
async function expectIndexInStep() {
  if (TEST_DB !== 'sqlite') return;
  const products = await t.db.selectFrom('products').select(['id', 'search_text']).orderBy('id').execute();
  const indexed = await sql<{ id: number; search_text: string }>`
    select rowid as id, search_text from products_search order by rowid`.execute(t.db);
  expect(indexed.rows).toEqual(products.map((p) => ({ id: p.id, search_text: `${p.search_text} ` })));
  await sql`insert into products_search (products_search) values ('integrity-check')`.execute(t.db);
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { admin: true });
  category = await insertCategory(t.db, 'Jackets');
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await t.db.deleteFrom('products').execute();
});

describe(`the search index on ${TEST_DB}`, () => {
  it('follows a product through create, update and delete', async () => {
    const other = await insertProduct(t.db, { name: 'Wool Coat', description: 'Warm' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(admin.token),
      payload: {
        name: 'Corduroy Blazer',
        description: 'Soft ribs',
        price: 900,
        stock_quantity: 1,
        categories: [category],
        brand: 'Mango',
      },
    });
    expect(created.statusCode).toBe(201);
    const id: number = created.json().id;
    await expectIndexInStep();
    expect(await search('corduroy')).toEqual([id]);
    expect(await search('mango ribs')).toEqual([id]);
    expect(await search('co')).toEqual([id, other]);
    expect(await listed('blazer')).toEqual({ ids: [id], total: 1 });

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: bearer(admin.token),
      payload: { name: 'Velvet Blazer', brand: 'Zara' },
    });
    expect(updated.statusCode).toBe(200);
    await expectIndexInStep();
    expect(await search('corduroy')).toEqual([]);
    expect(await search('mango')).toEqual([]);
    expect(await search('velvet zara')).toEqual([id]);
    expect(await search('co')).toEqual([other]);
    expect(await listed('blazer')).toEqual({ ids: [id], total: 1 });

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: bearer(admin.token) });
    expect(deleted.statusCode).toBe(200);
    expect(await search('velvet')).toEqual([]);
    expect(await listed('blazer')).toEqual({ ids: [], total: 0 });
    await expectIndexInStep();

    await t.db.deleteFrom('products').where('id', '=', other).execute();
    await expectIndexInStep();
    expect(await search('wool')).toEqual([]);
  });

  it('finds two-letter words anywhere, even as the last letters of a description', async () => {
    const last = await insertProduct(t.db, { name: 'Plain Tee', description: 'Size XL' });
    const middle = await insertProduct(t.db, { name: 'Xl Shirt', description: 'Roomy' });
    await insertProduct(t.db, { name: 'Small Tee', description: 'Size S' });
    expect(await search('xl')).toEqual([middle, last]);
    expect(await listed('tee xl')).toEqual({ ids: [last], total: 1 });
    expect(await listed('zq')).toEqual({ ids: [], total: 0 });
  });

  it('matches letters that case folding would change (ς, ß) exactly as written', async () => {
    const greek = await insertProduct(t.db, { name: 'Οδος Scarf' });
    const german = await insertProduct(t.db, { name: 'Straße Jeans' });
    expect(await search('ος')).toEqual([greek]);
    expect(await search('ΟΔΟΣ')).toEqual([greek]);
    expect(await search('ße')).toEqual([german]);
    expect(await search('straße')).toEqual([german]);
  });
});

describe(`counting the unfiltered listing on ${TEST_DB}`, () => {
  it('leaves out deleted products, with or without empty filter values', async () => {
    const kept = await insertProduct(t.db, { name: 'Kept Coat' });
    const sold = await insertProduct(t.db, { name: 'Sold Coat', stock_quantity: 0 });
    await insertProduct(t.db, { name: 'Gone Coat', deleted_at: new Date().toISOString() });
    for (const url of ['/api/products', '/api/products?q=&size=&featured=false&in_stock=false']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-total-count']).toBe('2');
      expect(idsOf(res.json()).sort()).toEqual([kept, sold].sort());
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/products?in_stock=true' })).headers['x-total-count']).toBe(
      '1',
    );
  });
});
