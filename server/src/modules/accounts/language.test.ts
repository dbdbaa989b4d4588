import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { createProduct, placeOrder } from '../../../test/payment-fixtures.js';
import { LANGUAGE_INVALID } from './routes.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const setLanguage = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/user/language', headers, payload: payload as object });

describe('PUT /api/user/language', () => {
  it('needs a signed-in customer', async () => {
    const res = await setLanguage({}, { language: 'sw' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('keeps the language on the account, sets the cookie, and GET /user reports it', async () => {
    const customer = await createUser(t.db);
    const before = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(customer.token) });
    expect(before.json()).toMatchObject({ id: customer.id, language: 'en' });

    const res = await setLanguage(bearer(customer.token), { language: 'sw' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ language: 'sw' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^mtumba_lang=sw; /);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toMatch(/HttpOnly/i);

    const row = await t.db.selectFrom('users').select('language').where('id', '=', customer.id).executeTakeFirst();
    expect(row?.language).toBe('sw');
    const after = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(customer.token) });
    expect(after.json()).toMatchObject({ language: 'sw' });

    const back = await setLanguage(bearer(customer.token), { language: 'en' });
    expect(back.json()).toEqual({ language: 'en' });
    expect(String(back.headers['set-cookie'])).toMatch(/^mtumba_lang=en; /);
  });

  it('refuses any other value with 400 and a clear message, changing nothing', async () => {
    const customer = await createUser(t.db);
    for (const payload of [{ language: 'fr' }, { language: 'SW' }, { language: 5 }, {}, { lang: 'sw' }]) {
      const res = await setLanguage(bearer(customer.token), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message: LANGUAGE_INVALID });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const row = await t.db.selectFrom('users').select('language').where('id', '=', customer.id).executeTakeFirst();
    expect(row?.language).toBe('en');
  });

  it('an order records the language of the request that placed it', async () => {
    const customer = await createUser(t.db);
    const english = await placeOrder(t.app, customer.token, [
      { product_id: (await createProduct(t.db)).id, quantity: 1 },
    ]);
    const product = await createProduct(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...bearer(customer.token), cookie: 'mtumba_lang=sw' },
      payload: {
        items: [{ product_id: product.id, quantity: 1 }],
        shipping_address: 'Paid custom delivery',
        shipping_phone: '0712345678',
        discount_code: null,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const swahili = (res.json() as { order: { id: number } }).order.id;
    const rows = await t.db
      .selectFrom('orders')
      .select(['id', 'language'])
      .where('id', 'in', [english.id, swahili])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: english.id, language: 'en' },
      { id: swahili, language: 'sw' },
    ]);
  });

  it('a shopper registering in Kiswahili gets an account in Kiswahili and the verification e-mail in it', async () => {
    const email = `kiswahili-${Date.now()}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { cookie: 'mtumba_lang=sw' },
      payload: { name: 'Amani Njoroge', email, password: 'long-enough-pw', password_confirmation: 'long-enough-pw' },
    });
    expect(res.statusCode, res.body).toBe(201);
    // the contract's reply keeps its English message; the account remembers the language
    expect(res.json()).toMatchObject({ user: { language: 'sw' } });
    const mail = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Thibitisha anwani yako ya barua pepe kwa Mtumba');
    expect(mail.text).toContain(`Tafadhali thibitisha kwamba ${email} ni anwani yako ya barua pepe.`);
    expect(mail.html).toContain('<html lang="sw">');
  });

  it('a visitor subscribing to the newsletter in Kiswahili gets the confirmation in Kiswahili', async () => {
    const email = `jarida-${Date.now()}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      headers: { cookie: 'mtumba_lang=sw' },
      payload: { email },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const mail = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Thibitisha kujiunga na jarida la Mtumba');
    expect(mail.text).toContain(`Mtu ameomba jarida la Mtumba (bidhaa mpya na matoleo) litumwe kwa ${email}.`);
  });
});
