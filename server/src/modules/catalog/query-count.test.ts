import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCountingApp, insertCategory, insertOrder, insertProduct } from '../../../test/catalog.js';
import { createUser } from '../../../test/helpers.js';

let t: Awaited<ReturnType<typeof buildCountingApp>>;
let category: number;

async function queriesFor(url: string): Promise<number> {
  const before = t.queries.count;
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return t.queries.count - before;
}

async function addProducts(count: number) {
  const other = await insertCategory(t.db, `Extra ${Math.random()}`);
  for (let i = 0; i < count; i++) {
    await insertProduct(t.db, {
      categories: [category, other],
      images: [`key${i}a`, `key${i}b`, `key${i}c`],
    });
  }
}

beforeAll(async () => {
  t = await buildCountingApp();
  category = await insertCategory(t.db, 'Counted');
});

afterAll(async () => {
  await t.close();
});

describe('query counts (no N+1)', () => {
  it('a page of products costs the same few queries for 2 products or 60', async () => {
    await addProducts(2);
    const small = {
      list: await queriesFor('/api/products'),
      category: await queriesFor(`/api/categories/${category}/products`),
      trending: await queriesFor('/api/products/trending'),
      search: await queriesFor('/api/products/search?q=fixture'),
    };
    await addProducts(58);
    const large = {
      list: await queriesFor('/api/products'),
      category: await queriesFor(`/api/categories/${category}/products`),
      trending: await queriesFor('/api/products/trending'),
      search: await queriesFor('/api/products/search?q=fixture'),
    };
    const { trending: smallTrending, ...smallRest } = small;
    const { trending: largeTrending, ...largeRest } = large;
    expect(largeRest).toEqual(smallRest);
    // the catalogue version, one page of ids, one count, then products, images and categories
    expect(large.list).toBe(6);
    expect(large.category).toBe(7);
    // the version, the terms version, the shop's vocabulary (categories, brands, sizes, colours:
    // read again, as products were added), ranked rows, images
    expect(large.search).toBe(5);
    // the version, ranked ids, one or two queries to fill the list, then the three loading queries
    expect(smallTrending).toBeLessThanOrEqual(7);
    expect(largeTrending).toBeLessThanOrEqual(7);
  });

  it('one product costs the version and three queries', async () => {
    const id = await insertProduct(t.db, { categories: [category], images: ['one', 'two'] });
    expect(await queriesFor(`/api/products/${id}`)).toBe(4);
  });

  it('asked again with no write in between, a public reply costs only the version query', async () => {
    const id = await insertProduct(t.db, { categories: [category], images: ['again'] });
    const urls = [
      '/api/products',
      `/api/categories/${category}/products?sort=price_asc`,
      '/api/products/trending',
      '/api/products/search?q=fixture',
      `/api/products/${id}`,
      `/api/products/${id}/related`,
      `/api/products/${id}/reviews`,
      '/api/categories',
    ];
    for (const url of urls) await queriesFor(url);
    for (const url of urls) expect({ url, queries: await queriesFor(url) }).toEqual({ url, queries: 1 });
  });

  it('a sale reads the vocabulary no more, and its demand drops trending and the home page only', async () => {
    const sold = await insertProduct(t.db, { name: 'Zebra print fixture', categories: [category], images: ['sold'] });
    const search = '/api/products/search?q=zebra';
    await queriesFor(search);
    await queriesFor('/api/products');
    await queriesFor('/api/products/trending');
    // The sale takes the stock of a product search shows: answered afresh, without reading every
    // product's words. The version, the stock check, the terms version, ranked rows, images.
    await t.db.updateTable('products').set({ stock_quantity: 0 }).where('id', '=', sold).execute();
    expect(await queriesFor(search)).toBe(5);
    await queriesFor('/api/products');
    await queriesFor('/api/products/trending');
    // The order's line is demand: the list is still kept, trending is ranked again.
    const buyer = await createUser(t.db);
    await insertOrder(t.db, buyer.id, [sold]);
    expect(await queriesFor('/api/products')).toBe(1);
    expect(await queriesFor('/api/products/trending')).toBeGreaterThan(1);
    expect(await queriesFor('/api/products/trending')).toBe(1);
  });

  it('a sale of another product keeps a product and its related items kept; their own sale shows at once', async () => {
    const shown = await insertProduct(t.db, { categories: [category], images: ['shown'], stock_quantity: 2 });
    const elsewhere = await insertCategory(t.db, `Elsewhere ${Math.random()}`);
    const other = await insertProduct(t.db, { categories: [elsewhere], stock_quantity: 1 });
    const product = `/api/products/${shown}`;
    const related = `/api/products/${shown}/related`;
    await queriesFor(product);
    await queriesFor(related);
    // A sale elsewhere: only the stock version moves; each reply checks its products' stock (one query).
    await t.db.updateTable('products').set({ stock_quantity: 0 }).where('id', '=', other).execute();
    expect(await queriesFor(product)).toBe(2);
    expect(await queriesFor(related)).toBe(2);
    expect(await queriesFor(product)).toBe(1);
    // A list page and search not filtered by stock do the same; one filtered by stock is read again.
    const list = `/api/categories/${category}/products?per_page=5`;
    const inStock = `/api/products?in_stock=true&per_page=5`;
    const search = '/api/products/search?q=fixture';
    for (const url of [list, inStock, search]) await queriesFor(url);
    const another = await insertProduct(t.db, { categories: [elsewhere], stock_quantity: 1, name: 'Unseen wool' });
    for (const url of [list, inStock, search]) await queriesFor(url);
    await t.db.updateTable('products').set({ stock_quantity: 0 }).where('id', '=', another).execute();
    expect(await queriesFor(list)).toBe(2);
    expect(await queriesFor(search)).toBe(2);
    expect(await queriesFor(inStock)).toBeGreaterThan(2);
    // The product's own sale: built again, showing it.
    await t.db.updateTable('products').set({ stock_quantity: 1 }).where('id', '=', shown).execute();
    expect(await queriesFor(product)).toBeGreaterThan(2);
    const res = await t.app.inject({ method: 'GET', url: product });
    expect(res.json()).toMatchObject({ id: shown, stock_quantity: 1 });
  });
});
