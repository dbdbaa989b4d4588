import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { bearer, createTestDatabase, createUser, testConfig, type TestDatabase } from './helpers.js';
import { createProduct, placeOrder } from './payment-fixtures.js';

/*
 * Limits on prompts and codes hold across instances: two apps on one PostgreSQL database count in
 * one Redis (docs/security.md, Limits on connections, prompts and codes). PostgreSQL suite only,
 * like the other multi-instance tests; it needs Redis at REDIS_URL (default redis://127.0.0.1:6379).
 */
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

describe('limits shared by two instances through Redis', () => {
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig(database.dataDir, { REDIS_URL, MPESA_PROMPTS_PER_PHONE: '2' });
    a = await buildApp({ config, db: database.db, logger: false, jobs: false });
    b = await buildApp({ config, db: database.db, logger: false, jobs: false });
    await a.ready();
    await b.ready();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('counts M-Pesa prompts to one phone on both instances together', async () => {
    // a number of its own each run: the count lives in Redis for the whole window
    const phone = `07${String(randomInt(10_000_000, 100_000_000))}`;
    const prompt = async (app: FastifyInstance) => {
      const customer = await createUser(database.db);
      const product = await createProduct(database.db);
      const order = await placeOrder(app, customer.token, [{ product_id: product.id, quantity: 1 }]);
      return app.inject({
        method: 'POST',
        url: '/api/payments/mpesa',
        headers: bearer(customer.token),
        payload: { order_id: order.id, phone },
      });
    };
    expect((await prompt(a)).statusCode).toBe(201);
    expect((await prompt(b)).statusCode).toBe(201);
    for (const app of [a, b]) {
      const third = await prompt(app);
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toMatch(
        /^Too many M-Pesa prompts have been sent to this phone\. Please try again in/,
      );
    }
  });
});
