import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, TEST_DB, type TestApp } from '../../../test/helpers.js';
import { startJwksServer, type TestJwks } from '../../../test/jwks.js';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';
let jwks: TestJwks;
let t: TestApp;
let subCounter = 0;

const nextSub = () => `10${Date.now()}${(subCounter += 1)}`;
const googleLogin = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/google/token-login', payload: { token } });
const getUser = (token: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
const nowSec = () => Math.floor(Date.now() / 1000);

describe(`Google sign-in on ${TEST_DB}`, () => {
  beforeAll(async () => {
    jwks = await startJwksServer(CLIENT_ID);
    t = await buildTestApp({ env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwks.url } });
  });
  afterAll(async () => {
    await t.close();
    await jwks.close();
  });

  it('tells the web app that Google sign-in is on, with the client id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({ google_client_id: CLIENT_ID, google_enabled: true });
  });

  it('a valid token creates a verified account without a password; the next sign-in finds it by sub', async () => {
    const sub = nextSub();
    const email = `Njeri.${sub}@Gmail.com`;
    const res = await googleLogin(await jwks.sign({ sub, email, email_verified: true, name: 'Njeri Wambui' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      token: expect.any(String),
      message: expect.any(String),
      user: {
        id: expect.any(Number),
        name: 'Njeri Wambui',
        email: email.toLowerCase(),
        is_admin: false,
        email_verified: true,
        pending_email: null,
        language: 'en',
      },
    });
    expect((await getUser(body.token)).statusCode).toBe(200);
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', body.user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ google_sub: sub, password_hash: null });

    // Google may report another address later; the account is keyed by sub
    const again = await googleLogin(
      await jwks.sign({ sub, email: `renamed.${sub}@gmail.com`, email_verified: true, iss: 'accounts.google.com' }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(body.user.id);
    expect(again.json().user.email).toBe(email.toLowerCase());
  });

  it('links to an existing verified account with that e-mail and keeps its password', async () => {
    const user = await createUser(t.db, { verified: true });
    const sub = nextSub();
    const res = await googleLogin(await jwks.sign({ sub, email: user.email.toUpperCase(), email_verified: true }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, email: user.email, email_verified: true });
    expect((await getUser(user.token)).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    const row = await t.db.selectFrom('users').select('google_sub').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.google_sub).toBe(sub);
  });

  it("a pre-registered, never verified password account does not survive the owner's Google sign-in", async () => {
    // someone registered the victim's address with their own password and is signed in with it
    const squatter = await createUser(t.db, { verified: false, password: 'squatters-password' });
    const res = await googleLogin(
      await jwks.sign({ sub: nextSub(), email: squatter.email, email_verified: true, name: 'Real Owner' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: squatter.id, email_verified: true, name: 'Real Owner' });

    expect((await getUser(squatter.token)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: squatter.email, password: 'squatters-password' },
    });
    expect(login.statusCode).toBe(401);
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', squatter.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect((await getUser(res.json().token)).statusCode).toBe(200);
  });

  it('does not link by e-mail when the address is already linked to another Google account', async () => {
    const user = await createUser(t.db, { verified: true });
    await googleLogin(await jwks.sign({ sub: nextSub(), email: user.email, email_verified: true }));
    const res = await googleLogin(await jwks.sign({ sub: nextSub(), email: user.email, email_verified: true }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('refuses a token whose e-mail Google has not verified, and creates nothing', async () => {
    const sub = nextSub();
    const email = `unverified.${sub}@example.com`;
    const res = await googleLogin(await jwks.sign({ sub, email, email_verified: false }));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/not verified/);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('refuses a token for another audience, from another issuer, expired, or with a bad signature', async () => {
    const base = { sub: nextSub(), email: `x.${nextSub()}@gmail.com`, email_verified: true };
    const cases = {
      audience: await jwks.sign({ ...base, aud: 'someone-else.apps.googleusercontent.com' }),
      issuer: await jwks.sign({ ...base, iss: 'https://evil.example.com' }),
      expired: await jwks.sign({ ...base, iat: nowSec() - 7200, exp: nowSec() - 3600 }),
      signature: await jwks.sign(base, { foreignKey: true }),
      garbage: 'not.a.token',
    };
    for (const [what, token] of Object.entries(cases)) {
      const res = await googleLogin(token);
      expect(res.statusCode, what).toBe(401);
      expect(res.json(), what).toEqual({ message: expect.any(String) });
    }
    expect(
      await t.db.selectFrom('users').select('id').where('email', '=', base.email).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('allows a minute of clock skew on expiry', async () => {
    const res = await googleLogin(
      await jwks.sign({
        sub: nextSub(),
        email: `skew.${nextSub()}@gmail.com`,
        email_verified: true,
        iat: nowSec() - 3600,
        exp: nowSec() - 20,
      }),
    );
    expect(res.statusCode).toBe(200);
  });

  it('refuses a token issued, or valid from, more than a minute in the future, and creates nothing', async () => {
    const email = `future.${nextSub()}@gmail.com`;
    const base = { sub: nextSub(), email, email_verified: true };
    for (const claims of [
      { iat: nowSec() + 3600, exp: nowSec() + 7200 },
      { iat: nowSec() + 120, exp: nowSec() + 3600 },
      { nbf: nowSec() + 120 },
    ]) {
      const res = await googleLogin(await jwks.sign({ ...base, ...claims }));
      expect(res.statusCode, JSON.stringify(claims)).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid Google token.' });
    }
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    // a clock a little ahead of ours is fine
    const skewed = await googleLogin(await jwks.sign({ ...base, iat: nowSec() + 30, nbf: nowSec() + 30 }));
    expect(skewed.statusCode).toBe(200);
  });

  it('an account without a password changes its e-mail or password only within 10 minutes of a Google sign-in', async () => {
    const sub = nextSub();
    const signedIn = (
      await googleLogin(await jwks.sign({ sub, email: `g.${sub}@gmail.com`, email_verified: true, name: 'Akinyi' }))
    ).json();
    const put = (token: string, body: Record<string, string | undefined>) =>
      t.app.inject({ method: 'PUT', url: '/api/user', headers: bearer(token), payload: { name: 'Akinyi', ...body } });

    // fresh from Google: allowed
    const fresh = await put(signedIn.token, {
      email: signedIn.user.email,
      password: 'a new password',
      password_confirmation: 'a new password',
    });
    expect(fresh.statusCode, fresh.body).toBe(200);

    // the same session eleven minutes later (here: its sign-in moved back in time): refused
    const sub2 = nextSub();
    const other = (
      await googleLogin(await jwks.sign({ sub: sub2, email: `h.${sub2}@gmail.com`, email_verified: true }))
    ).json();
    await t.db
      .updateTable('auth_tokens')
      .set({ created_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where('user_id', '=', other.user.id)
      .execute();
    for (const body of [
      { email: `new.${sub2}@example.com` },
      { email: other.user.email, password: 'a new password', password_confirmation: 'a new password' },
    ]) {
      const res = await put(other.token, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.current_password[0]).toMatch(/sign in with Google again/);
    }
    const row = await t.db
      .selectFrom('users')
      .select(['email', 'pending_email', 'password_hash'])
      .where('id', '=', other.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: other.user.email, pending_email: null, password_hash: null });
  });

  it('422 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/google/token-login', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.token).toEqual(['The token field is required.']);
  });
});

describe('Google sign-in without GOOGLE_CLIENT_ID', () => {
  it('answers 503 and the config says it is off', async () => {
    const off = await buildTestApp();
    try {
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/auth/google/token-login',
        payload: { token: 'anything' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'Google sign-in is not configured.' });
      expect((await off.app.inject({ method: 'GET', url: '/api/config' })).json().google_enabled).toBe(false);
    } finally {
      await off.close();
    }
  });
});
