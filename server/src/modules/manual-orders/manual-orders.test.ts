import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_LINK_MESSAGES } from '@mtumba/contract/manual-order';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { historyOf, orderBody, orderRow, orderableProduct, stockOf } from '../../../test/order-fixtures.js';
import { paymentsOf } from '../../../test/payment-fixtures.js';
import { expireUnpaidOrders } from '../orders/sweeper.js';
import { linksIn } from '../mail/transport.js';
import { signPayLink } from './pay-link.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await buildTestApp({ env: { PAY_LINK_HOURS: '48', SHOP_NAME: 'Mtumba Test' } });
  admin = await createUser(t.db, { admin: true, name: 'Shop Admin' });
});
afterAll(async () => {
  await t?.close();
});

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

function asAdmin(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(admin.token), ...(payload === undefined ? {} : { payload }) });
}

let phoneCounter = 100_000;
const newPhone = () => `07${String(phoneCounter++).padStart(8, '0')}`;

async function newCustomer(extra: Record<string, unknown> = {}) {
  const res = await asAdmin('POST', '/api/admin/customers', {
    name: 'Wanjiku Kamau',
    email: `wanjiku${phoneCounter}@example.com`,
    phone: newPhone(),
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { customer: { id: number; email: string; phone: string } }).customer;
}

interface ManualReply {
  message: string;
  order: {
    id: number;
    order_status: string;
    payment_status: string;
    total_amount: number;
    discount_amount: number;
    applied_discounts: string[];
  };
  pay_link: { url: string; expires_at: string; whatsapp_url: string; message: string } | null;
}

async function manualOrder(customerId: number, productIds: number[], extra: Record<string, unknown> = {}) {
  const res = await asAdmin('POST', '/api/admin/orders/manual', {
    customer_id: customerId,
    items: productIds.map((id) => ({ product_id: id, quantity: 1 })),
    shipping_address: 'Paid custom delivery',
    channel: 'whatsapp',
    ...extra,
  });
  return res;
}

async function linkOrder(priceCents = 800_00) {
  const customer = await newCustomer();
  const product = await orderableProduct(t.db, { priceCents });
  const res = await manualOrder(customer.id, [product.id]);
  expect(res.statusCode, res.body).toBe(201);
  const reply = res.json() as ManualReply;
  const token = new URL(reply.pay_link!.url).pathname.replace('/pay/', '');
  return { customer, product, reply, orderId: reply.order.id, token };
}

function initiateByLink(token: string, payload: object = {}) {
  return t.app.inject({ method: 'POST', url: `/api/pay-links/${token}/initiate`, payload });
}

describe('manual orders: who may', () => {
  it('refuses shoppers (403) and visitors (401) on every admin call', async () => {
    const shopper = await createUser(t.db);
    const calls: [string, string, object?][] = [
      ['GET', '/api/admin/customers?q=0712345678'],
      ['POST', '/api/admin/customers', { name: 'X', email: 'x@example.com' }],
      ['POST', '/api/admin/orders/manual', {}],
      ['POST', '/api/admin/orders/manual/quote', {}],
      ['GET', '/api/admin/orders/1/pay-link'],
    ];
    for (const [method, url, payload] of calls) {
      const asShopper = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers: bearer(shopper.token),
        ...(payload === undefined ? {} : { payload }),
      });
      expect(asShopper.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await t.app.inject({ method: method as 'GET' | 'POST', url });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    const orders = await t.db.selectFrom('orders').select('id').execute();
    expect(orders).toHaveLength(0);
  });
});

describe('finding or creating the customer', () => {
  it('creates an account without a password that cannot sign in, found later by its phone', async () => {
    const phone = newPhone();
    const res = await asAdmin('POST', '/api/admin/customers', {
      name: 'Otieno Ochieng',
      email: 'Otieno.New@Example.com',
      phone,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { created: boolean; customer: { id: number; email: string; has_password: boolean } };
    expect(body.created).toBe(true);
    expect(body.customer).toMatchObject({ email: 'otieno.new@example.com', has_password: false });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'otieno.new@example.com', password: '' },
    });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);

    const found = await asAdmin('GET', `/api/admin/customers?q=${encodeURIComponent(phone.replace(/^0/, '+254'))}`);
    expect(found.statusCode).toBe(200);
    expect((found.json() as { data: { id: number }[] }).data.map((c) => c.id)).toEqual([body.customer.id]);
  });

  it('finds an existing account by its e-mail and changes nothing of it: no takeover', async () => {
    const owner = await createUser(t.db, {
      name: 'Real Owner',
      email: 'owner@example.com',
      password: 'owners secret 1',
    });
    const before = await t.db.selectFrom('users').selectAll().where('id', '=', owner.id).executeTakeFirstOrThrow();
    const res = await asAdmin('POST', '/api/admin/customers', {
      name: 'Someone Else',
      email: 'OWNER@example.com',
      phone: newPhone(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { created: boolean; message: string; customer: { id: number; name: string } };
    expect(body.created).toBe(false);
    expect(body.customer).toMatchObject({ id: owner.id, name: 'Real Owner' });
    const after = await t.db.selectFrom('users').selectAll().where('id', '=', owner.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'owner@example.com', password: 'owners secret 1' },
    });
    expect(login.statusCode).toBe(200);
    const count = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', 'owner@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('keeps an order the shop took for an address someone registered without proving it away from that account', async () => {
    // Someone registers the buyer's address first, with a name of their choosing, and never verifies it.
    const squatter = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Pay-at-evil.example Support',
        email: 'buyer-squatted@example.com',
        password: 'squatters password',
        password_confirmation: 'squatters password',
      },
    });
    expect(squatter.statusCode).toBe(201);
    const squatterHeaders = bearer(squatter.json().token as string);

    const found = await asAdmin('POST', '/api/admin/customers', {
      name: 'Achieng Otieno',
      email: 'buyer-squatted@example.com',
      phone: newPhone(),
    });
    const customerId = (found.json() as { customer: { id: number } }).customer.id;
    const product = await orderableProduct(t.db, { priceCents: 900_00 });
    const placed = await manualOrder(customerId, [product.id], { shipping_phone: '0788 333 444' });
    expect(placed.statusCode, placed.body).toBe(201);
    const reply = placed.json() as ManualReply;
    const orderId = reply.order.id;

    // The shop's WhatsApp text and the pay-link page carry none of the squatter's words.
    expect(reply.pay_link!.message).toMatch(/^Here is your order #\d+ from Mtumba Test/);
    expect(decodeURIComponent(reply.pay_link!.whatsapp_url)).not.toContain('evil');
    const token = new URL(reply.pay_link!.url).pathname.replace('/pay/', '');
    const page = await t.app.inject({ method: 'GET', url: `/api/pay-links/${token}` });
    expect(page.json().order.customer_first_name).toBeNull();
    const again = await asAdmin('GET', `/api/admin/orders/${orderId}/pay-link`);
    expect(again.json().message).not.toContain('evil');

    // The squatter sees neither the order nor the buyer's phone, and cannot cancel it.
    const list = await t.app.inject({ method: 'GET', url: '/api/orders', headers: squatterHeaders });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('788333444');
    expect(JSON.stringify(list.json())).not.toContain(`"id":${orderId},`);
    const one = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: squatterHeaders });
    expect(one.statusCode).toBe(404);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/request-cancel`,
      headers: squatterHeaders,
    });
    expect(cancel.statusCode).toBe(404);
    expect((await orderRow(t.db, orderId)).order_status).toBe('pending');
    expect((await orderRow(t.db, orderId)).cancel_requested_at).toBeNull();

    // The buyer proves the address is theirs with "Forgot password": the squatter is signed out,
    // and the order is the buyer's to see.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/forgot-password',
          payload: { email: 'buyer-squatted@example.com' },
        })
      ).statusCode,
    ).toBe(200);
    const resetMail = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'buyer-squatted@example.com')
      .where('template', '=', 'reset_password')
      .executeTakeFirstOrThrow();
    const link = new URL(linksIn(resetMail.text).find((l) => l.includes('/reset-password'))!);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: {
        token: link.searchParams.get('token'),
        email: 'buyer-squatted@example.com',
        password: 'the buyers own password',
        password_confirmation: 'the buyers own password',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders', headers: squatterHeaders })).statusCode).toBe(401);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'buyer-squatted@example.com', password: 'the buyers own password' },
    });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}`,
      headers: bearer(signedIn.json().token as string),
    });
    expect(mine.statusCode).toBe(200);
  });

  it('refuses a staff account as the customer, and bad input with a message', async () => {
    const staff = await asAdmin('POST', '/api/admin/customers', { name: 'X', email: admin.email });
    expect(staff.statusCode).toBe(422);
    const badEmail = await asAdmin('POST', '/api/admin/customers', { name: 'X', email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(422);
    expect((badEmail.json() as { errors: Record<string, string[]> }).errors.email).toBeDefined();
    const badPhone = await asAdmin('POST', '/api/admin/customers', { name: 'X', email: 'x1@example.com', phone: '12' });
    expect(badPhone.statusCode).toBe(422);
    const search = await asAdmin('GET', '/api/admin/customers?q=hello');
    expect(search.statusCode).toBe(422);
    const manualForStaff = await manualOrder(admin.id, [(await orderableProduct(t.db)).id]);
    expect(manualForStaff.statusCode).toBe(422);
  });

  it('finds a shopper by the phone they ordered with online', async () => {
    const shopper = await createUser(t.db);
    const product = await orderableProduct(t.db);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(shopper.token),
      payload: orderBody([{ product_id: product.id, quantity: 1 }], { shipping_phone: '0799 111 222' }),
    });
    expect(placed.statusCode).toBe(201);
    const found = await asAdmin('GET', '/api/admin/customers?q=0799111222');
    const data = (found.json() as { data: { id: number; phone: string | null }[] }).data;
    expect(data).toEqual([expect.objectContaining({ id: shopper.id, phone: '+254799111222' })]);
  });
});

describe('placing a manual order', () => {
  it('reserves the items at once: a shopper can no longer buy them', async () => {
    const customer = await newCustomer();
    const product = await orderableProduct(t.db, { name: 'Green kitenge dress', priceCents: 1200_00 });
    const res = await manualOrder(customer.id, [product.id]);
    expect(res.statusCode, res.body).toBe(201);
    const reply = res.json() as ManualReply;
    expect(reply.order).toMatchObject({ order_status: 'pending', payment_status: 'unpaid' });
    expect(await stockOf(t.db, product.id)).toBe(0);

    const shopper = await createUser(t.db);
    const attempt = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(shopper.token),
      payload: orderBody([{ product_id: product.id, quantity: 1 }]),
    });
    expect(attempt.statusCode).toBe(422);
    expect((attempt.json() as { error: string }).error).toBe('Not enough stock for Green kitenge dress');

    const history = await historyOf(t.db, reply.order.id);
    expect(history.map((h) => [h.move, h.actor, h.actor_user_id])).toEqual([['place_manual', 'admin', admin.id]]);
    expect(history[0]!.note).toContain('WhatsApp');
    const row = await orderRow(t.db, reply.order.id);
    expect(row.sales_channel).toBe('whatsapp');
    expect(Date.parse(row.reserved_until!)).toBe(Date.parse(row.pay_link_expires_at!));
    expect(Date.parse(row.reserved_until!) - Date.now()).toBeGreaterThan(47 * 3600 * 1000);
  });

  it('refuses an item that is sold out, and writes nothing', async () => {
    const customer = await newCustomer();
    const sold = await orderableProduct(t.db, { name: 'Sold jacket', stock: 0 });
    const free = await orderableProduct(t.db);
    const before = await t.db.selectFrom('orders').select('id').execute();
    const res = await manualOrder(customer.id, [free.id, sold.id]);
    expect(res.statusCode).toBe(422);
    expect((res.json() as { message: string }).message).toBe('Not enough stock for Sold jacket');
    expect(await t.db.selectFrom('orders').select('id').execute()).toHaveLength(before.length);
    expect(await stockOf(t.db, free.id)).toBe(1);
  });

  it('records the payment at once when the shop was paid (cash, M-Pesa code)', async () => {
    const customer = await newCustomer();
    const product = await orderableProduct(t.db, { priceCents: 500_00 });
    const res = await manualOrder(customer.id, [product.id], {
      channel: 'live',
      payment: { method: 'mpesa', reference: 'SKL4H7Q2WX' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const reply = res.json() as ManualReply;
    expect(reply.pay_link).toBeNull();
    expect(reply.order).toMatchObject({ order_status: 'processing', payment_status: 'paid' });
    expect((await historyOf(t.db, reply.order.id)).map((h) => h.move)).toEqual(['place_manual', 'record_payment']);
    const payments = await paymentsOf(t.db, reply.order.id);
    expect(payments.map((p) => [p.provider, p.status, p.provider_invoice_id])).toEqual([
      ['manual', 'paid', 'SKL4H7Q2WX'],
    ]);
    const link = await asAdmin('GET', `/api/admin/orders/${reply.order.id}/pay-link`);
    expect(link.statusCode).toBe(404);
  });
});

describe('the shop discount', () => {
  it('comes off the total, is recorded with its reason on the order and in its history', async () => {
    const customer = await newCustomer();
    // A paid earlier order: no first-order offer, so only the shop discount counts.
    await t.db.updateTable('users').set({ name: 'Regular Buyer' }).where('id', '=', customer.id).execute();
    const earlier = await orderableProduct(t.db, { priceCents: 100_00 });
    await manualOrder(customer.id, [earlier.id], { payment: { method: 'cash', reference: 'CASH-1' } });

    const product = await orderableProduct(t.db, { priceCents: 900_00 });
    const body = {
      customer_id: customer.id,
      items: [{ product_id: product.id, quantity: 1 }],
      shipping_address: 'Paid custom delivery',
      channel: 'phone',
      discount: { amount: 150, reason: 'Regular customer' },
    };
    const quote = await asAdmin('POST', '/api/admin/orders/manual/quote', body);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toEqual({
      subtotal: 900,
      discount_amount: 150,
      shop_discount: 150,
      delivery_fee: 0,
      total_amount: 750,
      applied_discounts: ['Shop discount'],
    });
    expect(await stockOf(t.db, product.id)).toBe(1);

    const res = await asAdmin('POST', '/api/admin/orders/manual', body);
    expect(res.statusCode, res.body).toBe(201);
    const reply = res.json() as ManualReply;
    expect(reply.order).toMatchObject({ total_amount: 750, discount_amount: 150 });
    const row = await orderRow(t.db, reply.order.id);
    expect([row.shop_discount_cents, row.shop_discount_reason, row.sales_channel]).toEqual([
      150_00,
      'Regular customer',
      'phone',
    ]);
    const [placed] = await historyOf(t.db, reply.order.id);
    expect(placed!.note).toContain('shop discount Ksh 150');
    expect(placed!.note).toContain('Regular customer');
  });

  it('may not be more than the subtotal, and needs a reason', async () => {
    const customer = await newCustomer();
    const product = await orderableProduct(t.db, { priceCents: 300_00 });
    const base = {
      customer_id: customer.id,
      items: [{ product_id: product.id, quantity: 1 }],
      shipping_address: 'CBD Delivery',
      channel: 'whatsapp',
    };
    const tooMuch = await asAdmin('POST', '/api/admin/orders/manual', {
      ...base,
      discount: { amount: 300.01, reason: 'x' },
    });
    expect(tooMuch.statusCode).toBe(422);
    expect((tooMuch.json() as { errors: Record<string, string[]> }).errors['discount.amount']).toEqual([
      'The discount may not be more than the subtotal (Ksh 300).',
    ]);
    const noReason = await asAdmin('POST', '/api/admin/orders/manual', {
      ...base,
      discount: { amount: 10, reason: ' ' },
    });
    expect(noReason.statusCode).toBe(422);
    const negative = await asAdmin('POST', '/api/admin/orders/manual', {
      ...base,
      discount: { amount: -5, reason: 'x' },
    });
    expect(negative.statusCode).toBe(422);
    expect(await stockOf(t.db, product.id)).toBe(1);

    const whole = await asAdmin('POST', '/api/admin/orders/manual/quote', {
      ...base,
      discount: { amount: 300, reason: 'Gift' },
    });
    expect(whole.statusCode).toBe(200);
    // The first-order offer comes first; the shop discount takes what is left of the subtotal.
    expect(whole.json()).toMatchObject({ subtotal: 300, discount_amount: 300, total_amount: 50 });
  });

  it('answers every malformed body with a 422 and a message', async () => {
    for (const payload of [
      {},
      { customer_id: 'x', items: [], shipping_address: 'CBD Delivery', channel: 'whatsapp' },
      { customer_id: 1, items: [{ product_id: 1, quantity: 0 }], shipping_address: 'CBD Delivery', channel: 'x' },
      { customer_id: 1, items: [{ product_id: 1, quantity: 1 }], shipping_address: 'Moon', channel: 'phone' },
    ]) {
      const res = await asAdmin('POST', '/api/admin/orders/manual', payload);
      expect(res.statusCode).toBe(422);
      expect(typeof (res.json() as { message: string }).message).toBe('string');
    }
  });
});

describe('pay links', () => {
  it('open without signing in, and the order settles once when paid through the payment page', async () => {
    const { reply, orderId, token, product } = await linkOrder(800_00);
    expect(reply.pay_link!.whatsapp_url).toMatch(/^https:\/\/wa\.me\/2547\d{8}\?text=/);
    expect(decodeURIComponent(reply.pay_link!.whatsapp_url)).toContain(reply.pay_link!.url);

    const view = await t.app.inject({ method: 'GET', url: `/api/pay-links/${token}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      shop: { name: 'Mtumba Test' },
      state: 'payable',
      can_pay: true,
      order: { id: orderId, items: [{ name: product.name, quantity: 1 }] },
    });

    const started = await initiateByLink(token);
    expect(started.statusCode, started.body).toBe(201);
    const { reference, checkout_url } = started.json() as { reference: string; checkout_url: string };
    expect(checkout_url).toContain(`/pay/sandbox/${reference}`);

    const paid = await t.app.inject({
      method: 'POST',
      url: `/pay/sandbox/${reference}`,
      ...form({ outcome: 'success', method: 'mpesa', phone: '0712 345 678' }),
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/pay/${token}`);
    const again = await t.app.inject({
      method: 'POST',
      url: `/pay/sandbox/${reference}`,
      ...form({ outcome: 'success', method: 'mpesa', phone: '0712 345 678' }),
    });
    expect(again.statusCode).toBe(303);

    const row = await orderRow(t.db, orderId);
    expect([row.order_status, row.payment_status]).toEqual(['processing', 'paid']);
    expect((await historyOf(t.db, orderId)).map((h) => h.move)).toEqual(['place_manual', 'pay']);
    expect((await paymentsOf(t.db, orderId)).filter((p) => p.status === 'paid')).toHaveLength(1);

    const after = await t.app.inject({ method: 'POST', url: `/api/pay-links/${token}/confirm`, payload: {} });
    expect(after.json()).toMatchObject({ state: 'paid', can_pay: false, order: { payment_status: 'paid' } });
    const payAgain = await initiateByLink(token);
    expect(payAgain.statusCode).toBe(422);
    expect((payAgain.json() as { error: string }).error).toBe('This order is already paid.');
  });

  it('refuses a link whose signature, order or expiry was changed (403) and a made-up one (404)', async () => {
    const first = await linkOrder();
    const second = await linkOrder();
    const [id, exp, sig] = first.token.split('.');
    const flipped = sig!.startsWith('A') ? `B${sig!.slice(1)}` : `A${sig!.slice(1)}`;
    const cases: [string, number, string][] = [
      [`${id}.${exp}.${flipped}`, 403, PAY_LINK_MESSAGES.tampered],
      [`${second.orderId}.${exp}.${sig}`, 403, PAY_LINK_MESSAGES.tampered],
      [`${id}.${Number(exp) + 3600}.${sig}`, 403, PAY_LINK_MESSAGES.tampered],
      ['not-a-link', 404, PAY_LINK_MESSAGES.invalid],
    ];
    for (const [token, status, message] of cases) {
      const view = await t.app.inject({ method: 'GET', url: `/api/pay-links/${encodeURIComponent(token)}` });
      expect(view.statusCode, token).toBe(status);
      expect((view.json() as { message: string }).message).toBe(message);
      const pay = await initiateByLink(encodeURIComponent(token));
      expect(pay.statusCode, token).toBe(status);
    }
    // A genuine link used to pay another order.
    const other = await initiateByLink(first.token, { order_id: second.orderId });
    expect(other.statusCode).toBe(403);
    expect((other.json() as { message: string }).message).toBe(PAY_LINK_MESSAGES.otherOrder);
    // A link signed with another key (another shop, an old secret).
    const forged = signPayLink('another key entirely', first.orderId, first.reply.pay_link!.expires_at);
    expect((await initiateByLink(forged)).statusCode).toBe(403);
    expect(await paymentsOf(t.db, first.orderId)).toHaveLength(0);
    expect(await paymentsOf(t.db, second.orderId)).toHaveLength(0);
  });

  it('sends an M-Pesa prompt for the link’s order without signing in, and shows its state to that link only', async () => {
    const first = await linkOrder();
    const second = await linkOrder();
    const prompt = (token: string, phone: string) =>
      t.app.inject({ method: 'POST', url: `/api/pay-links/${token}/mpesa`, payload: { phone } });

    const badPhone = await prompt(first.token, '020 123 4567');
    expect(badPhone.statusCode).toBe(422);
    expect(await paymentsOf(t.db, first.orderId)).toHaveLength(0);

    const sent = await prompt(first.token, '0712 345 678');
    expect(sent.statusCode).toBe(201);
    const payment = (sent.json() as { payment: { reference: string; order_id: number; kind: string; status: string } })
      .payment;
    expect(payment).toMatchObject({ order_id: first.orderId, kind: 'mpesa_prompt', status: 'pending' });

    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/pay-links/${first.token}/payments/${payment.reference}`,
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ reference: payment.reference, status: 'pending' });
    // Another order's link cannot read it, and a changed link cannot send prompts.
    const otherLink = await t.app.inject({
      method: 'GET',
      url: `/api/pay-links/${second.token}/payments/${payment.reference}`,
    });
    expect(otherLink.statusCode).toBe(404);
    const [id, exp, sig] = first.token.split('.');
    const tampered = `${id}.${Number(exp) + 60}.${sig}`;
    expect((await prompt(tampered, '0712 345 678')).statusCode).toBe(403);
    expect(await paymentsOf(t.db, first.orderId)).toHaveLength(1);
    expect(await paymentsOf(t.db, second.orderId)).toHaveLength(0);
  });

  it('holds the items until the link expires: the sweeper leaves it, then cancels it and the link answers 410', async () => {
    const { orderId, token, product } = await linkOrder();
    const inAnHour = new Date(Date.now() + 3600 * 1000);
    expect(await expireUnpaidOrders(t.db, inAnHour)).not.toContain(orderId);
    expect((await orderRow(t.db, orderId)).order_status).toBe('pending');
    expect(await stockOf(t.db, product.id)).toBe(0);

    // The link's time has run out but the sweeper has not come by yet: no payment either way.
    const past = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000).toISOString();
    await t.db
      .updateTable('orders')
      .set({ pay_link_expires_at: past, reserved_until: past })
      .where('id', '=', orderId)
      .execute();
    const staleToken = signPayLink(t.config.payLinks.secret, orderId, past);
    const early = await initiateByLink(staleToken);
    expect(early.statusCode).toBe(410);
    expect((early.json() as { message: string }).message).toBe(PAY_LINK_MESSAGES.expired);
    expect((await t.app.inject({ method: 'GET', url: `/api/pay-links/${token}` })).statusCode).toBe(403);

    expect(await expireUnpaidOrders(t.db, new Date())).toContain(orderId);
    expect(await stockOf(t.db, product.id)).toBe(1);
    const view = await t.app.inject({ method: 'GET', url: `/api/pay-links/${staleToken}` });
    expect(view.statusCode).toBe(410);
    expect(await paymentsOf(t.db, orderId)).toHaveLength(0);
  });

  it('shows a cancelled order as cancelled, with nothing to pay', async () => {
    const { orderId, token } = await linkOrder();
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${orderId}`,
      headers: bearer(admin.token),
      payload: { order_status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    const view = await t.app.inject({ method: 'GET', url: `/api/pay-links/${token}` });
    expect(view.json()).toMatchObject({ state: 'cancelled', can_pay: false });
    const pay = await initiateByLink(token);
    expect(pay.statusCode).toBe(422);
    expect(await paymentsOf(t.db, orderId)).toHaveLength(0);
  });

  it('is given again to the admin with its WhatsApp message', async () => {
    const { orderId, reply } = await linkOrder();
    const res = await asAdmin('GET', `/api/admin/orders/${orderId}/pay-link`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ url: reply.pay_link!.url, expires_at: reply.pay_link!.expires_at });
    expect((res.json() as { message: string }).message).toContain(`order #${orderId} from Mtumba Test`);
  });
});
