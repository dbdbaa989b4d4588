import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { KeyedLimit } from '../lib/limits.js';

// The limit helpers themselves are in lib/limits.ts: modules use them, and never import a plugin.

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A limit of `max` uses per `windowSeconds` for any key (a phone number, an order, an account),
     * outside a request's own rate limit. It is the global rate limit's machinery
     * (@fastify/rate-limit): counted in Redis when REDIS_URL is set, so every instance shares it,
     * else in this process; a Redis outage lets calls through, like the global limit. Limits are
     * made once per name, so every plugin that asks for the same name shares one count.
     */
    keyedLimit(name: string, options: { max: number; windowSeconds: number }): KeyedLimit;
  }
}

interface KeyedRequest {
  limitKey: string;
  routeOptions: { config: Record<string, never> };
}

export default fp(
  async (app) => {
    const made = new Map<string, KeyedLimit>();
    app.decorate('keyedLimit', (name: string, options: { max: number; windowSeconds: number }): KeyedLimit => {
      const existing = made.get(name);
      if (existing) return existing;
      const limiter = app.createRateLimit({
        max: options.max,
        timeWindow: options.windowSeconds * 1000,
        keyGenerator: (request) => `${name}:${(request as unknown as KeyedRequest).limitKey}`,
      });
      const limit: KeyedLimit = async (key) => {
        const request: KeyedRequest = { limitKey: key, routeOptions: { config: {} } };
        const result = await limiter(request as unknown as FastifyRequest);
        if (result.isAllowed || !result.isExceeded) return { allowed: true, retryInSeconds: 0 };
        return { allowed: false, retryInSeconds: Math.max(1, result.ttlInSeconds) };
      };
      made.set(name, limit);
      return limit;
    });
  },
  { name: 'limits', dependencies: ['security'] },
);
