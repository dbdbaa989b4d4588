import { ORDER_STATUSES, ORDER_TRANSITIONS, transitionRefusal, type OrderStatus } from '@mtumba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import {
  historyOf,
  mailsTo,
  orderableProduct,
  orderBody,
  orderRow,
  setOrderState,
  stockOf,
} from '../../../test/order-fixtures.js';

let t: TestApp;
let admin: { id: number; headers: Record<string, string> };

beforeAll(async () => {
  t = await buildTestApp();
  const a = await createUser(t.db, { admin: true });
  admin = { id: a.id, headers: bearer(a.token) };
});
afterAll(async () => {
  await t?.close();
});

async function newOrder(options: { stock?: number; quantity?: number; status?: OrderStatus } = {}) {
  const user = await createUser(t.db);
  const product = await orderableProduct(t.db, { stock: options.stock ?? 1 });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(user.token),
    payload: orderBody([{ product_id: product.id, quantity: options.quantity ?? 1 }]),
  });
  expect(res.statusCode, res.body).toBe(201);
  const orderId = res.json().order.id as number;
  if (options.status && options.status !== 'pending')
    await setOrderState(t.db, orderId, { order_status: options.status });
  return { user, product, orderId };
}

function put(orderId: number | string, payload: unknown, headers = admin.headers) {
  return t.app.inject({ method: 'PUT', url: `/api/admin/orders/${orderId}`, headers, payload: payload as object });
}

describe('PUT /admin/orders/{id}', () => {
  const moves = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));

  it.each(moves.filter(([from, to]) => ORDER_TRANSITIONS[from].includes(to)))(
    'moves %s → %s, records it and tells the owner',
    async (from, to) => {
      const { user, orderId } = await newOrder({ status: from });
      const seen: unknown[] = [];
      const off = t.app.events.on('order.status.updated', (e) => seen.push(e));
      const res = await put(orderId, { order_status: to });
      off();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: 'Order status updated.', order: { id: orderId, order_status: to } });
      expect((await orderRow(t.db, orderId)).order_status).toBe(to);
      expect((await historyOf(t.db, orderId)).at(-1)).toMatchObject({
        from_status: from,
        to_status: to,
        actor: 'admin',
        actor_user_id: admin.id,
      });
      expect(seen).toEqual([expect.objectContaining({ userId: user.id, id: orderId, status: to })]);
      const mailed = (await mailsTo(t.db, user.email)).map((m) => m.template);
      if (['shipped', 'delivered', 'cancelled'].includes(to)) expect(mailed).toEqual([`order_${to}`]);
      else expect(mailed).toEqual([]);
    },
  );

  it.each(moves.filter(([from, to]) => !ORDER_TRANSITIONS[from].includes(to)))(
    'refuses %s → %s with 422 and changes nothing',
    async (from, to) => {
      const { user, orderId, product } = await newOrder({ status: from });
      const before = await orderRow(t.db, orderId);
      const stock = await stockOf(t.db, product.id);
      const res = await put(orderId, { order_status: to });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: transitionRefusal(from, to) });
      expect(await orderRow(t.db, orderId)).toEqual(before);
      expect(await stockOf(t.db, product.id)).toBe(stock);
      expect(await mailsTo(t.db, user.email)).toEqual([]);
    },
  );

  it('puts the stock back once when cancelling', async () => {
    const { product, orderId } = await newOrder({ stock: 3, quantity: 2 });
    expect(await stockOf(t.db, product.id)).toBe(1);
    expect((await put(orderId, { order_status: 'cancelled' })).statusCode).toBe(200);
    expect(await stockOf(t.db, product.id)).toBe(3);
    expect((await put(orderId, { order_status: 'cancelled' })).statusCode).toBe(422);
    expect(await stockOf(t.db, product.id)).toBe(3);
  });

  it('cancels with stock returned exactly once when two admins press at the same moment', async () => {
    const { product, orderId } = await newOrder({ stock: 2, quantity: 2 });
    const results = await Promise.all([1, 2, 3].map(() => put(orderId, { order_status: 'cancelled' })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await stockOf(t.db, product.id)).toBe(2);
  });

  it.each([
    [{}, 'The order status must be one of: pending, processing, shipped, delivered, cancelled.'],
    [{ order_status: 'lost' }, 'The order status must be one of: pending, processing, shipped, delivered, cancelled.'],
    [{ status: 'shipped' }, 'The order status must be one of: pending, processing, shipped, delivered, cancelled.'],
  ])('refuses the body %j with 422', async (payload, message) => {
    const { orderId } = await newOrder();
    const res = await put(orderId, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.order_status).toEqual([message]);
  });

  it('is 404 for a missing order, 403 for customers, 401 for visitors', async () => {
    const { user, orderId } = await newOrder();
    expect((await put(999999, { order_status: 'processing' })).statusCode).toBe(404);
    const asOwner = await put(orderId, { order_status: 'cancelled' }, bearer(user.token));
    expect(asOwner.statusCode).toBe(403);
    expect(asOwner.json().message).toBe('Forbidden.');
    expect((await put(orderId, { order_status: 'cancelled' }, {})).statusCode).toBe(401);
    expect((await orderRow(t.db, orderId)).order_status).toBe('pending');
  });
});

describe('GET /admin/orders', () => {
  it('lists every customer’s orders newest first with owner, totals, item count and cancel requests', async () => {
    const a = await newOrder({ stock: 2, quantity: 2 });
    const b = await newOrder();
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${b.orderId}/request-cancel`,
      headers: bearer(b.user.token),
    });

    const res = await t.app.inject({ method: 'GET', url: '/api/admin/orders?per_page=100', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; [k: string]: unknown }[];
    const ids = list.map((o) => o.id);
    expect(ids.indexOf(b.orderId)).toBeLessThan(ids.indexOf(a.orderId));
    expect(list.find((o) => o.id === a.orderId)).toMatchObject({
      user: { id: a.user.id, name: a.user.name, email: a.user.email },
      item_count: 2,
      payment_status: 'unpaid',
      cancel_requested_at: null,
      total_amount: expect.any(Number),
      order_items: [expect.objectContaining({ quantity: 2 })],
    });
    expect(list.find((o) => o.id === b.orderId)?.cancel_requested_at).toEqual(expect.any(String));
    expect(Number(res.headers['x-total-count'])).toBe(list.length);
  });

  it('filters by status and pages with X-Total-Count and Link', async () => {
    const shipped = await Promise.all([1, 2, 3].map(() => newOrder({ status: 'shipped' })));
    const page1 = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders?status=shipped&per_page=2',
      headers: admin.headers,
    });
    expect(page1.statusCode).toBe(200);
    const total = Number(page1.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(page1.json()).toHaveLength(2);
    expect(page1.json().every((o: { order_status: string }) => o.order_status === 'shipped')).toBe(true);
    const link = String(page1.headers.link);
    expect(link).toContain('</api/admin/orders?per_page=2&status=shipped&page=2>; rel="next"');
    expect(link).toContain(`rel="last"`);

    const all: number[] = [];
    for (let page = 1; page <= Math.ceil(total / 2); page++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/orders?status=shipped&per_page=2&page=${page}`,
        headers: admin.headers,
      });
      all.push(...res.json().map((o: { id: number }) => o.id));
    }
    expect(new Set(all).size).toBe(total);
    for (const s of shipped) expect(all).toContain(s.orderId);

    const everything = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders?status=all',
      headers: admin.headers,
    });
    expect(Number(everything.headers['x-total-count'])).toBeGreaterThan(total);
  });

  it.each(['status=lost', 'page=0', 'per_page=1000', 'page=abc'])('refuses ?%s with 422', async (query) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/orders?${query}`, headers: admin.headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('is 403 for customers and 401 for visitors', async () => {
    const customer = await createUser(t.db);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: bearer(customer.token) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders' })).statusCode).toBe(401);
  });
});

describe('GET /admin/orders/{id}', () => {
  it('shows the order with its customer, lines, history and payments', async () => {
    const { user, orderId } = await newOrder();
    const at = new Date().toISOString();
    await t.db
      .insertInto('payments')
      .values({
        order_id: orderId,
        reference: `ref-${orderId}`,
        provider: 'sandbox',
        status: 'failed',
        amount_cents: 450_00,
        currency: 'KES',
        method: 'mpesa',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: orderId,
      user: { id: user.id, name: user.name, email: user.email },
      shipping_address: 'CBD Delivery',
      shipping_phone: '+254712345678',
      created_at: expect.any(String),
      order_status: 'pending',
      order_items: [expect.objectContaining({ quantity: 1, price: '500.00' })],
      history: [expect.objectContaining({ to_status: 'pending', actor: 'customer' })],
      payments: [
        {
          reference: `ref-${orderId}`,
          provider: 'sandbox',
          status: 'failed',
          amount: 450,
          method: 'mpesa',
          created_at: at,
        },
      ],
    });
  });

  it('shows an order whose customer deleted their account', async () => {
    const { user, orderId } = await newOrder();
    await t.db.deleteFrom('users').where('id', '=', user.id).execute();
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toBeNull();
  });

  it('is 404 for a missing order, 403 for customers, 401 for visitors', async () => {
    const { user, orderId } = await newOrder();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/orders/999999', headers: admin.headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: bearer(user.token) }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}` })).statusCode).toBe(401);
  });
});
