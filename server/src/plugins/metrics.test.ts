import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import {
  bearer,
  buildTestApp,
  createTestDatabase,
  createUser,
  testConfig,
  type TestApp,
  type TestDatabase,
} from '../../test/helpers.js';
import { expireReservation, orderBody, orderableProduct } from '../../test/order-fixtures.js';
import { expireUnpaidOrders } from '../modules/orders/sweeper.js';
import { startRepeatingJob } from '../lib/jobs.js';
import { metricsRegistry } from '../lib/metrics.js';
import { queueMail } from '../modules/mail/outbox.js';

/** The value of one sample line (`name{labels} value`), 0 when the series is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('/api/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('counts orders placed and requests by route pattern, not by URL', async () => {
    const before = await scrape();
    const customer = await createUser(t.db);
    const product = await orderableProduct(t.db, { stock: 5 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(customer.token),
      payload: orderBody([{ product_id: product.id, quantity: 1 }]),
    });
    expect(placed.statusCode).toBe(201);
    await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` });

    const after = await scrape();
    expect(sample(after, 'mtumba_orders_placed_total') - sample(before, 'mtumba_orders_placed_total')).toBe(1);
    const orders = 'mtumba_http_request_duration_seconds_count{method="POST",route="/api/orders",status_code="201"}';
    expect(sample(after, orders) - sample(before, orders)).toBe(1);
    expect(after).toContain('route="/api/products/:id"');
    expect(after).not.toContain(`route="/api/products/${product.id}"`);
    expect(after).toContain('mtumba_http_request_duration_seconds_bucket{le="0.005"');
  });

  it('counts payments by outcome and orders the sweeper expired', async () => {
    const before = await scrape();
    const customer = await createUser(t.db);
    const product = await orderableProduct(t.db, { stock: 1 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(customer.token),
      payload: orderBody([{ product_id: product.id, quantity: 1 }]),
    });
    const orderId = placed.json().order.id as number;
    // a payment outcome the payment code reports, and an expiry
    t.app.events.emit('payment.settled', { orderId, provider: 'sandbox', outcome: 'refused' });
    await expireReservation(t.db, orderId);
    await expireUnpaidOrders(t.db, new Date(), { events: t.app.events });
    const after = await scrape();
    const refused = 'mtumba_payments_total{outcome="refused"}';
    expect(sample(after, refused) - sample(before, refused)).toBe(1);
    expect(sample(after, 'mtumba_orders_expired_total') - sample(before, 'mtumba_orders_expired_total')).toBe(1);
  });

  it('reads the outbox backlog at each scrape', async () => {
    const before = sample(await scrape(), 'mtumba_mail_outbox_messages{status="pending"}');
    await queueMail(t.db, { to: 'a@example.com', subject: 'Hi', html: '<p>Hi</p>', text: 'Hi', template: 'test' });
    const after = sample(await scrape(), 'mtumba_mail_outbox_messages{status="pending"}');
    expect(after - before).toBe(1);
  });

  it('counts background job runs, the reservation sweeper among them', async () => {
    const series = 'mtumba_job_runs_total{job="expire-unpaid-orders",outcome="ok"}';
    const before = sample(await scrape(), series);
    let runs = 0;
    const stop = startRepeatingJob('expire-unpaid-orders', 5, async () => (runs += 1), t.app.log);
    while (runs < 2) await new Promise((r) => setTimeout(r, 5));
    await stop();
    expect(sample(await scrape(), series) - before).toBeGreaterThanOrEqual(2);
  });

  it('is refused to anyone not on this machine when no token is set, also through a proxy', async () => {
    const remote = await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().message).toContain('METRICS_TOKEN');
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(403);
  });
});

describe('/api/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: 'scrape-me-please' } });
  });
  afterAll(async () => t.close());

  it('needs the bearer token, from anywhere', async () => {
    const get = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '198.51.100.7', headers });
    expect((await get({})).statusCode).toBe(401);
    expect((await get({ authorization: 'Bearer wrong' })).statusCode).toBe(401);
    const ok = await get({ authorization: 'Bearer scrape-me-please' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('# TYPE mtumba_orders_placed_total counter');
  });
});

/** Every sample line of one metric (a histogram's _bucket, _sum and _count lines included). */
function samplesOf(text: string, name: string): string[] {
  const own = new RegExp(`^${name}(?:_bucket|_sum|_count)?[{ ]`);
  return text.split('\n').filter((line) => own.test(line));
}

describe('/api/metrics after a shopper, the shop and its jobs have been busy', () => {
  // The whole app as served, storefront pages drawn on the server from the web app's sources.
  const webRoot = path.resolve(import.meta.dirname, '../../../web');
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    const dist = path.join(database.dataDir, 'web-dist');
    fs.mkdirSync(dist, { recursive: true });
    fs.copyFileSync(path.join(webRoot, 'index.html'), path.join(dist, 'index.html'));
    const config = testConfig(database.dataDir, { WEB_DIST_DIR: dist });
    app = await buildApp({
      config,
      db: database.db,
      logger: false,
      jobs: false,
      ssrEntry: path.join(webRoot, 'src', 'entry-server.tsx'),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const scrape = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, url).toBe(200);
    return res;
  };

  it('shows every metric the shop declares moved, and names server-drawn pages by their route', async () => {
    // The shop's own metrics, read from the registry: one declared and never set fails here.
    const declared = metricsRegistry
      .getMetricsAsArray()
      .map((metric) => metric.name)
      .filter((name) => name.startsWith('mtumba_'));
    expect(declared.length).toBeGreaterThanOrEqual(8);
    const before = await scrape();

    const customer = await createUser(app.db);
    const product = await orderableProduct(app.db, { stock: 3 });
    // Server-drawn storefront pages, and the same API list twice: a cache miss, then a hit.
    await get('/');
    await get('/products');
    await get(`/products/${product.id}`);
    await get('/cart');
    await get('/api/products?per_page=5');
    await get('/api/products?per_page=5');

    // An order paid through the sandbox checkout; another left to expire by the sweeper's job.
    const paid = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(customer.token),
      payload: orderBody([{ product_id: product.id, quantity: 1 }]),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const initiated = await app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      headers: bearer(customer.token),
      payload: { order_id: paid.json().order.id },
    });
    expect(initiated.statusCode, initiated.body).toBe(201);
    const payment = await app.inject({
      method: 'POST',
      url: `/pay/sandbox/${initiated.json().reference}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ outcome: 'success', method: 'mpesa', phone: '0712 345 678' }).toString(),
    });
    expect(payment.statusCode, payment.body).toBe(303);

    const unpaid = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(customer.token),
      payload: orderBody([{ product_id: product.id, quantity: 1 }]),
    });
    expect(unpaid.statusCode, unpaid.body).toBe(201);
    await expireReservation(app.db, unpaid.json().order.id);
    let ran!: () => void;
    const sweeperRan = new Promise<void>((resolve) => (ran = resolve));
    const stop = startRepeatingJob(
      'expire-unpaid-orders',
      1,
      async () => {
        await expireUnpaidOrders(app.db, new Date(), { events: app.events });
        ran();
      },
      app.log,
    );
    await sweeperRan;
    await stop();
    await queueMail(app.db, { to: 'a@example.com', subject: 'Hi', html: '<p>Hi</p>', text: 'Hi', template: 'test' });

    const after = await scrape();
    const still = declared.filter((name) => {
      const now = samplesOf(after, name);
      return now.length === 0 || now.join('\n') === samplesOf(before, name).join('\n');
    });
    expect(still, 'metrics that did not move').toEqual([]);

    const pages = (route: string) =>
      `mtumba_http_request_duration_seconds_count{method="GET",route="${route}",status_code="200"}`;
    for (const route of ['/', '/products', '/products/:id', '/*']) {
      expect(sample(after, pages(route)) - sample(before, pages(route)), route).toBe(1);
    }
    expect(after).not.toContain(`route="/products/${product.id}"`);
    expect(after).not.toContain('route="unmatched",status_code="200"');
    const hits = 'mtumba_catalog_cache_requests_total{result="hit"}';
    expect(sample(after, hits) - sample(before, hits)).toBeGreaterThanOrEqual(1);
  });
});
