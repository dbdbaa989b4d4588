import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;

const subscribe = (payload?: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/subscribe', payload: payload as object });
const rows = (email: string) =>
  t.db.selectFrom('newsletter_subscribers').select('email').where('email', '=', email).execute();

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('POST /subscribe', () => {
  it('thanks the subscriber and stores the address', async () => {
    const res = await subscribe({ email: 'wanjiku@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Thanks for subscribing!' });
    expect(await rows('wanjiku@example.com')).toHaveLength(1);
  });

  it('answers the same to a second subscription and keeps one row, whatever the case', async () => {
    expect((await subscribe({ email: 'otieno@example.com' })).statusCode).toBe(200);
    const again = await subscribe({ email: '  Otieno@Example.com ' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Thanks for subscribing!' });
    expect(await rows('otieno@example.com')).toHaveLength(1);
  });

  it('answers 422 for a missing or invalid e-mail', async () => {
    const invalid = await subscribe({ email: 'not-an-email' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({
      message: 'The email must be a valid email address.',
      errors: { email: ['The email must be a valid email address.'] },
    });
    const missing = await subscribe({});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ email: ['The email field is required.'] });
    const blank = await subscribe({ email: '   ' });
    expect(blank.json().errors).toEqual({ email: ['The email field is required.'] });
    const count = await t.db
      .selectFrom('newsletter_subscribers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });
});
