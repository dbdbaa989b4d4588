import compress from '@fastify/compress';
import cors from '@fastify/cors';
import { constants as zlibConstants } from 'node:zlib';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers helmet would set, worked out once: they are the same on every reply, and
 * building them per request (as @fastify/helmet does) cost a quarter of a health check.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  let failure: unknown;
  // helmet's middleware is synchronous and only sets headers; it calls next with any error.
  helmet(options)({} as never, res as never, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/** Security headers, CORS, compression and the global rate limit. */
export default fp(
  async (app) => {
    const { config } = app;
    const helmetHeaders = securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
          styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
          imgSrc: ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com'],
          // Only our own origin (Socket.IO's ws/wss of APP_URL's host included) and configured ones.
          connectSrc: [
            "'self'",
            `${config.appUrl.startsWith('https:') ? 'wss' : 'ws'}://${new URL(config.appUrl).host}`,
            ...config.corsOrigins,
            'https://accounts.google.com/gsi/',
          ],
          frameSrc: ["'self'", 'https://accounts.google.com/gsi/'],
          formAction: ["'self'", config.payments.intasend.apiUrl],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Google's sign-in pop-up talks back to the opener window.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(helmetHeaders);
      done();
    });
    await app.register(cors, {
      origin: config.corsOrigins.length ? config.corsOrigins : false,
      credentials: false,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Authorization', 'Content-Type', 'X-Requested-With', 'Accept', 'X-Socket-ID', 'X-Request-Id'],
      exposedHeaders: ['X-Total-Count', 'Link', 'ETag', 'X-Request-Id'],
      maxAge: 600,
    });
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip', 'deflate'],
      // The replies are small: a 256 KB window instead of the 4 MB one each compression would allocate.
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } },
    });
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimit.perMinute,
      timeWindow: '1 minute',
      redis: app.redis ?? undefined,
      nameSpace: 'mtumba-rl:',
      // A Redis outage must not take the shop down: serve without limits until it is back.
      skipOnError: true,
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      }),
    });
  },
  { name: 'security', dependencies: ['db'] },
);
