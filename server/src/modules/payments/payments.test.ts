import { createHmac } from 'node:crypto';
import { formatKshCents } from '@mtumba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import {
  createProduct,
  expireAllReservations,
  mailTo,
  notificationCount,
  orderRow,
  paymentHistory,
  paymentsOf,
  placeOrder,
  stockOf,
} from '../../../test/payment-fixtures.js';
import { SandboxProvider } from './providers/sandbox.js';

const SECRET = 'test-webhook-secret-0123456789';
const SHOP_EMAIL = 'owner@shop.test';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { PAYMENT_WEBHOOK_SECRET: SECRET, SHOP_EMAIL, SHOP_NAME: 'Mtumba <Test>' } });
});
afterAll(async () => {
  await t?.close();
});

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

async function customerWithOrder(options: { stock?: number; priceCents?: number; quantity?: number } = {}) {
  const customer = await createUser(t.db);
  const product = await createProduct(t.db, { stock: options.stock ?? 1, priceCents: options.priceCents ?? 150_000 });
  const order = await placeOrder(t.app, customer.token, [{ product_id: product.id, quantity: options.quantity ?? 1 }]);
  return { customer, product, order };
}

async function initiate(token: string, orderId: number | string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/initiate',
    headers: bearer(token),
    payload: { order_id: orderId },
  });
}

async function checkoutReference(token: string, orderId: number): Promise<string> {
  const res = await initiate(token, orderId);
  expect(res.statusCode).toBe(201);
  return (res.json() as { reference: string }).reference;
}

function pay(reference: string, fields: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: `/pay/sandbox/${reference}`, ...form(fields) });
}

function postSandboxWebhook(rawBody: string, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/sandbox',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-sandbox-signature': signature } : {}) },
    payload: rawBody,
  });
}

function signedSuccess(reference: string, amountCents: number, secret = SECRET) {
  return new SandboxProvider({ appUrl: 'http://shop.test', webhookSecret: secret }).signedNotification({
    reference,
    amountCents,
    currency: 'KES',
    outcome: 'success',
    method: 'mpesa',
    phone: '+254712345678',
  });
}

describe('POST /api/payments/initiate', () => {
  it('creates a pending payment and answers with the sandbox checkout page', async () => {
    const { customer, order } = await customerWithOrder();
    const res = await initiate(customer.token, order.id);
    expect(res.statusCode).toBe(201);
    const body = res.json() as { checkout_url: string; reference: string };
    expect(body.reference).toMatch(new RegExp(`^MT-${order.id}-[0-9A-F]{10}$`));
    expect(body.checkout_url).toBe(`http://shop.test/pay/sandbox/${body.reference}`);
    const [payment] = await paymentsOf(t.db, order.id);
    expect(payment).toMatchObject({
      reference: body.reference,
      status: 'pending',
      provider: 'sandbox',
      amount_cents: order.total_cents,
      currency: 'KES',
      checkout_url: body.checkout_url,
    });
  });

  it('gives every attempt its own reference', async () => {
    const { customer, order } = await customerWithOrder();
    const a = await checkoutReference(customer.token, order.id);
    const b = await checkoutReference(customer.token, order.id);
    expect(a).not.toBe(b);
  });

  it('asks visitors to sign in and unverified customers to verify first', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/payments/initiate', payload: { order_id: 1 } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: 'Unauthenticated.', message: 'Unauthenticated.' });

    const unverified = await createUser(t.db, { verified: false });
    const res = await initiate(unverified.token, 1);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: 'Please verify your email address first.',
      message: 'Please verify your email address first.',
    });
  });

  it('refuses a missing or malformed order id with 422 and a message', async () => {
    const customer = await createUser(t.db);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      headers: bearer(customer.token),
      payload: {},
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.order_id).toBeDefined();
    expect(missing.json().error).toBe(missing.json().message);

    const text = await initiate(customer.token, 'abc');
    expect(text.statusCode).toBe(422);
  });

  it("answers 404 for someone else's order and for an unknown one, creating no payment", async () => {
    const { order } = await customerWithOrder();
    const stranger = await createUser(t.db);
    const res = await initiate(stranger.token, order.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Order not found.', message: 'Order not found.' });
    expect(await paymentsOf(t.db, order.id)).toHaveLength(0);
    expect((await initiate(stranger.token, 999_999)).statusCode).toBe(404);
  });

  it('answers 410 for an expired reservation and 422 for a paid order', async () => {
    const { customer, order } = await customerWithOrder();
    await expireAllReservations(t.db);
    const expired = await initiate(customer.token, order.id);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toBe('Your order reservation expired. Please recreate the order.');

    const second = await customerWithOrder();
    const reference = await checkoutReference(second.customer.token, second.order.id);
    await pay(reference, { outcome: 'success', method: 'card' });
    const paid = await initiate(second.customer.token, second.order.id);
    expect(paid.statusCode).toBe(422);
    expect(paid.json().error).toBe('This order is already paid.');
  });
});

describe('the sandbox payment page', () => {
  it('shows the shop, the order, the amount in Ksh, the test notice and both methods', async () => {
    const { customer, order } = await customerWithOrder({ priceCents: 150_000 });
    const reference = await checkoutReference(customer.token, order.id);
    const res = await t.app.inject({ method: 'GET', url: `/pay/sandbox/${reference}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toContain('Test payment — no money moves');
    expect(html).toContain(`Order #${order.id}`);
    // the first-order offer applies: the amount is the order's total, not the product price
    expect(order.total_cents).toBe(135_000);
    expect(html).toContain(`<p class="amount">${formatKshCents(order.total_cents)}</p>`);
    expect(html).toContain('Pay Ksh 1,350');
    expect(html).toContain('Cancel payment');
    expect(html).toContain('value="mpesa"');
    expect(html).toContain('value="card"');
    expect(html).toMatch(/name="phone"[^>]*value="0712 ?345 ?678"/);
    expect(html).toContain(`action="/pay/sandbox/${reference}"`);
    // the shop name is escaped, never markup
    expect(html).toContain('Mtumba &lt;Test&gt;');
    expect(html).not.toContain('Mtumba <Test>');
  });

  it('answers 404 with a page for an unknown or malformed reference', async () => {
    for (const url of ['/pay/sandbox/MT-1-NOPE', '/pay/sandbox/%3Cscript%3E']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Payment not found');
      expect(res.body).not.toContain('<script>');
    }
    const post = await pay('MT-1-NOPE', { outcome: 'success', method: 'card' });
    expect(post.statusCode).toBe(404);
  });

  it('pays: 303 to the confirmation page, order processing and paid, stock stays sold, receipt queued', async () => {
    const { customer, product, order } = await customerWithOrder({ stock: 1 });
    expect(await stockOf(t.db, product.id)).toBe(0);
    const reference = await checkoutReference(customer.token, order.id);
    const seen: string[] = [];
    const off = t.app.events.on('order.paid', (e) => seen.push(`paid:${e.id}`));
    const offStatus = t.app.events.on('order.status.updated', (e) => seen.push(`${e.status}:${e.id}`));

    const res = await pay(reference, { outcome: 'success', method: 'mpesa', phone: '0712 345 678' });
    off();
    offStatus();
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/payment/confirmationpage?order_id=${order.id}`);

    const after = await orderRow(t.db, order.id);
    expect(after.order_status).toBe('processing');
    expect(after.payment_status).toBe('paid');
    expect(await stockOf(t.db, product.id)).toBe(0);
    const [payment] = await paymentsOf(t.db, order.id);
    expect(payment.status).toBe('paid');
    expect(payment.method).toBe('mpesa');
    expect(payment.provider_invoice_id).toMatch(/^SBX-/);
    expect(await paymentHistory(t.db, order.id)).toHaveLength(1);
    expect(
      (await mailTo(t.db, customer.email)).some((m) => m.template === 'order_paid' || /paid|receipt/i.test(m.subject)),
    ).toBe(true);
    expect(seen).toEqual(expect.arrayContaining([`paid:${order.id}`, `processing:${order.id}`]));

    const orderReply = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      headers: bearer(customer.token),
    });
    expect(orderReply.json()).toMatchObject({ order_status: 'processing', payment_status: 'paid' });
  });

  it('shows "already paid" afterwards, and a second Pay changes nothing', async () => {
    const { customer, order } = await customerWithOrder();
    const reference = await checkoutReference(customer.token, order.id);
    await pay(reference, { outcome: 'success', method: 'card' });
    const notifications = await notificationCount(t.db);

    const page = await t.app.inject({ method: 'GET', url: `/pay/sandbox/${reference}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('already paid');
    expect(page.body).toContain(`href="/orders/${order.id}"`);
    expect(page.body).not.toContain('name="outcome"');

    const again = await pay(reference, { outcome: 'success', method: 'card' });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/payment/confirmationpage?order_id=${order.id}`);
    expect(await notificationCount(t.db)).toBe(notifications);
    expect(await paymentHistory(t.db, order.id)).toHaveLength(1);
  });

  it('asks again for a valid M-Pesa number, changing nothing', async () => {
    const { customer, order } = await customerWithOrder();
    const reference = await checkoutReference(customer.token, order.id);
    const res = await pay(reference, { outcome: 'success', method: 'mpesa', phone: '12345<b>' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Enter the M-Pesa phone number');
    expect(res.body).toContain('value="12345&lt;b&gt;"');
    expect((await orderRow(t.db, order.id)).payment_status).toBe('unpaid');
    expect((await paymentsOf(t.db, order.id))[0].status).toBe('pending');

    const noOutcome = await pay(reference, { method: 'card' });
    expect(noOutcome.statusCode).toBe(422);
    expect(noOutcome.body).toContain('Choose Pay or Cancel payment.');
  });

  it('a cancelled payment sends the customer back to checkout, and a retry then succeeds', async () => {
    const { customer, product, order } = await customerWithOrder();
    const first = await checkoutReference(customer.token, order.id);
    const cancel = await pay(first, { outcome: 'failure', method: 'mpesa', phone: '' });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`/checkout/${order.id}?payment=failed`);
    let row = await orderRow(t.db, order.id);
    expect(row.order_status).toBe('pending');
    expect(row.payment_status).toBe('failed');
    expect((await paymentsOf(t.db, order.id))[0]).toMatchObject({ status: 'failed' });
    expect(await stockOf(t.db, product.id)).toBe(0);

    const second = await checkoutReference(customer.token, order.id);
    expect(second).not.toBe(first);
    const ok = await pay(second, { outcome: 'success', method: 'card' });
    expect(ok.headers.location).toBe(`/payment/confirmationpage?order_id=${order.id}`);
    row = await orderRow(t.db, order.id);
    expect(row.order_status).toBe('processing');
    expect(row.payment_status).toBe('paid');
    expect((await paymentsOf(t.db, order.id)).map((p) => p.status)).toEqual(['failed', 'paid']);
  });

  it('a payment after expiry re-reserves the stock when it is still there', async () => {
    const { customer, product, order } = await customerWithOrder({ stock: 1 });
    const reference = await checkoutReference(customer.token, order.id);
    await expireAllReservations(t.db);
    expect((await orderRow(t.db, order.id)).order_status).toBe('cancelled');
    expect(await stockOf(t.db, product.id)).toBe(1);

    const page = await t.app.inject({ method: 'GET', url: `/pay/sandbox/${reference}` });
    expect(page.body).toContain('This order is cancelled');
    const res = await pay(reference, { outcome: 'success', method: 'card' });
    expect(res.headers.location).toBe(`/payment/confirmationpage?order_id=${order.id}`);
    const row = await orderRow(t.db, order.id);
    expect(row.order_status).toBe('processing');
    expect(row.payment_status).toBe('paid');
    expect(await stockOf(t.db, product.id)).toBe(0);
  });

  it('a payment after expiry with the stock gone marks the order for refund and e-mails the shop', async () => {
    const { customer, product, order } = await customerWithOrder({ stock: 1 });
    const reference = await checkoutReference(customer.token, order.id);
    await expireAllReservations(t.db);
    const rival = await createUser(t.db);
    await placeOrder(t.app, rival.token, [{ product_id: product.id, quantity: 1 }]);
    expect(await stockOf(t.db, product.id)).toBe(0);
    const shopMailBefore = (await mailTo(t.db, SHOP_EMAIL)).length;

    const res = await pay(reference, { outcome: 'success', method: 'mpesa', phone: '+254712345678' });
    expect(res.statusCode).toBe(303);
    const row = await orderRow(t.db, order.id);
    expect(row.order_status).toBe('cancelled');
    expect(row.payment_status).toBe('refund_due');
    expect(await stockOf(t.db, product.id)).toBe(0);
    expect((await paymentsOf(t.db, order.id))[0].status).toBe('paid');
    const shopMail = await mailTo(t.db, SHOP_EMAIL);
    expect(shopMail).toHaveLength(shopMailBefore + 1);
    expect(shopMail.at(-1)!.subject).toContain(`#${order.id}`);
    expect(shopMail.at(-1)!.subject.toLowerCase()).toContain('refund');
  });
});

describe('POST /api/payments/webhooks/sandbox', () => {
  it('refuses a forged or missing signature with 401 and changes nothing', async () => {
    const { customer, order } = await customerWithOrder();
    const reference = await checkoutReference(customer.token, order.id);
    const notifications = await notificationCount(t.db);

    const forged = signedSuccess(reference, order.total_cents, 'not-the-secret');
    const bad = await postSandboxWebhook(forged.rawBody, forged.signature);
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ message: 'Invalid signature.' });

    expect((await postSandboxWebhook(forged.rawBody)).statusCode).toBe(401);
    expect((await postSandboxWebhook(forged.rawBody, 'zz')).statusCode).toBe(401);

    // a genuine signature over different bytes (amount tampered after signing)
    const genuine = signedSuccess(reference, order.total_cents);
    const tampered = genuine.rawBody.replace(/"amount":"[^"]+"/, '"amount":"1.00"');
    expect((await postSandboxWebhook(tampered, genuine.signature)).statusCode).toBe(401);

    expect(await notificationCount(t.db)).toBe(notifications);
    expect((await orderRow(t.db, order.id)).payment_status).toBe('unpaid');
    expect((await paymentsOf(t.db, order.id))[0].status).toBe('pending');
  });

  it('handles the same notification delivered twice only once', async () => {
    const { customer, order } = await customerWithOrder();
    const reference = await checkoutReference(customer.token, order.id);
    const signed = signedSuccess(reference, order.total_cents);

    const first = await postSandboxWebhook(signed.rawBody, signed.signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ received: true, outcome: 'paid' });
    const mails = (await mailTo(t.db, customer.email)).length;

    const second = await postSandboxWebhook(signed.rawBody, signed.signature);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ received: true, outcome: 'duplicate' });

    expect(await paymentHistory(t.db, order.id)).toHaveLength(1);
    expect((await mailTo(t.db, customer.email)).length).toBe(mails);
    expect((await orderRow(t.db, order.id)).order_status).toBe('processing');
  });

  it('handles the same notification delivered twice at the same moment only once', async () => {
    const { customer, order } = await customerWithOrder();
    const reference = await checkoutReference(customer.token, order.id);
    const signed = signedSuccess(reference, order.total_cents);
    const replies = await Promise.all([
      postSandboxWebhook(signed.rawBody, signed.signature),
      postSandboxWebhook(signed.rawBody, signed.signature),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(replies.map((r) => r.json().outcome).sort()).toEqual(['duplicate', 'paid']);
    expect(await paymentHistory(t.db, order.id)).toHaveLength(1);
  });

  it('refuses a correctly signed notification whose amount differs from the payment', async () => {
    const { customer, order } = await customerWithOrder();
    const reference = await checkoutReference(customer.token, order.id);
    const signed = signedSuccess(reference, order.total_cents - 100);
    const res = await postSandboxWebhook(signed.rawBody, signed.signature);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true, outcome: 'refused' });
    expect((await orderRow(t.db, order.id)).payment_status).toBe('unpaid');
    expect((await paymentsOf(t.db, order.id))[0].status).toBe('pending');
  });

  it('answers 400 for a signed body that is not a notification, and 404 for the disabled IntaSend hook', async () => {
    const raw = JSON.stringify({ hello: 'world' });
    const sig = createHmac('sha256', SECRET).update(raw).digest('hex');
    expect((await postSandboxWebhook(raw, sig)).statusCode).toBe(400);

    const intasend = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/intasend',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ invoice_id: 'X', state: 'COMPLETE', challenge: 'x' }),
    });
    expect(intasend.statusCode).toBe(404);
  });
});

describe('POST /api/payments/confirm', () => {
  it("returns the order's payment state to its owner only", async () => {
    const { customer, order } = await customerWithOrder();
    const reference = await checkoutReference(customer.token, order.id);
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/payments/confirm',
      headers: bearer(customer.token),
      payload: { order_id: order.id },
    });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      order_id: order.id,
      order_status: 'pending',
      payment_status: 'unpaid',
      payment: { reference, provider: 'sandbox', status: 'pending' },
    });

    await pay(reference, { outcome: 'success', method: 'card' });
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/payments/confirm',
      headers: bearer(customer.token),
      payload: { order_id: order.id, tracking_id: 'ignored' },
    });
    expect(after.json()).toMatchObject({
      order_status: 'processing',
      payment_status: 'paid',
      payment: { status: 'paid' },
    });

    const stranger = await createUser(t.db);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/payments/confirm',
      headers: bearer(stranger.token),
      payload: { order_id: order.id },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('Order not found.');

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/payments/confirm',
      payload: { order_id: order.id },
    });
    expect(anonymous.statusCode).toBe(401);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/confirm',
      headers: bearer(customer.token),
      payload: { order_id: -3 },
    });
    expect(invalid.statusCode).toBe(422);
  });
});

describe('production configuration', () => {
  it('refuses to start with the sandbox provider unless ALLOW_SANDBOX_PAYMENTS=1', () => {
    const production = {
      NODE_ENV: 'production',
      APP_URL: 'https://shop.example.com',
      PAYMENT_WEBHOOK_SECRET: 'a-long-random-secret-of-40-characters-xx',
      MAIL_URL: 'smtp://mail.example.com:587',
      VAPID_PUBLIC_KEY: 'BB8kvN01f38Sa77jn4ks4WeWj3I5DpwZSvcAU9czGz-HInSWuDxljykjI-pLwz7VA72rWt9he4uIUkI3Y7jTm0w',
      VAPID_PRIVATE_KEY: 'ddP9YcsF9Hm3cb62_oSzUjx3_xZHJ2GoeiBSCt2BZS0',
      VAPID_SUBJECT: 'mailto:shop@example.com',
    };
    expect(() => loadConfig(production)).toThrow(/PAYMENT_PROVIDER is sandbox/);
    expect(loadConfig({ ...production, ALLOW_SANDBOX_PAYMENTS: '1' }).payments.provider).toBe('sandbox');
  });
});
