import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, TEST_DB, type TestApp } from '../../../test/helpers.js';
import { now } from '../../db/database.js';
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

const uniqueEmail = (prefix = 'person') => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

async function register(overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const payload = {
    name: 'Wanjiku Kamau',
    email,
    password: 'secret-password',
    password_confirmation: 'secret-password',
    ...overrides,
  };
  const res = await t.app.inject({ method: 'POST', url: '/api/register', payload });
  return { res, payload, body: res.json() };
}

async function mailsTo(email: string) {
  return t.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('id').execute();
}

const getUser = (token: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });

describe(`accounts on ${TEST_DB}`, () => {
  describe('POST /api/register', () => {
    it('creates an unverified account, signs it in and queues the verification e-mail', async () => {
      const { res, body, payload } = await register({
        email: `  Mixed.Case-${randomBytes(3).toString('hex')}@Example.COM `,
      });
      expect(res.statusCode).toBe(201);
      const email = (payload.email as string).trim().toLowerCase();
      expect(body).toEqual({
        token: expect.any(String),
        user: {
          id: expect.any(Number),
          name: 'Wanjiku Kamau',
          email,
          is_admin: false,
          email_verified: false,
          pending_email: null,
          language: 'en',
        },
        message: 'Registration successful! Please check your email to verify your account.',
      });
      expect((await getUser(body.token)).json()).toEqual(body.user);

      const [mail, ...more] = await mailsTo(email);
      expect(more).toHaveLength(0);
      expect(mail).toMatchObject({ template: 'verify_email', status: 'pending' });
      expect(mail!.subject).toContain('Mtumba');
      expect(mail!.html).toContain('Verify e-mail address');
      expect(linksIn(mail!.text)[0]).toMatch(/^http:\/\/shop\.test\/api\/email\/verify\?token=[\w-]+$/);
    });

    it('stores the password hashed, never as given', async () => {
      const { body, payload } = await register();
      const row = await t.db.selectFrom('users').selectAll().where('id', '=', body.user.id).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain(payload.password);
    });

    it('refuses an e-mail that is already taken, whatever its case', async () => {
      const { payload } = await register();
      const again = await register({ email: (payload.email as string).toUpperCase() });
      expect(again.res.statusCode).toBe(422);
      expect(again.body.errors.email).toEqual(['The email has already been taken.']);
      expect(again.body.message).toBe('The email has already been taken.');
    });

    it('refuses a short password and a confirmation that does not match', async () => {
      const short = await register({ password: 'short', password_confirmation: 'short' });
      expect(short.res.statusCode).toBe(422);
      expect(short.body.errors.password).toEqual(['The password field must be at least 8 characters.']);

      const mismatch = await register({ password_confirmation: 'something-else' });
      expect(mismatch.res.statusCode).toBe(422);
      expect(mismatch.body.errors.password).toEqual(['The password field confirmation does not match.']);
      expect(mismatch.body.message).toBe('The password field confirmation does not match.');
    });

    it('names every missing or malformed field', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: { email: 'not-an-email' } });
      expect(res.statusCode).toBe(422);
      const { errors } = res.json();
      expect(errors.name).toEqual(['The name field is required.']);
      expect(errors.email).toEqual(['The email field must be a valid email address.']);
      expect(errors.password).toEqual(['The password field is required.']);

      const blank = await register({ name: '   ', email: '' });
      expect(blank.res.statusCode).toBe(422);
      expect(blank.body.errors.name).toEqual(['The name field is required.']);
      expect(blank.body.errors.email).toEqual(['The email field is required.']);
    });

    it('answers 400 for a body that is not JSON', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The request body is not valid JSON.');
    });
  });

  describe('POST /api/login', () => {
    it('signs in with the right password, whatever the e-mail case', async () => {
      const user = await createUser(t.db, { verified: true });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email.toUpperCase(), password: user.password },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.user).toEqual({
        id: user.id,
        name: user.name,
        email: user.email,
        is_admin: false,
        email_verified: true,
        pending_email: null,
        language: 'en',
      });
      expect(body.message).toEqual(expect.any(String));
      expect((await getUser(body.token)).statusCode).toBe(200);
    });

    it('says the same thing for a wrong password and an unknown e-mail', async () => {
      const user = await createUser(t.db);
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: 'not-the-password' },
      });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: uniqueEmail('nobody'), password: 'not-the-password' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: 'Invalid credentials' });
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('refuses a password sign-in for an account made with Google (it has no password)', async () => {
      const user = await createUser(t.db);
      await t.db.updateTable('users').set({ password_hash: null }).where('id', '=', user.id).execute();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: '' + user.password },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid credentials' });
    });

    it('requires both fields', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: '', password: '' } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        email: ['The email field is required.'],
        password: ['The password field is required.'],
      });
    });

    it('shows the admin flag', async () => {
      const admin = await createUser(t.db, { admin: true });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: admin.email, password: admin.password },
      });
      expect(res.json().user.is_admin).toBe(true);
    });
  });

  describe('bearer tokens', () => {
    it('401 Unauthenticated. without a token, with an unknown one, or with a malformed header', async () => {
      for (const headers of [{}, bearer('mt_not-a-real-token'), { authorization: 'Basic abc' }]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/user', headers });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Unauthenticated.' });
      }
    });

    it('stores only a hash of the token and records when it was used', async () => {
      const user = await createUser(t.db);
      const rows = await t.db.selectFrom('auth_tokens').selectAll().where('user_id', '=', user.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.token_hash).not.toContain(user.token);
      expect(rows[0]!.last_used_at).toBeNull();
      await getUser(user.token);
      await expect
        .poll(
          async () =>
            (
              await t.db
                .selectFrom('auth_tokens')
                .select('last_used_at')
                .where('user_id', '=', user.id)
                .executeTakeFirstOrThrow()
            ).last_used_at,
        )
        .not.toBeNull();
    });
  });

  describe('POST /api/logout', () => {
    it('revokes the token used, and only that one', async () => {
      const user = await createUser(t.db);
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: user.password },
      });
      const otherToken = other.json().token as string;

      const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(user.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toEqual(expect.any(String));
      expect((await getUser(user.token)).statusCode).toBe(401);
      expect((await getUser(otherToken)).statusCode).toBe(200);
      const tokenRows = await t.db
        .selectFrom('auth_tokens')
        .select(['id', 'revoked_at'])
        .where('user_id', '=', user.id)
        .orderBy('id')
        .execute();
      expect(revocations).toContainEqual({ userId: user.id, tokenIds: [tokenRows[0]!.id] });
      expect(tokenRows[0]!.revoked_at).not.toBeNull();
    });

    it('401 without a token', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/logout' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('PUT /api/user', () => {
    const put = (token: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/user', headers: bearer(token), payload });

    it('changes the name and keeps the e-mail verified when it is unchanged', async () => {
      const user = await createUser(t.db, { verified: true });
      const res = await put(user.token, {
        name: '  Achieng Otieno ',
        email: user.email,
        current_password: '',
        password: '',
        password_confirmation: '',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        user: {
          id: user.id,
          name: 'Achieng Otieno',
          email: user.email,
          is_admin: false,
          email_verified: true,
          pending_email: null,
          language: 'en',
        },
        message: 'Profile updated.',
      });
      expect(await mailsTo(user.email)).toHaveLength(0);
    });

    it('a new e-mail needs the current password and takes effect only when its link is followed', async () => {
      const user = await createUser(t.db, { verified: true });
      const newEmail = uniqueEmail('moved');

      for (const current_password of [undefined, '', 'wrong password']) {
        const refused = await put(user.token, { name: user.name, email: newEmail, current_password });
        expect(refused.statusCode).toBe(422);
        expect(refused.json().errors.current_password).toEqual([
          current_password === 'wrong password'
            ? 'The current password is incorrect.'
            : 'The current password field is required to change your e-mail address.',
        ]);
      }
      expect(await mailsTo(newEmail)).toHaveLength(0);

      const res = await put(user.token, {
        name: user.name,
        email: newEmail.toUpperCase(),
        current_password: user.password,
      });
      expect(res.statusCode).toBe(200);
      // until the link is followed, the old address stays (and stays verified)
      expect(res.json().user).toMatchObject({ email: user.email, email_verified: true, pending_email: newEmail });
      expect(res.json().message).toMatch(/takes effect once you follow it/);
      expect((await getUser(user.token)).json()).toMatchObject({ email: user.email, pending_email: newEmail });
      const stillOld = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: user.password },
      });
      expect(stillOld.statusCode).toBe(200);

      const [mail] = await mailsTo(newEmail);
      expect(mail?.template).toBe('verify_email');
      const [notice] = await mailsTo(user.email);
      expect(notice?.template).toBe('email_change_notice');
      expect(notice!.text).toContain(user.email);
      expect(linksIn(notice!.text)[0]).toMatch(/^http:\/\/shop\.test\/api\/email\/cancel-change\?token=[\w-]+$/);

      const link = linksIn(mail!.text)[0]!;
      const verify = await t.app.inject({ method: 'GET', url: link.replace('http://shop.test', '') });
      expect(verify.headers.location).toBe('http://shop.test/login?verified=1');
      expect((await getUser(user.token)).json()).toMatchObject({
        email: newEmail,
        email_verified: true,
        pending_email: null,
      });
    });

    it('refuses an e-mail another account uses', async () => {
      const user = await createUser(t.db);
      const other = await createUser(t.db);
      const res = await put(user.token, { name: user.name, email: other.email.toUpperCase() });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.email).toEqual(['The email has already been taken.']);
    });

    it('changes the password with the right current password and signs out every other session', async () => {
      const user = await createUser(t.db);
      const elsewhere = (
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: user.email, password: user.password },
        })
      ).json().token as string;

      const res = await put(user.token, {
        name: user.name,
        email: user.email,
        current_password: user.password,
        password: 'a-brand-new-password',
        password_confirmation: 'a-brand-new-password',
      });
      expect(res.statusCode).toBe(200);
      expect((await getUser(user.token)).statusCode).toBe(200);
      expect((await getUser(elsewhere)).statusCode).toBe(401);
      const revokedEvent = revocations.find((e) => e.userId === user.id);
      expect(revokedEvent?.tokenIds).toHaveLength(1);

      const oldLogin = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: user.password },
      });
      expect(oldLogin.statusCode).toBe(401);
      const newLogin = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: 'a-brand-new-password' },
      });
      expect(newLogin.statusCode).toBe(200);
    });

    it('refuses a new password with a wrong or missing current password', async () => {
      const user = await createUser(t.db);
      const change = {
        name: user.name,
        email: user.email,
        password: 'a-brand-new-password',
        password_confirmation: 'a-brand-new-password',
      };
      const wrong = await put(user.token, { ...change, current_password: 'wrong-password' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.current_password).toEqual(['The current password is incorrect.']);
      const missing = await put(user.token, change);
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors.current_password).toEqual([expect.stringContaining('current password')]);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: user.password },
      });
      expect(login.statusCode).toBe(200);
    });

    it('checks the new password like registration does', async () => {
      const user = await createUser(t.db);
      const base = { name: user.name, email: user.email, current_password: user.password };
      const short = await put(user.token, { ...base, password: 'short', password_confirmation: 'short' });
      expect(short.statusCode).toBe(422);
      expect(short.json().errors.password).toEqual(['The password field must be at least 8 characters.']);
      const mismatch = await put(user.token, {
        ...base,
        password: 'long-enough-1',
        password_confirmation: 'long-enough-2',
      });
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json().errors.password).toEqual(['The password field confirmation does not match.']);
    });

    it('an account made with Google sets its first password only right after a Google sign-in', async () => {
      // (the allowed case is in google.test.ts: it needs a Google sign-in of this session)
      const user = await createUser(t.db);
      await t.db.updateTable('users').set({ password_hash: null }).where('id', '=', user.id).execute();
      const res = await put(user.token, {
        name: user.name,
        email: user.email,
        password: 'first-password',
        password_confirmation: 'first-password',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.current_password[0]).toMatch(/sign in with Google again/);
      const row = await t.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirst();
      expect(row?.password_hash).toBeNull();
    });

    it('requires name and e-mail', async () => {
      const user = await createUser(t.db);
      const res = await put(user.token, { name: '', email: 'nope' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        name: ['The name field is required.'],
        email: ['The email field must be a valid email address.'],
      });
    });

    it('401 without a token', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/user',
        payload: { name: 'x', email: 'x@example.com' },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('DELETE /api/user', () => {
    it("removes the person's data, keeps their orders without it, and the account can no longer sign in", async () => {
      const user = await createUser(t.db);
      const other = await createUser(t.db);
      const at = now();
      const product = await t.db
        .insertInto('products')
        .values({
          name: 'Denim jacket',
          description: '',
          price_cents: 150000,
          stock_quantity: 3,
          size: null,
          brand: null,
          condition: null,
          color: null,
          is_featured: 0,
          is_trending: 0,
          search_text: 'denim jacket',
          review_count: 2,
          rating_sum: 7,
          created_at: at,
          updated_at: at,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('reviews')
        .values([
          { product_id: product.id, user_id: user.id, rating: 5, review_text: 'Great', created_at: at, updated_at: at },
          { product_id: product.id, user_id: other.id, rating: 2, review_text: 'Meh', created_at: at, updated_at: at },
        ])
        .execute();
      await t.db
        .insertInto('cart_items')
        .values({ user_id: user.id, product_id: product.id, quantity: 1, created_at: at, updated_at: at })
        .execute();
      await t.db
        .insertInto('wishlist_items')
        .values({ user_id: user.id, product_id: product.id, created_at: at })
        .execute();
      const order = await t.db
        .insertInto('orders')
        .values({
          user_id: user.id,
          order_status: 'delivered',
          payment_status: 'paid',
          subtotal_cents: 150000,
          discount_cents: 0,
          delivery_fee_cents: 5000,
          total_cents: 155000,
          applied_discounts: '[]',
          shipping_address: 'CBD Delivery',
          shipping_phone: '+254712345678',
          discount_code: null,
          reserved_until: null,
          stock_released_at: null,
          cancel_requested_at: null,
          paid_at: at,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const tokenIds = (await t.db.selectFrom('auth_tokens').select('id').where('user_id', '=', user.id).execute()).map(
        (r) => r.id,
      );

      const res = await t.app.inject({
        method: 'DELETE',
        url: '/api/user',
        headers: bearer(user.token),
        payload: { current_password: user.password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Your account has been deleted.');

      expect((await getUser(user.token)).statusCode).toBe(401);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: user.password },
      });
      expect(login.statusCode).toBe(401);
      expect(revocations).toContainEqual({ userId: user.id, tokenIds });

      const count = async (table: 'users' | 'auth_tokens' | 'cart_items' | 'wishlist_items' | 'reviews') =>
        (
          await t.db
            .selectFrom(table)
            .select('id')
            .where(table === 'users' ? 'id' : 'user_id', '=', user.id)
            .execute()
        ).length;
      for (const table of ['users', 'auth_tokens', 'cart_items', 'wishlist_items', 'reviews'] as const) {
        expect(await count(table)).toBe(0);
      }
      const kept = await t.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
      expect(kept).toMatchObject({ user_id: null, shipping_phone: null, total_cents: 155000 });
      const ratings = await t.db
        .selectFrom('products')
        .select(['review_count', 'rating_sum'])
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow();
      expect(ratings).toEqual({ review_count: 1, rating_sum: 2 });
      expect((await getUser(other.token)).statusCode).toBe(200);
    });

    it('empties the delivery address, landmark and prompt phone of the kept orders, keeping what the books need', async () => {
      const user = await createUser(t.db);
      const at = now();
      const details = {
        method_id: 1,
        name: 'Doorstep',
        kind: 'doorstep',
        zone: 'Westlands',
        address: 'Flat 4B, Rose Court, Mvuli Road',
        landmark: 'Opposite the blue kiosk',
        town: null,
        pickup_office: null,
        pickup_address: null,
        pickup_hours: null,
        hold_days: null,
        min_days: 1,
        max_days: 2,
        estimate: '1–2 days',
        note: null,
      };
      const order = await t.db
        .insertInto('orders')
        .values({
          user_id: user.id,
          order_status: 'delivered',
          payment_status: 'paid',
          subtotal_cents: 100000,
          discount_cents: 0,
          delivery_fee_cents: 25000,
          total_cents: 125000,
          applied_discounts: '[]',
          shipping_address: 'Doorstep',
          shipping_phone: '+254712345678',
          discount_code: null,
          reserved_until: null,
          stock_released_at: null,
          cancel_requested_at: null,
          paid_at: at,
          created_at: at,
          updated_at: at,
          delivery_details: JSON.stringify(details),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('payments')
        .values({
          order_id: order.id,
          reference: `MT-${order.id}-scrub`,
          provider: 'intasend',
          status: 'paid',
          amount_cents: 125000,
          currency: 'KES',
          method: 'M-PESA',
          checkout_url: null,
          provider_checkout_id: null,
          provider_invoice_id: 'INV-SCRUB',
          failure_reason: null,
          created_at: at,
          updated_at: at,
          kind: 'mpesa_prompt',
          phone: '+254798765432',
          receipt: 'QAB12CD34E',
        })
        .execute();

      const res = await t.app.inject({
        method: 'DELETE',
        url: '/api/user',
        headers: bearer(user.token),
        payload: { current_password: user.password },
      });
      expect(res.statusCode).toBe(200);

      const kept = await t.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
      expect(kept.total_cents).toBe(125000);
      expect(JSON.parse(kept.delivery_details!)).toEqual({
        ...details,
        address: null,
        landmark: null,
      });
      expect(kept.delivery_details).not.toContain('Rose Court');
      expect(kept.delivery_details).not.toContain('blue kiosk');
      const payment = await t.db
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(payment).toMatchObject({ phone: null, amount_cents: 125000, receipt: 'QAB12CD34E', status: 'paid' });
    });

    it('401 without a token', async () => {
      const res = await t.app.inject({ method: 'DELETE', url: '/api/user' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('GET /api/config', () => {
    it('says Google sign-in is off when no client id is set', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        google_client_id: null,
        google_enabled: false,
        shop_name: 'Mtumba',
        payment_provider: 'sandbox',
        pusher_key: 'mtumba',
        shop_email: 'shop@mtumba.local',
        shop_address: 'Shop 14, Gikomba Market Lane, Nairobi CBD',
        shop_phone: '+254 712 345 678',
        shop_whatsapp: '254712345678',
        shop_hours: 'Mon–Sat 8:00–18:00',
        shop_returns_policy:
          'Returns within 7 days of delivery if the item is not as described. Message us on WhatsApp to arrange it.',
      });
    });
  });

  describe('API docs', () => {
    it('lists every accounts call with its schema', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      const paths = res.json().paths as Record<string, Record<string, unknown>>;
      for (const [path, method] of [
        ['/api/register', 'post'],
        ['/api/login', 'post'],
        ['/api/logout', 'post'],
        ['/api/user', 'get'],
        ['/api/user', 'put'],
        ['/api/user', 'delete'],
        ['/api/email/verification-notification', 'post'],
        ['/api/email/verify', 'get'],
        ['/api/forgot-password', 'post'],
        ['/api/reset-password', 'post'],
        ['/api/auth/google/token-login', 'post'],
        ['/api/config', 'get'],
      ] as const) {
        expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
      }
    });
  });
});
