import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from './helpers.js';
import { startJwksServer, type TestJwks } from './jwks.js';
import { insertProduct } from './cart-fixtures.js';
import { orderBody } from './order-fixtures.js';
import { allRoutes, apiRoutes, registeredRouteKeys, type ApiRoute } from './routes.js';

/**
 * Every route the app registers (every /api route, and the hidden ones and those outside /api:
 * pages, sandbox payment pages, the Echo authorisation alias), called by a signed-in customer and
 * by an admin with wrong types, huge and negative numbers, arrays and objects where text goes,
 * null, empty and oversized bodies and non-JSON content types: the answer is never a 5xx, and
 * every refusal of an API route is JSON with a `message`. A route added later is fuzzed without
 * being listed here (its valid body aside); a test fails if any registered route is not.
 */

const MAX_ID = 2_147_483_647;
const LONG = 'x'.repeat(100_000);

/** Values that should be refused (or harmlessly ignored) wherever a field of any type goes. */
const HOSTILE_VALUES: unknown[] = [
  'abc',
  '',
  ' ',
  '-1',
  '1e20',
  '9007199254740993',
  1e20,
  2 ** 53,
  2 ** 31,
  -1,
  0,
  1.5,
  -0.01,
  true,
  null,
  [],
  [1, 2],
  ['a'],
  {},
  { a: 1 },
  LONG,
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '\u0000',
];

const HOSTILE_PARAMS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e20',
  '0x10',
  ' 1',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999',
  '%00',
  '%E0%A4%A',
  '%F0%9F%92%A9',
  '１',
  'x'.repeat(1000),
];

const HOSTILE_QUERY_VALUES = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e20',
  '9007199254740993',
  '9007199254740991',
  '99999999999999999999',
  '',
  '\u0000',
  "' or 1=1 --",
  '%_\\',
  LONG,
];
/** Query names some route reads; sent to every GET so undeclared ones are shown to be ignored. */
const COMMON_QUERY = ['page', 'per_page', 'product_id', 'q', 'status', 'sort', 'featured', 'category', 'token'];

/** Replaced by a new number in every request, so each one can register a new address. */
const UNIQUE = '__unique__';
let uniqueCounter = 0;

const productForm = (ids: SeededIds) => ({
  name: 'Fuzz jacket',
  description: 'Warm',
  price: '1500.50',
  stock_quantity: 500,
  categories: [ids.category],
  size: 'M',
  brand: 'Levi',
  condition: 'good',
  color: 'blue',
  is_featured: false,
  is_trending: '1',
});

/** A valid body per route that takes one; the fuzzing changes one field of it at a time. */
const manualOrder = (ids: SeededIds) => ({
  customer_id: ids.customer,
  items: [{ product_id: ids.otherProduct, quantity: 1 }],
  shipping_address: 'CBD Delivery',
  shipping_phone: '0712345678',
  channel: 'whatsapp',
  discount: { amount: 10, reason: 'Regular customer' },
});

type BodyFactory = (ids: SeededIds) => Record<string, unknown>;
const VALID_BODIES: Record<string, BodyFactory | null> = {
  'POST /api/register': () => ({
    name: 'Wanjiku',
    email: `fuzz-register-${UNIQUE}@example.com`,
    password: 'correct horse battery',
    password_confirmation: 'correct horse battery',
  }),
  'POST /api/login': () => ({ email: 'nobody@example.com', password: 'correct horse battery' }),
  'POST /api/logout': null,
  'PUT /api/user': () => ({
    name: 'Renamed Person',
    email: `fuzz-profile-${UNIQUE}@example.com`,
    current_password: 'correct horse battery',
  }),
  'POST /api/email/verification-notification': () => ({ email: 'nobody@example.com' }),
  'POST /api/forgot-password': () => ({ email: 'nobody@example.com' }),
  'POST /api/reset-password': () => ({
    token: 'not-a-real-token',
    email: 'nobody@example.com',
    password: 'another good pass',
    password_confirmation: 'another good pass',
  }),
  'POST /api/auth/google/token-login': (ids) => ({ token: ids.googleToken }),
  'POST /api/account-claims/{token}': () => ({
    email: `fuzz-claim-${UNIQUE}@example.com`,
    password: 'another good pass',
    password_confirmation: 'another good pass',
  }),
  'POST /api/categories': () => ({ name: 'Fuzzed coats' }),
  'PUT /api/categories/{id}': () => ({ name: 'Renamed coats' }),
  'POST /api/products': (ids) => productForm(ids),
  'POST /api/products/{id}': (ids) => ({ _method: 'PUT', ...productForm(ids) }),
  'PUT /api/products/{id}': (ids) => productForm(ids),
  'PATCH /api/products/{id}': (ids) => productForm(ids),
  'POST /api/reviews': (ids) => ({ product_id: ids.product, rating: 4, review_text: 'Fits well' }),
  'PUT /api/reviews/{id}': (ids) => ({ product_id: ids.product, rating: 5, review_text: 'Still fits' }),
  'POST /api/cart/add': (ids) => ({ product_id: ids.product, quantity: 1 }),
  'PATCH /api/cart/{itemId}': () => ({ quantity: 2 }),
  'POST /api/wishlist': (ids) => ({ product_id: ids.otherProduct }),
  'POST /api/orders': (ids) => orderBody([{ product_id: ids.product, quantity: 1 }]),
  'POST /api/orders/{id}/request-cancel': null,
  'PUT /api/admin/orders/{id}': () => ({ order_status: 'processing' }),
  'POST /api/orders/{id}/cancel': null,
  'POST /api/admin/orders/{id}/payments': () => ({ method: 'mpesa', reference: 'SKL4TY7PQ2' }),
  'POST /api/admin/orders/{id}/refunds': () => ({ amount: 10, method: 'cash', reference: 'R1', note: 'fuzz' }),
  'POST /api/admin/orders/{id}/cancel-request': () => ({ decision: 'decline', note: 'fuzz' }),
  'POST /api/admin/orders/{id}/ship': () => ({ carrier: 'Fuzz Rider', tracking_number: 'WB-1', note: 'fuzz' }),
  'POST /api/payments/initiate': (ids) => ({ order_id: ids.order }),
  'POST /api/payments/confirm': (ids) => ({ order_id: ids.order, tracking_id: 'TRK-1' }),
  'POST /api/payments/mpesa': (ids) => ({ order_id: ids.order, phone: '0712 345 678' }),
  'POST /api/user/phone/code': () => ({ phone: '0712 345 678' }),
  'POST /api/user/phone/verify': () => ({ code: '123456' }),
  'POST /api/push/subscriptions': () => ({
    endpoint: 'https://push.example.com/fuzz',
    keys: {
      p256dh: 'BB8kvN01f38Sa77jn4ks4WeWj3I5DpwZSvcAU9czGz-HInSWuDxljykjI-pLwz7VA72rWt9he4uIUkI3Y7jTm0w',
      auth: 'AAECAwQFBgcICQoLDA0ODw',
    },
  }),
  'POST /api/payments/webhooks/sandbox': () => ({ reference: 'MT-1-AAAA', state: 'COMPLETE' }),
  'POST /api/payments/webhooks/intasend': () => ({ invoice_id: 'INV-1', state: 'COMPLETE', challenge: 'x' }),
  'POST /api/subscribe': () => ({ email: 'reader@example.com' }),
  'POST /api/unsubscribe': () => ({ token: 'not-a-real-token' }),
  'POST /api/subscribe/confirm': () => ({ token: 'not-a-real-token' }),
  'POST /api/user/delete/confirm': () => ({ token: 'not-a-real-token' }),
  'PUT /api/user/email-preferences': () => ({ new_arrivals: true }),
  'PUT /api/user/language': () => ({ language: 'sw' }),
  'PUT /api/user/alert-preferences': () => ({ wishlist_alerts: true, cart_reminders: false }),
  'POST /api/saved-searches': (ids) => ({ category_id: ids.category, q: 'denim', size: 'M', max_price: 1500 }),
  'POST /api/admin/customers': () => ({
    name: 'Fuzz Buyer',
    email: `fuzz-buyer-${UNIQUE}@example.com`,
    phone: '0712345678',
  }),
  'POST /api/admin/orders/manual': (ids) => manualOrder(ids),
  'POST /api/admin/orders/manual/quote': (ids) => manualOrder(ids),
  'POST /api/pay-links/{token}/initiate': (ids) => ({ order_id: ids.order }),
  'POST /api/pay-links/{token}/confirm': () => ({ tracking_id: 'TRK-1' }),
  'POST /api/pay-links/{token}/mpesa': () => ({ phone: '0712345678' }),
  'POST /api/broadcasting/auth': () => ({ socket_id: '1234.5678', channel_name: 'private-admin' }),
  'POST /api/orders/{id}/pay-on-delivery': null,
  'POST /api/admin/delivery-methods': () => ({
    name: 'Fuzz boda',
    kind: 'doorstep',
    fee: 100,
    min_days: 0,
    max_days: 1,
  }),
  'PUT /api/admin/delivery-methods/{id}': () => ({
    name: 'Fuzz boda',
    kind: 'doorstep',
    fee: 120,
    min_days: 0,
    max_days: 1,
  }),
  'POST /api/admin/discount-codes': () => ({ code: 'FUZZ10', kind: 'percent', amount: 10 }),
  'PUT /api/admin/discount-codes/{id}': () => ({ code: 'FUZZEDIT', kind: 'fixed', amount: 100 }),
  'PUT /api/user/default-phone': () => ({ default_phone: '0712 345 678' }),
  'POST /api/user/addresses': () => ({ label: 'Home', address_line: 'Ngong Road, Adams Arcade' }),
  'PUT /api/user/addresses/{id}': () => ({ label: 'Work', address_line: 'Kenyatta Avenue' }),
  // the CSV file itself is a file part (csv-import.test.ts); fields alone are refused with a message
  'POST /api/admin/products/import/preview': () => ({ create_categories: '1', photo_names: 'front.jpg' }),
  'POST /api/admin/products/import': () => ({ create_categories: '0' }),
  'POST /api/products/{id}/offers': () => ({ price: 700 }),
  'POST /api/offers/{id}/accept': null,
  'POST /api/offers/{id}/decline': null,
  'POST /api/offers/{id}/counter': () => ({ price: 750 }),
  'POST /api/admin/offers/{id}/accept': null,
  'POST /api/admin/offers/{id}/decline': () => ({ note: 'fuzz' }),
  'POST /api/admin/offers/{id}/counter': () => ({ price: 800, note: 'fuzz' }),
  'POST /api/orders/{id}/returns': () => ({ items: [1], reason: 'damaged', note: 'fuzz' }),
  'POST /api/orders/{id}/returns/{returnId}/photos': null,
  'POST /api/admin/orders/{id}/delivery-failed': () => ({ kind: 'refused', note: 'fuzz' }),
  'POST /api/admin/returns/{id}/approve': () => ({ note: 'fuzz' }),
  'POST /api/admin/returns/{id}/decline': () => ({ note: 'fuzz' }),
  'POST /api/admin/returns/{id}/receive': () => ({ items: [{ id: 1, outcome: 'write_off', reason: 'damaged' }] }),
  'POST /api/admin/returns/{id}/refund': () => ({ amount: 10, method: 'cash', reference: 'R1', note: 'fuzz' }),
  // outside the OpenAPI document
  'POST /broadcasting/auth': () => ({ socket_id: '1234.5678', channel_name: 'private-admin' }),
  'POST /pay/sandbox/{reference}': () => ({ outcome: 'success', method: 'mpesa', phone: '0712345678' }),
  'POST /pay/sandbox/phone/{reference}': () => ({ answer: '1234' }),
};

/** Routes that answer as pages or files, not JSON: for them only "never a 5xx" is checked. */
const answersJson = (route: ApiRoute) => route.path.startsWith('/api/') || route.path === '/broadcasting/auth';

/** Routes whose success ends the caller's session: each of their calls gets its own account. */
const SPENDS_SESSION = new Set(['POST /api/logout', 'DELETE /api/user', 'PUT /api/user']);

interface SeededIds {
  /** the signed-in customer, for whom the admin's manual orders are made */
  customer: number;
  category: number;
  product: number;
  otherProduct: number;
  cartItem: number;
  wishlistEntry: number;
  order: number;
  review: number;
  /** a valid Google ID token from the local JWKS stand-in */
  googleToken: string;
}

/** The id a route's path parameter names in the seeded shop; DELETE routes aim at no row at all. */
function paramValue(route: ApiRoute, param: string, ids: SeededIds): string {
  if (route.method === 'DELETE') return String(MAX_ID);
  if (param === 'itemId') return String(ids.cartItem);
  if (param === 'entryId') return String(ids.wishlistEntry);
  if (route.path.includes('/categories/')) return String(ids.category);
  if (route.path.includes('/orders/')) return String(ids.order);
  if (route.path.includes('/reviews/')) return String(ids.review);
  return String(ids.product);
}

function urlOf(route: ApiRoute, ids: SeededIds, override: Record<string, string> = {}): string {
  return route.path.replace(/\{(\w+)\}/g, (_m, name: string) => override[name] ?? paramValue(route, name, ids));
}

interface Case {
  label: string;
  request: InjectOptions;
}

function queryString(entries: [string, string][]): string {
  return entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

function formEncode(body: Record<string, unknown>): string {
  return Object.entries(body)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');
}

/** The body as multipart/form-data text fields (boundary `xyz`), each value optionally suffixed. */
function multipartOf(body: Record<string, unknown>, suffix = ''): string {
  const parts = Object.entries(body).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [`${k}[]`, x]) : [[k, v]]));
  return (
    parts
      .map(([k, v]) => `--xyz\r\nContent-Disposition: form-data; name="${String(k)}"\r\n\r\n${String(v)}${suffix}\r\n`)
      .join('') + '--xyz--\r\n'
  );
}

function casesFor(route: ApiRoute, ids: SeededIds): Case[] {
  const key = route.key;
  const method = route.method as InjectOptions['method'];
  const url = urlOf(route, ids);
  const factory = VALID_BODIES[key];
  const validBody = factory ? factory(ids) : undefined;
  const json = (payload: unknown): InjectOptions => ({
    method,
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
  const cases: Case[] = [];

  for (const param of route.params) {
    for (const value of HOSTILE_PARAMS) {
      cases.push({
        label: `param ${param}=${value.slice(0, 30)}`,
        request: {
          method,
          url: urlOf(route, ids, { [param]: value }),
          ...(validBody ? { payload: validBody } : {}),
        },
      });
    }
  }

  const queryNames = [...new Set([...route.query, ...(route.method === 'GET' ? COMMON_QUERY : [])])];
  for (const name of queryNames) {
    for (const value of HOSTILE_QUERY_VALUES) {
      cases.push({
        label: `query ${name}=${value.slice(0, 30)}`,
        request: { method, url: `${url}?${queryString([[name, value]])}` },
      });
    }
    cases.push({
      label: `query ${name} repeated`,
      request: {
        method,
        url: `${url}?${queryString([
          [name, '1'],
          [name, '2'],
        ])}`,
      },
    });
    cases.push({ label: `query ${name}[]`, request: { method, url: `${url}?${name}[]=1&${name}[x]=2` } });
  }
  if (queryNames.includes('page') && queryNames.includes('per_page')) {
    cases.push({ label: 'last safe page', request: { method, url: `${url}?page=9007199254740991&per_page=100` } });
  }
  if (queryNames.length > 0) {
    cases.push({
      label: 'query with every name at once, out of range',
      request: { method, url: `${url}?${queryString(queryNames.map((n) => [n, '99999999999999999999']))}` },
    });
  }

  if (route.method === 'GET') return cases;

  // Whole bodies of the wrong kind, on every route that accepts a body (and those that should not).
  const wholeBodies: [string, string][] = [
    ['null', 'null'],
    ['array', '[]'],
    ['string', '"text"'],
    ['number', '1e20'],
    ['true', 'true'],
    ['empty object', '{}'],
    ['broken JSON', '{"a":'],
    ['__proto__', '{"__proto__":{"is_admin":true}}'],
    ['constructor.prototype', '{"constructor":{"prototype":{"is_admin":true}}}'],
    ['deeply nested', `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ['nested beyond any stack', `{"a":${'['.repeat(400_000)}"\\u0000"${']'.repeat(400_000)}}`],
    ['huge string', JSON.stringify({ value: LONG })],
  ];
  for (const [label, payload] of wholeBodies) {
    cases.push({
      label: `body ${label}`,
      request: { method, url, headers: { 'content-type': 'application/json' }, payload },
    });
  }
  cases.push({ label: 'empty JSON body', request: { method, url, headers: { 'content-type': 'application/json' } } });
  cases.push({ label: 'no body, no content type', request: { method, url } });
  cases.push({
    label: 'body over the size limit',
    request: { method, url, headers: { 'content-type': 'application/json' }, payload: `"${'y'.repeat(1_100_000)}"` },
  });

  const base = validBody ?? {};
  const otherTypes: [string, string, string][] = [
    ['text/plain', 'text/plain', 'hello'],
    ['xml', 'application/xml', '<a>1</a>'],
    ['octet-stream', 'application/octet-stream', '\u0000\u0001'],
    ['form', 'application/x-www-form-urlencoded', formEncode(base)],
    ['form garbage', 'application/x-www-form-urlencoded', 'a=1&a=2&b[c]=3&%%%'],
    ['multipart without boundary', 'multipart/form-data', 'garbage'],
    ['multipart garbage', 'multipart/form-data; boundary=xyz', '--xyz\r\nnonsense\r\n--xyz--'],
    ['multipart fields', 'multipart/form-data; boundary=xyz', multipartOf(base)],
    ['multipart NUL fields', 'multipart/form-data; boundary=xyz', multipartOf(base, '\u0000')],
    ['json with charset', 'application/json; charset=latin1', JSON.stringify(base)],
    ['no subtype', 'application', '{}'],
  ];
  for (const [label, contentType, payload] of otherTypes) {
    cases.push({
      label: `content type ${label}`,
      request: { method, url, headers: { 'content-type': contentType }, payload },
    });
  }

  for (const field of Object.keys(base)) {
    for (const value of HOSTILE_VALUES) {
      const shown = typeof value === 'string' ? value.slice(0, 20) : JSON.stringify(value);
      cases.push({ label: `body ${field}=${shown}`, request: json({ ...base, [field]: value }) });
    }
    const { [field]: _omitted, ...without } = base;
    cases.push({ label: `body without ${field}`, request: json(without) });
  }
  if (validBody) {
    cases.push({ label: 'body with an unknown field', request: json({ ...base, is_admin: true, user_id: 1 }) });
    cases.push({
      label: 'every field an array',
      request: json(Object.fromEntries(Object.keys(base).map((k) => [k, [base[k]]]))),
    });
    cases.push({
      label: 'every field huge',
      request: json(Object.fromEntries(Object.keys(base).map((k) => [k, 1e20]))),
    });
  }
  return cases;
}

describe('hostile input on every /api route', () => {
  let t: TestApp;
  let jwks: TestJwks;
  let ids: SeededIds;
  let customer: { id: number; token: string };
  let admin: { token: string };
  let routes: ApiRoute[];
  /** the /api routes of the OpenAPI document, whose path parameters are ids, tokens or references */
  let documented: ApiRoute[];

  async function call(token: string, request: InjectOptions) {
    const headers = { ...(request.headers as Record<string, string> | undefined), ...bearer(token) };
    let payload = request.payload;
    if (typeof payload === 'string') payload = payload.replaceAll(UNIQUE, String((uniqueCounter += 1)));
    else if (payload && typeof payload === 'object' && !Buffer.isBuffer(payload)) {
      payload = JSON.parse(JSON.stringify(payload).replaceAll(UNIQUE, String((uniqueCounter += 1)))) as object;
    }
    return t.app.inject({ ...request, headers, ...(payload === undefined ? {} : { payload }) });
  }

  beforeAll(async () => {
    const clientId = 'fuzz.apps.googleusercontent.com';
    jwks = await startJwksServer(clientId);
    t = await buildTestApp({ env: { GOOGLE_CLIENT_ID: clientId, GOOGLE_JWKS_URL: jwks.url } });
    customer = await createUser(t.db);
    admin = await createUser(t.db, { admin: true });
    const category = await t.db
      .insertInto('categories')
      .values({
        name: 'Coats',
        name_key: 'coats',
        created_at: '2025-01-01T00:00:00Z',
        updated_at: '2025-01-01T00:00:00Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const product = await insertProduct(t.db, { stock: 500, categories: ['Coats'] });
    const otherProduct = await insertProduct(t.db, { stock: 500 });
    const reviewed = await insertProduct(t.db, { stock: 500 });

    const auth = bearer(customer.token);
    const cartItem = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: auth,
      payload: { product_id: product.id, quantity: 1 },
    });
    const entry = await t.app.inject({
      method: 'POST',
      url: '/api/wishlist',
      headers: auth,
      payload: { product_id: product.id },
    });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: auth,
      payload: orderBody([{ product_id: product.id, quantity: 1 }]),
    });
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: auth,
      payload: orderBody([{ product_id: reviewed.id, quantity: 1 }]),
    });
    const deliveredId = (delivered.json() as { order: { id: number } }).order.id;
    await t.db.updateTable('orders').set({ order_status: 'delivered' }).where('id', '=', deliveredId).execute();
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: auth,
      payload: { product_id: reviewed.id, rating: 4, review_text: 'Nice' },
    });
    for (const r of [cartItem, entry, order, delivered, review]) expect(r.statusCode, r.body).toBeLessThan(300);

    ids = {
      customer: customer.id,
      category: category.id,
      product: product.id,
      otherProduct: otherProduct.id,
      cartItem: (cartItem.json() as { cart_item: { id: number } }).cart_item.id,
      wishlistEntry: (entry.json() as { id: number }).id,
      order: (order.json() as { order: { id: number } }).order.id,
      review: (review.json() as { id: number }).id,
      googleToken: await jwks.sign({ sub: '1001', email: 'fuzz.google@gmail.com', email_verified: true }),
    };
    routes = allRoutes(t.app);
    documented = apiRoutes(t.app);
  });

  afterAll(async () => {
    await t.close();
    await jwks.close();
  });

  it('fuzzes every route the app registers, those hidden from the API document and outside /api included', () => {
    const fuzzed = new Set(routes.map((r) => r.key));
    expect(registeredRouteKeys(t.app).filter((key) => !fuzzed.has(key))).toEqual([]);
    expect([...fuzzed]).toEqual(
      expect.arrayContaining([
        'POST /broadcasting/auth',
        'GET /pay/sandbox/{reference}',
        'POST /pay/sandbox/phone/{reference}',
        'POST /pay/sandbox/{reference}',
        'GET /sitemap.xml',
        'GET /storage/{path}',
        'GET /',
      ]),
    );
  });

  it('knows a valid body for every route that takes one, and nothing about routes that do not exist', () => {
    expect(routes.length).toBeGreaterThan(40);
    const bodyRoutes = routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method)).map((r) => r.key);
    expect(bodyRoutes.sort()).toEqual(Object.keys(VALID_BODIES).sort());
  });

  it('answers 404 or 422, never a database error, to an id beyond a 32-bit integer in any path', async () => {
    const answers: string[] = [];
    for (const route of documented.filter((r) => r.params.length > 0)) {
      for (const param of route.params) {
        for (const value of ['2147483648', '9223372036854775808', '-2147483649']) {
          const { key } = route;
          const factory = VALID_BODIES[key];
          const response = await call(admin.token, {
            method: route.method as InjectOptions['method'],
            url: urlOf(route, ids, { [param]: value }),
            ...(factory ? { payload: factory(ids) } : {}),
          });
          answers.push(`${key} ${param}=${value} → ${response.statusCode}`);
          expect([404, 422], `${key} ${param}=${value}: ${response.body}`).toContain(response.statusCode);
        }
      }
    }
    expect(answers.length).toBeGreaterThan(40);
  });

  for (const role of ['customer', 'admin'] as const) {
    it(`never answers 5xx, and refuses with a JSON message, for a signed-in ${role}`, async () => {
      const failures: string[] = [];
      for (const route of routes) {
        const { key } = route;
        for (const { label, request } of casesFor(route, ids)) {
          const token = SPENDS_SESSION.has(key)
            ? (await createUser(t.db, { admin: role === 'admin' })).token
            : role === 'admin'
              ? admin.token
              : customer.token;
          const response = await call(token, request);
          const where = `${key} [${label}] → ${response.statusCode}`;
          if (response.statusCode >= 500) {
            failures.push(`${where} ${response.body.slice(0, 200)}`);
            continue;
          }
          if (response.statusCode >= 400 && answersJson(route)) {
            const type = String(response.headers['content-type'] ?? '');
            let message: unknown;
            try {
              message = (response.json() as { message?: unknown }).message;
            } catch {
              message = undefined;
            }
            if (!type.startsWith('application/json') || typeof message !== 'string' || message === '') {
              failures.push(`${where} not a JSON message: ${type} ${response.body.slice(0, 200)}`);
            }
          }
        }
      }
      expect(failures).toEqual([]);
    }, 600_000);
  }
});
