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
import { DELIVER_NEEDS_PAYMENT, POD_NOT_YET, podAlreadyOpen, podOverLimit } from './lifecycle.js';
import { expireUnpaidOrders } from './sweeper.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { POD_MAX_ORDER_KSH: '3000', ORDER_RESERVATION_SECONDS: '600' } });
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;

async function customer(options: { admin?: boolean } = {}) {
  const user = await createUser(t.db, options);
  return { ...user, headers: bearer(user.token) };
}

/** A customer who has received an order before: pay on delivery is open to them. */
async function trustedCustomer() {
  const c = await customer();
  const first = await placed(c.headers, 100_00);
  await setOrderState(t.db, first.id, { order_status: 'delivered' });
  return c;
}

async function placed(headers: Headers, priceCents: number, extra: Record<string, unknown> = {}) {
  const p = await orderableProduct(t.db, { priceCents, stock: 1 });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: orderBody([{ product_id: p.id, quantity: 1 }], extra),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...(res.json().order as { id: number; total_amount: number }), productId: p.id };
}

function choosePod(headers: Headers, orderId: number) {
  return t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/pay-on-delivery`, headers });
}

function podOption(headers: Headers, orderId: number) {
  return t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/pay-on-delivery`, headers });
}

function adminStatus(headers: Headers, orderId: number, status: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${orderId}`,
    headers,
    payload: { order_status: status },
  });
}

describe('pay on delivery', () => {
  it('confirms the order unpaid, holding its items with no expiry, and mails what to have ready', async () => {
    const { headers, email } = await trustedCustomer();
    const order = await placed(headers, 1200_00);
    const option = await podOption(headers, order.id);
    expect(option.json()).toEqual({
      available: true,
      open: true,
      chosen: false,
      reason: null,
      amount: order.total_amount,
      max_order: 3000,
    });

    const res = await choosePod(headers, order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({
      order_status: 'processing',
      payment_status: 'unpaid',
      payment_method: 'pay_on_delivery',
      reserved_until: null,
    });
    expect((await historyOf(t.db, order.id)).map((h) => h.move)).toEqual(['place', 'confirm_pay_on_delivery']);

    // a week later the sweeper still leaves it alone
    const expired = await expireUnpaidOrders(t.db, new Date(Date.now() + 7 * 86_400_000));
    expect(expired).not.toContain(order.id);
    expect(await stockOf(t.db, order.productId)).toBe(0);
    expect((await orderRow(t.db, order.id)).order_status).toBe('processing');

    const mail = (await mailsTo(t.db, email)).find((m) => m.template === 'order_pay_on_delivery');
    // the order is collected at the shop's pickup point: no rider comes
    expect(mail?.text).toContain(
      `Pay Ksh ${order.total_amount.toLocaleString('en-KE')} at the pickup point when you collect your order`,
    );
    expect(mail?.text).not.toMatch(/rider/);
    expect(mail?.text).toMatch(/Pickup point/);
  });

  it('is shipped unpaid, delivered only once the admin records what the rider collected', async () => {
    const { headers } = await trustedCustomer();
    const admin = await customer({ admin: true });
    const order = await placed(headers, 900_00);
    expect((await choosePod(headers, order.id)).statusCode).toBe(200);

    const shipped = await adminStatus(admin.headers, order.id, 'shipped');
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().order).toMatchObject({ order_status: 'shipped', payment_status: 'unpaid' });

    const tooEarly = await adminStatus(admin.headers, order.id, 'delivered');
    expect(tooEarly.statusCode).toBe(422);
    expect(tooEarly.json().message).toBe(DELIVER_NEEDS_PAYMENT);

    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/payments`,
      headers: admin.headers,
      payload: { method: 'mpesa', reference: 'SKL4T7XQ2M' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().order).toMatchObject({ order_status: 'shipped', payment_status: 'paid' });

    const delivered = await adminStatus(admin.headers, order.id, 'delivered');
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().order.order_status).toBe('delivered');
    expect((await historyOf(t.db, order.id)).map((h) => h.move)).toEqual([
      'place',
      'confirm_pay_on_delivery',
      'ship_pay_on_delivery',
      'record_delivery_payment',
      'deliver',
    ]);
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: admin.headers });
    expect(detail.json().payments[0]).toMatchObject({ provider: 'manual', status: 'paid', method: 'mpesa' });
  });

  it('after a failed online payment, is to be paid on delivery: shipped, paid to the rider and delivered', async () => {
    const { headers } = await trustedCustomer();
    const admin = await customer({ admin: true });
    const order = await placed(headers, 700_00);
    await setOrderState(t.db, order.id, { payment_status: 'failed' });

    const chosen = await choosePod(headers, order.id);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().order).toMatchObject({ payment_method: 'pay_on_delivery', payment_status: 'unpaid' });

    const shipped = await adminStatus(admin.headers, order.id, 'shipped');
    expect(shipped.statusCode, shipped.body).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/payments`,
      headers: admin.headers,
      payload: { method: 'mpesa', reference: 'SKL4T7XQ3N' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const delivered = await adminStatus(admin.headers, order.id, 'delivered');
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().order).toMatchObject({ order_status: 'delivered', payment_status: 'paid' });
  });

  it('can have its payment recorded before shipping, and be cancelled by the shop with its items back', async () => {
    const { headers } = await trustedCustomer();
    const admin = await customer({ admin: true });
    const first = await placed(headers, 500_00);
    await choosePod(headers, first.id);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${first.id}/payments`,
      headers: admin.headers,
      payload: { method: 'cash', reference: 'Receipt 0042' },
    });
    expect(paid.json().order).toMatchObject({ order_status: 'processing', payment_status: 'paid' });
    expect((await adminStatus(admin.headers, first.id, 'shipped')).statusCode).toBe(200);

    const { headers: otherHeaders } = await trustedCustomer();
    const second = await placed(otherHeaders, 500_00);
    await choosePod(otherHeaders, second.id);
    const cancelled = await adminStatus(admin.headers, second.id, 'cancelled');
    expect(cancelled.json().order).toMatchObject({ order_status: 'cancelled', payment_status: 'unpaid' });
    expect(await stockOf(t.db, second.productId)).toBe(1);
  });

  it('is refused to a customer with no delivered order and no verified phone, changing nothing', async () => {
    const { headers, id } = await customer();
    const order = await placed(headers, 500_00);
    const option = await podOption(headers, order.id);
    expect(option.json()).toMatchObject({ available: false, reason: POD_NOT_YET });
    const res = await choosePod(headers, order.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(POD_NOT_YET);
    const row = await orderRow(t.db, order.id);
    expect(row).toMatchObject({ order_status: 'pending', payment_method: 'online' });
    expect(row.reserved_until).not.toBeNull();

    // a verified phone opens it
    await t.db.updateTable('users').set({ phone_verified_at: new Date().toISOString() }).where('id', '=', id).execute();
    expect((await choosePod(headers, order.id)).statusCode).toBe(200);
  });

  it('is refused over POD_MAX_ORDER_KSH', async () => {
    const { headers } = await trustedCustomer();
    const order = await placed(headers, 3500_00);
    const res = await choosePod(headers, order.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(podOverLimit('Ksh 3,000'));
    expect((await orderRow(t.db, order.id)).order_status).toBe('pending');
  });

  it('allows one open pay-on-delivery order at a time', async () => {
    const { headers } = await trustedCustomer();
    const admin = await customer({ admin: true });
    const first = await placed(headers, 400_00);
    expect((await choosePod(headers, first.id)).statusCode).toBe(200);
    const second = await placed(headers, 400_00);
    const refused = await choosePod(headers, second.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(podAlreadyOpen(first.id));
    expect((await orderRow(t.db, second.id)).order_status).toBe('pending');

    // once the first is delivered, the next may be paid on delivery
    await adminStatus(admin.headers, first.id, 'shipped');
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${first.id}/payments`,
      headers: admin.headers,
      payload: { method: 'cash', reference: 'Rider Otieno' },
    });
    expect((await adminStatus(admin.headers, first.id, 'delivered')).statusCode).toBe(200);
    expect((await choosePod(headers, second.id)).statusCode).toBe(200);
  });

  it('is only for the customer’s own, held, unpaid order', async () => {
    const { headers } = await trustedCustomer();
    const stranger = await trustedCustomer();
    const order = await placed(headers, 400_00);
    expect((await choosePod(stranger.headers, order.id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/pay-on-delivery` })).statusCode).toBe(
      401,
    );
    await t.db
      .updateTable('orders')
      .set({ reserved_until: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', order.id)
      .execute();
    const expired = await choosePod(headers, order.id);
    expect(expired.statusCode).toBe(410);

    const paidOrder = await placed(headers, 400_00);
    await setOrderState(t.db, paidOrder.id, { order_status: 'processing' });
    const paid = await choosePod(headers, paidOrder.id);
    expect(paid.statusCode).toBe(422);
    expect(paid.json().message).toMatch(/processing/);
  });
});
