import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, TEST_DB, type TestApp } from '../../../test/helpers.js';
import { now } from '../../db/database.js';
import { TOUCH_EVERY_MS } from '../../plugins/auth.js';
import { linksIn } from '../mail/transport.js';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp.js';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const uniqueEmail = (prefix = 'person') => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
const getUser = (token: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
const put = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/user', headers: bearer(token), payload });
const login = (email: string, password: string, userAgent?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
const follow = (link: string) => t.app.inject({ method: 'GET', url: link.replace('http://shop.test', '') });

async function mailsTo(email: string, template?: string) {
  let q = t.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email);
  if (template) q = q.where('template', '=', template);
  return q.orderBy('id').execute();
}

async function eventsOf(userId: number) {
  const rows = await t.db
    .selectFrom('security_events')
    .select(['kind', 'detail', 'actor_id', 'ip'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, detail: r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : {} }));
}

describe(`taking an account over with a stolen bearer token, on ${TEST_DB}`, () => {
  it('fails at the first step: the e-mail cannot be changed without the current password', async () => {
    const owner = await createUser(t.db, { verified: true });
    const attacker = uniqueEmail('attacker');

    // 1. the attacker, holding only the owner's token, points the account at their own address
    const change = await put(owner.token, { name: owner.name, email: attacker });
    expect(change.statusCode).toBe(422);
    expect(change.json().errors.current_password).toEqual([
      'The current password field is required to change your e-mail address.',
    ]);
    expect((await getUser(owner.token)).json()).toMatchObject({ email: owner.email, pending_email: null });

    // 2. so "forgot password" on the attacker's address finds no account and mails nothing
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: attacker } });
    expect(await mailsTo(attacker)).toEqual([]);

    // 3. and the owner still signs in and keeps their session
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    expect((await getUser(owner.token)).statusCode).toBe(200);
  });

  it('nor can the password be changed without the current one', async () => {
    const owner = await createUser(t.db, { verified: true });
    const res = await put(owner.token, {
      name: owner.name,
      email: owner.email,
      password: 'attackers-password',
      password_confirmation: 'attackers-password',
    });
    expect(res.statusCode).toBe(422);
    expect((await login(owner.email, 'attackers-password')).statusCode).toBe(401);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });
});

describe(`changing the e-mail address, on ${TEST_DB}`, () => {
  async function requestChange() {
    const owner = await createUser(t.db, { verified: true });
    const newEmail = uniqueEmail('new');
    const res = await put(owner.token, { name: owner.name, email: newEmail, current_password: owner.password });
    expect(res.statusCode, res.body).toBe(200);
    const [notice] = await mailsTo(owner.email, 'email_change_notice');
    const [verification] = await mailsTo(newEmail, 'verify_email');
    return {
      owner,
      newEmail,
      cancelLink: linksIn(notice!.text)[0]!,
      verifyLink: linksIn(verification!.text)[0]!,
      notice: notice!,
    };
  }

  it('the notice to the old address cancels the change and signs every session out', async () => {
    const { owner, cancelLink, verifyLink } = await requestChange();
    const second = (await login(owner.email, owner.password)).json().token as string;

    const cancel = await follow(cancelLink);
    expect(cancel.statusCode).toBe(302);
    expect(cancel.headers.location).toBe('http://shop.test/login?email_change_cancelled=1');
    expect((await getUser(owner.token)).statusCode).toBe(401);
    expect((await getUser(second)).statusCode).toBe(401);

    // the new address's link no longer does anything; the old address stays
    expect((await follow(verifyLink)).headers.location).toBe('http://shop.test/login?verified=0');
    const row = await t.db
      .selectFrom('users')
      .select(['email', 'pending_email'])
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: owner.email, pending_email: null });
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    // a cancel link works once
    expect((await follow(cancelLink)).headers.location).toBe('http://shop.test/login?email_change_cancelled=0');
    expect((await eventsOf(owner.id)).map((e) => e.kind)).toContain('email_change_cancelled');
  });

  it('the notice undoes a change that already happened, and keeps the new address out of its text', async () => {
    const { owner, newEmail, cancelLink, verifyLink, notice } = await requestChange();
    expect(notice.text).not.toContain(newEmail);
    expect((await follow(verifyLink)).headers.location).toBe('http://shop.test/login?verified=1');
    expect((await getUser(owner.token)).json().email).toBe(newEmail);

    await follow(cancelLink);
    const row = await t.db.selectFrom('users').select(['email']).where('id', '=', owner.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(owner.email);
    expect((await getUser(owner.token)).statusCode).toBe(401);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('the new address is refused at verification when someone registered it meanwhile', async () => {
    const { owner, newEmail, verifyLink } = await requestChange();
    await createUser(t.db, { email: newEmail });
    expect((await follow(verifyLink)).headers.location).toBe('http://shop.test/login?verified=0');
    expect((await getUser(owner.token)).json()).toMatchObject({ email: owner.email, pending_email: newEmail });
  });

  it('mail to an address that has not proven it is the requester’s carries nothing they chose', async () => {
    const email = uniqueEmail('victim');
    const name = 'Visit http://evil.example/win now';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { name, email, password: 'secret-password', password_confirmation: 'secret-password' },
    });
    expect(res.statusCode).toBe(201);
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
    await t.app.inject({ method: 'POST', url: '/api/email/verification-notification', payload: { email } });
    const owner = await createUser(t.db, { verified: true, name });
    const moved = uniqueEmail('moved');
    await put(owner.token, { name, email: moved, current_password: owner.password });

    const mails = [...(await mailsTo(email)), ...(await mailsTo(moved))];
    expect(mails.map((m) => m.template).sort()).toEqual([
      'reset_password',
      'verify_email',
      'verify_email',
      'verify_email',
    ]);
    for (const mail of mails) {
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toContain('evil.example');
        expect(part).not.toContain('Visit');
      }
    }
  });
});

describe(`sessions, on ${TEST_DB}`, () => {
  it('My Account lists the live sessions with their browser; "sign out everywhere else" ends the others', async () => {
    const user = await createUser(t.db, { verified: true });
    const phone = (await login(user.email, user.password, CHROME_ANDROID)).json().token as string;
    const laptop = (await login(user.email, user.password, FIREFOX_WINDOWS)).json().token as string;

    const list = await t.app.inject({ method: 'GET', url: '/api/user/sessions', headers: bearer(phone) });
    expect(list.statusCode).toBe(200);
    const sessions = list.json().sessions as { browser: string; current: boolean; id: number }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toMatchObject([{ browser: 'Chrome on Android' }]);
    expect(sessions.map((s) => s.browser)).toContain('Firefox on Windows');

    const others = await t.app.inject({ method: 'DELETE', url: '/api/user/sessions/others', headers: bearer(phone) });
    expect(others.json()).toEqual({ message: 'Signed out everywhere else.', revoked: 2 });
    expect((await getUser(laptop)).statusCode).toBe(401);
    expect((await getUser(user.token)).statusCode).toBe(401);
    expect((await getUser(phone)).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/user/sessions', headers: bearer(phone) });
    expect(after.json().sessions).toHaveLength(1);
    expect((await eventsOf(user.id)).map((e) => e.kind)).toContain('sessions_revoked');
  });

  it('ends one session of your own; another person’s session is not found', async () => {
    const user = await createUser(t.db, { verified: true });
    const other = await createUser(t.db, { verified: true });
    const second = (await login(user.email, user.password)).json().token as string;
    const sessions = (await t.app.inject({ method: 'GET', url: '/api/user/sessions', headers: bearer(second) })).json()
      .sessions as { id: number; current: boolean }[];
    const first = sessions.find((s) => !s.current)!;

    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/${first.id}`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await getUser(user.token)).statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/${first.id}`,
      headers: bearer(second),
    });
    expect(res.statusCode).toBe(200);
    expect((await getUser(user.token)).statusCode).toBe(401);
    expect((await getUser(second)).statusCode).toBe(200);
  });

  it('a token unused for 30 days, or signed in 180 days ago, no longer works; use renews it', async () => {
    const user = await createUser(t.db, { verified: true });
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const setToken = (values: { created_at?: string; last_used_at?: string | null }) =>
      t.db.updateTable('auth_tokens').set(values).where('user_id', '=', user.id).execute();

    await setToken({ created_at: daysAgo(40), last_used_at: daysAgo(29) });
    expect((await getUser(user.token)).statusCode).toBe(200);
    // that use renewed it: last use is now, not 29 days ago
    await expect
      .poll(async () => {
        const row = await t.db
          .selectFrom('auth_tokens')
          .select('last_used_at')
          .where('user_id', '=', user.id)
          .executeTakeFirst();
        return Date.now() - Date.parse(row!.last_used_at!);
      })
      .toBeLessThan(TOUCH_EVERY_MS);

    await setToken({ created_at: daysAgo(40), last_used_at: daysAgo(31) });
    expect((await getUser(user.token)).statusCode).toBe(401);

    await setToken({ created_at: daysAgo(181), last_used_at: now() });
    expect((await getUser(user.token)).statusCode).toBe(401);
  });

  it('does not write the last use on every request', async () => {
    const user = await createUser(t.db, { verified: true });
    const recent = new Date(Date.now() - 60_000).toISOString();
    await t.db.updateTable('auth_tokens').set({ last_used_at: recent }).where('user_id', '=', user.id).execute();
    expect((await getUser(user.token)).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('auth_tokens')
      .select('last_used_at')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    expect(row!.last_used_at).toBe(recent);
  });
  it('records the first use of a crowd of sessions in a few writes, not one per session', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => createUser(t.db, { verified: true })));
    const executor = t.db.getExecutor() as { executeQuery: (...args: never[]) => Promise<unknown> };
    const original = executor.executeQuery.bind(executor);
    let touches = 0;
    executor.executeQuery = (...args) => {
      const [query] = args as unknown as [{ sql: string }];
      if (/^update "auth_tokens" set "last_used_at"/.test(query.sql)) touches += 1;
      return original(...args);
    };
    try {
      const replies = await Promise.all(users.map((u) => getUser(u.token)));
      expect(replies.map((r) => r.statusCode)).toEqual(users.map(() => 200));
      await expect
        .poll(async () => {
          const rows = await t.db
            .selectFrom('auth_tokens')
            .select('last_used_at')
            .where(
              'user_id',
              'in',
              users.map((u) => u.id),
            )
            .execute();
          return rows.filter((r) => r.last_used_at !== null).length;
        })
        .toBe(users.length);
    } finally {
      executor.executeQuery = original;
    }
    expect(touches).toBeGreaterThan(0);
    expect(touches).toBeLessThan(users.length / 2);
  });
});

describe(`password checks are rate-limited, on ${TEST_DB}`, () => {
  const LIMIT = 3;
  let limited: TestApp;
  let ipCounter = 0;
  const freshIp = () => `10.9.${Math.floor((ipCounter += 1) / 250)}.${ipCounter % 250}`;

  beforeAll(async () => {
    limited = await buildTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
  });
  afterAll(async () => {
    await limited.close();
  });

  const change = (token: string, email: string, currentPassword: string, ip: string) =>
    limited.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: bearer(token),
      remoteAddress: ip,
      payload: {
        name: 'Guess',
        email,
        password: 'attackers-password',
        password_confirmation: 'attackers-password',
        current_password: currentPassword,
      },
    });

  function expectTooMany(res: { statusCode: number; json(): { message: string }; headers: Record<string, unknown> }) {
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many password attempts\. Please try again in \d+ seconds\.$/);
    expect(res.headers['retry-after']).toBeDefined();
  }

  it('per account: after the limit even the right password is refused, from any IP', async () => {
    const user = await createUser(limited.db, { verified: true });
    for (let i = 0; i < LIMIT; i++) {
      expect((await change(user.token, user.email, `wrong-${i}`, freshIp())).statusCode).toBe(422);
    }
    expectTooMany(await change(user.token, user.email, user.password, freshIp()));
    const del = await limited.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: bearer(user.token),
      remoteAddress: freshIp(),
      payload: { current_password: user.password },
    });
    expectTooMany(del);
    const row = await limited.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst();
    expect(row).toBeDefined();
  });

  it('per IP: one address guessing at several accounts is stopped; a name change needs no check', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i++) {
      const victim = await createUser(limited.db, { verified: true });
      expect((await change(victim.token, victim.email, 'wrong', ip)).statusCode).toBe(422);
    }
    const next = await createUser(limited.db, { verified: true });
    expectTooMany(await change(next.token, next.email, next.password, ip));
    const rename = await limited.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: bearer(next.token),
      remoteAddress: ip,
      payload: { name: 'Just a new name', email: next.email },
    });
    expect(rename.statusCode).toBe(200);
  });
});

describe(`deleting an account scrubs its copies, on ${TEST_DB}`, () => {
  it('payment notifications keep amount and receipt code only; the outbox loses their mail; the newsletter forgets them', async () => {
    const user = await createUser(t.db, { verified: true });
    const bystander = await createUser(t.db, { verified: true });
    const at = now();
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
    const payment = await t.db
      .insertInto('payments')
      .values({
        order_id: order.id,
        reference: `MT-${order.id}-ABCD`,
        provider: 'intasend',
        status: 'paid',
        amount_cents: 155000,
        currency: 'KES',
        method: 'M-PESA',
        checkout_url: null,
        provider_checkout_id: null,
        provider_invoice_id: 'INV-1',
        failure_reason: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payload = {
      invoice_id: 'INV-1',
      state: 'COMPLETE',
      provider: 'M-PESA',
      value: '1550.00',
      currency: 'KES',
      mpesa_reference: 'QK12ABC34D',
      account: '254712345678',
      first_name: 'Wanjiku',
      last_name: 'Kamau',
      email: user.email,
      customer: { phone_number: '254712345678' },
    };
    await t.db
      .insertInto('payment_notifications')
      .values({
        provider: 'intasend',
        event_key: `INV-1:COMPLETE:${order.id}`,
        payment_id: payment.id,
        state: 'COMPLETE',
        payload: JSON.stringify(payload),
        created_at: at,
      })
      .execute();
    const mail = (to: string, status: 'sent' | 'pending', text: string) => ({
      to_address: to,
      subject: 'Your order',
      html: `<p>${text}</p>`,
      text,
      template: 'order_paid',
      status,
      attempts: status === 'sent' ? 1 : 0,
      next_attempt_at: at,
      sent_at: status === 'sent' ? at : null,
      created_at: at,
    });
    await t.db
      .insertInto('mail_outbox')
      .values([
        mail(user.email, 'sent', 'Hi Wanjiku, your order is paid'),
        mail(user.email, 'pending', 'Hi Wanjiku, your order is on its way'),
        mail('shop@mtumba.local', 'sent', `Cancellation request from Wanjiku <${user.email}>`),
        mail(bystander.email, 'sent', 'Hi other person'),
      ])
      .execute();
    await t.db.insertInto('newsletter_subscribers').values({ email: user.email, created_at: at }).execute();

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: bearer(user.token),
      payload: { current_password: user.password },
    });
    expect(res.statusCode, res.body).toBe(200);

    const notification = await t.db
      .selectFrom('payment_notifications')
      .select('payload')
      .where('payment_id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(notification.payload)).toEqual({
      invoice_id: 'INV-1',
      state: 'COMPLETE',
      provider: 'M-PESA',
      value: '1550.00',
      currency: 'KES',
      mpesa_reference: 'QK12ABC34D',
    });

    const outbox = await t.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
    const everything = JSON.stringify(outbox);
    expect(everything).not.toContain(user.email);
    expect(everything).not.toContain('Wanjiku');
    expect(outbox.filter((m) => m.status === 'pending' && m.to_address === '')).toEqual([]);
    expect(outbox.find((m) => m.to_address === bystander.email)?.text).toBe('Hi other person');
    expect(outbox.find((m) => m.to_address === 'shop@mtumba.local')).toMatchObject({ text: '', subject: 'Your order' });
    expect(
      await t.db.selectFrom('newsletter_subscribers').select('id').where('email', '=', user.email).execute(),
    ).toEqual([]);
  });

  it('a wrong current password refuses the deletion', async () => {
    const user = await createUser(t.db, { verified: true });
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: bearer(user.token),
      payload: { current_password: 'wrong' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.current_password).toEqual(['The current password is incorrect.']);
    expect((await getUser(user.token)).statusCode).toBe(200);
  });
});

describe(`the security log, on ${TEST_DB}`, () => {
  it('records sign-ins, failures, password and e-mail changes; the admin reads it per customer, paged', async () => {
    const admin = await createUser(t.db, { admin: true });
    const user = await createUser(t.db, { verified: true });
    await login(user.email, 'wrong password');
    const signedIn = (await login(user.email, user.password, CHROME_ANDROID)).json().token as string;
    await put(signedIn, {
      name: user.name,
      email: user.email,
      current_password: user.password,
      password: 'a-new-password',
      password_confirmation: 'a-new-password',
    });
    await put(signedIn, { name: user.name, email: uniqueEmail('next'), current_password: 'a-new-password' });

    const read = (token: string, query = '') =>
      t.app.inject({
        method: 'GET',
        url: `/api/admin/users/${user.id}/security-events${query}`,
        headers: bearer(token),
      });
    const res = await read(admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({ id: user.id, name: user.name, email: user.email, is_admin: false });
    expect(body.events.map((e: { kind: string }) => e.kind)).toEqual([
      'email_change_requested',
      'password_changed',
      'sign_in',
      'sign_in_failed',
    ]);
    expect(body.events[2]).toMatchObject({ detail: { method: 'password' }, ip: '127.0.0.1' });
    expect(body.events[1].detail).toEqual({ sessions_ended: 1 });
    expect(JSON.stringify(body)).not.toContain('a-new-password');

    const page2 = await read(admin.token, '?page=2&per_page=3');
    expect(page2.json().events.map((e: { kind: string }) => e.kind)).toEqual(['sign_in_failed']);
    expect(page2.headers['x-total-count']).toBe('4');

    // the password change ended the other sessions; the one that made it is a customer's
    expect((await read(signedIn)).statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users/2147483647/security-events',
      headers: bearer(admin.token),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('User not found.');
  });

  it("records an admin's product changes in the admin's log", async () => {
    const admin = await createUser(t.db, { admin: true });
    const category = await t.db
      .insertInto('categories')
      .values({ name: 'Logged coats', name_key: 'logged coats', created_at: now(), updated_at: now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(admin.token),
      payload: {
        name: 'Logged jacket',
        description: 'Warm',
        price: '1500',
        stock_quantity: 2,
        categories: [category.id],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: bearer(admin.token) });
    const events = await eventsOf(admin.id);
    expect(events.map((e) => e.kind)).toEqual(['admin_product_created', 'admin_product_deleted']);
    expect(events[0]).toMatchObject({ actor_id: admin.id, detail: { product_id: id, product_name: 'Logged jacket' } });
  });
});

describe('content security policy', () => {
  it('lets pages connect only to this shop (and its Socket.IO) and the configured origins', async () => {
    const shop = await buildTestApp({ env: { CORS_ORIGINS: 'https://www.example.com' } });
    try {
      const res = await shop.app.inject({ method: 'GET', url: '/api/health' });
      const csp = String(res.headers['content-security-policy']);
      const connect = /connect-src ([^;]*)/.exec(csp)![1]!.split(' ');
      expect(connect).toEqual([
        "'self'",
        'ws://shop.test',
        'https://www.example.com',
        'https://accounts.google.com/gsi/',
      ]);
      expect(connect).not.toContain('ws:');
      expect(connect).not.toContain('wss:');
    } finally {
      await shop.close();
    }
  });
});

describe('deleting an account with only a token', () => {
  let smtp: TestSmtpServer;
  let m: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    m = await buildTestApp({ env: { MAIL_URL: smtp.url } });
  });
  afterAll(async () => {
    await m?.close();
    await smtp?.close();
  });

  it('deletes nothing without the password: the owner confirms through a one-time e-mailed link', async () => {
    const user = await createUser(m.db);
    const bare = await m.app.inject({ method: 'DELETE', url: '/api/user', headers: bearer(user.token) });
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toEqual({
      message:
        'We e-mailed you a link to confirm deleting your account (it works once, within 60 minutes). Your account stays until you follow it.',
      deleted: false,
      confirmation_sent: true,
    });
    expect((await m.app.inject({ method: 'GET', url: '/api/user', headers: bearer(user.token) })).statusCode).toBe(200);

    await m.app.mail.deliverDue();
    const mail = await smtp.waitForMessage(
      (msg) => msg.to.includes(user.email) && /Confirm deleting/.test(msg.subject),
    );
    const link = new URL(mail.links.find((l) => l.includes('/api/user/delete/confirm'))!);
    const token = link.searchParams.get('token')!;

    // Opening the link (as a mail scanner would) only shows a page with a button.
    const page = await m.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Delete my account');
    expect(page.body).toContain(`name="token" value="${token}"`);
    expect(await m.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeDefined();

    const confirmed = await m.app.inject({
      method: 'POST',
      url: '/api/user/delete/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token }).toString(),
    });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('http://shop.test/login?account_deleted=1');
    expect(await m.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
    expect((await m.app.inject({ method: 'GET', url: '/api/user', headers: bearer(user.token) })).statusCode).toBe(401);

    const again = await m.app.inject({
      method: 'POST',
      url: '/api/user/delete/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token }).toString(),
    });
    expect(again.headers.location).toBe('http://shop.test/login?account_deleted=0');
  });

  it('deletes at once with the right password, and refuses a wrong one without mailing anything', async () => {
    const user = await createUser(m.db);
    const wrong = await m.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: bearer(user.token),
      payload: { current_password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(await m.db.selectFrom('mail_outbox').select('id').where('to_address', '=', user.email).execute()).toEqual(
      [],
    );
    const right = await m.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: bearer(user.token),
      payload: { current_password: user.password },
    });
    expect(right.json()).toEqual({
      message: 'Your account has been deleted.',
      deleted: true,
      confirmation_sent: false,
    });
    expect(await m.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
  });
});
