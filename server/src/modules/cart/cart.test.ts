import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSchema } from '@mtumba/contract/cart';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { insertProduct, setStock, softDeleteProduct } from '../../../test/cart-fixtures.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;

function getCart(headers: Headers) {
  return t.app.inject({ method: 'GET', url: '/api/cart', headers });
}
function add(headers: Headers, payload: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/cart/add', headers, payload: payload as object });
}
function patch(headers: Headers, itemId: number | string, payload: unknown) {
  return t.app.inject({ method: 'PATCH', url: `/api/cart/${itemId}`, headers, payload: payload as object });
}
function remove(headers: Headers, itemId: number | string) {
  return t.app.inject({ method: 'DELETE', url: `/api/cart/remove/${itemId}`, headers });
}

async function customer(options: { verified?: boolean; admin?: boolean } = {}) {
  const user = await createUser(t.db, options);
  return { ...user, headers: bearer(user.token) };
}

async function cartRows(userId: number) {
  return t.db.selectFrom('cart_items').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

describe('GET /cart', () => {
  it('is empty for a new customer', async () => {
    const { headers } = await customer();
    const res = await getCart(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cart_items: [], cartItems: [], subtotal: 0, item_count: 0 });
  });

  it('shows each line with its product, the first image and the subtotal in Ksh', async () => {
    const { headers } = await customer();
    const shirt = await insertProduct(t.db, {
      name: 'Linen shirt',
      priceCents: 850_50,
      stock: 3,
      images: ['a1', 'b2'],
    });
    const boots = await insertProduct(t.db, { name: 'Leather boots', priceCents: 2000_00, stock: 1 });
    expect((await add(headers, { product_id: shirt.id, quantity: 2 })).statusCode).toBe(201);
    expect((await add(headers, { product_id: boots.id, quantity: 1 })).statusCode).toBe(201);

    const body = (await getCart(headers)).json();
    expect(body.cart_items).toEqual([
      {
        id: expect.any(Number),
        product_id: shirt.id,
        quantity: 2,
        line_total: 1701,
        product: {
          id: shirt.id,
          name: 'Linen shirt',
          price: 850.5,
          image_url: '/uploads/a1-640.webp',
          stock_quantity: 3,
        },
      },
      {
        id: expect.any(Number),
        product_id: boots.id,
        quantity: 1,
        line_total: 2000,
        product: { id: boots.id, name: 'Leather boots', price: 2000, image_url: null, stock_quantity: 1 },
      },
    ]);
    expect(body.cartItems).toEqual(body.cart_items);
    // the reply is sent without a check on the way out: it must still be the contract's shape
    expect(cartSchema.strict().safeParse(body).error).toBeUndefined();
    expect(body.subtotal).toBe(3701);
    expect(body.item_count).toBe(3);
  });

  it('leaves out products that were deleted, and a line of one cannot be changed', async () => {
    const { headers } = await customer();
    const kept = await insertProduct(t.db, { stock: 2, priceCents: 500_00 });
    const gone = await insertProduct(t.db, { stock: 2, priceCents: 700_00 });
    await add(headers, { product_id: kept.id });
    const goneLine = (await add(headers, { product_id: gone.id })).json().cart_item;
    await softDeleteProduct(t.db, gone.id);

    const body = (await getCart(headers)).json();
    expect(body.cart_items.map((i: { product_id: number }) => i.product_id)).toEqual([kept.id]);
    expect(body.subtotal).toBe(500);
    expect(body.item_count).toBe(1);
    expect((await patch(headers, goneLine.id, { quantity: 2 })).statusCode).toBe(404);
  });

  it('shows a line whose product has since sold out, with its stock at 0', async () => {
    const { headers } = await customer();
    const dress = await insertProduct(t.db, { stock: 1 });
    await add(headers, { product_id: dress.id });
    await setStock(t.db, dress.id, 0);
    const [line] = (await getCart(headers)).json().cart_items;
    expect(line.product.stock_quantity).toBe(0);
  });

  it('shows only the caller’s own lines', async () => {
    const alice = await customer();
    const bob = await customer();
    const p = await insertProduct(t.db, { stock: 1 });
    await add(alice.headers, { product_id: p.id });
    expect((await getCart(bob.headers)).json().cart_items).toEqual([]);
  });
});

describe('POST /cart/add', () => {
  it('adds a new line (201), then grows it (200) without a second row', async () => {
    const { id: userId, headers } = await customer();
    const p = await insertProduct(t.db, { name: 'Wool scarf', stock: 3 });
    const first = await add(headers, { product_id: p.id, quantity: 1 });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: 'Added to cart',
      cart_count: 1,
      cart_item: { quantity: 1, product: { id: p.id, name: 'Wool scarf', stock_quantity: 3 } },
    });

    const second = await add(headers, { product_id: p.id, quantity: 2 });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ message: 'Added to cart', cart_count: 3, cart_item: { quantity: 3 } });
    expect(second.json().cart_item.id).toBe(first.json().cart_item.id);
    expect(await cartRows(userId)).toHaveLength(1);
  });

  it('takes 1 when no quantity is given, and a quantity sent as text', async () => {
    const { headers } = await customer();
    const a = await insertProduct(t.db, { stock: 5 });
    const b = await insertProduct(t.db, { stock: 5 });
    expect((await add(headers, { product_id: a.id })).json().cart_item.quantity).toBe(1);
    expect((await add(headers, { product_id: String(b.id), quantity: '3' })).json().cart_item.quantity).toBe(3);
  });

  it('refuses more than the stock, with the out-of-stock message, and keeps the line as it was', async () => {
    const { id: userId, headers } = await customer();
    const p = await insertProduct(t.db, { name: 'Vintage kanga', stock: 2 });

    const tooMany = await add(headers, { product_id: p.id, quantity: 3 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe('"Vintage kanga" is out of stock.');
    expect(await cartRows(userId)).toHaveLength(0);

    expect((await add(headers, { product_id: p.id, quantity: 2 })).statusCode).toBe(201);
    const oneMore = await add(headers, { product_id: p.id, quantity: 1 });
    expect(oneMore.statusCode).toBe(422);
    expect(oneMore.json().message).toBe('"Vintage kanga" is out of stock.');
    expect((await cartRows(userId)).map((r) => r.quantity)).toEqual([2]);
  });

  it('refuses a sold product', async () => {
    const { id: userId, headers } = await customer();
    const p = await insertProduct(t.db, { name: 'Kitenge dress', stock: 0 });
    const res = await add(headers, { product_id: p.id, quantity: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('"Kitenge dress" is out of stock.');
    expect(await cartRows(userId)).toHaveLength(0);
  });

  it('answers 404 for an unknown or deleted product', async () => {
    const { headers } = await customer();
    const deleted = await insertProduct(t.db, { deleted: true, stock: 4 });
    for (const productId of [999_999, deleted.id]) {
      const res = await add(headers, { product_id: productId, quantity: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Product not found.' });
    }
  });

  it.each([
    ['quantity 0', { quantity: 0 }, 'quantity', 'The quantity must be at least 1.'],
    ['quantity -1', { quantity: -1 }, 'quantity', 'The quantity must be at least 1.'],
    ['quantity abc', { quantity: 'abc' }, 'quantity', 'The quantity must be a whole number.'],
    ['quantity 1.5', { quantity: 1.5 }, 'quantity', 'The quantity must be a whole number.'],
    ['quantity 100000', { quantity: 100000 }, 'quantity', 'The quantity may not be greater than 999.'],
    ['product_id missing', { product_id: undefined }, 'product_id', 'The product id field is required.'],
    ['product_id abc', { product_id: 'abc' }, 'product_id', 'The product id must be a whole number.'],
    ['product_id too large', { product_id: 99_999_999_999 }, 'product_id', 'The product id is invalid.'],
  ])('refuses %s with a field message (422)', async (_label, override, field, message) => {
    const { id: userId, headers } = await customer();
    const p = await insertProduct(t.db, { stock: 5 });
    const res = await add(headers, { product_id: p.id, quantity: 1, ...override });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect(res.json().message).toBe(message);
    expect(await cartRows(userId)).toHaveLength(0);
  });

  it('lets unverified customers and admins fill a cart too', async () => {
    const unverified = await customer({ verified: false });
    const admin = await customer({ admin: true });
    const p = await insertProduct(t.db, { stock: 2 });
    expect((await add(unverified.headers, { product_id: p.id })).statusCode).toBe(201);
    expect((await add(admin.headers, { product_id: p.id })).statusCode).toBe(201);
    expect((await getCart(admin.headers)).json().cart_items).toHaveLength(1);
  });

  it('turns simultaneous adds of the same product into one line holding every unit', async () => {
    const { id: userId, headers } = await customer();
    const p = await insertProduct(t.db, { stock: 20 });
    const replies = await Promise.all(Array.from({ length: 8 }, () => add(headers, { product_id: p.id })));
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const rows = await cartRows(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0].quantity).toBe(8);
  });

  it('never lets simultaneous adds go past the stock', async () => {
    const { id: userId, headers } = await customer();
    const p = await insertProduct(t.db, { name: 'Ankara bag', stock: 3 });
    const replies = await Promise.all(Array.from({ length: 6 }, () => add(headers, { product_id: p.id })));
    expect(replies.filter((r) => r.statusCode < 300)).toHaveLength(3);
    const refused = replies.filter((r) => r.statusCode === 422);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r.json().message).toBe('"Ankara bag" is out of stock.');
    const rows = await cartRows(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0].quantity).toBe(3);
  });
});

describe('PATCH /cart/{itemId}', () => {
  it('sets the quantity of the caller’s own line', async () => {
    const { headers } = await customer();
    const p = await insertProduct(t.db, { stock: 4, priceCents: 300_00 });
    const line = (await add(headers, { product_id: p.id })).json().cart_item;
    const res = await patch(headers, line.id, { quantity: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Cart updated',
      cart_count: 4,
      cart_item: { id: line.id, quantity: 4, line_total: 1200 },
    });
    expect((await getCart(headers)).json().cart_items[0].quantity).toBe(4);
  });

  it('refuses a quantity above the stock with the out-of-stock message', async () => {
    const { headers } = await customer();
    const p = await insertProduct(t.db, { name: 'Bomber jacket', stock: 2 });
    const line = (await add(headers, { product_id: p.id })).json().cart_item;
    const res = await patch(headers, line.id, { quantity: 3 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('"Bomber jacket" is out of stock.');
    expect((await getCart(headers)).json().cart_items[0].quantity).toBe(1);
  });

  it.each([
    [{ quantity: 0 }, 'The quantity must be at least 1.'],
    [{ quantity: -1 }, 'The quantity must be at least 1.'],
    [{ quantity: 'abc' }, 'The quantity must be a whole number.'],
    [{}, 'The quantity field is required.'],
  ])('refuses %j (422)', async (payload, message) => {
    const { headers } = await customer();
    const p = await insertProduct(t.db, { stock: 2 });
    const line = (await add(headers, { product_id: p.id })).json().cart_item;
    const res = await patch(headers, line.id, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.quantity).toEqual([message]);
  });

  it('answers 404 for another customer’s line and leaves it alone', async () => {
    const alice = await customer();
    const bob = await customer();
    const p = await insertProduct(t.db, { stock: 3 });
    const line = (await add(alice.headers, { product_id: p.id })).json().cart_item;
    const res = await patch(bob.headers, line.id, { quantity: 2 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Cart item not found.' });
    expect((await getCart(alice.headers)).json().cart_items[0].quantity).toBe(1);
    expect((await patch(bob.headers, 999_999, { quantity: 1 })).statusCode).toBe(404);
  });

  it('refuses an item id that is not a number (422)', async () => {
    const { headers } = await customer();
    const res = await patch(headers, 'abc', { quantity: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.itemId).toEqual(['The cart item id must be a whole number.']);
  });
});

describe('DELETE /cart/remove/{itemId}', () => {
  it('removes the caller’s own line', async () => {
    const { headers } = await customer();
    const a = await insertProduct(t.db, { stock: 1 });
    const b = await insertProduct(t.db, { stock: 1 });
    const lineA = (await add(headers, { product_id: a.id })).json().cart_item;
    await add(headers, { product_id: b.id });
    const res = await remove(headers, lineA.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Removed from cart', cart_count: 1 });
    expect((await getCart(headers)).json().cart_items.map((i: { product_id: number }) => i.product_id)).toEqual([b.id]);
    expect((await remove(headers, lineA.id)).statusCode).toBe(404);
  });

  it('answers 404 for another customer’s line and keeps it', async () => {
    const alice = await customer();
    const bob = await customer();
    const p = await insertProduct(t.db, { stock: 1 });
    const line = (await add(alice.headers, { product_id: p.id })).json().cart_item;
    const res = await remove(bob.headers, line.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Cart item not found.' });
    expect((await getCart(alice.headers)).json().cart_items).toHaveLength(1);
  });

  it('refuses an item id that is not a number (422)', async () => {
    const { headers } = await customer();
    expect((await remove(headers, 'abc')).statusCode).toBe(422);
  });
});

describe('DELETE /cart/clear', () => {
  it('empties the caller’s cart only', async () => {
    const alice = await customer();
    const bob = await customer();
    const a = await insertProduct(t.db, { stock: 2 });
    const b = await insertProduct(t.db, { stock: 2 });
    await add(alice.headers, { product_id: a.id });
    await add(alice.headers, { product_id: b.id });
    await add(bob.headers, { product_id: a.id });

    const res = await t.app.inject({ method: 'DELETE', url: '/api/cart/clear', headers: alice.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Cart cleared', cart_count: 0 });
    expect((await getCart(alice.headers)).json().cart_items).toEqual([]);
    expect((await getCart(bob.headers)).json().cart_items).toHaveLength(1);

    const again = await t.app.inject({ method: 'DELETE', url: '/api/cart/clear', headers: alice.headers });
    expect(again.statusCode).toBe(200);
  });
});

describe('signed out', () => {
  it.each([
    ['GET', '/api/cart', undefined],
    ['POST', '/api/cart/add', { product_id: 1, quantity: 1 }],
    ['POST', '/api/cart/add', { quantity: 'abc' }],
    ['PATCH', '/api/cart/1', { quantity: 1 }],
    ['DELETE', '/api/cart/remove/1', undefined],
    ['DELETE', '/api/cart/clear', undefined],
  ] as const)('%s %s answers 401', async (method, url, payload) => {
    for (const headers of [{}, bearer('not-a-real-token')]) {
      const res = await t.app.inject({ method, url, headers, payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Unauthenticated.');
    }
  });
});
