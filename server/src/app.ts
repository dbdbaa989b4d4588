import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import scheduledBackups from './backup/schedule.js';
import type { Config } from './config.js';
import { createDatabase, type Db } from './db/database.js';
import orderFlows from './flows/plugin.js';
import { productPublishing } from './flows/publish-product.js';
import { phoneVerification } from './flows/verify-phone.js';
import { prettyStream, wantsPrettyLogs } from './lib/logger.js';
import accountsRoutes from './modules/accounts/routes.js';
import cartRoutes from './modules/cart/routes.js';
import catalogImportRoutes from './modules/catalog/import-routes.js';
import catalogRoutes from './modules/catalog/routes.js';
import healthRoutes from './modules/health/routes.js';
import listingJob from './modules/listing/job.js';
import alertsJob from './modules/alerts/job.js';
import alertRoutes from './modules/alerts/routes.js';
import listingRoutes from './modules/listing/routes.js';
import insightsRoutes from './modules/insights/routes.js';
import mailPlugin from './modules/mail/plugin.js';
import manualOrdersRoutes from './modules/manual-orders/routes.js';
import newsletterRoutes from './modules/newsletter/routes.js';
import offersRoutes from './modules/offers/routes.js';
import returnsRoutes from './modules/returns/routes.js';
import ordersRoutes from './modules/orders/routes.js';
import deliveryRoutes from './modules/delivery/routes.js';
import discountRoutes from './modules/discounts/routes.js';
import paymentPages from './modules/payments/sandbox-pages.js';
import productFeeds from './modules/feeds/plugin.js';
import paymentsRoutes from './modules/payments/routes.js';
import realtime from './modules/realtime/plugin.js';
import pusher from './modules/realtime/pusher/plugin.js';
import reviewsRoutes from './modules/reviews/routes.js';
import savedSearchRoutes from './modules/saved-searches/routes.js';
import smsPlugin from './modules/sms/plugin.js';
import pushPlugin from './modules/push/plugin.js';
import pushRoutes from './modules/push/routes.js';
import smsRoutes from './modules/sms/routes.js';
import wishlistRoutes from './modules/wishlist/routes.js';
import auth from './plugins/auth.js';
import catalogueCache from './plugins/catalogue-cache.js';
import core from './plugins/core.js';
import docs from './plugins/docs.js';
import errors from './plugins/errors.js';
import inputGuard from './plugins/input-guard.js';
import limits from './plugins/limits.js';
import metrics from './plugins/metrics.js';
import { RequestLogController, redactPathTokens } from './plugins/request-log.js';
import redis from './plugins/redis.js';
import security from './plugins/security.js';
import web from './plugins/web.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** false in most tests: background jobs (outbox, sweeper) are then run by hand */
    jobsEnabled: boolean;
    /**
     * Every route the app registered (HEAD and OPTIONS left out), hidden ones and those outside
     * /api included: the hostile-input suite checks it fuzzes each one.
     */
    registeredRoutes: RegisteredRoute[];
  }
}

export interface RegisteredRoute {
  method: string;
  /** as registered: /api/products/:id, /pay/sandbox/:reference, /* */
  url: string;
  /** left out of the OpenAPI document */
  hidden: boolean;
}

export interface BuildOptions {
  config: Config;
  /** an open database (tests); otherwise one is opened from the configuration and closed with the app */
  db?: Db;
  /** pino logger options over the app's own (level, redaction), or false for none */
  logger?: boolean | Record<string, unknown>;
  /** run background jobs (mail outbox, reservation sweeper); default true */
  jobs?: boolean;
  /** render the storefront with this server entry instead of the web build's (tests) */
  ssrEntry?: string;
}

export const MAX_JSON_BODY_BYTES = 1024 * 1024;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

// E-mail links carry one-time tokens (verify, reset) and the address in their query string.
const SECRET_QUERY_VALUE = /([?&](?:token|email)=)[^&#]*/gi;

/** A request URL as the logs may keep it: one-time tokens, pay-link tokens and e-mail addresses blanked out. */
export function urlForLog(url: string): string {
  return redactPathTokens(url).replace(SECRET_QUERY_VALUE, '$1[redacted]');
}

/** Fastify's own request serializer, but with `urlForLog`. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Builds the whole application without listening: `main.ts` starts it, tests `inject` into it. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const ownLogger = typeof options.logger === 'object' ? options.logger : {};
  const pretty = options.logger !== false && !('stream' in ownLogger) && wantsPrettyLogs(config);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: { req: requestForLog },
            ...(pretty ? { stream: await prettyStream() } : {}),
            ...ownLogger,
          },
    logController: new RequestLogController(),
    bodyLimit: MAX_JSON_BODY_BYTES,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('jobsEnabled', options.jobs ?? true);
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      registeredRoutes.push({ method, url: route.url, hidden: route.schema?.hide === true });
    }
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    done(null, payload);
  });

  // Ecosystem plugins first, then ours, then routes (fastify/demo's order).
  await app.register(core, {
    config,
    db: options.db ?? createDatabase(config.database),
    ownsDb: !options.db,
  });
  await app.register(metrics);
  await app.register(errors);
  await app.register(inputGuard);
  await app.register(redis);
  await app.register(security);
  await app.register(limits);
  await app.register(docs);
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 8, fields: 40, fieldSize: 64 * 1024 },
  });
  await app.register(formbody);
  await app.register(auth);
  await app.register(catalogueCache);
  await app.register(mailPlugin);
  await app.register(smsPlugin);
  await app.register(pushPlugin);
  await app.register(realtime);
  await app.register(pusher);
  await app.register(scheduledBackups);
  await app.register(listingJob);
  await app.register(alertsJob);
  await app.register(orderFlows);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(accountsRoutes);
      await api.register(catalogRoutes, { publish: productPublishing(config) });
      await api.register(reviewsRoutes);
      await api.register(cartRoutes);
      await api.register(wishlistRoutes);
      await api.register(ordersRoutes);
      await api.register(deliveryRoutes);
      await api.register(discountRoutes);
      await api.register(paymentsRoutes);
      await api.register(manualOrdersRoutes);
      await api.register(newsletterRoutes);
      await api.register(listingRoutes);
      await api.register(alertRoutes);
      await api.register(savedSearchRoutes);
      await api.register(insightsRoutes);
      await api.register(catalogImportRoutes);
      await api.register(smsRoutes, { verification: phoneVerification() });
      await api.register(offersRoutes);
      await api.register(returnsRoutes);
      await api.register(pushRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(paymentPages);
  await app.register(productFeeds);
  await app.register(web, { ssrEntry: options.ssrEntry });

  return app;
}
