import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('security headers', () => {
  it('are on every reply, with a request id of its own, whether found, cached or not found', async () => {
    const ids = new Set<string>();
    for (const url of ['/api/health', '/api/products', '/api/products', '/api/nothing-here']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['content-security-policy'], url).toContain(
        "script-src 'self' https://accounts.google.com/gsi/client",
      );
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
      ids.add(String(res.headers['x-request-id']));
    }
    expect(ids.size).toBe(4);
  });
});

describe('compression', () => {
  it('reads a request body sent gzip-compressed as the JSON it holds (a client of the API may send one)', async () => {
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(body),
    });
    // the credentials were read, and are wrong: not a 400 for a body that is not JSON
    expect(res.statusCode).toBe(401);
  });
});
