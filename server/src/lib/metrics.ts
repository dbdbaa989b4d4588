import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The shop's Prometheus metrics, served at /api/metrics (plugins/metrics.ts). One registry per
 * process: other modules import a metric from here and count on it.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** Every HTTP request by route pattern (never the raw URL), method and status. */
export const httpRequestDuration = new Histogram({
  name: 'mtumba_http_request_duration_seconds',
  help: 'HTTP requests by route pattern, method and status code: count, and time to answer',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

export const ordersPlaced = new Counter({
  name: 'mtumba_orders_placed_total',
  help: 'Orders placed',
  registers: [metricsRegistry],
});

/** outcome: paid, failed, refund_due, duplicate_payment, refused, already_paid, ignored */
export const paymentsSettled = new Counter({
  name: 'mtumba_payments_total',
  help: 'Payments by outcome',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const ordersExpired = new Counter({
  name: 'mtumba_orders_expired_total',
  help: 'Unpaid orders the sweeper cancelled because their reservation ran out',
  registers: [metricsRegistry],
});

/** Background job runs (the reservation sweeper is `expire-unpaid-orders`), by outcome ok|error. */
export const jobRuns = new Counter({
  name: 'mtumba_job_runs_total',
  help: 'Background job runs by job and outcome',
  labelNames: ['job', 'outcome'] as const,
  registers: [metricsRegistry],
});

/**
 * For the public catalogue cache: `catalogCacheRequests.inc({ result: 'hit' })` (or 'miss').
 * Hit rate: rate(mtumba_catalog_cache_requests_total{result="hit"}[5m]) / rate(mtumba_catalog_cache_requests_total[5m]).
 */
export const catalogCacheRequests = new Counter({
  name: 'mtumba_catalog_cache_requests_total',
  help: 'Public catalogue cache lookups by result (hit or miss)',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

/** Read from the database at each scrape. */
export const mailOutbox = new Gauge({
  name: 'mtumba_mail_outbox_messages',
  help: 'Messages in the mail outbox by status (pending is the backlog; failed gave up)',
  labelNames: ['status'] as const,
  registers: [metricsRegistry],
});

export const paymentsByStatus = new Gauge({
  name: 'mtumba_payments_by_status',
  help: 'Payment attempts in the database by status',
  labelNames: ['status'] as const,
  registers: [metricsRegistry],
});
