import { OFFERS } from '@mtumba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { ORDER_TOO_LARGE } from './service.js';
import { expireUnpaidOrders } from './sweeper.js';
import {
  expireReservation,
  historyOf,
  mailsTo,
  orderableProduct,
  orderBody,
  orderRow,
  setOrderState,
  stockOf,
} from '../../../test/order-fixtures.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { SHOP_EMAIL: 'owner@shop.test', ORDER_RESERVATION_SECONDS: '600' } });
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;

async function customer(options: { verified?: boolean; admin?: boolean } = {}) {
  const user = await createUser(t.db, options);
  return { ...user, headers: bearer(user.token) };
}

function place(headers: Headers, payload: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/orders', headers, payload: payload as object });
}

async function placed(headers: Headers, items: { product_id: number; quantity: number }[], extra = {}) {
  const res = await place(headers, orderBody(items, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as { id: number } & Record<string, unknown>;
}

describe('POST /orders', () => {
  it('reserves the stock and answers the whole order, priced from the database', async () => {
    const { headers, id: userId, name } = await customer();
    const shirt = await orderableProduct(t.db, {
      name: 'Linen shirt',
      priceCents: 1500_00,
      stock: 2,
      imageKey: 'abc123',
    });
    const socks = await orderableProduct(t.db, { name: 'Wool socks', priceCents: 120_50, stock: 5 });

    const res = await place(headers, {
      ...orderBody([
        { product_id: shirt.id, quantity: 1 },
        { product_id: socks.id, quantity: 2 },
      ]),
      // a price sent by the client is ignored
      price: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order, message } = res.json();
    expect(message).toMatch(/Order placed/);
    // 1500 + 241 = 1741; bulk 50, welcome 174.10; 1741 − 224.10 = 1516.90 > 1000 → free delivery
    expect(order).toMatchObject({
      user: { id: userId, name },
      order_status: 'pending',
      payment_status: 'unpaid',
      subtotal: 1741,
      discount_amount: 224.1,
      delivery_fee: 0,
      total_amount: 1516.9,
      applied_discounts: [OFFERS.bulk.label, OFFERS.welcome.label, OFFERS.freeDelivery.label],
      shipping_address: 'CBD Delivery',
      shipping_phone: '+254712345678',
      cancel_requested_at: null,
      item_count: 3,
    });
    expect(order.order_items).toEqual([
      {
        id: expect.any(Number),
        product_id: shirt.id,
        quantity: 1,
        price: '1500.00',
        subtotal: 1500,
        product: { id: shirt.id, name: 'Linen shirt', image_url: '/uploads/abc123-640.webp' },
      },
      {
        id: expect.any(Number),
        product_id: socks.id,
        quantity: 2,
        price: '120.50',
        subtotal: 241,
        product: { id: socks.id, name: 'Wool socks', image_url: null },
      },
    ]);
    expect(order.orderItems).toEqual(order.order_items);
    expect(order.history).toEqual([
      {
        from_status: null,
        to_status: 'pending',
        actor: 'customer',
        note: 'Order placed',
        move: 'place',
        created_at: order.created_at,
      },
    ]);
    const reservedFor = Date.parse(order.reserved_until) - Date.parse(order.created_at);
    expect(reservedFor).toBe(600_000);
    expect(await stockOf(t.db, shirt.id)).toBe(1);
    expect(await stockOf(t.db, socks.id)).toBe(3);
  });

  it('merges repeated lines of one product', async () => {
    const { headers } = await customer();
    const p = await orderableProduct(t.db, { stock: 3 });
    const order = await placed(headers, [
      { product_id: p.id, quantity: 1 },
      { product_id: p.id, quantity: 2 },
    ]);
    expect(order.order_items).toMatchObject([{ product_id: p.id, quantity: 3 }]);
    expect(await stockOf(t.db, p.id)).toBe(0);
  });

  it('refuses a shortfall with the stock message and reserves nothing of the order', async () => {
    const { headers } = await customer();
    const plenty = await orderableProduct(t.db, { stock: 5 });
    const scarce = await orderableProduct(t.db, { name: 'Denim jacket', stock: 1 });
    const res = await place(
      headers,
      orderBody([
        { product_id: plenty.id, quantity: 2 },
        { product_id: scarce.id, quantity: 2 },
      ]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'Not enough stock for Denim jacket',
      message: 'Not enough stock for Denim jacket',
    });
    expect(await stockOf(t.db, plenty.id)).toBe(5);
    expect(await stockOf(t.db, scarce.id)).toBe(1);
  });

  it('does not sell a product that is sold out', async () => {
    const { headers } = await customer();
    const p = await orderableProduct(t.db, { name: 'Silk scarf', stock: 0 });
    const res = await place(headers, orderBody([{ product_id: p.id, quantity: 1 }]));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Not enough stock for Silk scarf');
  });

  it('refuses a product that no longer exists', async () => {
    const { headers } = await customer();
    const gone = await orderableProduct(t.db, { stock: 1 });
    await t.db
      .updateTable('products')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', gone.id)
      .execute();
    const res = await place(headers, orderBody([{ product_id: gone.id, quantity: 1 }]));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.items[0]).toMatch(/no longer available/);
    const unknown = await place(headers, orderBody([{ product_id: 999999, quantity: 1 }]));
    expect(unknown.statusCode).toBe(422);
  });

  it.each([
    ['0712345678', '+254712345678'],
    ['+254 712 345 678', '+254712345678'],
    ['254712345678', '+254712345678'],
    ['0110 123-456', '+254110123456'],
  ])('accepts the Kenyan number %s and stores it as %s', async (input, stored) => {
    const { headers } = await customer();
    const p = await orderableProduct(t.db, { stock: 1 });
    const order = await placed(headers, [{ product_id: p.id, quantity: 1 }], { shipping_phone: input });
    expect(order.shipping_phone).toBe(stored);
  });

  it.each(['0712', '0201234567', '+255712345678', 'call me', '+1 202 555 0100'])(
    'refuses the phone %s with a clear message',
    async (phone) => {
      const { headers } = await customer();
      const p = await orderableProduct(t.db, { stock: 1 });
      const res = await place(headers, orderBody([{ product_id: p.id, quantity: 1 }], { shipping_phone: phone }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.shipping_phone[0]).toMatch(/valid Kenyan mobile number/);
      expect(await stockOf(t.db, p.id)).toBe(1);
    },
  );

  it('refuses an unknown discount code', async () => {
    const { headers } = await customer();
    const p = await orderableProduct(t.db, { stock: 1 });
    const res = await place(headers, orderBody([{ product_id: p.id, quantity: 1 }], { discount_code: 'FREESTUFF' }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'Invalid discount code',
      errors: { discount_code: ['Invalid discount code'] },
    });
  });

  it('accepts WELCOME10 on a first order, and an empty code as none', async () => {
    const { headers } = await customer();
    const p = await orderableProduct(t.db, { stock: 2, priceCents: 200_00 });
    const order = await placed(headers, [{ product_id: p.id, quantity: 1 }], { discount_code: 'welcome10' });
    expect(order.applied_discounts).toContain(OFFERS.welcome.label);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers });
    expect(cancel.statusCode).toBe(200);
    const again = await placed(headers, [{ product_id: p.id, quantity: 1 }], { discount_code: '' });
    expect(again.applied_discounts).toContain(OFFERS.welcome.label);
  });

  it('gives WELCOME10 to one live order only: a second order while the first is unpaid pays full price', async () => {
    const { headers } = await customer();
    const p = await orderableProduct(t.db, { stock: 3, priceCents: 200_00 });
    const first = await placed(headers, [{ product_id: p.id, quantity: 1 }]);
    expect(first.applied_discounts).toContain(OFFERS.welcome.label);
    const second = await placed(headers, [{ product_id: p.id, quantity: 1 }]);
    expect(second.applied_discounts).toEqual([]);
    expect(second.total_amount).toBe(250);
    const typed = await place(headers, orderBody([{ product_id: p.id, quantity: 1 }], { discount_code: 'WELCOME10' }));
    expect(typed.statusCode).toBe(422);
    expect(typed.json().errors.discount_code[0]).toContain(`your order #${first.id}`);
  });

  it('gives the first-order offer until an order is paid; an expired unpaid order does not use it up', async () => {
    const { headers } = await customer();
    const p = await orderableProduct(t.db, { stock: 10, priceCents: 100_00 });
    const first = await placed(headers, [{ product_id: p.id, quantity: 1 }]);
    await expireReservation(t.db, first.id);
    await expireUnpaidOrders(t.db);
    const second = await placed(headers, [{ product_id: p.id, quantity: 1 }]);
    expect(second.applied_discounts).toEqual([OFFERS.welcome.label]);
    await setOrderState(t.db, second.id, {
      order_status: 'processing',
      payment_status: 'paid',
      paid_at: new Date().toISOString(),
    });
    const third = await placed(headers, [{ product_id: p.id, quantity: 1 }]);
    expect(third.applied_discounts).toEqual([]);
    expect(third).toMatchObject({ subtotal: 100, discount_amount: 0, delivery_fee: 50, total_amount: 150 });
    const code = await place(headers, orderBody([{ product_id: p.id, quantity: 1 }], { discount_code: 'WELCOME10' }));
    expect(code.statusCode).toBe(422);
    expect(code.json().message).toBe('WELCOME10 is only for your first order.');
  });

  it('charges nothing for custom delivery at checkout', async () => {
    const { headers } = await customer();
    const p = await orderableProduct(t.db, { stock: 1, priceCents: 300_00 });
    const order = await placed(headers, [{ product_id: p.id, quantity: 1 }], {
      shipping_address: 'Paid custom delivery',
    });
    expect(order).toMatchObject({ delivery_fee: 0, total_amount: 270, shipping_address: 'Paid custom delivery' });
  });

  it.each([
    [{ items: [] }, 'items', 'Your cart is empty.'],
    [{ items: [{ product_id: 1, quantity: 0 }] }, 'items.0.quantity', 'The quantity must be at least 1.'],
    [{ items: [{ product_id: 'x', quantity: 1 }] }, 'items.0.product_id', 'The product id must be a number.'],
    [{ shipping_address: 'Mombasa' }, 'shipping_address', 'Choose CBD Delivery or Paid custom delivery.'],
    [{ shipping_phone: '' }, 'shipping_phone', 'The shipping phone field is required.'],
    [{ shipping_phone: undefined }, 'shipping_phone', 'The shipping phone field is required.'],
  ])('refuses %j with 422 on %s', async (change, field, text) => {
    const { headers } = await customer();
    const res = await place(headers, { ...orderBody([{ product_id: 1, quantity: 1 }]), ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(text);
  });

  it('needs a signed-in, verified customer', async () => {
    const p = await orderableProduct(t.db, { stock: 1 });
    const body = orderBody([{ product_id: p.id, quantity: 1 }]);
    const anonymous = await place({}, body);
    expect(anonymous.statusCode).toBe(401);
    const unverified = await customer({ verified: false });
    const res = await place(unverified.headers, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Please verify your email address first.');
    expect(await stockOf(t.db, p.id)).toBe(1);
  });

  it('refuses an order too large for the books (over Ksh 21,474,836.47) with 422, reserving nothing', async () => {
    const { headers } = await customer();
    const coat = await orderableProduct(t.db, { name: 'Mink coat', priceCents: 10_000_000_00, stock: 5 });
    const res = await place(headers, orderBody([{ product_id: coat.id, quantity: 3 }]));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ errors: { items: [ORDER_TOO_LARGE] } });
    expect(await stockOf(t.db, coat.id)).toBe(5);

    // two of them still fit
    await placed(headers, [{ product_id: coat.id, quantity: 2 }]);
    expect(await stockOf(t.db, coat.id)).toBe(3);
  });

  it('takes the ordered units out of the cart and leaves the rest', async () => {
    const { headers, id } = await customer();
    const p = await orderableProduct(t.db, { stock: 2 });
    const other = await orderableProduct(t.db, { stock: 1 });
    const at = new Date().toISOString();
    await t.db
      .insertInto('cart_items')
      .values([
        { user_id: id, product_id: p.id, quantity: 2, created_at: at, updated_at: at },
        { user_id: id, product_id: other.id, quantity: 1, created_at: at, updated_at: at },
      ])
      .execute();
    await placed(headers, [{ product_id: p.id, quantity: 1 }]);
    const cart = await t.db
      .selectFrom('cart_items')
      .select(['product_id', 'quantity'])
      .where('user_id', '=', id)
      .orderBy('product_id')
      .execute();
    expect(cart).toEqual([
      { product_id: p.id, quantity: 1 },
      { product_id: other.id, quantity: 1 },
    ]);
  });

  it('announces the new order once it is stored', async () => {
    const { headers, id: userId } = await customer();
    const p = await orderableProduct(t.db, { stock: 1 });
    const seen: unknown[] = [];
    const off = t.app.events.on('order.created', (e) => seen.push(e));
    const order = await placed(headers, [{ product_id: p.id, quantity: 1 }]);
    off();
    expect(seen).toEqual([
      expect.objectContaining({ userId, id: order.id, status: 'pending', total_amount: order.total_amount }),
    ]);
  });
});

describe('GET /orders and GET /orders/{id}', () => {
  it('lists only the caller’s orders, newest first, with lines and history', async () => {
    const me = await customer();
    const other = await customer();
    const p = await orderableProduct(t.db, { stock: 5 });
    const a = await placed(me.headers, [{ product_id: p.id, quantity: 1 }]);
    const b = await placed(me.headers, [{ product_id: p.id, quantity: 2 }]);
    await placed(other.headers, [{ product_id: p.id, quantity: 1 }]);

    const res = await t.app.inject({ method: 'GET', url: '/api/orders', headers: me.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((o: { id: number }) => o.id)).toEqual([b.id, a.id]);
    expect(list[0].order_items[0]).toMatchObject({ quantity: 2, product: { id: p.id, name: p.name } });
    expect(list[0].history).toHaveLength(1);
    expect(list[0].user).toEqual({ id: me.id, name: me.name });
  });

  it('is empty for a new customer and 401 for a visitor', async () => {
    const { headers } = await customer();
    expect((await t.app.inject({ method: 'GET', url: '/api/orders', headers })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
  });

  it('shows one own order; someone else’s or a missing one is 404', async () => {
    const me = await customer();
    const other = await customer();
    const p = await orderableProduct(t.db, { stock: 1 });
    const order = await placed(me.headers, [{ product_id: p.id, quantity: 1 }]);

    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: me.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: order.id, order_status: 'pending' });

    for (const [headers, url] of [
      [other.headers, `/api/orders/${order.id}`],
      [me.headers, '/api/orders/999999'],
      [me.headers, '/api/orders/abc'],
      [me.headers, '/api/orders/99999999999999'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Order not found.' });
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}` })).statusCode).toBe(401);
  });

  it('answers 410 for a pending order whose reservation has passed', async () => {
    const me = await customer();
    const p = await orderableProduct(t.db, { stock: 1 });
    const order = await placed(me.headers, [{ product_id: p.id, quantity: 1 }]);
    await expireReservation(t.db, order.id);
    const res = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: me.headers });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ message: 'Your order reservation expired. Please recreate the order.' });
  });

  it('loads a page of orders with a fixed number of queries (no N+1)', async () => {
    const me = await customer();
    const p = await orderableProduct(t.db, { stock: 20 });
    const count = async () => {
      let queries = 0;
      const original = t.db.getExecutor().executeQuery.bind(t.db.getExecutor());
      const executor = t.db.getExecutor() as { executeQuery: typeof original };
      executor.executeQuery = (...args) => {
        queries += 1;
        return original(...args);
      };
      try {
        await t.app.inject({ method: 'GET', url: '/api/orders', headers: me.headers });
      } finally {
        executor.executeQuery = original;
      }
      return queries;
    };
    const placeAndPay = async () => {
      const order = await placed(me.headers, [{ product_id: p.id, quantity: 1 }]);
      await setOrderState(t.db, order.id, { order_status: 'processing' });
    };
    await placeAndPay();
    // the session's first use is written a moment after the request (plugins/auth.ts gathers
    // them); counted inside a request, that write would be taken for one of the page's queries
    await expect
      .poll(async () => {
        const row = await t.db
          .selectFrom('auth_tokens')
          .select('last_used_at')
          .where('user_id', '=', me.id)
          .executeTakeFirstOrThrow();
        return row.last_used_at !== null;
      })
      .toBe(true);
    const withOne = await count();
    for (let i = 0; i < 4; i++) await placeAndPay();
    expect(withOne).toBeGreaterThan(3);
    expect(await count()).toBe(withOne);
  });
});

describe('POST /orders/{id}/request-cancel', () => {
  const url = (id: number | string) => `/api/orders/${id}/request-cancel`;
  const SENT = "Your cancellation request was sent. We'll update you shortly.";

  it('records the request once and e-mails the shop once', async () => {
    const me = await customer();
    const p = await orderableProduct(t.db, { stock: 1 });
    const order = await placed(me.headers, [{ product_id: p.id, quantity: 1 }]);
    const seen: unknown[] = [];
    const off = t.app.events.on('order.cancel_requested', (e) => seen.push(e));
    const before = (await mailsTo(t.db, 'owner@shop.test')).length;

    const first = await t.app.inject({ method: 'POST', url: url(order.id), headers: me.headers });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: SENT });
    const row = await orderRow(t.db, order.id);
    expect(row.cancel_requested_at).not.toBeNull();
    expect(row.order_status).toBe('pending');

    const second = await t.app.inject({ method: 'POST', url: url(order.id), headers: me.headers });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ message: SENT });
    expect((await orderRow(t.db, order.id)).cancel_requested_at).toBe(row.cancel_requested_at);
    off();

    const mails = (await mailsTo(t.db, 'owner@shop.test')).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Cancellation request: order #${order.id}`);
    expect(mails[0]!.text).toContain(me.email);
    expect(seen).toHaveLength(1);
    const shown = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: me.headers });
    expect(shown.json().cancel_requested_at).toBe(row.cancel_requested_at);
    expect((await historyOf(t.db, order.id)).map((h) => h.note)).toContain('Cancellation requested');
  });

  it('works for processing orders and refuses shipped, delivered and cancelled ones', async () => {
    const me = await customer();
    const p = await orderableProduct(t.db, { stock: 4 });
    for (const status of ['processing', 'shipped', 'delivered', 'cancelled'] as const) {
      const order = await placed(me.headers, [{ product_id: p.id, quantity: 1 }]);
      await setOrderState(t.db, order.id, { order_status: status });
      const res = await t.app.inject({ method: 'POST', url: url(order.id), headers: me.headers });
      if (status === 'processing') {
        expect(res.statusCode).toBe(200);
      } else {
        expect(res.statusCode, status).toBe(422);
        expect(res.json().message).toBe('Only pending or processing orders can be cancelled.');
        expect((await orderRow(t.db, order.id)).cancel_requested_at).toBeNull();
      }
    }
  });

  it('is 404 for someone else’s order and 401 for a visitor', async () => {
    const me = await customer();
    const other = await customer();
    const p = await orderableProduct(t.db, { stock: 1 });
    const order = await placed(me.headers, [{ product_id: p.id, quantity: 1 }]);
    const res = await t.app.inject({ method: 'POST', url: url(order.id), headers: other.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Order not found.');
    expect((await t.app.inject({ method: 'POST', url: url(order.id) })).statusCode).toBe(401);
    expect((await orderRow(t.db, order.id)).cancel_requested_at).toBeNull();
  });
});
