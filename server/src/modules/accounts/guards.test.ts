import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestDatabase,
  createUser,
  TEST_DB,
  testConfig,
  type TestDatabase,
} from '../../../test/helpers.js';
import { buildApp } from '../../app.js';

// The guards later modules put on their routes, tried on routes of our own.
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(database.dataDir), db: database.db, logger: false, jobs: false });
  app.get('/guarded/admin', { preHandler: app.requireAdmin }, async () => ({ ok: true }));
  app.get('/guarded/verified', { preHandler: app.requireVerified }, async () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe(`auth guards on ${TEST_DB}`, () => {
  it('admin routes: 401 without a token, 403 Forbidden. for a customer, open to an admin', async () => {
    const customer = await createUser(database.db);
    const admin = await createUser(database.db, { admin: true });
    expect((await get('/guarded/admin')).statusCode).toBe(401);
    const refused = await get('/guarded/admin', customer.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Forbidden.' });
    expect((await get('/guarded/admin', admin.token)).json()).toEqual({ ok: true });
  });

  it('"must be verified" routes: 403 with a clear message until the e-mail is verified', async () => {
    const unverified = await createUser(database.db, { verified: false });
    const verified = await createUser(database.db, { verified: true });
    expect((await get('/guarded/verified')).json()).toEqual({ message: 'Unauthenticated.' });
    const refused = await get('/guarded/verified', unverified.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Please verify your email address first.' });
    expect((await get('/guarded/verified', verified.token)).statusCode).toBe(200);
  });

  it('a revoked token is refused like an unknown one', async () => {
    const user = await createUser(database.db, { admin: true });
    await database.db
      .updateTable('auth_tokens')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const res = await get('/guarded/admin', user.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });
});
