import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from './cart-fixtures.js';
import { bearer, buildTestApp, createUser, TEST_DB, type TestApp } from './helpers.js';
import { orderBody } from './order-fixtures.js';
import { apiRoutes, type ApiRoute } from './routes.js';

/** Calls anyone may make. Every other /api route needs a signed-in user. */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/ready',
  'GET /api/config',
  'POST /api/register',
  'POST /api/login',
  'POST /api/email/verification-notification',
  'GET /api/email/verify',
  'POST /api/forgot-password',
  'POST /api/reset-password',
  'POST /api/auth/google/token-login',
  'GET /api/categories',
  'GET /api/categories/{id}/products',
  'GET /api/products',
  'GET /api/products/search',
  'GET /api/products/facets',
  'GET /api/products/trending',
  'GET /api/products/{id}',
  'GET /api/products/{id}/related',
  'GET /api/products/{id}/reviews',
  'POST /api/subscribe',
  // The one-time token of the e-mailed link is the permission (docs/security.md).
  'GET /api/subscribe/confirm',
  'POST /api/subscribe/confirm',
  'GET /api/user/delete/confirm',
  'POST /api/user/delete/confirm',
  'POST /api/payments/webhooks/sandbox',
  'POST /api/payments/webhooks/intasend',
  'GET /api/email/cancel-change',
  'GET /api/unsubscribe',
  'POST /api/unsubscribe',
  'GET /api/delivery-methods',
  // the VAPID public key is public by nature (every subscribed browser holds it)
  'GET /api/push/public-key',
  // A pay link's signed token is the permission (docs/product.md section 13).
  'GET /api/pay-links/{token}',
  'POST /api/pay-links/{token}/initiate',
  'POST /api/pay-links/{token}/confirm',
  'POST /api/pay-links/{token}/mpesa',
  'GET /api/pay-links/{token}/payments/{reference}',
  // A claim link's one-time token, texted to a phone-only customer, is the permission (section 13).
  'GET /api/account-claims/{token}',
  'POST /api/account-claims/{token}',
  'GET /api/offer-rules',
]);

/** The shop's own calls: admins only. */
const ADMIN = new Set([
  'POST /api/categories',
  'PUT /api/categories/{id}',
  'DELETE /api/categories/{id}',
  'POST /api/products',
  'POST /api/products/{id}',
  'PUT /api/products/{id}',
  'PATCH /api/products/{id}',
  'DELETE /api/products/{id}',
  'GET /api/admin/orders',
  'GET /api/admin/orders/{id}',
  'PUT /api/admin/orders/{id}',
  'POST /api/admin/orders/{id}/payments',
  'POST /api/admin/orders/{id}/refunds',
  'POST /api/admin/orders/{id}/cancel-request',
  'POST /api/admin/orders/{id}/ship',
  'GET /api/admin/orders/to-ship',
  'GET /api/admin/products/{id}/stock-movements',
  'GET /api/admin/products/{id}',
  'GET /api/admin/users/{id}/security-events',
  'GET /api/admin/products',
  'GET /api/admin/delivery-methods',
  'POST /api/admin/delivery-methods',
  'PUT /api/admin/delivery-methods/{id}',
  'GET /api/admin/discount-codes',
  'POST /api/admin/discount-codes',
  'PUT /api/admin/discount-codes/{id}',
  'GET /api/admin/dashboard',
  'GET /api/admin/orders.csv',
  'GET /api/admin/products.csv',
  'POST /api/admin/products/import/preview',
  'POST /api/admin/products/import',
  'GET /api/admin/customers',
  'POST /api/admin/customers',
  'POST /api/admin/orders/manual',
  'POST /api/admin/orders/manual/quote',
  'GET /api/admin/orders/{id}/pay-link',
  'GET /api/admin/offers',
  'POST /api/admin/offers/{id}/accept',
  'POST /api/admin/offers/{id}/decline',
  'POST /api/admin/offers/{id}/counter',
  'GET /api/admin/returns',
  'GET /api/admin/orders/{id}/returns',
  'POST /api/admin/orders/{id}/delivery-failed',
  'POST /api/admin/returns/{id}/approve',
  'POST /api/admin/returns/{id}/decline',
  'POST /api/admin/returns/{id}/receive',
  'POST /api/admin/returns/{id}/refund',
]);

/** A call with an empty body and a plausible id: the guard must answer before any validation. */
function bare(route: ApiRoute, id = '1'): InjectOptions {
  const url = route.path.replace(/\{\w+\}/g, id);
  const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  return { method: route.method as InjectOptions['method'], url, ...(withBody ? { payload: {} } : {}) };
}

describe(`who may call what, on ${TEST_DB}`, () => {
  let t: TestApp;
  let routes: ApiRoute[];

  beforeAll(async () => {
    t = await buildTestApp();
    routes = apiRoutes(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists only routes that exist', () => {
    const keys = new Set(routes.map((r) => r.key));
    for (const key of [...PUBLIC, ...ADMIN]) expect(keys, key).toContain(key);
  });

  it('a visitor gets 401 Unauthenticated. from every route that is not public, before any validation', async () => {
    const protectedRoutes = routes.filter((r) => !PUBLIC.has(r.key));
    expect(protectedRoutes.length).toBeGreaterThan(20);
    for (const route of protectedRoutes) {
      const res = await t.app.inject(bare(route));
      expect(res.statusCode, `${route.key}: ${res.body}`).toBe(401);
      expect(res.json().message, route.key).toBe('Unauthenticated.');
      const forged = await t.app.inject({ ...bare(route), headers: bearer('not-a-token') });
      expect(forged.statusCode, `${route.key} with a made-up token`).toBe(401);
    }
  });

  it('a customer gets 403 Forbidden. from every admin route, before any validation, and from no other', async () => {
    for (const route of routes) {
      // a new customer each time: logout and account deletion end the session they are called with
      const customer = await createUser(t.db);
      const res = await t.app.inject({ ...bare(route), headers: bearer(customer.token) });
      if (ADMIN.has(route.key)) {
        expect(res.statusCode, `${route.key}: ${res.body}`).toBe(403);
        expect(res.json().message, route.key).toBe('Forbidden.');
      } else {
        expect(res.statusCode, `${route.key} is not an admin route: ${res.body}`).not.toBe(403);
      }
    }
  });

  it('an admin passes every admin guard', async () => {
    const admin = await createUser(t.db, { admin: true });
    for (const route of routes.filter((r) => ADMIN.has(r.key))) {
      const res = await t.app.inject({ ...bare(route, '2147483647'), headers: bearer(admin.token) });
      expect([200, 404, 422], `${route.key}: ${res.body}`).toContain(res.statusCode);
    }
  });
});

describe(`other people's things are 404, on ${TEST_DB}`, () => {
  let t: TestApp;
  let owner: { id: number; token: string };
  let mine: {
    product: number;
    reviewed: number;
    cartItem: number;
    entry: number;
    order: number;
    review: number;
    session: number;
  };

  const as = (token: string, method: InjectOptions['method'], url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createUser(t.db);
    const product = await insertProduct(t.db, { stock: 10 });
    const reviewed = await insertProduct(t.db, { stock: 10 });
    // two in the cart: the order below takes one of them out, the line stays with the other
    const cart = await as(owner.token, 'POST', '/api/cart/add', { product_id: product.id, quantity: 2 });
    const entry = await as(owner.token, 'POST', '/api/wishlist', { product_id: product.id });
    const order = await as(owner.token, 'POST', '/api/orders', orderBody([{ product_id: product.id, quantity: 1 }]));
    const delivered = await as(
      owner.token,
      'POST',
      '/api/orders',
      orderBody([{ product_id: reviewed.id, quantity: 1 }]),
    );
    await t.db
      .updateTable('orders')
      .set({ order_status: 'delivered' })
      .where('id', '=', delivered.json().order.id)
      .execute();
    const review = await as(owner.token, 'POST', '/api/reviews', {
      product_id: reviewed.id,
      rating: 4,
      review_text: 'Mine',
    });
    for (const r of [cart, entry, order, delivered, review]) expect(r.statusCode, r.body).toBeLessThan(300);
    mine = {
      product: product.id,
      reviewed: reviewed.id,
      cartItem: cart.json().cart_item.id,
      entry: entry.json().id,
      order: order.json().order.id,
      review: review.json().id,
      session: (
        await t.db.selectFrom('auth_tokens').select('id').where('user_id', '=', owner.id).executeTakeFirstOrThrow()
      ).id,
    };
  });
  afterAll(async () => {
    await t.close();
  });

  for (const who of ['another customer', 'an admin'] as const) {
    it(`${who} gets 404 for each of them, and nothing of the owner's changes`, async () => {
      const other = await createUser(t.db, { admin: who === 'an admin' });
      const attempts: [InjectOptions['method'], string, object?][] = [
        ['PATCH', `/api/cart/${mine.cartItem}`, { quantity: 2 }],
        ['DELETE', `/api/cart/remove/${mine.cartItem}`],
        ['DELETE', `/api/wishlist/${mine.entry}`],
        ['GET', `/api/orders/${mine.order}`],
        ['POST', `/api/orders/${mine.order}/request-cancel`],
        ['GET', `/api/orders/${mine.order}/returns`],
        ['POST', `/api/orders/${mine.order}/returns`, { items: [1], reason: 'damaged' }],
        ['POST', '/api/payments/initiate', { order_id: mine.order }],
        ['POST', '/api/payments/confirm', { order_id: mine.order }],
        ['PUT', `/api/reviews/${mine.review}`, { product_id: mine.reviewed, rating: 1, review_text: 'Not mine' }],
        ['DELETE', `/api/reviews/${mine.review}`],
        ['DELETE', `/api/user/sessions/${mine.session}`],
      ];
      for (const [method, url, payload] of attempts) {
        const res = await as(other.token, method, url, payload);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
        expect(res.json().message, `${method} ${url}`).toMatch(/not found/i);
      }

      // Their own lists hold none of the owner's things.
      expect((await as(other.token, 'GET', '/api/cart')).json().cart_items).toEqual([]);
      expect((await as(other.token, 'GET', '/api/wishlist')).json()).toEqual([]);
      expect((await as(other.token, 'GET', '/api/orders')).json()).toEqual([]);
      expect((await as(other.token, 'GET', `/api/reviews?product_id=${mine.reviewed}`)).json()).toEqual([]);

      // And the owner's things (and session) are as they were.
      expect((await as(owner.token, 'GET', '/api/user')).statusCode).toBe(200);
      const cart = (await as(owner.token, 'GET', '/api/cart')).json();
      expect(cart.cart_items).toMatchObject([{ id: mine.cartItem, quantity: 1 }]);
      expect((await as(owner.token, 'GET', '/api/wishlist')).json()).toMatchObject([{ id: mine.entry }]);
      const order = (await as(owner.token, 'GET', `/api/orders/${mine.order}`)).json();
      expect(order).toMatchObject({ id: mine.order, cancel_requested_at: null, order_status: 'pending' });
      const payments = await t.db.selectFrom('payments').select('id').where('order_id', '=', mine.order).execute();
      expect(payments).toEqual([]);
      const reviews = (await as(owner.token, 'GET', `/api/reviews?product_id=${mine.reviewed}`)).json();
      expect(reviews).toMatchObject([{ id: mine.review, rating: 4, review_text: 'Mine' }]);
    });
  }
});
