import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildApp } from '../app.js';
import { DomainError } from '../lib/errors.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/helpers.js';

let app: FastifyInstance;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(database.dataDir), db: database.db, logger: false, jobs: false });
  // Routes that exist only in this test, to exercise the error handler.
  await app.register(
    async (api) => {
      api.withTypeProvider<ZodTypeProvider>().post(
        '/echo',
        {
          schema: {
            body: z.object({
              email: z.email('The email must be a valid email address.'),
              quantity: z.number().int().min(1, 'The quantity must be at least 1.'),
            }),
          },
        },
        async (request) => request.body,
      );
      api.get('/boom', async () => {
        throw new Error('secret database detail');
      });
      api.get('/gone', async () => {
        throw new DomainError('gone', 'Your order reservation expired.', { extra: { error: 'expired' } });
      });
    },
    { prefix: '/api/test' },
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('error handler', () => {
  it('answers 422 with field messages for invalid input', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { email: 'nope', quantity: 0 } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The email must be a valid email address. (and 1 more error)',
      errors: {
        email: ['The email must be a valid email address.'],
        quantity: ['The quantity must be at least 1.'],
      },
    });
  });

  it('names a missing field as required', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { quantity: 2 } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['The email field is required.'] });
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', quantity: 1, padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large.' });
  });

  it('answers 404 JSON for an unknown API route', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });

  it('answers 500 with a generic message and hides the details', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret database detail');
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
  });

  it('turns a domain error into its status with extra fields', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/gone' });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ message: 'Your order reservation expired.', error: 'expired' });
  });

  it('serves the web app for client routes', async () => {
    const res = await app.inject({ method: 'GET', url: '/orders/12', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('reports health and readiness', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('serves the OpenAPI documentation', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/health');
    expect((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});
