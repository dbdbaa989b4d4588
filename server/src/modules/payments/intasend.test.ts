import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntaSendProvider } from './providers/intasend.js';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { startFakeIntaSend, type FakeIntaSend } from '../../../test/intasend-fake.js';
import {
  createProduct,
  mailTo,
  notificationCount,
  orderRow,
  paymentHistory,
  paymentsOf,
  placeOrder,
} from '../../../test/payment-fixtures.js';

const SHOP_EMAIL = 'owner@shop.test';

let fake: FakeIntaSend;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeIntaSend();
  t = await buildTestApp({
    env: {
      PAYMENT_PROVIDER: 'intasend',
      INTASEND_API_URL: fake.url,
      INTASEND_PUBLISHABLE_KEY: fake.publishableKey,
      INTASEND_SECRET_KEY: fake.secretKey,
      INTASEND_WEBHOOK_CHALLENGE: fake.challenge,
      SHOP_EMAIL,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function orderWithCheckout(options: { name?: string } = {}) {
  const customer = await createUser(t.db, { name: options.name ?? 'Wanjiku Njeri Kamau' });
  const product = await createProduct(t.db, { stock: 1, priceCents: 150_050 });
  const order = await placeOrder(t.app, customer.token, [{ product_id: product.id, quantity: 1 }], '0712 345 678');
  const res = await initiate(customer.token, order.id);
  expect(res.statusCode).toBe(201);
  const { reference, checkout_url } = res.json() as { reference: string; checkout_url: string };
  return { customer, product, order, reference, checkoutUrl: checkout_url };
}

function initiate(token: string, orderId: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/initiate',
    headers: bearer(token),
    payload: { order_id: orderId },
  });
}

function webhook(body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/intasend',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

function confirm(token: string, orderId: number, trackingId?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/confirm',
    headers: bearer(token),
    payload: { order_id: orderId, ...(trackingId ? { tracking_id: trackingId } : {}) },
  });
}

describe('IntaSend checkout', () => {
  it('sends the request IntaSend expects and hands back its hosted page', async () => {
    const { customer, order, reference, checkoutUrl } = await orderWithCheckout();
    const call = fake.checkoutCalls().at(-1)!;
    expect(call.problems).toEqual([]);
    expect(call.status).toBe(201);
    expect(call.headers['intasend_public_api_key']).toBe(fake.publishableKey);
    expect(call.headers['x-intasend-public-api-key']).toBe(fake.publishableKey);
    expect(call.headers.authorization).toBeUndefined();
    expect(call.headers['content-type']).toContain('application/json');
    expect(call.body).toEqual({
      public_key: fake.publishableKey,
      amount: order.total_cents / 100,
      currency: 'KES',
      email: customer.email,
      first_name: 'Wanjiku',
      last_name: 'Njeri Kamau',
      phone_number: '254712345678',
      api_ref: reference,
      redirect_url: `http://shop.test/payment/confirmationpage?order_id=${order.id}`,
      host: 'http://shop.test',
      comment: `Order #${order.id}`,
    });
    // 1500.50 with the first-order 10% off: a two-decimal amount survives the trip
    expect(order.total_cents % 100).not.toBe(0);

    const checkout = fake.checkoutFor(reference)!;
    expect(checkoutUrl).toBe(checkout.url);
    const [payment] = await paymentsOf(t.db, order.id);
    expect(payment).toMatchObject({
      provider: 'intasend',
      status: 'pending',
      provider_checkout_id: checkout.id,
      checkout_url: checkout.url,
    });
  });

  it('answers 502 "Payment initiation failed" when IntaSend refuses, marking the payment failed', async () => {
    const customer = await createUser(t.db);
    const product = await createProduct(t.db);
    const order = await placeOrder(t.app, customer.token, [{ product_id: product.id, quantity: 1 }]);
    fake.failNextCheckout(503);
    const res = await initiate(customer.token, order.id);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'Payment initiation failed', message: 'Payment initiation failed' });
    const [payment] = await paymentsOf(t.db, order.id);
    expect(payment.status).toBe('failed');
    const row = await orderRow(t.db, order.id);
    expect(row).toMatchObject({ order_status: 'pending', payment_status: 'unpaid' });

    // IntaSend is back: the customer simply tries again
    expect((await initiate(customer.token, order.id)).statusCode).toBe(201);
  });
});

describe('IntaSend webhook', () => {
  it('refuses a wrong or missing challenge with 401, without asking IntaSend or changing anything', async () => {
    const { order, reference } = await orderWithCheckout();
    const invoice = fake.pay(reference);
    const statusCalls = fake.statusCalls().length;
    const notifications = await notificationCount(t.db);

    const wrong = await webhook(fake.webhookBody(invoice.invoice_id, { challenge: 'guessed' }));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: 'Invalid challenge.' });
    const { challenge: _c, ...unsigned } = fake.webhookBody(invoice.invoice_id);
    expect((await webhook(unsigned)).statusCode).toBe(401);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/intasend',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(notJson.statusCode).toBe(400);

    expect(fake.statusCalls().length).toBe(statusCalls);
    expect(await notificationCount(t.db)).toBe(notifications);
    expect((await orderRow(t.db, order.id)).payment_status).toBe('unpaid');
    expect((await paymentsOf(t.db, order.id))[0].status).toBe('pending');
  });

  it('accepts COMPLETE once, after confirming it with the status API', async () => {
    const { customer, order, reference } = await orderWithCheckout();
    const invoice = fake.pay(reference);
    const body = fake.webhookBody(invoice.invoice_id);
    const statusCalls = fake.statusCalls().length;

    const first = await webhook(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ received: true, outcome: 'paid' });
    const call = fake.statusCalls().at(-1)!;
    expect(fake.statusCalls().length).toBe(statusCalls + 1);
    expect(call.problems).toEqual([]);
    expect(call.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(call.body).toMatchObject({ invoice_id: invoice.invoice_id });

    const row = await orderRow(t.db, order.id);
    expect(row).toMatchObject({ order_status: 'processing', payment_status: 'paid' });
    const [payment] = await paymentsOf(t.db, order.id);
    expect(payment).toMatchObject({ status: 'paid', provider_invoice_id: invoice.invoice_id, method: 'M-PESA' });
    const mails = (await mailTo(t.db, customer.email)).length;

    const again = await webhook(body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ outcome: 'duplicate' });
    expect(fake.statusCalls().length).toBe(statusCalls + 1);
    expect(await paymentHistory(t.db, order.id)).toHaveLength(1);
    expect((await mailTo(t.db, customer.email)).length).toBe(mails);
  });

  it('refuses when the status API reports another amount, never marking the payment paid', async () => {
    const { order, reference } = await orderWithCheckout();
    const invoice = fake.pay(reference, { value: '1.00' });
    // the webhook itself claims the right amount; only the status API's answer counts
    const res = await webhook(fake.webhookBody(invoice.invoice_id, { value: (order.total_cents / 100).toFixed(2) }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true, outcome: 'refused' });
    expect((await orderRow(t.db, order.id)).payment_status).toBe('unpaid');
    const [payment] = await paymentsOf(t.db, order.id);
    expect(payment.status).toBe('pending');
    expect(payment.failure_reason).toContain('amount');

    // A retry of the refused event is checked again (a refusal does not use up the event), and
    // refused again while IntaSend's own record still disagrees
    const statusCalls = fake.statusCalls().length;
    expect((await webhook(fake.webhookBody(invoice.invoice_id))).json()).toMatchObject({ outcome: 'refused' });
    expect(fake.statusCalls().length).toBe(statusCalls + 1);
    expect((await orderRow(t.db, order.id)).payment_status).toBe('unpaid');
  });

  it("a refused COMPLETE does not use up the event: the provider's later correct COMPLETE pays the order", async () => {
    const { order, reference } = await orderWithCheckout();
    const invoice = fake.pay(reference, { value: '1.00' });
    const refused = await webhook(fake.webhookBody(invoice.invoice_id));
    expect(refused.json()).toMatchObject({ outcome: 'refused' });

    // IntaSend's record now agrees with the order; it sends the same COMPLETE again
    fake.invoices.get(invoice.invoice_id)!.value = (order.total_cents / 100).toFixed(2);
    const correct = await webhook(fake.webhookBody(invoice.invoice_id));
    expect(correct.statusCode).toBe(200);
    expect(correct.json()).toMatchObject({ outcome: 'paid' });
    expect(await orderRow(t.db, order.id)).toMatchObject({ order_status: 'processing', payment_status: 'paid' });
    expect((await paymentsOf(t.db, order.id))[0].status).toBe('paid');
    // and from now on the event is used up
    expect((await webhook(fake.webhookBody(invoice.invoice_id))).json()).toMatchObject({ outcome: 'duplicate' });
  });

  it('refuses when the status API reports another currency', async () => {
    const { order, reference } = await orderWithCheckout();
    const invoice = fake.pay(reference, { currency: 'USD' });
    const res = await webhook(fake.webhookBody(invoice.invoice_id, { currency: 'KES' }));
    expect(res.json()).toMatchObject({ outcome: 'refused' });
    expect((await orderRow(t.db, order.id)).payment_status).toBe('unpaid');
  });

  it('refuses when the status API names another api_ref than the webhook claims', async () => {
    const { order, reference } = await orderWithCheckout();
    const invoice = fake.pay(reference, { api_ref: 'MT-999999-SOMEONEELSE' });
    const res = await webhook(fake.webhookBody(invoice.invoice_id, { api_ref: reference }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'refused' });
    expect((await orderRow(t.db, order.id)).payment_status).toBe('unpaid');
    expect((await paymentsOf(t.db, order.id))[0].status).toBe('pending');
  });

  it('waits (503, nothing recorded) while IntaSend has not settled, then accepts the retry', async () => {
    const { order, reference } = await orderWithCheckout();
    const invoice = fake.pay(reference, { state: 'PROCESSING' });
    const body = fake.webhookBody(invoice.invoice_id, { state: 'COMPLETE' });
    const early = await webhook(body);
    expect(early.statusCode).toBe(503);
    expect((await orderRow(t.db, order.id)).payment_status).toBe('unpaid');

    fake.setState(invoice.invoice_id, 'COMPLETE');
    const retry = await webhook(body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ outcome: 'paid' });
  });

  it('answers 502 when the status API is down, so IntaSend retries, then accepts the retry', async () => {
    const { order, reference } = await orderWithCheckout();
    const invoice = fake.pay(reference);
    fake.failNextStatus(500);
    const down = await webhook(fake.webhookBody(invoice.invoice_id));
    expect(down.statusCode).toBe(502);
    expect((await orderRow(t.db, order.id)).payment_status).toBe('unpaid');
    expect((await webhook(fake.webhookBody(invoice.invoice_id))).json()).toMatchObject({ outcome: 'paid' });
  });

  it('notes PENDING without asking anything, and applies FAILED as confirmed', async () => {
    const { order, reference } = await orderWithCheckout();
    const invoice = fake.pay(reference, { state: 'PENDING' });
    const statusCalls = fake.statusCalls().length;
    const pending = await webhook(fake.webhookBody(invoice.invoice_id));
    expect(pending.json()).toMatchObject({ outcome: 'noted' });
    expect(fake.statusCalls().length).toBe(statusCalls);

    fake.setState(invoice.invoice_id, 'FAILED', 'The balance is insufficient for the transaction.');
    const failed = await webhook(fake.webhookBody(invoice.invoice_id));
    expect(failed.json()).toMatchObject({ outcome: 'failed' });
    const row = await orderRow(t.db, order.id);
    expect(row).toMatchObject({ order_status: 'pending', payment_status: 'failed' });
    const [payment] = await paymentsOf(t.db, order.id);
    expect(payment).toMatchObject({
      status: 'failed',
      failure_reason: 'The balance is insufficient for the transaction.',
    });
  });

  it('a second payment for an already paid order is recorded and the shop is told to refund it', async () => {
    const { customer, order, reference } = await orderWithCheckout();
    const second = await initiate(customer.token, order.id);
    const secondReference = (second.json() as { reference: string }).reference;
    const one = fake.pay(reference);
    const two = fake.pay(secondReference);
    expect((await webhook(fake.webhookBody(one.invoice_id))).json()).toMatchObject({ outcome: 'paid' });
    const shopMail = (await mailTo(t.db, SHOP_EMAIL)).length;

    const late = await webhook(fake.webhookBody(two.invoice_id));
    expect(late.json()).toMatchObject({ outcome: 'duplicate_payment' });
    expect((await paymentsOf(t.db, order.id)).map((p) => p.status)).toEqual(['paid', 'paid']);
    const mails = await mailTo(t.db, SHOP_EMAIL);
    expect(mails).toHaveLength(shopMail + 1);
    expect(mails.at(-1)!.subject).toBe(`Refund needed: second payment for order #${order.id}`);
    expect(await paymentHistory(t.db, order.id)).toHaveLength(1);
  });
});

describe('POST /api/payments/confirm with IntaSend', () => {
  it('asks the status API about the tracking id from the redirect and applies a COMPLETE payment', async () => {
    const { customer, order, reference } = await orderWithCheckout();
    const invoice = fake.pay(reference);
    const res = await confirm(customer.token, order.id, invoice.invoice_id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      order_id: order.id,
      order_status: 'processing',
      payment_status: 'paid',
      payment: { reference, provider: 'intasend', status: 'paid' },
    });

    // the webhook arriving afterwards is the same event: answered at once, nothing twice
    const statusCalls = fake.statusCalls().length;
    expect((await webhook(fake.webhookBody(invoice.invoice_id))).json()).toMatchObject({ outcome: 'duplicate' });
    expect(fake.statusCalls().length).toBe(statusCalls);
    expect(await paymentHistory(t.db, order.id)).toHaveLength(1);
  });

  it('finds the paid checkout even when the customer opened a newer one afterwards', async () => {
    const { customer, order, reference } = await orderWithCheckout();
    expect((await initiate(customer.token, order.id)).statusCode).toBe(201);
    const invoice = fake.pay(reference);
    const res = await confirm(customer.token, order.id, invoice.invoice_id);
    expect(res.json()).toMatchObject({ payment_status: 'paid', payment: { reference, status: 'paid' } });
  });

  it("never trusts the redirect: another payment's tracking id pays nothing", async () => {
    const victim = await orderWithCheckout();
    const other = await orderWithCheckout();
    const othersInvoice = fake.pay(other.reference);
    const res = await confirm(victim.customer.token, victim.order.id, othersInvoice.invoice_id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ payment_status: 'unpaid', payment: { status: 'pending' } });
    expect((await orderRow(t.db, victim.order.id)).payment_status).toBe('unpaid');
    expect((await orderRow(t.db, other.order.id)).payment_status).toBe('unpaid');
    // and the other customer's own payment still goes through when its webhook arrives
    expect((await webhook(fake.webhookBody(othersInvoice.invoice_id))).json()).toMatchObject({ outcome: 'paid' });
  });

  it('reports the current state when IntaSend has nothing yet or cannot be reached', async () => {
    const { customer, order } = await orderWithCheckout();
    const none = await confirm(customer.token, order.id);
    expect(none.json()).toMatchObject({ payment_status: 'unpaid', payment: { status: 'pending' } });
    const unknown = await confirm(customer.token, order.id, 'INVNOTREAL');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ payment_status: 'unpaid' });
  });
});

describe('status checks are limited per order', () => {
  it('300 parallel confirms for one order ask IntaSend once, and all answer from the same state', async () => {
    const { customer, order, reference } = await orderWithCheckout();
    const invoice = fake.pay(reference);
    const statusCalls = fake.statusCalls().length;

    const replies = await Promise.all(
      Array.from({ length: 300 }, () => confirm(customer.token, order.id, invoice.invoice_id)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(replies.map(() => 200));
    expect(fake.statusCalls().length).toBe(statusCalls + 1);
    // the one check paid the order; asking again answers from it without calling IntaSend
    const after = await confirm(customer.token, order.id, invoice.invoice_id);
    expect(after.json()).toMatchObject({ payment_status: 'paid', payment: { reference, status: 'paid' } });
    expect(fake.statusCalls().length).toBe(statusCalls + 1);
  });

  it('a shopper who asks again at once is answered from the stored state; another order is still checked', async () => {
    const { customer, order, reference } = await orderWithCheckout();
    const invoice = fake.pay(reference, { state: 'PROCESSING' });
    const statusCalls = fake.statusCalls().length;
    expect((await confirm(customer.token, order.id, invoice.invoice_id)).json()).toMatchObject({
      payment_status: 'unpaid',
    });
    expect(fake.statusCalls().length).toBe(statusCalls + 1);
    const again = await confirm(customer.token, order.id, invoice.invoice_id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ payment_status: 'unpaid', payment: { reference, status: 'pending' } });
    expect(fake.statusCalls().length).toBe(statusCalls + 1);

    const other = await orderWithCheckout();
    const otherInvoice = fake.pay(other.reference);
    const otherReply = await confirm(other.customer.token, other.order.id, otherInvoice.invoice_id);
    expect(otherReply.json()).toMatchObject({ payment_status: 'paid' });
    expect(fake.statusCalls().length).toBe(statusCalls + 2);

    // the webhook is never held back by the limit: IntaSend's COMPLETE pays the first order
    fake.setState(invoice.invoice_id, 'COMPLETE');
    expect((await webhook(fake.webhookBody(invoice.invoice_id))).json()).toMatchObject({ outcome: 'paid' });
  });
});

describe('with IntaSend configured, the sandbox is off', () => {
  it('has no sandbox page or sandbox webhook for real payments', async () => {
    const { order, reference } = await orderWithCheckout();
    const page = await t.app.inject({ method: 'GET', url: `/pay/sandbox/${reference}` });
    expect(page.statusCode).toBe(404);
    const post = await t.app.inject({
      method: 'POST',
      url: `/pay/sandbox/${reference}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=success&method=card',
    });
    expect(post.statusCode).toBe(404);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ reference, state: 'COMPLETE' }),
    });
    expect(hook.statusCode).toBe(404);
    expect((await orderRow(t.db, order.id)).payment_status).toBe('unpaid');
  });
});

describe('IntaSendProvider.parseNotification', () => {
  const options = { apiUrl: 'http://127.0.0.1:9', publishableKey: 'pk', secretKey: 'sk', appUrl: 'http://shop.test' };
  const raw = JSON.stringify({ invoice_id: 'INV1', state: 'COMPLETE', api_ref: 'MT-1-A', challenge: 'secret' });

  it('refuses every webhook while no challenge is configured', () => {
    const provider = new IntaSendProvider(options);
    expect(provider.parseNotification({ rawBody: raw, headers: {} })).toMatchObject({ ok: false, status: 401 });
  });

  it('reads a webhook with the right challenge, keyed by invoice and state, without keeping the challenge', () => {
    const provider = new IntaSendProvider({ ...options, webhookChallenge: 'secret' });
    const parsed = provider.parseNotification({ rawBody: raw, headers: {} });
    expect(parsed).toMatchObject({ ok: true, eventKey: 'INV1:COMPLETE', invoiceId: 'INV1', final: true });
    expect(JSON.stringify(parsed)).not.toContain('secret');
    const partial = JSON.stringify({ invoice_id: 'INV1', state: 'COMPLETE', challenge: 'secre' });
    expect(provider.parseNotification({ rawBody: partial, headers: {} })).toMatchObject({ ok: false, status: 401 });
  });
});
