import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, urlForLog } from '../src/app.js';
import { createTestDatabase, testConfig, type TestDatabase } from './helpers.js';

describe('what the request log keeps', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  const lines: string[] = [];

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
      logger: { level: 'info', stream },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

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

  it('keeps every other part of the URL', () => {
    expect(urlForLog('/api/products?page=2&q=denim')).toBe('/api/products?page=2&q=denim');
    expect(urlForLog('/x?a=1&Token=t&b=2#frag')).toBe('/x?a=1&Token=[redacted]&b=2#frag');
  });
});
