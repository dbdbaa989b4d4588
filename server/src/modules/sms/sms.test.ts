import {
  PHONE_CODE_EXPIRED,
  PHONE_CODE_SENT,
  PHONE_CODE_WRONG,
  PHONE_VERIFIED,
  SMS_DISABLED,
} from '@mtumba/contract/sms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { startFakeAfricasTalking, type FakeAfricasTalking } from '../../../test/africastalking-fake.js';
import { createProduct, placeOrder } from '../../../test/payment-fixtures.js';

let fake: FakeAfricasTalking;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeAfricasTalking();
  t = await buildTestApp({
    env: { AT_API_KEY: fake.apiKey, AT_USERNAME: fake.username, AT_SENDER_ID: 'MTUMBA', AT_URL: fake.url },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const inject = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function outbox(template?: string) {
  let q = t.db.selectFrom('sms_outbox').selectAll().orderBy('id');
  if (template) q = q.where('template', '=', template);
  return q.execute();
}

/** The code in the last text message sent to a phone. */
function lastCodeTo(phone: string): string {
  const message = fake.sent.filter((s) => s.to === phone).at(-1)?.message ?? '';
  return /^(\d{6}) is your/.exec(message)?.[1] ?? '';
}

describe('verifying a phone by SMS code', () => {
  it('sends a code through Africa’s Talking in the shape it expects, and the right code verifies the phone', async () => {
    const customer = await createUser(t.db);
    expect((await inject(customer.token, 'GET', '/api/user/phone')).json()).toEqual({
      sms_enabled: true,
      phone: null,
      phone_verified: false,
    });

    const asked = await inject(customer.token, 'POST', '/api/user/phone/code', { phone: '0712 345 678' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: PHONE_CODE_SENT });
    const delivered = await t.app.sms.deliverDue();
    expect(delivered.sent).toBeGreaterThanOrEqual(1);

    const request = fake.requests.at(-1)!;
    expect(request.problems).toEqual([]);
    expect(request.status).toBe(201);
    expect(request.headers.apikey).toBe(fake.apiKey);
    expect(request.headers.accept).toBe('application/json');
    expect(request.form).toMatchObject({ username: fake.username, to: '+254712345678', from: 'MTUMBA' });
    const code = lastCodeTo('+254712345678');
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.db.selectFrom('phone_verifications').selectAll().where('user_id', '=', customer.id).execute();
    expect(row.code_hash).not.toContain(code);
    expect((await outbox('phone_code')).at(-1)).toMatchObject({ status: 'sent', attempts: 1 });

    const wrong = await inject(customer.token, 'POST', '/api/user/phone/verify', {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ message: PHONE_CODE_WRONG, errors: { code: [PHONE_CODE_WRONG] } });

    const right = await inject(customer.token, 'POST', '/api/user/phone/verify', { code });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({
      message: PHONE_VERIFIED,
      sms_enabled: true,
      phone: '0712 345 678',
      phone_verified: true,
    });
    expect((await inject(customer.token, 'GET', '/api/user')).json()).toMatchObject({ phone_verified: true });
    // The verified phone is what opens pay on delivery before a first delivered order.
    const user = await t.db
      .selectFrom('users')
      .select('phone_verified_at')
      .where('id', '=', customer.id)
      .executeTakeFirst();
    expect(user?.phone_verified_at).not.toBeNull();
  });

  it('refuses a phone that is not a Kenyan mobile, a second code within a minute, and too many guesses', async () => {
    const customer = await createUser(t.db);
    const bad = await inject(customer.token, 'POST', '/api/user/phone/code', { phone: '020 123 4567' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { phone: [expect.stringContaining('Kenyan mobile')] } });
    expect(
      await t.db.selectFrom('phone_verifications').selectAll().where('user_id', '=', customer.id).execute(),
    ).toEqual([]);

    expect((await inject(customer.token, 'POST', '/api/user/phone/code', { phone: '0722000111' })).statusCode).toBe(
      200,
    );
    const again = await inject(customer.token, 'POST', '/api/user/phone/code', { phone: '0722000111' });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ message: expect.stringContaining('You can ask for another in') });

    await t.app.sms.deliverDue();
    const code = lastCodeTo('+254722000111');
    const guess = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      expect((await inject(customer.token, 'POST', '/api/user/phone/verify', { code: guess })).statusCode).toBe(422);
    }
    // five wrong guesses use the code up: even the right one no longer works
    const late = await inject(customer.token, 'POST', '/api/user/phone/verify', { code });
    expect(late.json()).toMatchObject({ message: PHONE_CODE_EXPIRED });
    expect((await inject(customer.token, 'GET', '/api/user')).json()).toMatchObject({ phone_verified: false });
  });
});

describe('one phone, one account', () => {
  async function verify(token: string, phone: string, typed: string) {
    expect((await inject(token, 'POST', '/api/user/phone/code', { phone: typed })).statusCode).toBe(200);
    await t.app.sms.deliverDue();
    return inject(token, 'POST', '/api/user/phone/verify', { code: lastCodeTo(phone) });
  }

  it('refuses to verify a phone another account verified (409), and counts pay on delivery per phone', async () => {
    const first = await createUser(t.db);
    const second = await createUser(t.db);
    expect((await verify(first.token, '+254766100200', '0766 100 200')).statusCode).toBe(200);

    const again = await verify(second.token, '+254766100200', '0766100200');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message:
        'This phone number is already verified on another account. Sign in to that account, or verify a different number.',
    });
    expect((await inject(second.token, 'GET', '/api/user/phone')).json()).toMatchObject({ phone_verified: false });
    const row = await t.db
      .selectFrom('users')
      .select('phone_verified_at')
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(row.phone_verified_at).toBeNull();

    // Accounts that shared a phone before this rule (or took turns with it) share one
    // pay-on-delivery allowance: POD_MAX_OPEN_ORDERS counts per phone, not per account.
    const earlier = await createUser(t.db);
    const at = new Date().toISOString();
    await t.db
      .insertInto('phone_verifications')
      .values({
        user_id: earlier.id,
        phone: '+254766100200',
        code_hash: 'x',
        attempts: 1,
        expires_at: at,
        verified_at: at,
        created_at: at,
      })
      .execute();
    await t.db.updateTable('users').set({ phone_verified_at: at }).where('id', '=', earlier.id).execute();
    const pod = async (token: string) => {
      const product = await createProduct(t.db, { priceCents: 100_000 });
      const order = await placeOrder(t.app, token, [{ product_id: product.id, quantity: 1 }], '0766 100 200');
      return inject(token, 'POST', `/api/orders/${order.id}/pay-on-delivery`);
    };
    expect((await pod(first.token)).statusCode).toBe(200);
    const refused = await pod(earlier.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'This phone number already has an order to pay on delivery. Please pay this order now, or wait until that one is delivered.',
    );
  });

  it('lets a phone move on once its account verified another number', async () => {
    const first = await createUser(t.db);
    const second = await createUser(t.db);
    expect((await verify(first.token, '+254766300400', '0766 300 400')).statusCode).toBe(200);
    // a minute later (one code a minute per account)
    await t.db
      .updateTable('phone_verifications')
      .set({ created_at: new Date(Date.now() - 120_000).toISOString() })
      .where('user_id', '=', first.id)
      .execute();
    expect((await verify(first.token, '+254766300500', '0766 300 500')).statusCode).toBe(200);
    expect((await verify(second.token, '+254766300400', '0766 300 400')).statusCode).toBe(200);
  });
});

describe('order texts', () => {
  it('texts the delivery phone when the order is paid, shipped and delivered', async () => {
    const admin = await createUser(t.db, { admin: true });
    const customer = await createUser(t.db);
    const product = await createProduct(t.db, { priceCents: 150_000 });
    const order = await placeOrder(t.app, customer.token, [{ product_id: product.id, quantity: 1 }], '0733 111 222');
    const paid = await inject(admin.token, 'POST', `/api/admin/orders/${order.id}/payments`, {
      method: 'mpesa',
      reference: 'QK12ABC34D',
    });
    expect(paid.statusCode).toBe(200);
    expect(
      (await inject(admin.token, 'PUT', `/api/admin/orders/${order.id}`, { order_status: 'shipped' })).statusCode,
    ).toBe(200);
    expect(
      (await inject(admin.token, 'PUT', `/api/admin/orders/${order.id}`, { order_status: 'delivered' })).statusCode,
    ).toBe(200);
    await t.app.sms.deliverDue();

    const texts = fake.sent.filter((s) => s.to === '+254733111222').map((s) => s.message);
    expect(texts).toEqual([
      `Mtumba: payment of Ksh 1,350 received for order #${order.id}. We will text you when it ships. http://shop.test/orders/${order.id}`,
      `Mtumba: order #${order.id} is on its way to you. http://shop.test/orders/${order.id}`,
      `Mtumba: order #${order.id} was delivered. Thank you for shopping with us! http://shop.test/orders/${order.id}`,
    ]);
  });

  it('texts a customer who ordered in Kiswahili in Kiswahili, through Africa’s Talking', async () => {
    const admin = await createUser(t.db, { admin: true });
    const customer = await createUser(t.db);
    const product = await createProduct(t.db, { priceCents: 150_000 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...bearer(customer.token), cookie: 'mtumba_lang=sw' },
      payload: {
        items: [{ product_id: product.id, quantity: 1 }],
        shipping_address: 'Paid custom delivery',
        shipping_phone: '0733 444 555',
        discount_code: null,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = (placed.json() as { order: { id: number } }).order.id;
    expect(
      (
        await inject(admin.token, 'POST', `/api/admin/orders/${id}/payments`, {
          method: 'mpesa',
          reference: 'QK12SWA34D',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await inject(admin.token, 'POST', `/api/admin/orders/${id}/ship`, { carrier: 'G4S', tracking_number: 'KX123' }))
        .statusCode,
    ).toBe(200);
    await t.app.sms.deliverDue();

    const texts = fake.sent.filter((s) => s.to === '+254733444555').map((s) => s.message);
    expect(texts).toEqual([
      `Mtumba: tumepokea malipo ya Ksh 1,350 kwa oda #${id}. Tutakutumia SMS ikitumwa. http://shop.test/orders/${id}`,
      `Mtumba: oda #${id} iko njiani kukufikia kupitia G4S, namba ya waybill KX123. http://shop.test/orders/${id}`,
    ]);
  });

  it('keeps a text through an outage and sends it on a later try; gives up at once on an invalid number', async () => {
    const customer = await createUser(t.db);
    await t.app.sms.deliverDue();
    fake.failNext(503);
    expect((await inject(customer.token, 'POST', '/api/user/phone/code', { phone: '0744 555 666' })).statusCode).toBe(
      200,
    );
    const first = await t.app.sms.deliverDue();
    expect(first).toMatchObject({ sent: 0, retrying: 1 });
    const [waiting] = (await outbox('phone_code')).filter((r) => r.to_phone === '+254744555666');
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.last_error).toContain('503');

    // not due yet: nothing is sent early; once due it goes out
    expect((await t.app.sms.deliverDue()).sent).toBe(0);
    expect((await t.app.sms.deliverDue({ now: new Date(Date.now() + 60_000) })).sent).toBe(1);
    expect(fake.sent.filter((s) => s.to === '+254744555666')).toHaveLength(1);

    const other = await createUser(t.db);
    fake.refuseNumber('+254755000000');
    await inject(other.token, 'POST', '/api/user/phone/code', { phone: '0755 000 000' });
    expect(await t.app.sms.deliverDue()).toMatchObject({ failed: 1 });
    const [refused] = (await outbox('phone_code')).filter((r) => r.to_phone === '+254755000000');
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
  });
});

describe('without an Africa’s Talking key', () => {
  it('sends no texts and offers no phone verification', async () => {
    const plain = await buildTestApp();
    try {
      const customer = await createUser(plain.db);
      const status = await plain.app.inject({ method: 'GET', url: '/api/user/phone', headers: bearer(customer.token) });
      expect(status.json()).toEqual({ sms_enabled: false, phone: null, phone_verified: false });
      const ask = await plain.app.inject({
        method: 'POST',
        url: '/api/user/phone/code',
        headers: bearer(customer.token),
        payload: { phone: '0712345678' },
      });
      expect(ask.statusCode).toBe(404);
      expect(ask.json()).toMatchObject({ message: SMS_DISABLED });

      const admin = await createUser(plain.db, { admin: true });
      const product = await createProduct(plain.db);
      const order = await placeOrder(plain.app, customer.token, [{ product_id: product.id, quantity: 1 }]);
      await plain.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/payments`,
        headers: bearer(admin.token),
        payload: { method: 'cash', reference: 'R1' },
      });
      expect(await plain.db.selectFrom('sms_outbox').selectAll().execute()).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
