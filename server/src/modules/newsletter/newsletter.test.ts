import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp.js';
import { receivesNewArrivals, unsubscribeAddress } from '../listing/unsubscribe.js';
import { CONFIRM_NOTE } from './routes.js';

let t: TestApp;
let smtp: TestSmtpServer;

const subscribe = (payload?: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/subscribe', payload: payload as object });
const rows = (email: string) =>
  t.db.selectFrom('newsletter_subscribers').select('email').where('email', '=', email).execute();

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ env: { MAIL_URL: smtp.url } });
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('POST /subscribe', () => {
  it('thanks the subscriber and stores the address', async () => {
    const res = await subscribe({ email: 'wanjiku@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Thanks for subscribing!', confirmation: CONFIRM_NOTE });
    expect(await rows('wanjiku@example.com')).toHaveLength(1);
  });

  it('answers the same to a second subscription and keeps one row, whatever the case', async () => {
    expect((await subscribe({ email: 'otieno@example.com' })).statusCode).toBe(200);
    const again = await subscribe({ email: '  Otieno@Example.com ' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Thanks for subscribing!', confirmation: CONFIRM_NOTE });
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

describe('double opt-in', () => {
  const confirmMails = (email: string) =>
    t.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', email)
      .where('template', '=', 'newsletter_confirm')
      .execute();

  async function confirmLink(email: string): Promise<URL> {
    await t.app.mail.deliverDue();
    const mail = await smtp.waitForMessage((m) => m.to.includes(email) && /Confirm your/.test(m.subject));
    return new URL(mail.links.find((l) => l.includes('/api/subscribe/confirm'))!);
  }

  const follow = (link: URL) =>
    t.app.inject({
      method: 'POST',
      url: '/api/subscribe/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: link.searchParams.get('token')! }).toString(),
    });

  it('mails only addresses that followed their link, and re-subscribing does not undo an unsubscribe', async () => {
    const email = 'achieng@example.com';
    expect((await subscribe({ email })).statusCode).toBe(200);
    expect(await receivesNewArrivals(t.db, email)).toBe(false);
    // A second request at once sends no second e-mail.
    expect((await subscribe({ email })).statusCode).toBe(200);
    expect(await confirmMails(email)).toHaveLength(1);

    const link = await confirmLink(email);
    // Opening the link (a mail scanner does) only shows a page with a button.
    const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirm my subscription');
    expect(await receivesNewArrivals(t.db, email)).toBe(false);

    const confirmed = await follow(link);
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('http://shop.test/?subscribed=1');
    expect(await receivesNewArrivals(t.db, email)).toBe(true);
    expect((await follow(link)).headers.location).toBe('http://shop.test/?subscribed=0');

    // The owner unsubscribes; someone else subscribes the address again, later: it stays
    // unsubscribed, and only the owner's new confirmation would bring it back.
    await unsubscribeAddress(t.db, email);
    await t.db
      .updateTable('newsletter_subscribers')
      .set({ confirm_sent_at: new Date(Date.now() - 3600_000).toISOString() })
      .where('email', '=', email)
      .execute();
    expect((await subscribe({ email })).statusCode).toBe(200);
    expect(await receivesNewArrivals(t.db, email)).toBe(false);
    expect(await confirmMails(email)).toHaveLength(2);
  });
});
