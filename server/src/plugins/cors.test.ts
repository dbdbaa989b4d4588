import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../test/helpers.js';

const ORIGIN = 'https://client.example';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { CORS_ORIGINS: `${ORIGIN}, https://other.example` } });
});

afterAll(async () => {
  await t.close();
});

function preflight(method: string, headers: string, origin = ORIGIN) {
  return t.app.inject({
    method: 'OPTIONS',
    url: '/api/cart/1',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });
}

describe('CORS for the configured origins', () => {
  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])(
    'lets a browser on a configured origin send %s with a bearer token and JSON',
    async (method) => {
      const res = await preflight(method, 'authorization,content-type,x-requested-with,x-socket-id');
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
      const methods = String(res.headers['access-control-allow-methods']).split(/,\s*/);
      expect(methods).toContain(method);
      const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
      for (const header of ['authorization', 'content-type', 'x-requested-with', 'accept', 'x-socket-id']) {
        expect(allowed).toContain(header);
      }
    },
  );

  it('does not allow an origin that is not configured', async () => {
    const res = await preflight('DELETE', 'authorization', 'https://evil.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('exposes the paging and caching headers on the real reply', async () => {
    const user = await createUser(t.db);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/cart/999999',
      headers: { ...bearer(user.token), origin: ORIGIN, 'content-type': 'application/json' },
      payload: { quantity: 2 },
    });
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    const exposed = String(res.headers['access-control-expose-headers']).split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['X-Total-Count', 'Link', 'ETag']));
  });
});
