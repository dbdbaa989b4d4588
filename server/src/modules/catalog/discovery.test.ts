import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productSchema, productSummarySchema } from '@mtumba/contract/product';
import { z } from 'zod';
import { buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { daysAgo, insertCategory, insertOrder, insertProduct } from '../../../test/catalog.js';
import { now } from '../../db/database.js';

let t: TestApp;
let shopper: { id: number };

const idsOf = (body: { id: number }[]) => body.map((p) => p.id);
const get = (url: string) => t.app.inject({ method: 'GET', url });

/** Each test starts from an empty catalogue. */
async function emptyCatalogue() {
  await t.db.deleteFrom('order_items').execute();
  await t.db.deleteFrom('orders').execute();
  await t.db.deleteFrom('wishlist_items').execute();
  await t.db.deleteFrom('products').execute();
}

async function wish(productId: number, createdAt = now()) {
  const user = await createUser(t.db);
  await t.db
    .insertInto('wishlist_items')
    .values({ user_id: user.id, product_id: productId, created_at: createdAt })
    .execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  shopper = await createUser(t.db);
});

afterAll(async () => {
  await t.close();
});

beforeEach(emptyCatalogue);

describe('GET /products/search', () => {
  it('answers at most 10 {id, name, price, image_url} rows; prefix matches first, then in stock', async () => {
    const infixInStock = await insertProduct(t.db, { name: 'Vintage Denim Skirt', stock_quantity: 2 });
    const prefixSold = await insertProduct(t.db, { name: 'Denim Jacket', stock_quantity: 0, images: ['bbbb1'] });
    const prefixInStock = await insertProduct(t.db, { name: 'denim shorts', stock_quantity: 1, price_cents: 750_50 });
    const descriptionOnly = await insertProduct(t.db, { name: 'Blue Top', description: 'Pairs well with denim' });
    await insertProduct(t.db, { name: 'Denim Deleted', deleted_at: now() });
    await insertProduct(t.db, { name: 'Cotton Shirt' });

    const res = await get('/api/products/search?q=DeNiM');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(idsOf(body)).toEqual([prefixInStock, prefixSold, infixInStock, descriptionOnly]);
    expect(z.array(productSummarySchema.strict()).safeParse(body).success).toBe(true);
    expect(body[0]).toEqual({
      id: prefixInStock,
      name: 'denim shorts',
      price: 750.5,
      image_url: null,
      stock_quantity: 1,
    });
    expect(body[1].image_url).toBe('/uploads/bbbb1-640.webp');
  });

  it('answers [] under 2 characters and caps the list at 10', async () => {
    for (let i = 0; i < 12; i++) await insertProduct(t.db, { name: `Scarf ${i}` });
    expect((await get('/api/products/search?q=s')).json()).toEqual([]);
    expect((await get('/api/products/search?q=%20%20')).json()).toEqual([]);
    expect((await get('/api/products/search')).json()).toEqual([]);
    expect((await get('/api/products/search?q=sc')).json()).toHaveLength(10);
    expect((await get('/api/products/search?q=zzz')).json()).toEqual([]);
  });

  it('treats % and _ as plain characters', async () => {
    await insertProduct(t.db, { name: 'Plain Hat' });
    const pct = await insertProduct(t.db, { name: '50% off hat' });
    expect((await get('/api/products/search?q=__')).json()).toEqual([]);
    expect(idsOf((await get('/api/products/search?q=50%25')).json())).toEqual([pct]);
  });
});

describe('GET /products/trending', () => {
  it('ranks by recent orders and wishlist adds plus the trending flag, in stock first', async () => {
    const ordered = await insertProduct(t.db, { name: 'Ordered a lot', stock_quantity: 5 });
    const wished = await insertProduct(t.db, { name: 'Wished once' });
    const flagged = await insertProduct(t.db, { name: 'Admin pick', is_trending: true });
    const soldOut = await insertProduct(t.db, { name: 'Sold out hit', stock_quantity: 0 });
    const quiet = await insertProduct(t.db, { name: 'Nobody looked', created_at: daysAgo(100) });

    await insertOrder(t.db, shopper.id, [ordered], { quantity: 3 });
    await insertOrder(t.db, shopper.id, [ordered], { status: 'processing' });
    await insertOrder(t.db, shopper.id, [ordered, soldOut], { status: 'shipped', quantity: 4 });
    await wish(wished);
    // old or cancelled demand does not count
    await insertOrder(t.db, shopper.id, [quiet], { quantity: 50, created_at: daysAgo(31) });
    await insertOrder(t.db, shopper.id, [quiet], { quantity: 50, status: 'cancelled' });
    await wish(quiet, daysAgo(40));

    const res = await get('/api/products/trending');
    expect(res.statusCode).toBe(200);
    expect(z.array(productSchema.strict()).safeParse(res.json()).success).toBe(true);
    // ordered: 8 units; flagged: boost 5; wished: 1; sold out (4 units) after the in-stock ones;
    // quiet has no recent demand and only fills the list
    expect(idsOf(res.json())).toEqual([ordered, flagged, wished, soldOut, quiet]);
  });

  it('is never empty while products exist, filling with the newest in stock, at most 10', async () => {
    const old = await insertProduct(t.db, { name: 'Old', created_at: daysAgo(300) });
    const sold = await insertProduct(t.db, { name: 'Sold', stock_quantity: 0, created_at: daysAgo(1) });
    const fresh = await insertProduct(t.db, { name: 'Fresh', created_at: daysAgo(2) });
    await insertProduct(t.db, { name: 'Deleted', deleted_at: now() });
    expect(idsOf((await get('/api/products/trending')).json())).toEqual([fresh, old, sold]);

    for (let i = 0; i < 12; i++) await insertProduct(t.db, { name: `Filler ${i}` });
    expect((await get('/api/products/trending')).json()).toHaveLength(10);
  });

  it('answers [] only when the shop has no products', async () => {
    const res = await get('/api/products/trending');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('GET /products/{id}/related', () => {
  it('answers up to 4 other products sharing a category, in stock first', async () => {
    const tops = await insertCategory(t.db, `Tops ${Date.now()}`);
    const sale = await insertCategory(t.db, `Sale ${Date.now()}`);
    const other = await insertCategory(t.db, `Other ${Date.now()}`);
    const product = await insertProduct(t.db, { categories: [tops, sale] });
    const soldSibling = await insertProduct(t.db, { categories: [tops], stock_quantity: 0, created_at: daysAgo(0) });
    const a = await insertProduct(t.db, { categories: [tops], created_at: daysAgo(3) });
    const b = await insertProduct(t.db, { categories: [sale], created_at: daysAgo(2) });
    const both = await insertProduct(t.db, { categories: [tops, sale], created_at: daysAgo(4) });
    await insertProduct(t.db, { categories: [other] });
    await insertProduct(t.db, { categories: [tops], deleted_at: now() });

    const res = await get(`/api/products/${product}/related`);
    expect(res.statusCode).toBe(200);
    expect(z.array(productSchema.strict()).safeParse(res.json()).success).toBe(true);
    expect(idsOf(res.json())).toEqual([b, a, both, soldSibling]);

    const more = await insertProduct(t.db, { categories: [sale], created_at: daysAgo(5) });
    expect(idsOf((await get(`/api/products/${product}/related`)).json())).toEqual([b, a, both, more]);
  });

  it('answers [] for a product without categories and 404 for a missing one', async () => {
    const lonely = await insertProduct(t.db, {});
    await insertProduct(t.db, {});
    expect((await get(`/api/products/${lonely}/related`)).json()).toEqual([]);
    const missing = await get('/api/products/999999/related');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Product not found.' });
  });
});
