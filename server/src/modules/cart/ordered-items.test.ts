import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { orderableProduct, orderBody } from '../../../test/order-fixtures.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { admin: true });
});
afterAll(async () => {
  await t?.close();
});

async function add(token: string, productId: number, quantity = 1) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cart/add',
    headers: bearer(token),
    payload: { product_id: productId, quantity },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function cartOf(token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { item_count: number; cart_items: { product_id: number; quantity: number }[] };
  return { count: body.item_count, lines: body.cart_items.map((l) => [l.product_id, l.quantity]) };
}

describe('ordered items leave the cart', () => {
  it('at checkout: the ordered lines go, the rest stays, and a partly ordered line keeps its other units', async () => {
    const buyer = await createUser(t.db);
    const dress = await orderableProduct(t.db, { stock: 1 });
    const socks = await orderableProduct(t.db, { stock: 5 });
    const scarf = await orderableProduct(t.db, { stock: 1 });
    await add(buyer.token, dress.id);
    await add(buyer.token, socks.id, 3);
    await add(buyer.token, scarf.id);

    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(buyer.token),
      payload: orderBody([
        { product_id: dress.id, quantity: 1 },
        { product_id: socks.id, quantity: 2 },
      ]),
    });
    expect(order.statusCode, order.body).toBe(201);

    expect(await cartOf(buyer.token)).toEqual({
      count: 2,
      lines: [
        [socks.id, 1],
        [scarf.id, 1],
      ],
    });
  });

  it('an order of one item: its line goes when ordered in full, keeps its other units otherwise', async () => {
    const buyer = await createUser(t.db);
    const socks = await orderableProduct(t.db, { stock: 5 });
    const scarf = await orderableProduct(t.db, { stock: 1 });
    await add(buyer.token, socks.id, 3);
    await add(buyer.token, scarf.id);
    const place = (lines: { product_id: number; quantity: number }[]) =>
      t.app.inject({ method: 'POST', url: '/api/orders', headers: bearer(buyer.token), payload: orderBody(lines) });

    expect((await place([{ product_id: socks.id, quantity: 2 }])).statusCode).toBe(201);
    expect(await cartOf(buyer.token)).toEqual({
      count: 2,
      lines: [
        [socks.id, 1],
        [scarf.id, 1],
      ],
    });
    expect((await place([{ product_id: scarf.id, quantity: 1 }])).statusCode).toBe(201);
    expect(await cartOf(buyer.token)).toEqual({ count: 1, lines: [[socks.id, 1]] });
  });

  it('a refused order leaves the cart as it was', async () => {
    const buyer = await createUser(t.db);
    const other = await createUser(t.db);
    const coat = await orderableProduct(t.db, { stock: 1 });
    await add(buyer.token, coat.id);
    await add(other.token, coat.id);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(other.token),
      payload: orderBody([{ product_id: coat.id, quantity: 1 }]),
    });
    expect(first.statusCode).toBe(201);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(buyer.token),
      payload: orderBody([{ product_id: coat.id, quantity: 1 }]),
    });
    expect(refused.statusCode).toBe(422);
    expect((await cartOf(buyer.token)).lines).toEqual([[coat.id, 1]]);
    // another customer's cart keeps its line (the order takes only its own customer's)
    expect((await cartOf(other.token)).lines).toEqual([]);
  });

  it('when the item of an accepted offer is ordered', async () => {
    const buyer = await createUser(t.db);
    const jacket = await orderableProduct(t.db, { stock: 1, priceCents: 1000_00 });
    await t.db.updateTable('products').set({ negotiable: 1 }).where('id', '=', jacket.id).execute();
    const offer = await t.app.inject({
      method: 'POST',
      url: `/api/products/${jacket.id}/offers`,
      headers: bearer(buyer.token),
      payload: { price: 950 },
    });
    expect(offer.statusCode, offer.body).toBe(201);
    expect(offer.json().offer.status).toBe('accepted');
    expect((await cartOf(buyer.token)).lines).toEqual([[jacket.id, 1]]);

    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(buyer.token),
      payload: orderBody([{ product_id: jacket.id, quantity: 1 }]),
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().order.total_amount).toBeLessThan(1000);
    expect(await cartOf(buyer.token)).toEqual({ count: 0, lines: [] });
  });

  it('when the shop places a manual order (pay link) for the customer’s account', async () => {
    const buyer = await createUser(t.db);
    const bag = await orderableProduct(t.db, { stock: 1 });
    const belt = await orderableProduct(t.db, { stock: 1 });
    await add(buyer.token, bag.id);
    await add(buyer.token, belt.id);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/manual',
      headers: bearer(admin.token),
      payload: {
        customer_id: buyer.id,
        items: [{ product_id: bag.id, quantity: 1 }],
        shipping_address: 'Paid custom delivery',
        shipping_phone: '0712 345 678',
        channel: 'whatsapp',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().pay_link).not.toBeNull();
    expect(await cartOf(buyer.token)).toEqual({ count: 1, lines: [[belt.id, 1]] });
  });
});
