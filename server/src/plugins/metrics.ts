import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  httpRequestDuration,
  mailOutbox,
  metricsRegistry,
  ordersPlaced,
  paymentsByStatus,
  ordersExpired,
  paymentsSettled,
} from '../lib/metrics.js';
import { statusCounts } from './metrics-repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The route label of a request no route matched but a fallback answered (the web app's
     * client-drawn screens are `/*`); left null, such a request counts as `unmatched`.
     */
    metricsRoute: string | null;
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Without METRICS_TOKEN: only a scraper on this machine talking to the instance directly (a
 * loopback address and no proxy header, so nothing nginx forwards passes even without
 * TRUST_PROXY). With it: `Authorization: Bearer <METRICS_TOKEN>` from anywhere.
 */
function mayScrape(request: FastifyRequest, token: string | undefined): 'ok' | 'token' | 'local' {
  if (token) {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    return given && timingSafeEqual(digest(given), digest(token)) ? 'ok' : 'token';
  }
  const direct = !request.headers['x-forwarded-for'] && !request.headers.forwarded;
  return direct && LOOPBACK.has(request.socket.remoteAddress ?? '') ? 'ok' : 'local';
}

/** Request counts and latencies by route, domain counters from events, and GET /api/metrics. */
export default fp(
  async (app) => {
    app.decorateRequest('metricsRoute', null);
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? request.metricsRoute ?? 'unmatched';
      httpRequestDuration.observe(
        { method: request.method, route, status_code: reply.statusCode },
        reply.elapsedTime / 1000,
      );
    });

    const unsubscribe = [
      app.events.on('order.created', () => ordersPlaced.inc()),
      app.events.on('payment.settled', (e) => paymentsSettled.inc({ outcome: e.outcome })),
      app.events.on('order.expired', () => ordersExpired.inc()),
    ];
    app.addHook('onClose', async () => unsubscribe.forEach((off) => off()));

    app.get(
      '/api/metrics',
      {
        config: { rateLimit: false },
        schema: {
          tags: ['health'],
          summary: 'Prometheus metrics (bearer METRICS_TOKEN, or from this machine when it is unset)',
          response: { 200: z.string(), 401: z.object({ message: z.string() }), 403: z.object({ message: z.string() }) },
        },
      },
      async (request, reply) => {
        const allowed = mayScrape(request, app.config.metricsToken);
        if (allowed === 'token') {
          return reply.status(401).send({ message: 'Metrics need the bearer token set in METRICS_TOKEN.' });
        }
        if (allowed === 'local') {
          return reply.status(403).send({
            message: 'Metrics are served only to this machine. Set METRICS_TOKEN to scrape them from elsewhere.',
          });
        }
        const { outbox, payments } = await statusCounts(app.db);
        mailOutbox.reset();
        for (const status of ['pending', 'failed']) mailOutbox.set({ status }, 0);
        for (const r of outbox) if (r.status !== 'sent') mailOutbox.set({ status: r.status }, Number(r.n));
        paymentsByStatus.reset();
        for (const r of payments) paymentsByStatus.set({ status: r.status }, Number(r.n));
        return reply
          .header('Cache-Control', 'no-store')
          .type(metricsRegistry.contentType)
          .send(await metricsRegistry.metrics());
      },
    );
  },
  { name: 'metrics', dependencies: ['db'] },
);
