import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, urlForLog } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { wantsPrettyLogs } from '../src/lib/logger.js';
import { signPayLink } from '../src/modules/manual-orders/pay-link.js';
import { createTestDatabase, testConfig, type TestDatabase } from './helpers.js';

/** Builds the app around a fresh database for the enclosing describe, its log lines kept in `lines`. */
function appLoggingAt(level: 'debug' | 'info', lines: string[], use: (app: FastifyInstance) => void): void {
  let app: FastifyInstance;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({
      config: testConfig(database.dataDir),
      db: database.db,
      jobs: false,
      logger: { level, stream },
    });
    await app.ready();
    use(app);
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });
}

describe('what the request log keeps', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  // debug: web pages like /reset-password are logged at that level
  appLoggingAt('debug', lines, (built) => (app = built));

  it('blanks out one-time tokens and addresses from e-mail links, and never logs the bearer token', async () => {
    await app.inject({ method: 'GET', url: '/reset-password?token=reset-secret-1&email=wanjiku%40example.com' });
    await app.inject({ method: 'GET', url: '/api/email/verify?token=verify-secret-2' });
    await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: 'Bearer bearer-secret-3' } });
    await app.inject({ method: 'GET', url: '/api/email/cancel-change?token=cancel-secret-4' });
    const log = lines.join('');
    expect(log).toContain('/reset-password?token=[redacted]&email=[redacted]');
    expect(log).toContain('/api/email/verify?token=[redacted]');
    expect(log).toContain('/api/email/cancel-change?token=[redacted]');
    for (const secret of ['reset-secret-1', 'wanjiku', 'verify-secret-2', 'bearer-secret-3', 'cancel-secret-4']) {
      expect(log).not.toContain(secret);
    }
  });

  it('blanks out pay-link tokens in the path, on the API and on the web page', async () => {
    lines.length = 0;
    const token = signPayLink(testConfig('.').payLinks.secret, 7, new Date(Date.now() + 3_600_000).toISOString());
    await app.inject({ method: 'GET', url: `/api/pay-links/${token}` });
    await app.inject({ method: 'POST', url: `/api/pay-links/${token}/confirm`, payload: {} });
    await app.inject({ method: 'GET', url: `/pay/${token}` });
    const log = lines.join('');
    expect(log).toContain('"url":"/api/pay-links/[redacted]"');
    expect(log).toContain('"url":"/api/pay-links/[redacted]/confirm"');
    expect(log).toContain('"url":"/pay/[redacted]"');
    expect(log).not.toContain(token);
    // the sandbox payment page's reference is not a pay link: it stays readable
    expect(urlForLog('/pay/sandbox/ref-1')).toBe('/pay/sandbox/ref-1');
  });

  it('keeps every other part of the URL', () => {
    expect(urlForLog('/api/products?page=2&q=denim')).toBe('/api/products?page=2&q=denim');
    expect(urlForLog('/x?a=1&Token=t&b=2#frag')).toBe('/x?a=1&Token=[redacted]&b=2#frag');
  });
});

describe('how much the request log says at info (production)', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  appLoggingAt('info', lines, (built) => (app = built));

  it('writes one JSON line per API call, and none for health probes, images or web app files', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/ready' });
    await app.inject({ method: 'GET', url: '/uploads/0123456789abcdef-640.webp' });
    await app.inject({ method: 'GET', url: '/products/12' });
    expect(lines).toEqual([]);

    await app.inject({ method: 'GET', url: '/api/categories' });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/api/categories' } });
    expect(line.res).toMatchObject({ statusCode: 200 });
    expect(typeof line.responseTime).toBe('number');
  });

  it('is human-readable in development on a terminal or with LOG_PRETTY=1, JSON otherwise', () => {
    expect(wantsPrettyLogs(loadConfig({ NODE_ENV: 'development' }), true)).toBe(true);
    expect(wantsPrettyLogs(loadConfig({ NODE_ENV: 'development' }), false)).toBe(false);
    expect(wantsPrettyLogs(loadConfig({ NODE_ENV: 'development', LOG_PRETTY: '0' }), true)).toBe(false);
    expect(wantsPrettyLogs(loadConfig({ NODE_ENV: 'test', LOG_PRETTY: '1' }), false)).toBe(true);
    const production = loadConfig({
      NODE_ENV: 'production',
      APP_URL: 'https://shop.example.com',
      PAYMENT_WEBHOOK_SECRET: 'a-long-random-secret-of-40-characters-xx',
      MAIL_URL: 'smtp://mail.example.com:587',
      ALLOW_SANDBOX_PAYMENTS: '1',
      VAPID_PUBLIC_KEY: 'BB8kvN01f38Sa77jn4ks4WeWj3I5DpwZSvcAU9czGz-HInSWuDxljykjI-pLwz7VA72rWt9he4uIUkI3Y7jTm0w',
      VAPID_PRIVATE_KEY: 'ddP9YcsF9Hm3cb62_oSzUjx3_xZHJ2GoeiBSCt2BZS0',
      VAPID_SUBJECT: 'mailto:shop@example.com',
    });
    expect(wantsPrettyLogs(production, true)).toBe(false);
  });
});
