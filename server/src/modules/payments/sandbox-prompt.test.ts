import { MPESA_FAILURE_MESSAGES } from '@mtumba/contract/mpesa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { createProduct, mailTo, orderRow, paymentHistory, placeOrder } from '../../../test/payment-fixtures.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { PAYMENT_WEBHOOK_SECRET: 'test-webhook-secret-0123456789' } });
});
afterAll(async () => {
  await t?.close();
});

async function promptFor() {
  const customer = await createUser(t.db);
  const product = await createProduct(t.db);
  const order = await placeOrder(t.app, customer.token, [{ product_id: product.id, quantity: 1 }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/mpesa',
    headers: bearer(customer.token),
    payload: { order_id: order.id, phone: '0712 345 678' },
  });
  expect(res.statusCode).toBe(201);
  const { payment } = res.json() as { payment: { reference: string; simulator_url: string | null } };
  return { customer, order, payment };
}

function phone(reference: string, answer?: string) {
  return answer === undefined
    ? t.app.inject({ method: 'GET', url: `/pay/sandbox/phone/${reference}` })
    : t.app.inject({
        method: 'POST',
        url: `/pay/sandbox/phone/${reference}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ answer }).toString(),
      });
}

function status(token: string, reference: string) {
  return t.app.inject({ method: 'GET', url: `/api/payments/${reference}`, headers: bearer(token) });
}

describe('the sandbox M-Pesa prompt and its simulated phone', () => {
  it('names the simulated phone, which shows the prompt clearly marked as a test', async () => {
    const { payment, order } = await promptFor();
    expect(payment.simulator_url).toBe(`http://shop.test/pay/sandbox/phone/${payment.reference}`);
    const page = await phone(payment.reference);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Simulated phone — test only, no money moves.');
    expect(page.body).toContain(`order #${order.id}`);
    expect(page.body).toContain('0712 345 678');
    for (const label of [
      'Enter PIN and pay',
      'Cancel',
      'Let it time out (no answer)',
      'Fail: not enough balance',
      'Fail: wrong PIN',
    ]) {
      expect(page.body).toContain(label);
    }
  });

  it('"Enter PIN and pay" pays the order once, through the signed notification path', async () => {
    const { customer, order, payment } = await promptFor();
    const res = await phone(payment.reference, 'accept');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Paid.');
    expect(await orderRow(t.db, order.id)).toMatchObject({ order_status: 'processing', payment_status: 'paid' });
    expect((await status(customer.token, payment.reference)).json()).toMatchObject({ status: 'paid' });
    const mails = (await mailTo(t.db, customer.email)).length;

    // a second tap on the ended prompt changes nothing
    const again = await phone(payment.reference, 'accept');
    expect(again.body).toContain('This prompt has ended.');
    expect(await paymentHistory(t.db, order.id)).toHaveLength(1);
    expect((await mailTo(t.db, customer.email)).length).toBe(mails);
  });

  it.each([
    ['cancel', 'cancelled'],
    ['timeout', 'timeout'],
    ['insufficient', 'insufficient_funds'],
    ['wrong_pin', 'wrong_pin'],
  ] as const)(
    '"%s" ends the prompt with its own message; a resent prompt can then be paid',
    async (answer, failure) => {
      const { customer, order, payment } = await promptFor();
      await phone(payment.reference, answer);
      expect((await status(customer.token, payment.reference)).json()).toMatchObject({
        status: 'failed',
        failure: { reason: failure, message: MPESA_FAILURE_MESSAGES[failure] },
      });
      expect(await orderRow(t.db, order.id)).toMatchObject({ order_status: 'pending', payment_status: 'failed' });

      const resend = await t.app.inject({
        method: 'POST',
        url: '/api/payments/mpesa',
        headers: bearer(customer.token),
        payload: { order_id: order.id, phone: '0712345678' },
      });
      const second = (resend.json() as { payment: { reference: string } }).payment.reference;
      await phone(second, 'accept');
      expect(await orderRow(t.db, order.id)).toMatchObject({ order_status: 'processing', payment_status: 'paid' });
    },
  );

  it('has no page for a hosted-page payment or an unknown reference', async () => {
    const customer = await createUser(t.db);
    const product = await createProduct(t.db);
    const order = await placeOrder(t.app, customer.token, [{ product_id: product.id, quantity: 1 }]);
    const hosted = await t.app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      headers: bearer(customer.token),
      payload: { order_id: order.id },
    });
    const { reference } = hosted.json() as { reference: string };
    expect((await phone(reference)).statusCode).toBe(404);
    expect((await phone('MT-1-NOPE')).statusCode).toBe(404);
    expect((await phone(reference, 'accept')).statusCode).toBe(404);
    expect((await orderRow(t.db, order.id)).payment_status).toBe('unpaid');
  });
});
