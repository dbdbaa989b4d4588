import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError, forbidden, unauthenticated } from '../lib/errors.js';
import { type AuthUser } from '../modules/accounts/tokens.js';
import { tokenRepository, type AuthenticatedToken, type TokenCompanion } from '../modules/accounts/token-repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the auth hooks; null for visitors. */
    user: AuthUser | null;
    authTokenId: number | null;
  }
  interface FastifyInstance {
    /** preHandler: reads the bearer token if any; never refuses. */
    identify: preHandlerHookHandler;
    /** preHandler: 401 `Unauthenticated.` without a live bearer token. */
    requireUser: preHandlerHookHandler;
    /**
     * In a route's handler: `requireUser` and the route's own read of the user's data (a
     * TokenCompanion) in one statement; gives that read, or throws 401 `Unauthenticated.`.
     */
    requireUserAlong<T>(request: FastifyRequest, along: TokenCompanion<T>): Promise<T>;
    /** preHandler: 401 without a token, 403 `Forbidden.` for a customer. */
    requireAdmin: preHandlerHookHandler;
    /** preHandler: 401 without a token, 403 for an account whose e-mail is not verified. */
    requireVerified: preHandlerHookHandler;
  }
}

export const VERIFY_FIRST_MESSAGE = 'Please verify your email address first.';
/**
 * A session's last use is written at most this often, not on every request; it renews the idle
 * lifetime, which is counted in days, so minutes of slack do not matter.
 */
export const TOUCH_EVERY_MS = 5 * 60_000;
/**
 * Token uses are gathered this long before they are written, in one UPDATE: a crowd arriving
 * for a sale writes a few, not one per shopper (on SQLite a write is over before the next
 * request's turn, so "while one write is on its way" gathered nothing there).
 */
const TOUCH_GATHER_MS = 50;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export default fp(
  async (app) => {
    const tokens = tokenRepository(app.db);
    app.decorateRequest('user', null);
    app.decorateRequest('authTokenId', null);

    // Token uses waiting to be recorded: gathered for TOUCH_GATHER_MS, then written in a single
    // UPDATE; while one write is on its way the next ones gather for the next.
    let pending = new Set<number>();
    let writing: Promise<void> | undefined;
    let scheduled = false;
    function writeTouches(): void {
      scheduled = false;
      if (pending.size === 0 || writing) return;
      const ids = [...pending];
      pending = new Set();
      writing = tokens
        .touch(ids)
        .catch((err: unknown) => app.log.warn({ err }, 'could not record token use'))
        .finally(() => {
          writing = undefined;
          if (pending.size > 0) scheduleTouches();
        });
    }
    function scheduleTouches(): void {
      if (scheduled || writing) return;
      scheduled = true;
      setTimeout(writeTouches, TOUCH_GATHER_MS).unref();
    }
    function touchSoon(tokenId: number): void {
      pending.add(tokenId);
      scheduleTouches();
    }
    app.addHook('onClose', async () => {
      while (writing || pending.size > 0) {
        if (writing) await writing;
        else writeTouches();
      }
    });

    function signIn(request: FastifyRequest, found: AuthenticatedToken): void {
      request.user = found.user;
      request.authTokenId = found.tokenId;
      const last = found.lastUsedAt ? Date.parse(found.lastUsedAt) : 0;
      if (Date.now() - last > TOUCH_EVERY_MS) {
        touchSoon(found.tokenId);
      }
    }

    async function identify(request: FastifyRequest): Promise<void> {
      if (request.user) return;
      const plain = bearerToken(request);
      if (!plain) return;
      const found = await tokens.authenticate(plain, app.config.sessions);
      if (found) signIn(request, found);
    }

    async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
      await identify(request);
      if (!request.user) throw unauthenticated();
    }

    app.decorate('identify', async (request: FastifyRequest) => identify(request));
    app.decorate('requireUser', requireUser);
    app.decorate('requireUserAlong', async <T>(request: FastifyRequest, along: TokenCompanion<T>): Promise<T> => {
      const plain = bearerToken(request);
      const found = plain ? await tokens.authenticateAlong(plain, app.config.sessions, along) : undefined;
      if (!found) throw unauthenticated();
      signIn(request, found);
      return found.along;
    });
    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      await requireUser(request, reply);
      if (!request.user?.is_admin) throw forbidden();
    });
    app.decorate('requireVerified', async (request: FastifyRequest, reply: FastifyReply) => {
      await requireUser(request, reply);
      if (!request.user?.email_verified) throw new DomainError('forbidden', VERIFY_FIRST_MESSAGE);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
