import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, TEST_DB, type TestApp } from '../../../test/helpers.js';
import type { DomainEventMap } from '../../lib/events.js';
import { linksIn } from '../mail/transport.js';

let t: TestApp;
const revocations: DomainEventMap['auth.tokens.revoked'][] = [];

beforeAll(async () => {
  t = await buildTestApp();
  t.app.events.on('auth.tokens.revoked', (e) => revocations.push(e));
});
afterAll(async () => {
  await t.close();
});

async function mailsTo(email: string, template: string) {
  return t.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .where('template', '=', template)
    .orderBy('id')
    .execute();
}

async function lastLink(email: string, template: string): Promise<URL> {
  const mails = await mailsTo(email, template);
  const link = linksIn(mails.at(-1)!.text)[0];
  return new URL(link!);
}

const getUser = (token: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
const follow = (link: URL) => t.app.inject({ method: 'GET', url: link.pathname + link.search });
const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload });

async function expireTokens(userId: number) {
  await t.db
    .updateTable('one_time_tokens')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('user_id', '=', userId)
    .execute();
}

describe(`e-mail verification on ${TEST_DB}`, () => {
  it('the link verifies the account once and sends the person to /login?verified=1', async () => {
    const user = await createUser(t.db, { verified: false });
    const res = await post('/api/email/verification-notification', { email: user.email });
    expect(res.statusCode).toBe(200);

    const link = await lastLink(user.email, 'verify_email');
    expect(link.origin + link.pathname).toBe('http://shop.test/api/email/verify');
    const first = await follow(link);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('http://shop.test/login?verified=1');
    expect((await getUser(user.token)).json().email_verified).toBe(true);

    const again = await follow(link);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('http://shop.test/login?verified=0');
  });

  it('an expired link does not verify', async () => {
    const user = await createUser(t.db, { verified: false });
    await post('/api/email/verification-notification', { email: user.email });
    const link = await lastLink(user.email, 'verify_email');
    await expireTokens(user.id);
    const res = await follow(link);
    expect(res.headers.location).toBe('http://shop.test/login?verified=0');
    expect((await getUser(user.token)).json().email_verified).toBe(false);
  });

  it('an unknown, missing or reset-purpose token redirects with verified=0', async () => {
    for (const url of ['/api/email/verify?token=made-up', '/api/email/verify', '/api/email/verify?token=']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('http://shop.test/login?verified=0');
    }
    const user = await createUser(t.db, { verified: false });
    await post('/api/forgot-password', { email: user.email });
    const reset = await lastLink(user.email, 'reset_password');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/email/verify?token=${encodeURIComponent(reset.searchParams.get('token')!)}`,
    });
    expect(res.headers.location).toBe('http://shop.test/login?verified=0');
  });

  it('a link sent to an old address stops working once the address changes', async () => {
    const user = await createUser(t.db, { verified: false });
    await post('/api/email/verification-notification', { email: user.email });
    const oldLink = await lastLink(user.email, 'verify_email');
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: bearer(user.token),
      payload: { name: user.name, email: `new-${user.email}`, current_password: user.password },
    });
    expect(change.statusCode).toBe(200);
    expect((await follow(oldLink)).headers.location).toBe('http://shop.test/login?verified=0');
    expect((await getUser(user.token)).json().email_verified).toBe(false);
  });

  it('resend answers the same for unknown, verified and unverified accounts, and mails only the unverified', async () => {
    const unverified = await createUser(t.db, { verified: false });
    const verified = await createUser(t.db, { verified: true });
    const answers = [];
    for (const email of [unverified.email, verified.email, 'nobody-at-all@example.com']) {
      const res = await post('/api/email/verification-notification', { email: email.toUpperCase() });
      answers.push({ status: res.statusCode, body: res.body });
    }
    expect(answers[0]!.status).toBe(200);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(JSON.parse(answers[0]!.body).message).toEqual(expect.any(String));
    expect(await mailsTo(unverified.email, 'verify_email')).toHaveLength(1);
    expect(await mailsTo(verified.email, 'verify_email')).toHaveLength(0);
    expect(await mailsTo('nobody-at-all@example.com', 'verify_email')).toHaveLength(0);
  });

  it('resend needs a valid e-mail', async () => {
    const res = await post('/api/email/verification-notification', { email: 'nope' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['The email field must be a valid email address.']);
  });
});

describe(`password reset on ${TEST_DB}`, () => {
  const newPassword = 'my-new-password-1';

  async function requestReset(email: string) {
    const res = await post('/api/forgot-password', { email });
    expect(res.statusCode).toBe(200);
    const link = await lastLink(email, 'reset_password');
    return { token: link.searchParams.get('token')!, email: link.searchParams.get('email')!, link };
  }

  it('forgot answers the same whether or not the account exists, and mails only a real account', async () => {
    const user = await createUser(t.db);
    const known = await post('/api/forgot-password', { email: user.email });
    const unknown = await post('/api/forgot-password', { email: 'no-such-person@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(await mailsTo(user.email, 'reset_password')).toHaveLength(1);
    expect(await mailsTo('no-such-person@example.com', 'reset_password')).toHaveLength(0);
  });

  it('the e-mailed link leads to the web app with token and e-mail; the reset signs out everywhere', async () => {
    const user = await createUser(t.db);
    const second = (await post('/api/login', { email: user.email, password: user.password })).json().token as string;
    const { link, token, email } = await requestReset(user.email);
    expect(link.origin + link.pathname).toBe('http://shop.test/reset-password');
    expect(email).toBe(user.email);

    const res = await post('/api/reset-password', {
      token,
      email,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });

    expect((await getUser(user.token)).statusCode).toBe(401);
    expect((await getUser(second)).statusCode).toBe(401);
    expect(revocations.find((e) => e.userId === user.id)?.tokenIds).toHaveLength(2);
    expect((await post('/api/login', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await post('/api/login', { email: user.email, password: newPassword })).statusCode).toBe(200);
  });

  it('a link works once', async () => {
    const user = await createUser(t.db);
    const { token } = await requestReset(user.email);
    const body = { token, email: user.email, password: newPassword, password_confirmation: newPassword };
    expect((await post('/api/reset-password', body)).statusCode).toBe(200);
    const again = await post('/api/reset-password', {
      ...body,
      password: 'another-one-2',
      password_confirmation: 'another-one-2',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: 'Invalid or expired reset link.' });
    expect((await post('/api/login', { email: user.email, password: newPassword })).statusCode).toBe(200);
  });

  it('an expired link, a wrong e-mail or a made-up token is refused', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const { token } = await requestReset(user.email);
    const body = { token, email: user.email, password: newPassword, password_confirmation: newPassword };

    const wrongEmail = await post('/api/reset-password', { ...body, email: other.email });
    expect(wrongEmail.statusCode).toBe(422);
    expect(wrongEmail.json()).toEqual({ message: 'Invalid or expired reset link.' });
    const madeUp = await post('/api/reset-password', { ...body, token: 'made-up-token' });
    expect(madeUp.json()).toEqual({ message: 'Invalid or expired reset link.' });

    await expireTokens(user.id);
    const expired = await post('/api/reset-password', body);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual({ message: 'Invalid or expired reset link.' });
    expect((await post('/api/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    expect((await post('/api/login', { email: other.email, password: other.password })).statusCode).toBe(200);
  });

  it('checks the new password and every field', async () => {
    const user = await createUser(t.db);
    const { token } = await requestReset(user.email);
    const short = await post('/api/reset-password', {
      token,
      email: user.email,
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['The password field must be at least 8 characters.']);
    const mismatch = await post('/api/reset-password', {
      token,
      email: user.email,
      password: newPassword,
      password_confirmation: 'different-password',
    });
    expect(mismatch.json().errors.password).toEqual(['The password field confirmation does not match.']);
    const empty = await post('/api/reset-password', {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['email', 'password', 'password_confirmation', 'token']);
    // a refused attempt does not spend the link
    const ok = await post('/api/reset-password', {
      token,
      email: user.email,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('a reset also verifies the address, since the link reached its inbox', async () => {
    const user = await createUser(t.db, { verified: false });
    const { token } = await requestReset(user.email);
    await post('/api/reset-password', {
      token,
      email: user.email,
      password: newPassword,
      password_confirmation: newPassword,
    });
    const login = await post('/api/login', { email: user.email, password: newPassword });
    expect(login.json().user.email_verified).toBe(true);
  });

  it('a password change spends outstanding reset links', async () => {
    const user = await createUser(t.db);
    const { token } = await requestReset(user.email);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: bearer(user.token),
      payload: {
        name: user.name,
        email: user.email,
        current_password: user.password,
        password: 'changed-in-profile',
        password_confirmation: 'changed-in-profile',
      },
    });
    expect(change.statusCode).toBe(200);
    const res = await post('/api/reset-password', {
      token,
      email: user.email,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(res.statusCode).toBe(422);
  });
});
