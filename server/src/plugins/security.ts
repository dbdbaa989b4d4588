import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

/** Security headers, CORS, compression and the global rate limit. */
export default fp(
  async (app) => {
    const { config } = app;
    await app.register(helmet, {
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
    await app.register(cors, {
      origin: config.corsOrigins.length ? config.corsOrigins : false,
      credentials: false,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Authorization', 'Content-Type', 'X-Requested-With', 'Accept', 'X-Socket-ID', 'X-Request-Id'],
      exposedHeaders: ['X-Total-Count', 'Link', 'ETag', 'X-Request-Id'],
      maxAge: 600,
    });
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
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
