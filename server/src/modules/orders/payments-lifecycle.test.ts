import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/errors.js';
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
import { notePaymentFailure as applyPaymentFailure, settlePayment as applyPaymentSuccess } from './lifecycle.js';
import { preparePayableOrder } from './payable-order.js';
import { expireUnpaidOrders } from './sweeper.js';

let t: TestApp;
const shop = { shopName: 'Mtumba', shopEmail: 'owner@shop.test', appUrl: 'http://shop.test' };

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function newOrder(stock = 1, quantity = 1) {
  const user = await createUser(t.db);
  const product = await orderableProduct(t.db, { stock, name: 'Ankara skirt' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(user.token),
    payload: orderBody([{ product_id: product.id, quantity }]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { user, product, orderId: res.json().order.id as number };
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof DomainError) return { status: err.statusCode, message: err.message };
    throw err;
  }
  throw new Error('expected a refusal');
}

const pay = (orderId: number) => t.db.transaction().execute((trx) => applyPaymentSuccess(trx, orderId, shop));

describe('preparePayableOrder', () => {
  it('gives the owner their pending order and extends the reservation once', async () => {
    const { user, orderId } = await newOrder();
    const placed = await orderRow(t.db, orderId);
    await t.db
      .updateTable('orders')
      .set({ reserved_until: new Date(Date.now() + 30_000).toISOString() })
      .where('id', '=', orderId)
      .execute();

    const order = await preparePayableOrder(t.db, user.id, orderId, 600);
    expect(order.id).toBe(orderId);
    const extended = Date.parse(order.reserved_until!);
    expect(extended).toBeGreaterThan(Date.now() + 590_000);
    expect(order.reservation_extended_at).not.toBeNull();

    await t.db
      .updateTable('orders')
      .set({ reserved_until: new Date(Date.now() + 30_000).toISOString() })
      .where('id', '=', orderId)
      .execute();
    const again = await preparePayableOrder(t.db, user.id, orderId, 600);
    expect(Date.parse(again.reserved_until!)).toBeLessThan(Date.now() + 31_000);
    expect(placed.reservation_extended_at).toBeNull();
  });

  it('refuses someone else’s order, paid, shipped and cancelled orders, and expired reservations', async () => {
    const a = await newOrder();
    const other = await createUser(t.db);
    expect(await refusal(preparePayableOrder(t.db, other.id, a.orderId, 600))).toEqual({
      status: 404,
      message: 'Order not found.',
    });

    const paid = await newOrder();
    await setOrderState(t.db, paid.orderId, { order_status: 'processing', payment_status: 'paid' });
    expect(await refusal(preparePayableOrder(t.db, paid.user.id, paid.orderId, 600))).toEqual({
      status: 422,
      message: 'This order is already paid.',
    });

    for (const status of ['shipped', 'cancelled'] as const) {
      const o = await newOrder();
      await setOrderState(t.db, o.orderId, { order_status: status, payment_status: 'unpaid' });
      expect(await refusal(preparePayableOrder(t.db, o.user.id, o.orderId, 600))).toEqual({
        status: 422,
        message: 'This order can no longer be paid.',
      });
    }

    const late = await newOrder();
    await expireReservation(t.db, late.orderId);
    const expired = { status: 410, message: 'Your order reservation expired. Please recreate the order.' };
    expect(await refusal(preparePayableOrder(t.db, late.user.id, late.orderId, 600))).toEqual(expired);
    await expireUnpaidOrders(t.db, new Date(), { shop });
    expect(await refusal(preparePayableOrder(t.db, late.user.id, late.orderId, 600))).toEqual(expired);
  });

  it('lets a customer retry after a failed payment', async () => {
    const { user, orderId } = await newOrder();
    await t.db.transaction().execute((trx) => applyPaymentFailure(trx, orderId));
    const order = await preparePayableOrder(t.db, user.id, orderId, 600);
    expect(order.payment_status).toBe('failed');
  });
});

describe('applyPaymentSuccess', () => {
  it('marks the order paid and processing, records it, queues the receipt and returns the events', async () => {
    const { user, product, orderId } = await newOrder();
    const result = await pay(orderId);
    expect(result.outcome).toBe('paid');
    const row = await orderRow(t.db, orderId);
    expect(row).toMatchObject({ order_status: 'processing', payment_status: 'paid' });
    expect(row.paid_at).not.toBeNull();
    expect(result.events.map((e) => e.name)).toEqual(['order.status.updated', 'order.paid']);
    expect(result.events[0]!.payload).toMatchObject({ userId: user.id, id: orderId, status: 'processing' });
    expect((await historyOf(t.db, orderId)).at(-1)).toMatchObject({
      from_status: 'pending',
      to_status: 'processing',
      actor: 'payment',
    });
    const mails = await mailsTo(t.db, user.email);
    expect(mails.map((m) => m.template)).toEqual(['order_paid']);
    expect(mails[0]!.text).toContain('Ankara skirt');
    expect(await stockOf(t.db, product.id)).toBe(0);
  });

  it('changes nothing the second time', async () => {
    const { user, orderId } = await newOrder();
    await pay(orderId);
    const before = await orderRow(t.db, orderId);
    const again = await pay(orderId);
    expect(again).toEqual({ outcome: 'already_paid', events: [] });
    expect(await orderRow(t.db, orderId)).toEqual(before);
    expect(await mailsTo(t.db, user.email)).toHaveLength(1);
    expect(await historyOf(t.db, orderId)).toHaveLength(2);
  });

  it('accepts a payment after a failed attempt', async () => {
    const { orderId } = await newOrder();
    await t.db.transaction().execute((trx) => applyPaymentFailure(trx, orderId));
    expect((await orderRow(t.db, orderId)).payment_status).toBe('failed');
    expect((await pay(orderId)).outcome).toBe('paid');
  });

  it('accepts a late payment while the sweeper has not run yet (the stock is still held)', async () => {
    const { product, orderId } = await newOrder();
    await expireReservation(t.db, orderId);
    expect((await pay(orderId)).outcome).toBe('paid');
    expect(await expireUnpaidOrders(t.db, new Date(), { shop })).not.toContain(orderId);
    expect(await stockOf(t.db, product.id)).toBe(0);
  });

  it('re-reserves the items of an expired order when they are still there', async () => {
    const { product, orderId } = await newOrder(3, 2);
    await expireReservation(t.db, orderId);
    await expireUnpaidOrders(t.db, new Date(), { shop });
    expect(await stockOf(t.db, product.id)).toBe(3);

    const result = await pay(orderId);
    expect(result.outcome).toBe('paid');
    expect(await stockOf(t.db, product.id)).toBe(1);
    const row = await orderRow(t.db, orderId);
    expect(row).toMatchObject({ order_status: 'processing', payment_status: 'paid', stock_released_at: null });
    expect((await historyOf(t.db, orderId)).at(-1)).toMatchObject({
      from_status: 'cancelled',
      to_status: 'processing',
    });
  });

  it('flags an expired order for refund when its items were sold meanwhile, and tells the shop', async () => {
    const { user, product, orderId } = await newOrder(1, 1);
    await expireReservation(t.db, orderId);
    await expireUnpaidOrders(t.db, new Date(), { shop });
    const rival = await createUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(rival.token),
      payload: orderBody([{ product_id: product.id, quantity: 1 }]),
    });
    expect(res.statusCode).toBe(201);

    const result = await pay(orderId);
    expect(result.outcome).toBe('refund_due');
    expect(await stockOf(t.db, product.id)).toBe(0);
    expect(await orderRow(t.db, orderId)).toMatchObject({ order_status: 'cancelled', payment_status: 'refund_due' });
    const shopMails = (await mailsTo(t.db, 'owner@shop.test')).filter((m) => m.template === 'order_refund_due');
    expect(shopMails.map((m) => m.subject)).toEqual([`Refund needed: order #${orderId}`]);
    expect((await mailsTo(t.db, user.email)).map((m) => m.template)).toContain('order_refund_due_customer');

    expect(await pay(orderId)).toEqual({ outcome: 'refund_due', events: [] });
    expect((await mailsTo(t.db, 'owner@shop.test')).filter((m) => m.template === 'order_refund_due')).toHaveLength(1);
  });

  it('re-reserves nothing when only some of an expired order’s items are left', async () => {
    const user = await createUser(t.db);
    const plenty = await orderableProduct(t.db, { stock: 2 });
    const single = await orderableProduct(t.db, { stock: 1 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(user.token),
      payload: orderBody([
        { product_id: plenty.id, quantity: 1 },
        { product_id: single.id, quantity: 1 },
      ]),
    });
    const orderId = res.json().order.id as number;
    await expireReservation(t.db, orderId);
    await expireUnpaidOrders(t.db, new Date(), { shop });
    await t.db.updateTable('products').set({ stock_quantity: 0 }).where('id', '=', single.id).execute();

    expect((await pay(orderId)).outcome).toBe('refund_due');
    expect(await stockOf(t.db, plenty.id)).toBe(2);
    expect(await stockOf(t.db, single.id)).toBe(0);
  });

  it('does not revive an order the shop cancelled: the payment is flagged for refund', async () => {
    const { product, orderId } = await newOrder();
    const admin = await createUser(t.db, { admin: true });
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${orderId}`,
      headers: bearer(admin.token),
      payload: { order_status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await pay(orderId)).outcome).toBe('refund_due');
    expect(await stockOf(t.db, product.id)).toBe(1);
    expect((await orderRow(t.db, orderId)).order_status).toBe('cancelled');
  });

  it('is 404 for an unknown order', async () => {
    expect(await refusal(pay(999999))).toEqual({ status: 404, message: 'Order not found.' });
  });
});

describe('applyPaymentFailure', () => {
  it('never undoes a payment', async () => {
    const { orderId } = await newOrder();
    await pay(orderId);
    await t.db.transaction().execute((trx) => applyPaymentFailure(trx, orderId));
    expect(await orderRow(t.db, orderId)).toMatchObject({ payment_status: 'paid', order_status: 'processing' });
  });

  it('keeps the order pending so the customer can retry', async () => {
    const { orderId } = await newOrder();
    await t.db.transaction().execute((trx) => applyPaymentFailure(trx, orderId));
    expect(await orderRow(t.db, orderId)).toMatchObject({ payment_status: 'failed', order_status: 'pending' });
  });
});
