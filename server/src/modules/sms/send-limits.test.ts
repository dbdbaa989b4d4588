import { PHONE_CODE_SENT } from '@mtumba/contract/sms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { startFakeAfricasTalking, type FakeAfricasTalking } from '../../../test/africastalking-fake.js';

let fake: FakeAfricasTalking;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeAfricasTalking();
  t = await buildTestApp({
    env: {
      AT_API_KEY: fake.apiKey,
      AT_USERNAME: fake.username,
      AT_URL: fake.url,
      SMS_CODES_PER_PHONE: '3',
      SMS_CODES_PER_ACCOUNT: '2',
      SMS_CODE_LIMIT_MINUTES: '60',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const askCode = (token: string, phone: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/phone/code', headers: bearer(token), payload: { phone } });

/** The texts delivered to a phone through Africa's Talking. */
async function textsTo(phone: string) {
  await t.app.sms.deliverDue();
  return fake.sent.filter((s) => s.to === phone);
}

describe('verification codes are limited per phone and per account', () => {
  it('10 new accounts asking for a code to one phone: 3 texts go out, the rest are refused with when to retry', async () => {
    const accounts = await Promise.all(Array.from({ length: 10 }, () => createUser(t.db, { verified: false })));
    const replies = await Promise.all(accounts.map((a) => askCode(a.token, '0722 555 000')));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([...Array(3).fill(200), ...Array(7).fill(429)]);
    expect(replies.find((r) => r.statusCode === 200)!.json()).toEqual({ message: PHONE_CODE_SENT });
    expect(replies.find((r) => r.statusCode === 429)!.json()).toMatchObject({
      message: 'Too many verification codes have been sent to this phone. Please try again in 60 minutes.',
      retry_after_seconds: expect.any(Number),
    });
    expect(await textsTo('+254722555000')).toHaveLength(3);
  });

  it('one account may ask for 2 codes in the window, to whichever phones', async () => {
    const customer = await createUser(t.db);
    expect((await askCode(customer.token, '0722 555 101')).statusCode).toBe(200);
    // past the one-a-minute resend rule (the last code was asked for two minutes ago)
    const earlier = new Date(Date.now() - 120_000).toISOString();
    await t.db
      .updateTable('phone_verifications')
      .set({ created_at: earlier })
      .where('user_id', '=', customer.id)
      .execute();
    expect((await askCode(customer.token, '0722 555 102')).statusCode).toBe(200);
    await t.db
      .updateTable('phone_verifications')
      .set({ created_at: earlier })
      .where('user_id', '=', customer.id)
      .execute();

    const third = await askCode(customer.token, '0722 555 103');
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(
      'Too many verification codes have been asked for from this account. Please try again in 60 minutes.',
    );
    expect(await textsTo('+254722555103')).toHaveLength(0);
  });
});
