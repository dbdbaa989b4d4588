import { MPESA_FAILURE_MESSAGES, MPESA_MAX_PROMPTS_PER_ORDER, MPESA_PHONE_MESSAGE } from '@mtumba/contract/mpesa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentService, promptPollAt } from './service.js';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { startFakeIntaSend, type FakeIntaSend } from '../../../test/intasend-fake.js';
import { historyOf } from '../../../test/order-fixtures.js';
import {
  createProduct,
  mailTo,
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

/** Another instance of the payment service on the same database (as a second server would run). */
function instance() {
  return paymentService({ db: t.db, config: t.config, events: t.app.events, log: t.app.log });
}

function prompt(token: string, orderId: number, phone: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/mpesa',
    headers: bearer(token),
    payload: { order_id: orderId, phone },
  });
}

function status(token: string, reference: string) {
  return t.app.inject({ method: 'GET', url: `/api/payments/${reference}`, headers: bearer(token) });
}

function webhook(body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/intasend',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

async function orderWithPrompt(options: { priceCents?: number; phone?: string } = {}) {
  const customer = await createUser(t.db);
  const product = await createProduct(t.db, { stock: 1, priceCents: options.priceCents ?? 150_000 });
  const order = await placeOrder(t.app, customer.token, [{ product_id: product.id, quantity: 1 }]);
  const res = await prompt(customer.token, order.id, options.phone ?? '0712 345 678');
  expect(res.statusCode).toBe(201);
  const { payment } = res.json() as { payment: { reference: string } };
  const invoice = fake.promptFor(payment.reference)!;
  return { customer, order, reference: payment.reference, invoice };
}

/** The status calls IntaSend received about one invoice. */
const callsFor = (invoiceId: string) =>
  fake.statusCalls().filter((c) => (c.body as { invoice_id?: string }).invoice_id === invoiceId);

/** A moment after every poll of a prompt sent now is due. */
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

describe('POST /api/payments/mpesa (the M-Pesa prompt)', () => {
  it('asks IntaSend for an STK push with the shape it expects and keeps its invoice id', async () => {
    const customer = await createUser(t.db);
    // 1500.50 less the first-order 10%: a total with cents, while M-Pesa takes whole shillings
    const product = await createProduct(t.db, { priceCents: 150_050 });
    const order = await placeOrder(t.app, customer.token, [{ product_id: product.id, quantity: 1 }]);
    expect(order.total_cents % 100).not.toBe(0);

    const res = await prompt(customer.token, order.id, '0712 345 678');
    expect(res.statusCode).toBe(201);
    const reply = res.json() as { message: string; payment: Record<string, unknown> };
    expect(reply.message).toBe('Check your phone and enter your M-Pesa PIN.');
    const wholeShillings = Math.floor(order.total_cents / 100);
    expect(reply.payment).toMatchObject({
      order_id: order.id,
      kind: 'mpesa_prompt',
      provider: 'intasend',
      status: 'pending',
      amount: wholeShillings,
      phone: '0712 345 678',
      failure: null,
      payment_status: 'pending',
      simulator_url: null,
    });
    expect(Date.parse(String(reply.payment.prompt_expires_at))).toBeGreaterThan(Date.now());

    const call = fake.promptCalls().at(-1)!;
    expect(call.problems).toEqual([]);
    expect(call.status).toBe(200);
    expect(call.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(call.headers['content-type']).toContain('application/json');
    expect(call.body).toEqual({
      amount: wholeShillings,
      phone_number: '254712345678',
      api_ref: reply.payment.reference,
      narrative: `Mtumba order #${order.id}`,
      currency: 'KES',
    });

    const [payment] = await paymentsOf(t.db, order.id);
    const invoice = fake.promptFor(String(reply.payment.reference))!;
    expect(payment).toMatchObject({
      kind: 'mpesa_prompt',
      status: 'pending',
      phone: '+254712345678',
      provider_invoice_id: invoice.invoice_id,
      amount_cents: wholeShillings * 100,
    });
    expect(await orderRow(t.db, order.id)).toMatchObject({ order_status: 'pending', payment_status: 'pending' });
    expect((await historyOf(t.db, order.id)).map((h) => h.move)).toEqual(['place', 'prompt_sent']);
  });

  it.each([
    ['+254 112 345 678', '254112345678'],
    ['254712345678', '254712345678'],
    ['0112-345-678', '254112345678'],
  ])('writes %s as %s for M-Pesa', async (typed, sent) => {
    const { reference } = await orderWithPrompt({ phone: typed });
    expect(fake.promptCalls().at(-1)!.body).toMatchObject({ phone_number: sent, api_ref: reference });
  });

  it.each(['020 123 4567', '12345', '+255 712 345 678', 'not a phone'])(
    'refuses %s with 422 and the message the form shows, sending and writing nothing',
    async (phone) => {
      const customer = await createUser(t.db);
      const product = await createProduct(t.db);
      const order = await placeOrder(t.app, customer.token, [{ product_id: product.id, quantity: 1 }]);
      const calls = fake.promptCalls().length;
      const res = await prompt(customer.token, order.id, phone);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ message: MPESA_PHONE_MESSAGE, errors: { phone: [MPESA_PHONE_MESSAGE] } });
      expect(fake.promptCalls().length).toBe(calls);
      expect(await paymentsOf(t.db, order.id)).toEqual([]);
      expect((await orderRow(t.db, order.id)).payment_status).toBe('unpaid');
    },
  );

  it("answers 404 for someone else's order and payment", async () => {
    const { order, reference } = await orderWithPrompt();
    const stranger = await createUser(t.db);
    expect((await prompt(stranger.token, order.id, '0712345678')).statusCode).toBe(404);
    expect((await status(stranger.token, reference)).statusCode).toBe(404);
  });

  it('answers 502 with a message when IntaSend refuses, leaving the order payable', async () => {
    const customer = await createUser(t.db);
    const product = await createProduct(t.db);
    const order = await placeOrder(t.app, customer.token, [{ product_id: product.id, quantity: 1 }]);
    fake.failNextPrompt(503);
    const res = await prompt(customer.token, order.id, '0712345678');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      error: 'We could not send the M-Pesa prompt. Please try again, or pay another way.',
    });
    expect((await orderRow(t.db, order.id)).payment_status).toBe('unpaid');
    expect((await paymentsOf(t.db, order.id))[0].status).toBe('failed');
    expect((await prompt(customer.token, order.id, '0712345678')).statusCode).toBe(201);
  });

  it(`stops after ${MPESA_MAX_PROMPTS_PER_ORDER} prompts for one order`, async () => {
    const { customer, order } = await orderWithPrompt();
    for (let i = 1; i < MPESA_MAX_PROMPTS_PER_ORDER; i++) {
      expect((await prompt(customer.token, order.id, '0712345678')).statusCode).toBe(201);
    }
    const res = await prompt(customer.token, order.id, '0712345678');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: expect.stringContaining('Please pay another way') });
  });

  it('keeps POST /api/payments/initiate (the hosted page) working for the same order', async () => {
    const { customer, order } = await orderWithPrompt();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      headers: bearer(customer.token),
      payload: { order_id: order.id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ provider: 'intasend', checkout_url: expect.any(String) });
  });
});

describe('the answer to a prompt', () => {
  it('arrives by webhook: confirmed with the status API, paid once however often it is repeated', async () => {
    const { customer, order, reference, invoice } = await orderWithPrompt();
    fake.answerPrompt(invoice.invoice_id, 'COMPLETE');
    const body = fake.webhookBody(invoice.invoice_id);

    const first = await webhook(body);
    expect(first.json()).toMatchObject({ received: true, outcome: 'paid' });
    expect(await orderRow(t.db, order.id)).toMatchObject({ order_status: 'processing', payment_status: 'paid' });
    const [payment] = await paymentsOf(t.db, order.id);
    expect(payment).toMatchObject({ status: 'paid', receipt: 'QK12ABC34D', next_poll_at: null });
    const mails = (await mailTo(t.db, customer.email)).length;

    for (let i = 0; i < 3; i++) {
      expect((await webhook(body)).json()).toMatchObject({ received: true, outcome: 'duplicate' });
    }
    // and a poll that comes later finds nothing left to ask about
    const statusCalls = callsFor(invoice.invoice_id).length;
    await instance().pollDuePrompts(later(3600));
    expect(callsFor(invoice.invoice_id)).toHaveLength(statusCalls);
    expect(await paymentHistory(t.db, order.id)).toHaveLength(1);
    expect((await mailTo(t.db, customer.email)).length).toBe(mails);

    const view = await status(customer.token, reference);
    expect(view.json()).toMatchObject({ status: 'paid', order_status: 'processing', payment_status: 'paid' });
  });

  it('is found by polling when no callback ever comes: 10 s, 20 s, 40 s, then every minute', async () => {
    const { customer, order, reference, invoice } = await orderWithPrompt();
    const [sent] = await paymentsOf(t.db, order.id);
    expect(sent.next_poll_at).toBe(promptPollAt(sent.created_at, 0));
    const calls = () => callsFor(invoice.invoice_id);

    // not due yet: nobody asks
    await instance().pollDuePrompts(new Date(Date.parse(sent.created_at) + 5_000));
    expect(calls()).toHaveLength(0);

    // due, still pending on the phone: asked once, the next poll is scheduled
    await instance().pollDuePrompts(new Date(Date.parse(sent.created_at) + 11_000));
    expect(calls()).toHaveLength(1);
    expect(calls()[0].headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    const [after] = await paymentsOf(t.db, order.id);
    expect(after).toMatchObject({ status: 'pending', poll_count: 1, next_poll_at: promptPollAt(sent.created_at, 1) });
    expect((await orderRow(t.db, order.id)).payment_status).toBe('pending');

    // the shopper paid, the callback was lost; the next poll settles it
    fake.answerPrompt(invoice.invoice_id, 'COMPLETE');
    await instance().pollDuePrompts(new Date(Date.parse(sent.created_at) + 21_000));
    expect(await orderRow(t.db, order.id)).toMatchObject({ order_status: 'processing', payment_status: 'paid' });
    expect((await status(customer.token, reference)).json()).toMatchObject({ status: 'paid' });

    // the webhook arriving after all is the same event: nothing twice
    expect((await webhook(fake.webhookBody(invoice.invoice_id))).json()).toMatchObject({ outcome: 'duplicate' });
    expect(await paymentHistory(t.db, order.id)).toHaveLength(1);
  });

  it('polls on the schedule until the hold ends, then stops', async () => {
    const sentAt = '2026-01-01T10:00:00.000Z';
    expect([0, 1, 2, 3, 4].map((n) => (Date.parse(promptPollAt(sentAt, n)) - Date.parse(sentAt)) / 1000)).toEqual([
      10, 20, 40, 100, 160,
    ]);

    const { order } = await orderWithPrompt();
    // the hold ends very soon: after the grace minutes the prompt is no longer polled
    await t.db
      .updateTable('orders')
      .set({ reserved_until: new Date(Date.now() - 10 * 60_000).toISOString() })
      .where('id', '=', order.id)
      .execute();
    await instance().pollDuePrompts(later(15));
    const [payment] = await paymentsOf(t.db, order.id);
    expect(payment).toMatchObject({ status: 'pending', poll_count: 1, next_poll_at: null });
  });

  it('is settled once when several instances poll at the same moment', async () => {
    const { order, invoice } = await orderWithPrompt();
    fake.answerPrompt(invoice.invoice_id, 'COMPLETE');
    await Promise.all([1, 2, 3].map(() => instance().pollDuePrompts(later(11))));
    expect(await orderRow(t.db, order.id)).toMatchObject({ order_status: 'processing', payment_status: 'paid' });
    expect(await paymentHistory(t.db, order.id)).toHaveLength(1);
    // the due poll was claimed by one instance: IntaSend was asked once, not once per instance
    expect(callsFor(invoice.invoice_id)).toHaveLength(1);
    expect((await mailTo(t.db, SHOP_EMAIL)).filter((m) => m.subject.includes(`#${order.id}`))).toEqual([]);
  });

  it.each([
    ['1032', 'Request cancelled by user', 'cancelled'],
    ['1037', 'DS timeout user cannot be reached', 'timeout'],
    ['1', 'The balance is insufficient for the transaction', 'insufficient_funds'],
    ['2001', 'The initiator information is invalid', 'wrong_pin'],
    ['1019', 'Transaction has expired', 'expired'],
    ['1001', 'Unable to lock subscriber, a transaction is already in process for the current subscriber', 'busy'],
  ] as const)('failure code %s: the shopper reads its own message and can resend', async (code, reason, failure) => {
    const { customer, order, reference, invoice } = await orderWithPrompt();
    fake.answerPrompt(invoice.invoice_id, { code, reason });
    expect((await webhook(fake.webhookBody(invoice.invoice_id))).json()).toMatchObject({ outcome: 'failed' });

    expect(await orderRow(t.db, order.id)).toMatchObject({ order_status: 'pending', payment_status: 'failed' });
    const [payment] = await paymentsOf(t.db, order.id);
    expect(payment).toMatchObject({ status: 'failed', failure_code: code, failure_reason: reason, next_poll_at: null });
    const view = (await status(customer.token, reference)).json();
    expect(view).toMatchObject({
      status: 'failed',
      payment_status: 'failed',
      failure: { reason: failure, message: MPESA_FAILURE_MESSAGES[failure] },
    });

    // "Resend prompt": the order is payable again
    const again = await prompt(customer.token, order.id, '0712 345 678');
    expect(again.statusCode).toBe(201);
    expect(await orderRow(t.db, order.id)).toMatchObject({ payment_status: 'pending' });
  });

  it('falls back to the reason text for a code it does not know, keeping the raw text', async () => {
    const { customer, reference, invoice, order } = await orderWithPrompt();
    fake.answerPrompt(invoice.invoice_id, { code: '9999', reason: 'System busy at the operator' });
    await instance().pollDuePrompts(later(11));
    expect((await paymentsOf(t.db, order.id))[0]).toMatchObject({
      failure_code: '9999',
      failure_reason: 'System busy at the operator',
    });
    expect((await status(customer.token, reference)).json()).toMatchObject({
      failure: { reason: 'failed', message: 'The M-Pesa payment did not go through: System busy at the operator.' },
    });
  });

  it('a late failure of an older prompt does not undo a resent one still on its way', async () => {
    const { customer, order, invoice } = await orderWithPrompt();
    expect((await prompt(customer.token, order.id, '0712 345 678')).statusCode).toBe(201);
    fake.answerPrompt(invoice.invoice_id, { code: '1037', reason: 'DS timeout user cannot be reached' });
    await webhook(fake.webhookBody(invoice.invoice_id));
    expect((await orderRow(t.db, order.id)).payment_status).toBe('pending');
  });
});

describe('the shop confirms a prompt payment from its M-Pesa statement', () => {
  it('records the receipt code on a pending prompt order; the same payment found later is no second payment', async () => {
    const admin = await createUser(t.db, { admin: true });
    const { order, invoice } = await orderWithPrompt();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/payments`,
      headers: bearer(admin.token),
      payload: { method: 'mpesa', reference: 'qk12abc34d' },
    });
    expect(res.statusCode).toBe(200);
    expect(await orderRow(t.db, order.id)).toMatchObject({ order_status: 'processing', payment_status: 'paid' });
    const shopMail = (await mailTo(t.db, SHOP_EMAIL)).length;

    // the callback was lost; the poll now finds the prompt paid, with the receipt the shop typed
    fake.answerPrompt(invoice.invoice_id, 'COMPLETE');
    await instance().pollDuePrompts(later(11));
    expect((await mailTo(t.db, SHOP_EMAIL)).length).toBe(shopMail);
    expect(await orderRow(t.db, order.id)).toMatchObject({ payment_status: 'paid' });
  });
});
