import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, TEST_DB, type TestApp } from '../../../test/helpers.js';
import { freePort, parseMail, startSmtpServer, type TestSmtpServer } from '../../../test/smtp.js';
import type { Db } from '../../db/database.js';
import { MAX_ATTEMPTS, retryDelayMs } from '../../lib/outbox-delivery.js';
import { renderEmail } from './layout.js';
import { queueMail } from './outbox.js';
import { fileTransport, linksIn, type MailMessage, type MailTransport } from './transport.js';
import { deliverDueMail } from './worker.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function app(env: Record<string, string> = {}, jobs = false): Promise<TestApp> {
  const t = await buildTestApp({ env, jobs });
  cleanups.push(() => t.close());
  return t;
}
async function smtp(port?: number): Promise<TestSmtpServer> {
  const server = await startSmtpServer({ port });
  cleanups.push(() => server.close());
  return server;
}

const silentLog = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

async function register(t: TestApp, email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { name: 'Baraka Mwangi', email, password: 'long-enough-pw', password_confirmation: 'long-enough-pw' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().token as string;
}

async function followVerification(t: TestApp, link: string, token: string) {
  const url = new URL(link);
  expect(url.origin).toBe('http://shop.test');
  const res = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
  expect(res.headers.location).toBe('http://shop.test/login?verified=1');
  const user = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
  expect(user.json().email_verified).toBe(true);
}

const outbox = (db: Db) => db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();

async function queue(db: Db, n: number) {
  for (let i = 0; i < n; i++) {
    const { html, text } = renderEmail({ shopName: 'Mtumba', heading: `Message ${i}`, paragraphs: ['Hello'] });
    await queueMail(db, { to: `m${i}@example.com`, subject: `Message ${i}`, html, text, template: 'test' });
  }
}

describe(`mail delivery on ${TEST_DB}`, () => {
  it('a registered user receives the verification e-mail over SMTP from the background worker and follows it', async () => {
    const server = await smtp();
    const t = await app(
      { MAIL_URL: server.url, MAIL_POLL_INTERVAL_MS: '50', MAIL_FROM: 'Mtumba <hello@mtumba.test>' },
      true,
    );
    const token = await register(t, 'baraka@example.com');

    const mail = await server.waitForMessage((m) => m.to.includes('baraka@example.com'));
    expect(mail.from).toBe('hello@mtumba.test');
    expect(mail.subject).toBe('Verify your e-mail address for Mtumba');
    expect(mail.html).toContain('Verify e-mail address');
    // the address has not proven it is the registrant's: nothing they typed (the name) is in it
    expect(mail.text).toContain('Hello,');
    expect(mail.text).not.toContain('Baraka');
    await followVerification(t, mail.links[0]!, token);
    await expect.poll(async () => (await outbox(t.db))[0]?.status).toBe('sent');
  });

  it('SMTP down at first: the message waits in the outbox, and arrives once the server is up', async () => {
    const port = await freePort();
    const t = await app({ MAIL_URL: `smtp://127.0.0.1:${port}` });
    const token = await register(t, 'patient@example.com');

    const first = await t.app.mail.deliverDue();
    expect(first).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const [row] = await outbox(t.db);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, locked_until: null, sent_at: null });
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(Date.parse(row!.next_attempt_at)).toBeGreaterThan(Date.now());

    // not due yet: nothing is tried
    expect(await t.app.mail.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    const server = await smtp(port);
    const later = new Date(Date.now() + retryDelayMs(1) + 1000);
    expect(await t.app.mail.deliverDue({ now: later })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const mail = await server.waitForMessage();
    expect(mail.to).toEqual(['patient@example.com']);
    const [sent] = await outbox(t.db);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(sent!.sent_at).not.toBeNull();
    await followVerification(t, mail.links[0]!, token);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts with backoff, recording the last error`, async () => {
    const t = await app();
    await queue(t.db, 1);
    const broken: MailTransport = {
      kind: 'smtp',
      send: async () => {
        throw new Error('550 mailbox unavailable');
      },
      close: async () => {},
    };
    let clock = Date.now();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const result = await deliverDueMail(t.db, broken, silentLog, { now: new Date(clock) });
      expect(result).toEqual(
        attempt < MAX_ATTEMPTS ? { sent: 0, retrying: 1, failed: 0 } : { sent: 0, retrying: 0, failed: 1 },
      );
      const [row] = await outbox(t.db);
      delays.push(Date.parse(row!.next_attempt_at) - clock);
      clock = Date.parse(row!.next_attempt_at);
    }
    const [row] = await outbox(t.db);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, last_error: '550 mailbox unavailable' });
    expect(delays.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(await deliverDueMail(t.db, broken, silentLog, { now: new Date(clock + 86_400_000) })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
  });

  it('several workers at once send each message exactly once', async () => {
    const t = await app();
    await queue(t.db, 12);
    const sent: number[] = [];
    const slow: MailTransport = {
      kind: 'smtp',
      send: async (m: MailMessage) => {
        await new Promise((r) => setTimeout(r, 5));
        sent.push(m.id);
      },
      close: async () => {},
    };
    const results = await Promise.all([1, 2, 3].map(() => deliverDueMail(t.db, slow, silentLog, { batchSize: 5 })));
    const again = await deliverDueMail(t.db, slow, silentLog);
    const total = results.reduce((n, r) => n + r.sent, 0) + again.sent;
    expect(total).toBe(12);
    expect(new Set(sent).size).toBe(12);
    expect(sent).toHaveLength(12);
    expect((await outbox(t.db)).every((r) => r.status === 'sent')).toBe(true);
  });

  it('a message claimed by another worker is left alone until its lease runs out', async () => {
    const t = await app();
    await queue(t.db, 1);
    const leaseEnd = new Date(Date.now() + 60_000).toISOString();
    await t.db.updateTable('mail_outbox').set({ locked_until: leaseEnd }).execute();
    const sent: number[] = [];
    const transport: MailTransport = { kind: 'smtp', send: async (m) => void sent.push(m.id), close: async () => {} };
    expect((await deliverDueMail(t.db, transport, silentLog)).sent).toBe(0);
    expect((await deliverDueMail(t.db, transport, silentLog, { now: new Date(Date.parse(leaseEnd) + 1) })).sent).toBe(
      1,
    );
    expect(sent).toHaveLength(1);
  });

  it('without MAIL_URL a registered user can follow the link in the .eml file under DATA_DIR/mail', async () => {
    const t = await app();
    const token = await register(t, 'offline@example.com');
    expect(await t.app.mail.deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });

    const mailDir = path.join(t.config.dataDir, 'mail');
    expect(t.config.mailDir).toBe(mailDir);
    const files = fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/verify_email\.eml$/);
    const mail = parseMail(fs.readFileSync(path.join(mailDir, files[0]!), 'utf8'));
    expect(mail.subject).toBe('Verify your e-mail address for Mtumba');
    expect(mail.raw).toMatch(/^To: offline@example\.com$/m);
    await followVerification(t, mail.links[0]!, token);
  });

  it('the file transport logs the template and the recipient domain, never the address, subject or a link', async () => {
    const t = await app();
    const logged: { obj: Record<string, unknown>; msg: string }[] = [];
    const log = {
      ...silentLog,
      info: (obj: Record<string, unknown>, msg: string) => logged.push({ obj, msg }),
    } as unknown as FastifyBaseLogger;
    const dir = path.join(t.config.dataDir, 'mail-log-test');
    const { html, text } = renderEmail({
      shopName: 'Mtumba',
      heading: 'Reset',
      paragraphs: ['Hi'],
      button: { label: 'Go', url: 'http://shop.test/reset-password?token=abc&email=a%40b.c' },
    });
    await fileTransport(dir, 'Mtumba <no-reply@mtumba.local>', log).send({
      id: 7,
      to: 'a@b.c',
      subject: 'Reset your password',
      html,
      text,
      template: 'reset_password',
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]!.msg).toBe('mail written: reset_password');
    expect(logged[0]!.obj).toMatchObject({ template: 'reset_password', toDomain: 'b.c' });
    const line = JSON.stringify(logged[0]);
    for (const secret of ['token=abc', 'http://shop.test', 'a@b.c', 'Reset your password']) {
      expect(line).not.toContain(secret);
    }
    // the message itself is in the file, for the developer to open
    const [file] = fs.readdirSync(dir);
    expect(fs.readFileSync(path.join(dir, file!), 'utf8')).toContain('reset-password?token=3Dabc');
  });
});

describe('mail helpers', () => {
  it('retry delays double from 30 seconds up to an hour', () => {
    expect([1, 2, 3, 8, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
  });

  it('finds links in a plain-text message', () => {
    expect(linksIn('Open http://a.test/x?y=1 or (https://b.test/z).\nhttp://a.test/x?y=1')).toEqual([
      'http://a.test/x?y=1',
      'https://b.test/z',
    ]);
  });

  it('renders the shop name, button and a plain-text twin, escaping HTML', () => {
    const { html, text } = renderEmail({
      shopName: 'Mtumba',
      heading: 'Order <paid>',
      paragraphs: ['Thanks & welcome'],
      rows: [['Total', 'Ksh 1,550.00']],
      button: { label: 'View order', url: 'http://shop.test/orders/1' },
    });
    expect(html).toContain('Order &lt;paid&gt;');
    expect(html).toContain('Thanks &amp; welcome');
    expect(html).toContain('href="http://shop.test/orders/1"');
    expect(text).toContain('Total: Ksh 1,550.00');
    expect(text).toContain('View order: http://shop.test/orders/1');
  });
});
