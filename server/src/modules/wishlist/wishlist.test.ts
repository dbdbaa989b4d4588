import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { insertProduct, softDeleteProduct } from '../../../test/cart-fixtures.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;

function list(headers: Headers) {
  return t.app.inject({ method: 'GET', url: '/api/wishlist', headers });
}
function add(headers: Headers, payload: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/wishlist', headers, payload: payload as object });
}
function remove(headers: Headers, entryId: number | string) {
  return t.app.inject({ method: 'DELETE', url: `/api/wishlist/${entryId}`, headers });
}

async function customer(options: { verified?: boolean; admin?: boolean } = {}) {
  const user = await createUser(t.db, options);
  return { ...user, headers: bearer(user.token) };
}

async function storedEntries(userId: number) {
  return t.db.selectFrom('wishlist_items').selectAll().where('user_id', '=', userId).execute();
}

describe('GET /wishlist', () => {
  it('is an empty list for a new customer', async () => {
    const { headers } = await customer();
    const res = await list(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('lists entries newest first, each with the full product', async () => {
    const { headers } = await customer();
    const older = await insertProduct(t.db, {
      name: 'Corduroy trousers',
      priceCents: 1200_00,
      stock: 1,
      images: ['k1'],
      categories: ['Trousers'],
    });
    const newer = await insertProduct(t.db, { name: 'Silk blouse', stock: 0, categories: ['Tops', 'Women'] });
    await t.db.updateTable('products').set({ review_count: 2, rating_sum: 9 }).where('id', '=', older.id).execute();
    await add(headers, { product_id: older.id });
    await add(headers, { product_id: newer.id });

    const body = (await list(headers)).json();
    expect(body.map((e: { product_id: number }) => e.product_id)).toEqual([newer.id, older.id]);
    expect(body[1]).toEqual({
      id: expect.any(Number),
      product_id: older.id,
      created_at: expect.any(String),
      product: expect.objectContaining({
        id: older.id,
        name: 'Corduroy trousers',
        price: 1200,
        stock_quantity: 1,
        image_url: '/uploads/k1-640.webp',
        categories: [{ id: expect.any(Number), name: 'Trousers' }],
        average_rating: 4.5,
        review_count: 2,
      }),
    });
    expect(body[0].product).toMatchObject({
      stock_quantity: 0,
      image_url: null,
      average_rating: 0,
      review_count: 0,
      categories: [{ name: 'Tops' }, { name: 'Women' }],
    });
  });

  it('leaves out products that were deleted', async () => {
    const { headers } = await customer();
    const kept = await insertProduct(t.db);
    const gone = await insertProduct(t.db);
    await add(headers, { product_id: kept.id });
    await add(headers, { product_id: gone.id });
    await softDeleteProduct(t.db, gone.id);
    expect((await list(headers)).json().map((e: { product_id: number }) => e.product_id)).toEqual([kept.id]);
  });

  it('shows only the caller’s own entries', async () => {
    const alice = await customer();
    const bob = await customer();
    const p = await insertProduct(t.db);
    await add(alice.headers, { product_id: p.id });
    expect((await list(bob.headers)).json()).toEqual([]);
  });
});

describe('POST /wishlist', () => {
  it('adds a product (201) and answers with the entry and its product', async () => {
    const { id: userId, headers } = await customer();
    const p = await insertProduct(t.db, { name: 'Maasai shuka', categories: ['Accessories'] });
    const res = await add(headers, { product_id: p.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Added to your wishlist!',
      id: expect.any(Number),
      product_id: p.id,
      created_at: expect.any(String),
      product: { id: p.id, name: 'Maasai shuka', categories: [{ name: 'Accessories' }] },
    });
    expect(await storedEntries(userId)).toHaveLength(1);
  });

  it('answers 409 the second time, and at most one of several simultaneous adds wins', async () => {
    const { id: userId, headers } = await customer();
    const p = await insertProduct(t.db);
    expect((await add(headers, { product_id: p.id })).statusCode).toBe(201);
    const again = await add(headers, { product_id: p.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Product already in wishlist' });

    const q = await insertProduct(t.db);
    const replies = await Promise.all(Array.from({ length: 6 }, () => add(headers, { product_id: q.id })));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect((await storedEntries(userId)).filter((e) => e.product_id === q.id)).toHaveLength(1);
  });

  it('lets two customers wish for the same product', async () => {
    const alice = await customer();
    const bob = await customer();
    const p = await insertProduct(t.db);
    expect((await add(alice.headers, { product_id: p.id })).statusCode).toBe(201);
    expect((await add(bob.headers, { product_id: p.id })).statusCode).toBe(201);
  });

  it('answers 404 for an unknown or deleted product', async () => {
    const { id: userId, headers } = await customer();
    const deleted = await insertProduct(t.db, { deleted: true });
    for (const productId of [999_999, deleted.id]) {
      const res = await add(headers, { product_id: productId });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Product not found.' });
    }
    expect(await storedEntries(userId)).toHaveLength(0);
  });

  it.each([
    [{}, 'The product id field is required.'],
    [{ product_id: 'abc' }, 'The product id must be a whole number.'],
    [{ product_id: 0 }, 'The product id is invalid.'],
  ])('refuses %j with a field message (422)', async (payload, message) => {
    const { headers } = await customer();
    const res = await add(headers, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.product_id).toEqual([message]);
  });

  it('lets unverified customers and admins keep a wishlist too', async () => {
    const unverified = await customer({ verified: false });
    const admin = await customer({ admin: true });
    const p = await insertProduct(t.db);
    expect((await add(unverified.headers, { product_id: p.id })).statusCode).toBe(201);
    expect((await add(admin.headers, { product_id: p.id })).statusCode).toBe(201);
    expect((await list(admin.headers)).json()).toHaveLength(1);
  });
});

describe('DELETE /wishlist/{entryId}', () => {
  it('removes the caller’s own entry', async () => {
    const { headers } = await customer();
    const p = await insertProduct(t.db);
    const entry = (await add(headers, { product_id: p.id })).json();
    const res = await remove(headers, entry.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Removed from wishlist' });
    expect((await list(headers)).json()).toEqual([]);
    expect((await remove(headers, entry.id)).statusCode).toBe(404);
    // and it can be wished for again afterwards
    expect((await add(headers, { product_id: p.id })).statusCode).toBe(201);
  });

  it('answers 404 for another customer’s entry and keeps it', async () => {
    const alice = await customer();
    const bob = await customer();
    const p = await insertProduct(t.db);
    const entry = (await add(alice.headers, { product_id: p.id })).json();
    const res = await remove(bob.headers, entry.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Wishlist item not found.' });
    expect((await list(alice.headers)).json()).toHaveLength(1);
  });

  it('refuses an entry id that is not a number (422)', async () => {
    const { headers } = await customer();
    const res = await remove(headers, 'abc');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.entryId).toEqual(['The wishlist entry id must be a whole number.']);
  });
});

describe('signed out', () => {
  it.each([
    ['GET', '/api/wishlist', undefined],
    ['POST', '/api/wishlist', { product_id: 1 }],
    ['POST', '/api/wishlist', {}],
    ['DELETE', '/api/wishlist/1', undefined],
  ] as const)('%s %s answers 401', async (method, url, payload) => {
    for (const headers of [{}, bearer('not-a-real-token')]) {
      const res = await t.app.inject({ method, url, headers, payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Unauthenticated.');
    }
  });
});
