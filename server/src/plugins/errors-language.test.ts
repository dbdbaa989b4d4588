import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../test/helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('error replies in the shopper’s language', () => {
  it('answers in Kiswahili with the mtumba_lang=sw cookie, in the same shape', async () => {
    const customer = await createUser(t.db);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/orders/999999',
      headers: { ...bearer(customer.token), cookie: 'other=1; mtumba_lang=sw' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Oda haikupatikana.' });
  });

  it('answers an admin in English whatever the cookie (the admin stays English)', async () => {
    const admin = await createUser(t.db, { admin: true });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/orders/999999',
      headers: { ...bearer(admin.token), cookie: 'mtumba_lang=sw' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Order not found.' });
  });

  it('keeps the contract’s English without the cookie, and for any other cookie value', async () => {
    const customer = await createUser(t.db);
    for (const cookie of [undefined, 'mtumba_lang=fr', 'mtumba_lang=en']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/orders/999999',
        headers: { ...bearer(customer.token), ...(cookie ? { cookie } : {}) },
      });
      expect(res.json()).toEqual({ message: 'Order not found.' });
    }
  });

  it('does not follow Accept-Language: API clients keep getting English', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { 'accept-language': 'sw-KE,sw;q=0.9' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('translates validation errors field by field, with their values', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { cookie: 'mtumba_lang=sw' },
      payload: { name: 'Wanjiru', email: 'wanjiru@example.com', password: 'short', password_confirmation: 'short' },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json() as { message: string; errors: Record<string, string[]> };
    expect(body.errors.password).toEqual(['Nenosiri lazima liwe na angalau herufi 8.']);
    expect(body.message).toBe('Nenosiri lazima liwe na angalau herufi 8.');
  });

  it('uses a signed-in customer’s account language when the browser sends no cookie', async () => {
    const customer = await createUser(t.db);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/user/language',
      headers: bearer(customer.token),
      payload: { language: 'sw' },
    });
    expect(set.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/orders/999999', headers: bearer(customer.token) });
    expect(res.json()).toEqual({ message: 'Oda haikupatikana.' });
    // the cookie, when there is one, is the shopper's choice on this device
    const english = await t.app.inject({
      method: 'GET',
      url: '/api/orders/999999',
      headers: { ...bearer(customer.token), cookie: 'mtumba_lang=en' },
    });
    expect(english.json()).toEqual({ message: 'Order not found.' });
  });

  it('the language call refuses in Kiswahili too', async () => {
    const customer = await createUser(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/language',
      headers: { ...bearer(customer.token), cookie: 'mtumba_lang=sw' },
      payload: { language: 'de' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Lugha lazima iwe en (Kiingereza) au sw (Kiswahili).' });
  });

  it('translates refusals of the auth hooks and of the body parser too', async () => {
    const unauthenticated = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: 'mtumba_lang=sw' },
    });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json()).toEqual({ message: 'Hujaingia. Tafadhali ingia kwenye akaunti yako.' });
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: 'mtumba_lang=sw', 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ message: 'Maudhui ya ombi si JSON sahihi.' });
  });
});
