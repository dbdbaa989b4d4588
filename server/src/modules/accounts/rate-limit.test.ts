import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, TEST_DB, type TestApp } from '../../../test/helpers.js';

const LIMIT = 3;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
const freshIp = () => `10.0.${Math.floor((ipCounter += 1) / 250)}.${ipCounter % 250}`;
const post = (url: string, payload: Record<string, unknown>, ip: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

function expectTooMany(res: { statusCode: number; json(): { message: string }; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(429);
  expect(res.json().message).toMatch(/^Too many .*Please try again in \d+ seconds\.$/);
  expect(res.headers['retry-after']).toBeDefined();
}

describe(`auth rate limits (AUTH_RATE_LIMIT_PER_MINUTE=${LIMIT}) on ${TEST_DB}`, () => {
  it('login: per IP, whatever e-mails are tried; another IP is not affected', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i++) {
      const res = await post('/api/login', { email: `guess${i}@example.com`, password: 'wrong-password' }, ip);
      expect(res.statusCode).toBe(401);
    }
    expectTooMany(await post('/api/login', { email: 'guess-last@example.com', password: 'wrong-password' }, ip));
    const user = await createUser(t.db);
    const other = await post('/api/login', { email: user.email, password: user.password }, freshIp());
    expect(other.statusCode).toBe(200);
  });

  it('login: per e-mail, even when every attempt comes from a different IP', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < LIMIT; i++) {
      const res = await post('/api/login', { email: user.email, password: 'wrong-password' }, freshIp());
      expect(res.statusCode).toBe(401);
    }
    expectTooMany(await post('/api/login', { email: user.email.toUpperCase(), password: user.password }, freshIp()));
    const someoneElse = await createUser(t.db);
    expect(
      (await post('/api/login', { email: someoneElse.email, password: someoneElse.password }, freshIp())).statusCode,
    ).toBe(200);
  });

  it('register, forgot, reset and resend are limited per IP', async () => {
    const calls: [string, (i: number) => Record<string, unknown>, number][] = [
      [
        '/api/register',
        (i) => ({
          name: 'Someone',
          email: `rl-register-${i}-${ipCounter}@example.com`,
          password: 'long-enough-pw',
          password_confirmation: 'long-enough-pw',
        }),
        201,
      ],
      ['/api/forgot-password', (i) => ({ email: `rl-forgot-${i}@example.com` }), 200],
      [
        '/api/reset-password',
        (i) => ({
          token: 'made-up',
          email: `rl-reset-${i}@example.com`,
          password: 'long-enough-pw',
          password_confirmation: 'long-enough-pw',
        }),
        422,
      ],
      ['/api/email/verification-notification', (i) => ({ email: `rl-resend-${i}@example.com` }), 200],
    ];
    for (const [url, body, okStatus] of calls) {
      const ip = freshIp();
      for (let i = 0; i < LIMIT; i++) {
        expect((await post(url, body(i), ip)).statusCode, url).toBe(okStatus);
      }
      expectTooMany(await post(url, body(LIMIT), ip));
    }
  });

  it('forgot-password is limited per e-mail across IPs', async () => {
    for (let i = 0; i < LIMIT; i++) {
      expect((await post('/api/forgot-password', { email: 'target@example.com' }, freshIp())).statusCode).toBe(200);
    }
    expectTooMany(await post('/api/forgot-password', { email: 'target@example.com' }, freshIp()));
  });
});
