import {
  ORDER_ALREADY_SHIPPED,
  ORDER_SHIPPED,
  SHIP_CARRIER_REQUIRED,
  SHIP_TRACKING_REQUIRED,
} from '@mtumba/contract/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAfricasTalking, type FakeAfricasTalking } from '../../../test/africastalking-fake.js';
import { bearer, buildTestApp, createUser, TEST_DB, type TestApp } from '../../../test/helpers.js';
import {
  historyOf,
  mailsTo,
  orderableProduct,
  orderBody,
  orderRow,
  setOrderState,
} from '../../../test/order-fixtures.js';
import type { OrderStatus } from '../../db/schema.js';

let fake: FakeAfricasTalking;
let t: TestApp;
let admin: { id: number; headers: Record<string, string> };

beforeAll(async () => {
  fake = await startFakeAfricasTalking();
  t = await buildTestApp({
    env: { AT_API_KEY: fake.apiKey, AT_USERNAME: fake.username, AT_SENDER_ID: 'MTUMBA', AT_URL: fake.url },
  });
  const a = await createUser(t.db, { admin: true });
  admin = { id: a.id, headers: bearer(a.token) };
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function courierMethodId(): Promise<number> {
  const row = await t.db
    .selectFrom('delivery_methods')
    .select('id')
    .where('kind', '=', 'courier')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function newOrder(options: { status?: OrderStatus; courier?: boolean } = {}) {
  const user = await createUser(t.db);
  const product = await orderableProduct(t.db, { stock: 1 });
  const extra = options.courier
    ? {
        delivery_method_id: await courierMethodId(),
        delivery_town: 'Nakuru',
        delivery_pickup_office: 'Easy Coach, Nakuru town stage',
      }
    : {};
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(user.token),
    payload: orderBody([{ product_id: product.id, quantity: 1 }], extra),
  });
  expect(res.statusCode, res.body).toBe(201);
  const orderId = res.json().order.id as number;
  const status = options.status ?? 'processing';
  if (status !== 'pending') await setOrderState(t.db, orderId, { order_status: status });
  return { user, product, orderId };
}

function ship(orderId: number | string, payload: unknown, headers: Record<string, string> = admin.headers) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/ship`,
    headers,
    payload: payload as object,
  });
}

async function textsTo(phone: string) {
  return t.db.selectFrom('sms_outbox').selectAll().where('to_phone', '=', phone).orderBy('id').execute();
}

describe(`POST /admin/orders/{id}/ship, on ${TEST_DB}`, () => {
  it('ships a paid order with its carrier and waybill, records it, e-mails and texts the customer', async () => {
    const { user, orderId } = await newOrder();
    const seen: unknown[] = [];
    const off = t.app.events.on('order.status.updated', (e) => seen.push(e));
    const res = await ship(orderId, { carrier: ' G4S ', tracking_number: 'WB-12345', note: 'Collect with your ID' });
    off();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: ORDER_SHIPPED,
      order: {
        id: orderId,
        order_status: 'shipped',
        shipment: { carrier: 'G4S', tracking_number: 'WB-12345', note: 'Collect with your ID' },
      },
    });
    expect(res.json().order.shipment.shipped_at).toEqual(expect.any(String));
    expect((await historyOf(t.db, orderId)).at(-1)).toMatchObject({
      move: 'ship',
      to_status: 'shipped',
      actor: 'admin',
      actor_user_id: admin.id,
      note: 'Shipped with G4S, waybill WB-12345',
    });
    expect(seen).toEqual([expect.objectContaining({ id: orderId, status: 'shipped' })]);

    const mails = await mailsTo(t.db, user.email);
    expect(mails.map((m) => m.template)).toEqual(['order_shipped']);
    expect(mails[0]!.text).toContain('G4S');
    expect(mails[0]!.text).toContain('WB-12345');

    const texts = await textsTo('+254712345678');
    expect(texts.at(-1)?.message).toMatch(
      new RegExp(`order #${orderId} is on its way to you with G4S, waybill WB-12345`),
    );

    // the customer's own reply shows the shipment too
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: bearer(user.token) });
    expect(mine.json()).toMatchObject({ shipment: { carrier: 'G4S', tracking_number: 'WB-12345' } });
  });

  it('sending the same shipment again changes nothing and tells nobody twice', async () => {
    const { user, orderId } = await newOrder();
    const body = { carrier: 'Rider Juma', tracking_number: null };
    expect((await ship(orderId, body)).statusCode).toBe(200);
    const before = await orderRow(t.db, orderId);
    const again = await ship(orderId, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ message: ORDER_ALREADY_SHIPPED, order: { order_status: 'shipped' } });
    expect(await orderRow(t.db, orderId)).toEqual(before);
    expect((await mailsTo(t.db, user.email)).map((m) => m.template)).toEqual(['order_shipped']);
    // a different shipment for a shipped order is refused
    const other = await ship(orderId, { carrier: 'Someone else' });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This order is shipped: it cannot be shipped.');
  });

  it('ships a pay-on-delivery order unpaid', async () => {
    const { orderId } = await newOrder();
    await t.db
      .updateTable('orders')
      .set({ payment_method: 'pay_on_delivery', payment_status: 'unpaid', paid_at: null })
      .where('id', '=', orderId)
      .execute();
    const res = await ship(orderId, { carrier: 'Rider Wanjiru' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ order_status: 'shipped', payment_status: 'unpaid' });
    expect((await historyOf(t.db, orderId)).at(-1)).toMatchObject({ move: 'ship_pay_on_delivery' });
  });

  it('needs the waybill for a courier parcel, and the carrier always', async () => {
    const { orderId } = await newOrder({ courier: true });
    const noWaybill = await ship(orderId, { carrier: 'Easy Coach' });
    expect(noWaybill.statusCode).toBe(422);
    expect(noWaybill.json()).toMatchObject({
      message: SHIP_TRACKING_REQUIRED,
      errors: { tracking_number: [SHIP_TRACKING_REQUIRED] },
    });
    const noCarrier = await ship(orderId, { carrier: '   ', tracking_number: 'EC-1' });
    expect(noCarrier.statusCode).toBe(422);
    expect(JSON.stringify(noCarrier.json())).toContain(SHIP_CARRIER_REQUIRED);
    const tooLong = await ship(orderId, { carrier: 'Easy Coach', tracking_number: 'x'.repeat(65) });
    expect(tooLong.statusCode).toBe(422);
    expect((await orderRow(t.db, orderId)).order_status).toBe('processing');
    const ok = await ship(orderId, { carrier: 'Easy Coach', tracking_number: 'EC-1' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it.each(['pending', 'delivered', 'cancelled'] as const)(
    'refuses a %s order with 422 and changes nothing',
    async (status) => {
      const { user, orderId } = await newOrder({ status });
      const before = await orderRow(t.db, orderId);
      const res = await ship(orderId, { carrier: 'G4S', tracking_number: 'WB-1' });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(`This order is ${status}: it cannot be shipped.`);
      expect(await orderRow(t.db, orderId)).toEqual(before);
      expect((await mailsTo(t.db, user.email)).filter((m) => m.template === 'order_shipped')).toEqual([]);
    },
  );

  it('answers 404 for an unknown order, 401 to a visitor and 403 to a customer', async () => {
    expect((await ship(2_000_000_000, { carrier: 'G4S' })).statusCode).toBe(404);
    const { user, orderId } = await newOrder();
    expect((await ship(orderId, { carrier: 'G4S' }, {})).statusCode).toBe(401);
    const forbidden = await ship(orderId, { carrier: 'G4S' }, bearer(user.token));
    expect(forbidden.statusCode).toBe(403);
    expect((await orderRow(t.db, orderId)).order_status).toBe('processing');
  });

  it('the plain status change still ships, and records when', async () => {
    const { orderId } = await newOrder();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${orderId}`,
      headers: admin.headers,
      payload: { order_status: 'shipped' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Order status updated.',
      order: { order_status: 'shipped', shipment: { carrier: null, tracking_number: null } },
    });
  });
});

describe(`GET /admin/orders/to-ship, on ${TEST_DB}`, () => {
  it('lists processing orders only, oldest first, paged', async () => {
    const made: number[] = [];
    for (let i = 0; i < 3; i++) made.push((await newOrder()).orderId);
    const pending = (await newOrder({ status: 'pending' })).orderId;
    const shipped = (await newOrder({ status: 'shipped' })).orderId;
    // the queue's order is the order's age: make the three the oldest, in a known order
    for (const [i, id] of made.entries()) {
      await t.db
        .updateTable('orders')
        .set({ created_at: new Date(Date.UTC(2001, 0, 1 + i)).toISOString() })
        .where('id', '=', id)
        .execute();
    }
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders/to-ship?per_page=2',
      headers: admin.headers,
    });
    expect(first.statusCode, first.body).toBe(200);
    const total = Number(first.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(first.json().map((o: { id: number }) => o.id)).toEqual(made.slice(0, 2));
    expect(first.json()[0]).toMatchObject({ order_status: 'processing', delivery: { name: 'CBD Delivery' } });
    expect(String(first.headers.link)).toContain('page=2');

    const second = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders/to-ship?per_page=2&page=2',
      headers: admin.headers,
    });
    expect(second.json()[0].id).toBe(made[2]);

    const all = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders/to-ship?per_page=100',
      headers: admin.headers,
    });
    const ids = all.json().map((o: { id: number; order_status: string }) => o.id);
    expect(ids).not.toContain(pending);
    expect(ids).not.toContain(shipped);
    expect(all.json().every((o: { order_status: string }) => o.order_status === 'processing')).toBe(true);

    // a shipped order leaves the queue
    await ship(made[0]!, { carrier: 'G4S' });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders/to-ship?per_page=100',
      headers: admin.headers,
    });
    expect(Number(after.headers['x-total-count'])).toBe(total - 1);
    expect(after.json()[0].id).toBe(made[1]);
  });

  it('refuses a bad page with 422', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/orders/to-ship?page=0', headers: admin.headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The page must be at least 1.');
  });
});
