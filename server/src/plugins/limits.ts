import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../lib/errors.js';

/** What a keyed limit answers: allowed, or refused with the seconds until the window ends. */
export interface LimitAnswer {
  allowed: boolean;
  retryInSeconds: number;
}

/** Counts one use of `key` against a limit and says whether it is still within it. */
export type KeyedLimit = (key: string) => Promise<LimitAnswer>;

/** "45 seconds", "1 minute", "12 minutes": how long to wait, as a person would say it. */
export function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Counts one use against each limit in turn (stopping at the first refusal) and throws a 429 whose
 * message says what was refused and when to try again; `retry_after_seconds` carries the wait.
 */
export async function withinLimits(
  checks: readonly { limit: KeyedLimit; key: string; refusal: string }[],
): Promise<void> {
  for (const { limit, key, refusal } of checks) {
    const answer = await limit(key);
    if (!answer.allowed) {
      throw new DomainError('too_many', `${refusal} Please try again in ${waitText(answer.retryInSeconds)}.`, {
        extra: { retry_after_seconds: answer.retryInSeconds },
      });
    }
  }
}

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
