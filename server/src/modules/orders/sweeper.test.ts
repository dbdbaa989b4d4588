import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
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
import { expireUnpaidOrders } from './sweeper.js';

let t: TestApp;
const shop = { shopName: 'Mtumba', shopEmail: 'owner@shop.test', appUrl: 'http://shop.test' };

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function customerWithOrder(stock: number, quantity: number) {
  const user = await createUser(t.db);
  const product = await orderableProduct(t.db, { stock });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(user.token),
    payload: orderBody([{ product_id: product.id, quantity }]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { user, product, orderId: res.json().order.id as number };
}

describe('expireUnpaidOrders', () => {
  it('cancels an expired unpaid order, puts its stock back, records it and tells the customer', async () => {
    const { user, product, orderId } = await customerWithOrder(3, 2);
    expect(await stockOf(t.db, product.id)).toBe(1);
    await expireReservation(t.db, orderId);
    const seen: unknown[] = [];
    const off = t.app.events.on('order.status.updated', (e) => seen.push(e));

    const expired = await expireUnpaidOrders(t.db, new Date(), { shop, events: t.app.events });
    off();

    expect(expired).toContain(orderId);
    expect(await stockOf(t.db, product.id)).toBe(3);
    const row = await orderRow(t.db, orderId);
    expect(row.order_status).toBe('cancelled');
    expect(row.stock_released_at).not.toBeNull();
    expect((await historyOf(t.db, orderId)).at(-1)).toMatchObject({
      from_status: 'pending',
      to_status: 'cancelled',
      actor: 'system',
      note: 'Reservation expired',
    });
    const mails = await mailsTo(t.db, user.email);
    expect(mails.map((m) => m.subject)).toEqual([`Order #${orderId} expired`]);
    expect(seen).toContainEqual(expect.objectContaining({ userId: user.id, id: orderId, status: 'cancelled' }));

    const customerView = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}`,
      headers: bearer(user.token),
    });
    expect(customerView.statusCode).toBe(200);
    expect(customerView.json().order_status).toBe('cancelled');
  });

  it('changes nothing the second time', async () => {
    const { user, product, orderId } = await customerWithOrder(1, 1);
    await expireReservation(t.db, orderId);
    expect(await expireUnpaidOrders(t.db, new Date(), { shop })).toContain(orderId);
    const after = await orderRow(t.db, orderId);
    expect(await expireUnpaidOrders(t.db, new Date(), { shop })).not.toContain(orderId);
    expect(await stockOf(t.db, product.id)).toBe(1);
    expect(await orderRow(t.db, orderId)).toEqual(after);
    expect(await historyOf(t.db, orderId)).toHaveLength(2);
    expect(await mailsTo(t.db, user.email)).toHaveLength(1);
  });

  it('returns stock once when several instances sweep at the same moment', async () => {
    const { product, orderId } = await customerWithOrder(2, 2);
    await expireReservation(t.db, orderId);
    const results = await Promise.all(Array.from({ length: 5 }, () => expireUnpaidOrders(t.db, new Date(), { shop })));
    expect(results.filter((ids) => ids.includes(orderId))).toHaveLength(1);
    expect(await stockOf(t.db, product.id)).toBe(2);
    expect((await historyOf(t.db, orderId)).filter((h) => h.actor === 'system')).toHaveLength(1);
  });

  it('leaves orders whose reservation still runs, paid orders and orders in other states alone', async () => {
    const running = await customerWithOrder(1, 1);
    const paid = await customerWithOrder(1, 1);
    await expireReservation(t.db, paid.orderId);
    await setOrderState(t.db, paid.orderId, { payment_status: 'paid', paid_at: new Date().toISOString() });
    const processing = await customerWithOrder(1, 1);
    await expireReservation(t.db, processing.orderId);
    await setOrderState(t.db, processing.orderId, { order_status: 'processing' });

    const expired = await expireUnpaidOrders(t.db, new Date(), { shop });
    for (const o of [running, paid, processing]) {
      expect(expired).not.toContain(o.orderId);
      expect(await stockOf(t.db, o.product.id)).toBe(0);
    }
    expect((await orderRow(t.db, running.orderId)).order_status).toBe('pending');
  });

  it('also expires an order whose payment failed', async () => {
    const { product, orderId } = await customerWithOrder(1, 1);
    await setOrderState(t.db, orderId, { payment_status: 'failed' });
    await expireReservation(t.db, orderId);
    expect(await expireUnpaidOrders(t.db, new Date(), { shop })).toContain(orderId);
    expect(await stockOf(t.db, product.id)).toBe(1);
  });

  it('runs in the background when jobs are on', async () => {
    const jobs = await buildTestApp({ jobs: true, env: { SWEEP_INTERVAL_SECONDS: '1' } });
    try {
      const user = await createUser(jobs.db);
      const product = await orderableProduct(jobs.db, { stock: 1 });
      const res = await jobs.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: bearer(user.token),
        payload: orderBody([{ product_id: product.id, quantity: 1 }]),
      });
      const orderId = res.json().order.id as number;
      await expireReservation(jobs.db, orderId);
      const updated = new Promise((resolve) => {
        jobs.app.events.on('order.status.updated', (e) => {
          if (e.id === orderId) resolve(e);
        });
      });
      await expect(updated).resolves.toMatchObject({ id: orderId, status: 'cancelled' });
      expect(await stockOf(jobs.db, product.id)).toBe(1);
    } finally {
      await jobs.close();
    }
  });
});
