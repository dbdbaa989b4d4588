import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { mailsTo, orderableProduct, orderBody, orderRow, setOrderState } from '../../../test/order-fixtures.js';
import { paymentsOf } from '../../../test/payment-fixtures.js';

const SHOP_EMAIL = 'owner@shop.test';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { PAYMENT_WEBHOOK_SECRET: 'test-webhook-secret-0123456789', SHOP_EMAIL } });
});
afterAll(async () => {
  await t?.close();
});

/** A customer who has received an order before (pay on delivery is open to them) and a new held order. */
async function customerWithOrder() {
  const customer = await createUser(t.db);
  const headers = bearer(customer.token);
  const place = async () => {
    const product = await orderableProduct(t.db, { priceCents: 1200_00, stock: 1 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: orderBody([{ product_id: product.id, quantity: 1 }]),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order as { id: number; total_amount: number };
  };
  await setOrderState(t.db, (await place()).id, { order_status: 'delivered', payment_status: 'paid' });
  return { customer, headers, order: await place() };
}

describe('a hosted checkout paid after the order was switched to pay on delivery', () => {
  it('pays the order online: nothing left to collect, and the shop can record a refund', async () => {
    const { headers, order } = await customerWithOrder();
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      headers,
      payload: { order_id: order.id },
    });
    expect(checkout.statusCode).toBe(201);
    const { reference } = checkout.json() as { reference: string };

    const pod = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/pay-on-delivery`, headers });
    expect(pod.statusCode, pod.body).toBe(200);
    expect(await orderRow(t.db, order.id)).toMatchObject({
      order_status: 'processing',
      payment_status: 'unpaid',
      payment_method: 'pay_on_delivery',
    });
    const shopMails = (await mailsTo(t.db, SHOP_EMAIL)).length;

    // the checkout page was still open: the customer pays it after all
    const paid = await t.app.inject({
      method: 'POST',
      url: `/pay/sandbox/${reference}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ outcome: 'success', method: 'mpesa', phone: '0712 345 678' }).toString(),
    });
    expect(paid.statusCode).toBe(303);

    expect(await orderRow(t.db, order.id)).toMatchObject({
      order_status: 'processing',
      payment_status: 'paid',
      payment_method: 'online',
    });
    expect((await paymentsOf(t.db, order.id)).map((p) => p.status)).toEqual(['paid']);
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers });
    expect(mine.json()).toMatchObject({ payment_status: 'paid', payment_method: 'online' });
    // the shop is not told it was "already paid" and asked to refund a second payment
    const newShopMails = (await mailsTo(t.db, SHOP_EMAIL)).slice(shopMails);
    expect(newShopMails.map((m) => m.subject).filter((s) => s.startsWith('Refund needed'))).toEqual([]);

    // the money can be given back: the refund is recorded against the order
    const admin = await createUser(t.db, { admin: true });
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds`,
      headers: bearer(admin.token),
      payload: { amount: order.total_amount, method: 'mpesa', reference: 'QK12REFUND' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await orderRow(t.db, order.id)).payment_status).toBe('refunded');
  });
});
