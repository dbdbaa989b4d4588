import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '@mtumba/contract/product';
import { z } from 'zod';
import { buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { insertCategory, insertProduct } from '../../../test/catalog.js';
import { refreshProductRatings } from './service.js';
import { now } from '../../db/database.js';

let t: TestApp;
const ids: Record<string, number> = {};
let dresses: number;
let shoes: number;

const idsOf = (body: { id: number }[]) => body.map((p) => p.id);
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await buildTestApp();
  dresses = await insertCategory(t.db, 'Dresses');
  shoes = await insertCategory(t.db, 'Shoes');
  ids.red = await insertProduct(t.db, {
    name: 'Red Summer Dress',
    description: 'Light and airy',
    brand: 'Zara',
    size: 'M',
    color: 'Red',
    condition: 'like new',
    price_cents: 1500_00,
    stock_quantity: 1,
    created_at: '2024-01-01T10:00:00.000Z',
    categories: [dresses],
    images: ['aaaa1', 'aaaa2'],
  });
  ids.jacket = await insertProduct(t.db, {
    name: 'Blue Denim Jacket',
    brand: "Levi's",
    size: 'L',
    color: 'Blue',
    condition: 'good',
    price_cents: 2500_50,
    stock_quantity: 0,
    created_at: '2024-01-02T10:00:00.000Z',
    categories: [dresses, shoes],
  });
  ids.nike = await insertProduct(t.db, {
    name: 'Nike Running Shoes',
    brand: 'Nike',
    size: '42',
    color: 'White',
    condition: 'new with tags',
    price_cents: 4000_00,
    stock_quantity: 3,
    is_featured: true,
    created_at: '2024-01-03T10:00:00.000Z',
    categories: [shoes],
  });
  ids.green = await insertProduct(t.db, {
    name: 'Green Dress',
    description: 'A summer favourite, 100% cotton',
    brand: 'zara',
    size: 'S',
    color: 'green',
    condition: 'fair',
    price_cents: 800_00,
    stock_quantity: 2,
    created_at: '2024-01-04T10:00:00.000Z',
    categories: [dresses],
  });
  ids.deleted = await insertProduct(t.db, {
    name: 'Deleted Dress',
    brand: 'Zara',
    price_cents: 900_00,
    created_at: '2024-01-05T10:00:00.000Z',
    deleted_at: '2024-01-06T10:00:00.000Z',
    categories: [dresses],
  });
  ids.coat = await insertProduct(t.db, {
    name: 'Sold Featured Coat',
    price_cents: 3000_00,
    stock_quantity: 0,
    is_featured: true,
    created_at: '2024-01-06T10:00:00.000Z',
  });
});

afterAll(async () => {
  await t.close();
});

describe('GET /products', () => {
  it('answers a JSON array of live products, newest first, in the shape of the contract', async () => {
    const res = await get('/api/products');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Array.isArray(body)).toBe(true);
    expect(idsOf(body)).toEqual([ids.coat, ids.green, ids.nike, ids.jacket, ids.red]);
    expect(z.array(productSchema.strict()).safeParse(body).success).toBe(true);
    const jacket = body.find((p: { id: number }) => p.id === ids.jacket);
    expect(jacket).toMatchObject({
      name: 'Blue Denim Jacket',
      price: 2500.5,
      stock_quantity: 0,
      image_url: null,
      images: [],
      categories: [
        { id: dresses, name: 'Dresses' },
        { id: shoes, name: 'Shoes' },
      ],
      brand: "Levi's",
      condition: 'good',
      average_rating: 0,
      review_count: 0,
      is_featured: false,
    });
    const red = body.find((p: { id: number }) => p.id === ids.red);
    expect(red.image_url).toBe('/uploads/aaaa1-640.webp');
    expect(red.images.map((i: { image_url: string }) => i.image_url)).toEqual([
      '/uploads/aaaa1-640.webp',
      '/uploads/aaaa2-640.webp',
    ]);
    expect(res.headers['x-total-count']).toBe('5');
  });

  it('pages with page and per_page, describing the pages in X-Total-Count and Link', async () => {
    const first = await get('/api/products?per_page=2&sort=newest');
    expect(idsOf(first.json())).toEqual([ids.coat, ids.green]);
    expect(first.headers['x-total-count']).toBe('5');
    const firstLinks = String(first.headers.link);
    expect(firstLinks).toContain('</api/products?per_page=2&sort=newest&page=1>; rel="first"');
    expect(firstLinks).toContain('</api/products?per_page=2&sort=newest&page=2>; rel="next"');
    expect(firstLinks).toContain('</api/products?per_page=2&sort=newest&page=3>; rel="last"');
    expect(firstLinks).not.toContain('rel="prev"');

    const second = await get('/api/products?per_page=2&sort=newest&page=2');
    expect(idsOf(second.json())).toEqual([ids.nike, ids.jacket]);
    const links = String(second.headers.link);
    expect(links).toContain('page=1>; rel="prev"');
    expect(links).toContain('page=3>; rel="next"');

    const last = await get('/api/products?per_page=2&sort=newest&page=3');
    expect(idsOf(last.json())).toEqual([ids.red]);
    expect(String(last.headers.link)).not.toContain('rel="next"');

    const beyond = await get('/api/products?per_page=2&page=9');
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('5');
    expect(String(beyond.headers.link)).toContain('page=3>; rel="prev"');
  });

  it('sorts by price both ways and by newest', async () => {
    const asc = await get('/api/products?sort=price_asc');
    expect(idsOf(asc.json())).toEqual([ids.green, ids.red, ids.jacket, ids.coat, ids.nike]);
    const desc = await get('/api/products?sort=price_desc');
    expect(idsOf(desc.json())).toEqual([ids.nike, ids.coat, ids.jacket, ids.red, ids.green]);
    const newest = await get('/api/products?sort=newest');
    expect(idsOf(newest.json())).toEqual([ids.coat, ids.green, ids.nike, ids.jacket, ids.red]);
  });

  it('breaks ties by id so that pages never overlap', async () => {
    const category = await insertCategory(t.db, 'Ties');
    const at = '2023-06-01T00:00:00.000Z';
    const a = await insertProduct(t.db, { categories: [category], price_cents: 500_00, created_at: at });
    const b = await insertProduct(t.db, { categories: [category], price_cents: 500_00, created_at: at });
    const c = await insertProduct(t.db, { categories: [category], price_cents: 500_00, created_at: at });
    const asc = await get(`/api/products?category=${category}&sort=price_asc`);
    expect(idsOf(asc.json())).toEqual([a, b, c]);
    const newest = await get(`/api/products?category=${category}&sort=newest`);
    expect(idsOf(newest.json())).toEqual([c, b, a]);
    const pages = [];
    for (const page of [1, 2, 3]) {
      pages.push(
        ...idsOf((await get(`/api/products?category=${category}&sort=price_desc&per_page=1&page=${page}`)).json()),
      );
    }
    expect(pages).toEqual([c, b, a]);
    await t.db.updateTable('products').set({ deleted_at: now() }).where('id', 'in', [a, b, c]).execute();
  });

  it('filters by category', async () => {
    const res = await get(`/api/products?category=${dresses}`);
    expect(idsOf(res.json())).toEqual([ids.green, ids.jacket, ids.red]);
    expect(res.headers['x-total-count']).toBe('3');
    const unknown = await get('/api/products?category=999999');
    expect(unknown.json()).toEqual([]);
  });

  it('filters by free text over name, brand and description, case-insensitively, every word', async () => {
    // "dress" also names the Dresses category, which holds the jacket
    expect(idsOf((await get('/api/products?q=DRESS')).json())).toEqual([ids.green, ids.jacket, ids.red]);
    expect(idsOf((await get('/api/products?q=summer')).json())).toEqual([ids.green, ids.red]);
    expect(idsOf((await get('/api/products?q=zara')).json())).toEqual([ids.green, ids.red]);
    expect(idsOf((await get('/api/products?q=summer%20green')).json())).toEqual([ids.green]);
    expect(idsOf((await get('/api/products?q=levi%27s')).json())).toEqual([ids.jacket]);
    // LIKE wildcards typed by a shopper match themselves only
    expect((await get('/api/products?q=_')).json()).toEqual([]);
    expect(idsOf((await get('/api/products?q=100%25')).json())).toEqual([ids.green]);
  });

  it('featured=true: in-stock products, the featured ones first, 8 by default', async () => {
    const res = await get('/api/products?featured=true');
    expect(idsOf(res.json())).toEqual([ids.nike, ids.green, ids.red]);
    expect(res.headers.link).toContain('rel="first"');
    for (let i = 0; i < 8; i++)
      await insertProduct(t.db, { name: `Filler ${i}`, created_at: '2022-01-01T00:00:00.000Z' });
    const eight = await get('/api/products?featured=true');
    expect(eight.json()).toHaveLength(8);
    expect(eight.json()[0].id).toBe(ids.nike);
    expect(eight.headers['x-total-count']).toBe('11');
    await t.db.updateTable('products').set({ deleted_at: now() }).where('name', 'like', 'Filler %').execute();
  });

  it('in_stock=true leaves out sold products', async () => {
    const res = await get('/api/products?in_stock=true');
    expect(idsOf(res.json())).toEqual([ids.green, ids.nike, ids.red]);
    const all = await get('/api/products?in_stock=false');
    expect(all.json()).toHaveLength(5);
  });

  it('filters by size, brand, condition and colour, ignoring case', async () => {
    expect(idsOf((await get('/api/products?size=m')).json())).toEqual([ids.red]);
    expect(idsOf((await get('/api/products?brand=ZARA')).json())).toEqual([ids.green, ids.red]);
    expect(idsOf((await get('/api/products?condition=good')).json())).toEqual([ids.jacket]);
    expect(idsOf((await get('/api/products?condition=New%20With%20Tags')).json())).toEqual([ids.nike]);
    expect(idsOf((await get('/api/products?color=RED')).json())).toEqual([ids.red]);
  });

  it('filters by price range in Ksh', async () => {
    expect(idsOf((await get('/api/products?min_price=1500')).json())).toEqual([
      ids.coat,
      ids.nike,
      ids.jacket,
      ids.red,
    ]);
    expect(idsOf((await get('/api/products?max_price=1500')).json())).toEqual([ids.green, ids.red]);
    expect(idsOf((await get('/api/products?min_price=1000&max_price=2500.50')).json())).toEqual([ids.jacket, ids.red]);
    expect(idsOf((await get('/api/products?min_price=2500.51&max_price=2999.99')).json())).toEqual([]);
  });

  it('combines filters, sort and paging', async () => {
    const res = await get(`/api/products?category=${dresses}&in_stock=true&sort=price_asc&brand=zara`);
    expect(idsOf(res.json())).toEqual([ids.green, ids.red]);
    expect(res.headers['x-total-count']).toBe('2');
    const page = await get(`/api/products?category=${dresses}&in_stock=true&sort=price_asc&per_page=1&page=2`);
    expect(idsOf(page.json())).toEqual([ids.red]);
    expect(String(page.headers.link)).toContain(`category=${dresses}`);
  });

  it('answers 422 with a message per field for invalid query values', async () => {
    const res = await get(
      '/api/products?page=0&per_page=101&sort=cheapest&featured=maybe&in_stock=2&condition=worn&min_price=abc&category=x',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      page: ['The page must be between 1 and 1000000.'],
      per_page: ['The per page must be between 1 and 100.'],
      sort: ['The sort must be one of: newest, price_asc, price_desc.'],
      featured: ['The featured filter must be true or false.'],
      in_stock: ['The in stock filter must be true or false.'],
      condition: ['The condition must be one of: new with tags, like new, good, fair.'],
      min_price: ['The min price must be a number.'],
      category: ['The category must be a whole number.'],
    });
    const range = await get('/api/products?min_price=100&max_price=50');
    expect(range.statusCode).toBe(422);
    expect(range.json().errors).toEqual({
      max_price: ['The max price must be greater than or equal to the min price.'],
    });
    const decimals = await get('/api/products?max_price=10.555');
    expect(decimals.json().errors).toEqual({ max_price: ['The max price may have at most 2 decimal places.'] });
  });

  it('answers 304 to a matching If-None-Match, and a new ETag once the list changes', async () => {
    const first = await get(`/api/products?category=${shoes}`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get(`/api/products?category=${shoes}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    await t.db
      .updateTable('products')
      .set({ stock_quantity: 5, updated_at: now() })
      .where('id', '=', ids.nike)
      .execute();
    const changed = await get(`/api/products?category=${shoes}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    await t.db.updateTable('products').set({ stock_quantity: 3 }).where('id', '=', ids.nike).execute();
  });
});

describe('GET /products/{id}', () => {
  it('answers the product with ordered images, categories and its rating to one decimal', async () => {
    const author = await createUser(t.db);
    const others = [await createUser(t.db), await createUser(t.db)];
    const at = now();
    for (const [user, rating] of [
      [author, 5],
      [others[0], 4],
      [others[1], 4],
    ] as const) {
      await t.db
        .insertInto('reviews')
        .values({ product_id: ids.red, user_id: user.id, rating, review_text: 'Nice', created_at: at, updated_at: at })
        .execute();
    }
    await refreshProductRatings(t.db, [ids.red]);

    const res = await get(`/api/products/${ids.red}`);
    expect(res.statusCode).toBe(200);
    const product = res.json();
    expect(productSchema.strict().safeParse(product).success).toBe(true);
    expect(product).toMatchObject({
      id: ids.red,
      name: 'Red Summer Dress',
      description: 'Light and airy',
      price: 1500,
      stock_quantity: 1,
      image_url: '/uploads/aaaa1-640.webp',
      categories: [{ id: dresses, name: 'Dresses' }],
      average_rating: 4.3,
      review_count: 3,
      size: 'M',
      brand: 'Zara',
      condition: 'like new',
      color: 'Red',
      is_featured: false,
      is_trending: false,
      created_at: '2024-01-01T10:00:00.000Z',
    });
    expect(product.images).toEqual([
      {
        id: expect.any(Number),
        image_url: '/uploads/aaaa1-640.webp',
        srcset: '/uploads/aaaa1-320.webp 320w, /uploads/aaaa1-640.webp 640w, /uploads/aaaa1-1024.webp 1024w',
        width: 640,
        height: 480,
      },
      expect.objectContaining({ image_url: '/uploads/aaaa2-640.webp' }),
    ]);
  });

  it('answers 404 "Product not found." for a missing, deleted or malformed id', async () => {
    for (const id of ['999999', String(ids.deleted), 'abc', '0', '99999999999']) {
      const res = await get(`/api/products/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Product not found.' });
    }
  });

  it('carries an ETag and answers 304 when it matches', async () => {
    const first = await get(`/api/products/${ids.green}`);
    const etag = String(first.headers.etag);
    const again = await get(`/api/products/${ids.green}`, { 'if-none-match': `"other", ${etag}` });
    expect(again.statusCode).toBe(304);
    const stale = await get(`/api/products/${ids.green}`, { 'if-none-match': 'W/"stale"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().id).toBe(ids.green);
  });
});
