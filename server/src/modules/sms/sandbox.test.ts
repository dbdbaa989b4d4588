import { PHONE_CODE_SHOWN, PHONE_VERIFIED } from '@mtumba/contract/sms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { createProduct, placeOrder } from '../../../test/payment-fixtures.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { SMS_SANDBOX: '1' } });
});
afterAll(async () => {
  await t?.close();
});

const inject = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('the development SMS sandbox', () => {
  it('shows the code in the reply instead of texting it; the code verifies the phone and opens pay on delivery', async () => {
    const customer = await createUser(t.db);
    const status = await inject(customer.token, 'GET', '/api/user/phone');
    expect(status.json()).toEqual({ sms_enabled: true, sms_sandbox: true, phone: null, phone_verified: false });

    const product = await createProduct(t.db);
    const order = await placeOrder(t.app, customer.token, [{ product_id: product.id, quantity: 1 }]);
    const before = await inject(customer.token, 'GET', `/api/orders/${order.id}/pay-on-delivery`);
    expect(before.json()).toMatchObject({ available: false });

    const ask = await inject(customer.token, 'POST', '/api/user/phone/code', { phone: '0712 000 111' });
    expect(ask.statusCode, ask.body).toBe(200);
    const reply = ask.json() as { message: string; sandbox_code: string };
    expect(reply.message).toBe(PHONE_CODE_SHOWN);
    expect(reply.sandbox_code).toMatch(/^\d{6}$/);
    // nothing goes to the outbox: no text leaves the shop
    expect(await t.db.selectFrom('sms_outbox').selectAll().execute()).toEqual([]);

    const wrong = await inject(customer.token, 'POST', '/api/user/phone/verify', {
      code: reply.sandbox_code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    const right = await inject(customer.token, 'POST', '/api/user/phone/verify', { code: reply.sandbox_code });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ message: PHONE_VERIFIED, phone_verified: true, phone: '0712 000 111' });

    const after = await inject(customer.token, 'GET', `/api/orders/${order.id}/pay-on-delivery`);
    expect(after.json()).toMatchObject({ available: true, reason: null });
    const chosen = await inject(customer.token, 'POST', `/api/orders/${order.id}/pay-on-delivery`);
    expect(chosen.statusCode, chosen.body).toBe(200);
  });

  it('keeps the code limits: one code a minute per account', async () => {
    const customer = await createUser(t.db);
    expect((await inject(customer.token, 'POST', '/api/user/phone/code', { phone: '0712 000 222' })).statusCode).toBe(
      200,
    );
    const again = await inject(customer.token, 'POST', '/api/user/phone/code', { phone: '0712 000 222' });
    expect(again.statusCode).toBe(429);
    expect(again.json().sandbox_code).toBeUndefined();
  });
});

describe('when the sandbox is on', () => {
  const base = { NODE_ENV: 'development', DATA_DIR: 'data-test-unused' };
  it('is on by default in development with sandbox payments and no Africa’s Talking key', () => {
    expect(loadConfig(base).smsSandbox).toBe(true);
    expect(loadConfig({ ...base, SMS_SANDBOX: '0' }).smsSandbox).toBe(false);
    expect(loadConfig({ ...base, AT_API_KEY: 'k', AT_USERNAME: 'u' }).smsSandbox).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).smsSandbox).toBe(false);
  });

  it('is refused with real texts or real payments', () => {
    expect(() => loadConfig({ ...base, SMS_SANDBOX: '1', AT_API_KEY: 'k', AT_USERNAME: 'u' })).toThrow(/SMS_SANDBOX/);
    expect(() =>
      loadConfig({
        ...base,
        SMS_SANDBOX: '1',
        PAYMENT_PROVIDER: 'intasend',
        INTASEND_PUBLISHABLE_KEY: 'p',
        INTASEND_SECRET_KEY: 's',
      }),
    ).toThrow(/SMS_SANDBOX/);
  });
});
