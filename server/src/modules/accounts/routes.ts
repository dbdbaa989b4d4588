import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountClaimBody,
  accountClaimViewSchema,
  CLAIM_MESSAGES,
  deleteAccountBody,
  emailBody,
  emailTokenQuery,
  googleTokenBody,
  loginBody,
  messageSchema as message,
  pagingQuery,
  profileBody,
  profileUpdatedSchema,
  publicConfigSchema,
  registerBody,
  resetBody,
  securityLogSchema,
  sessionListSchema,
  sessionsRevokedSchema,
  signedInSchema as signedIn,
  userSchema,
  validationErrorSchema as validationError,
} from '@mtumba/contract/account';
import { z } from 'zod';
import { DomainError, notFound, unauthenticated } from '../../lib/errors.js';
import { bearerAuth, idOrNotFound, setPagingHeaders } from '../../lib/http.js';
import { createGoogleVerifier } from './google.js';
import { userRepository } from './repository.js';
import { publicConfigReply } from './public-config.js';
import { listSecurityEvents } from '../security-log/service.js';
import { accountService, MESSAGES, type RequestContext } from './service.js';
import { phoneVerified } from '../sms/service.js';
import { isLanguage, languageCookie, requestLanguage } from '../../lib/language.js';

/** 400 for a language the shop does not speak (PUT /user/language). */
export const LANGUAGE_INVALID = 'The language must be en (English) or sw (Kiswahili).';
const languageBody = z
  .object({ language: z.unknown().describe('en (English) or sw (Kiswahili)') })
  .partial()
  .nullable()
  .optional();
const languageReply = z.object({ language: z.enum(['en', 'sw']) });

const authTags = ['accounts'];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The accounts calls of docs/product.md section 7, under /api. */
const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const service = accountService({
    db: app.db,
    config,
    events: app.events,
    verifyGoogleToken: config.google.clientId
      ? createGoogleVerifier({ clientId: config.google.clientId, jwksUrl: config.google.jwksUrl })
      : undefined,
  });

  // Per IP: @fastify/rate-limit's route option (runs on request, before the body is read).
  const perIp = { rateLimit: { max: config.rateLimit.authPerMinute, timeWindow: '1 minute' } };
  // Per e-mail: a second counter keyed by route and address, checked once the body is validated,
  // so one address cannot be hammered from many IPs.
  const emailLimiter = app.createRateLimit({
    max: config.rateLimit.authPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `email:${request.routeOptions.url}:${(request.body as { email: string }).email}`,
  });
  async function perEmail(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const result = await emailLimiter(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new DomainError(
        'too_many',
        `Too many attempts for this email address. Please try again in ${result.ttlInSeconds} seconds.`,
      );
    }
  }
  const tooMany = message.describe('Too many attempts');

  // Password checks on a signed-in account (PUT and DELETE /api/user) are limited like sign-in:
  // per account, so a stolen token cannot guess on, and per IP.
  const passwordLimiters = [
    app.createRateLimit({
      max: config.rateLimit.authPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request) => `password-ip:${request.ip}`,
    }),
    app.createRateLimit({
      max: config.rateLimit.authPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request) => `password-user:${request.user?.id ?? 0}`,
    }),
  ];
  const passwordGuard = (request: FastifyRequest, reply: FastifyReply) => async () => {
    for (const limiter of passwordLimiters) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new DomainError(
          'too_many',
          `Too many password attempts. Please try again in ${result.ttlInSeconds} seconds.`,
        );
      }
    }
  };

  const contextOf = (request: FastifyRequest): RequestContext => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    language: requestLanguage(request),
  });

  function currentUser(request: FastifyRequest) {
    if (!request.user || request.authTokenId === null) throw unauthenticated();
    return { user: request.user, tokenId: request.authTokenId };
  }

  app.get(
    '/config',
    {
      schema: {
        tags: ['config'],
        summary: 'Public settings the web app needs (Google sign-in, shop name and contact details, payment provider)',
        response: {
          200: publicConfigSchema,
        },
      },
    },
    async () => publicConfigReply(config),
  );

  app.post(
    '/register',
    {
      config: perIp,
      preHandler: perEmail,
      schema: {
        tags: authTags,
        summary: 'Create an account; a verification e-mail is sent',
        body: registerBody,
        response: { 201: signedIn, 422: validationError, 429: tooMany },
      },
    },
    async (request, reply) => {
      const { name, email, password } = request.body;
      const result = await service.register({ name, email, password }, contextOf(request));
      return reply.status(201).send({ ...result, message: MESSAGES.registered });
    },
  );

  // Claim links (docs/product.md section 13): the token, texted to a phone-only customer, is the permission.
  const claimParams = z.object({ token: z.string().max(200) });
  app.get(
    '/account-claims/:token',
    {
      config: perIp,
      schema: {
        tags: authTags,
        summary: 'Whom a claim link is for (a customer the shop created from a phone number alone)',
        params: claimParams,
        response: {
          200: accountClaimViewSchema,
          404: message,
          409: message,
          410: message,
          422: validationError,
          429: tooMany,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
      return service.viewClaim(request.params.token);
    },
  );

  app.post(
    '/account-claims/:token',
    {
      config: perIp,
      preHandler: perEmail,
      schema: {
        tags: authTags,
        summary:
          'Take over the account of a claim link: set an e-mail address (a verification e-mail is sent) and a password; signs in',
        params: claimParams,
        body: accountClaimBody,
        response: { 201: signedIn, 404: message, 409: message, 410: message, 422: validationError, 429: tooMany },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const result = await service.claimAccount(request.params.token, { email, password }, contextOf(request));
      return reply.status(201).send({ ...result, message: CLAIM_MESSAGES.claimed });
    },
  );

  app.post(
    '/login',
    {
      config: perIp,
      preHandler: perEmail,
      schema: {
        tags: authTags,
        summary: 'Sign in with e-mail and password',
        body: loginBody,
        response: { 200: signedIn, 401: message, 422: validationError, 429: tooMany },
      },
    },
    async (request) => ({ ...(await service.login(request.body, contextOf(request))), message: MESSAGES.loggedIn }),
  );

  app.post(
    '/logout',
    {
      onRequest: app.requireUser,
      schema: {
        tags: authTags,
        summary: 'Revoke the bearer token used for this call',
        security: bearerAuth,
        response: { 200: message, 401: message },
      },
    },
    async (request) => {
      const { user, tokenId } = currentUser(request);
      await service.logout(user.id, tokenId, contextOf(request));
      return { message: MESSAGES.loggedOut };
    },
  );

  app.get(
    '/user',
    {
      onRequest: app.requireUser,
      schema: {
        tags: authTags,
        summary: 'The signed-in user',
        security: bearerAuth,
        response: { 200: userSchema, 401: message },
      },
    },
    async (request) => {
      const { user } = currentUser(request);
      // Only a shop that sends texts verifies phones; without one the reply stays as it was.
      return config.sms ? { ...user, phone_verified: await phoneVerified(app.db, user.id) } : user;
    },
  );

  app.put(
    '/user',
    {
      onRequest: app.requireUser,
      schema: {
        tags: authTags,
        summary: 'Change name, e-mail or password',
        description:
          'A new e-mail or password needs `current_password` (an account without a password, made with Google: a Google sign-in of this session in the last 10 minutes). A new password revokes every other token. A new e-mail waits in `pending_email` until the link sent to it is followed; the old address is told, with a link that cancels the change. Password checks are rate-limited per account and per IP (429).',
        security: bearerAuth,
        body: profileBody,
        response: {
          200: profileUpdatedSchema,
          401: message,
          422: validationError,
          429: tooMany,
        },
      },
    },
    async (request, reply) => {
      const { user, tokenId } = currentUser(request);
      const result = await service.updateProfile(
        user.id,
        tokenId,
        request.body,
        contextOf(request),
        passwordGuard(request, reply),
      );
      return {
        user: result.user,
        message: result.emailChangePending
          ? MESSAGES.emailChangePending
          : result.emailChanged
            ? MESSAGES.profileUpdatedVerify
            : MESSAGES.profileUpdated,
      };
    },
  );

  app.put(
    '/user/language',
    {
      onRequest: app.requireUser,
      schema: {
        tags: authTags,
        summary: 'Choose the language of the shop for this account: en (English) or sw (Kiswahili)',
        description:
          'Body `{ "language": "sw" }`. Kept on the account (e-mails and texts go out in it) and in the `mtumba_lang` cookie (path /, one year, SameSite=Lax, readable by scripts), which sets the language of server messages. Any other value: 400.',
        security: bearerAuth,
        body: languageBody,
        response: { 200: languageReply, 400: message, 401: message },
      },
    },
    async (request, reply) => {
      const { user } = currentUser(request);
      const chosen = (request.body as { language?: unknown } | undefined)?.language;
      if (!isLanguage(chosen)) throw new DomainError('bad_request', LANGUAGE_INVALID);
      await userRepository(app.db).setLanguage(user.id, chosen, new Date().toISOString());
      user.language = chosen;
      reply.header('Set-Cookie', languageCookie(chosen, config.appUrl.startsWith('https:')));
      return { language: chosen };
    },
  );

  app.delete(
    '/user',
    {
      onRequest: app.requireUser,
      schema: {
        tags: authTags,
        summary: 'Delete the account and its personal data (orders stay, anonymised)',
        description:
          'With `current_password` (the web app sends it), or for an account without a password a Google sign-in of this session at most 10 minutes old, the account is deleted at once (`deleted: true`). ' +
          'Without that proof (no body) nothing is deleted yet: a one-time link to confirm is e-mailed to the account (valid 60 minutes) and the reply says so (`deleted: false`, `confirmation_sent: true`). ' +
          'Password checks are rate-limited per account and per IP.',
        security: bearerAuth,
        body: deleteAccountBody,
        response: {
          200: message.extend({
            deleted: z.boolean().describe('true: the account is gone; false: it waits for the e-mailed link'),
            confirmation_sent: z.boolean().describe('true when a confirmation link was e-mailed instead'),
          }),
          401: message,
          422: validationError,
          429: tooMany,
        },
      },
    },
    async (request, reply) => {
      const { user, tokenId } = currentUser(request);
      const { deleted } = await service.deleteAccount(
        user.id,
        request.body?.current_password,
        passwordGuard(request, reply),
        tokenId,
        contextOf(request),
      );
      return deleted
        ? { message: MESSAGES.accountDeleted, deleted: true, confirmation_sent: false }
        : { message: MESSAGES.deletionConfirmSent, deleted: false, confirmation_sent: true };
    },
  );

  const deletePage = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1>${escapeHtml(title)}</h1>${body}</body></html>`;

  app.get(
    '/user/delete/confirm',
    {
      config: perIp,
      schema: {
        tags: authTags,
        summary: 'The link in the deletion e-mail: a page asking to confirm (opening it deletes nothing)',
        querystring: emailTokenQuery,
        response: { 200: z.string().describe('HTML page with a confirm button'), 429: tooMany },
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? '';
      // A page with a button, not a deletion: mail scanners open links on their own.
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Referrer-Policy', 'no-referrer')
        .send(
          deletePage(
            `Delete your ${config.shopName} account?`,
            `<p>This deletes your account, your cart, wishlist and reviews. Orders stay in the shop's books without your name, phone or address. It cannot be undone.</p>` +
              `<form method="post" action="${escapeHtml(`${config.appUrl}/api/user/delete/confirm`)}">` +
              `<input type="hidden" name="token" value="${escapeHtml(token)}">` +
              `<button type="submit">Delete my account</button></form>` +
              `<p><a href="${escapeHtml(config.appUrl)}">Keep my account</a></p>`,
          ),
        );
    },
  );

  app.post(
    '/user/delete/confirm',
    {
      config: perIp,
      schema: {
        tags: authTags,
        summary: 'Confirms a deletion asked for without the password: deletes the account of a valid link',
        description:
          'Form or JSON body `token` from the e-mailed link. Redirects to `/login?account_deleted=1`, or `=0` for an unknown, used or expired link.',
        body: z.object({ token: z.string().max(200).optional() }).nullish(),
        response: { 302: z.null().describe('Redirect to the web app'), 429: tooMany },
      },
    },
    async (request, reply) => {
      const token = request.body?.token;
      const ok = token ? await service.confirmAccountDeletion(token) : false;
      return reply.redirect(`${config.appUrl}/login?account_deleted=${ok ? 1 : 0}`, 302);
    },
  );

  app.get(
    '/user/sessions',
    {
      onRequest: app.requireUser,
      schema: {
        tags: authTags,
        summary: "The account's live sessions (signed-in browsers), most recently used first",
        security: bearerAuth,
        response: { 200: sessionListSchema, 401: message },
      },
    },
    async (request) => {
      const { user, tokenId } = currentUser(request);
      return { sessions: await service.listSessions(user.id, tokenId) };
    },
  );

  app.delete(
    '/user/sessions/others',
    {
      onRequest: app.requireUser,
      schema: {
        tags: authTags,
        summary: 'Sign out everywhere else: every session but this one ends',
        security: bearerAuth,
        response: { 200: sessionsRevokedSchema, 401: message },
      },
    },
    async (request) => {
      const { user, tokenId } = currentUser(request);
      const revoked = await service.revokeOtherSessions(user.id, tokenId, contextOf(request));
      return { message: MESSAGES.otherSessionsRevoked, revoked };
    },
  );

  app.delete(
    '/user/sessions/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: authTags,
        summary: 'End one of your sessions',
        security: bearerAuth,
        params: z.object({ id: z.string() }),
        response: { 200: message, 401: message, 404: message },
      },
    },
    async (request) => {
      const { user } = currentUser(request);
      const id = idOrNotFound(request.params.id, MESSAGES.sessionNotFound);
      await service.revokeSession(user.id, id, contextOf(request));
      return { message: MESSAGES.sessionRevoked };
    },
  );

  app.get(
    '/admin/users/:id/security-events',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "A customer's security log, newest first; paged (X-Total-Count, Link)",
        description:
          'Sign-ins and failed sign-ins, password and e-mail changes, sessions ended, and admin changes to their orders (and, for an admin, to products).',
        security: bearerAuth,
        params: z.object({ id: z.string() }),
        querystring: pagingQuery,
        response: {
          200: securityLogSchema,
          401: message,
          403: message,
          404: message,
          422: validationError,
        },
      },
    },
    async (request, reply) => {
      const id = idOrNotFound(request.params.id, 'User not found.');
      const user = await userRepository(app.db).findById(id);
      if (!user) throw notFound('User not found.');
      const { page, per_page } = request.query;
      const { events, total } = await listSecurityEvents(app.db, id, { page, perPage: per_page });
      setPagingHeaders(request, reply, { page, perPage: per_page, total }, { per_page: String(per_page) });
      return {
        user: { id: user.id, name: user.name, email: user.email, is_admin: user.is_admin === 1 },
        events,
        total,
        page,
        per_page,
      };
    },
  );

  app.post(
    '/email/verification-notification',
    {
      config: perIp,
      preHandler: perEmail,
      schema: {
        tags: authTags,
        summary: 'Send a new verification link (same answer whether or not the account exists)',
        body: emailBody,
        response: { 200: message, 422: validationError, 429: tooMany },
      },
    },
    async (request) => {
      await service.resendVerification(request.body.email);
      return { message: MESSAGES.verificationSent };
    },
  );

  app.get(
    '/email/verify',
    {
      schema: {
        tags: authTags,
        summary: 'The link in the verification e-mail: verifies, then redirects to the web app',
        description: 'Redirects to `/login?verified=1`, or `/login?verified=0` for an unknown, used or expired link.',
        querystring: emailTokenQuery,
        response: { 302: z.null().describe('Redirect to the web app') },
      },
    },
    async (request, reply) => {
      const token = request.query.token;
      const ok = token ? await service.verifyEmail(token) : false;
      return reply.redirect(`${config.appUrl}/login?verified=${ok ? 1 : 0}`, 302);
    },
  );

  app.get(
    '/email/cancel-change',
    {
      config: perIp,
      schema: {
        tags: authTags,
        summary: 'The link in the notice to the old address: cancels an e-mail change and signs out everywhere',
        description:
          'Keeps (or puts back) the old address, ends every session, then redirects to `/login?email_change_cancelled=1`, or `=0` for an unknown, used or expired link.',
        querystring: emailTokenQuery,
        response: { 302: z.null().describe('Redirect to the web app'), 429: tooMany },
      },
    },
    async (request, reply) => {
      const token = request.query.token;
      const ok = token ? await service.cancelEmailChange(token, contextOf(request)) : false;
      return reply.redirect(`${config.appUrl}/login?email_change_cancelled=${ok ? 1 : 0}`, 302);
    },
  );

  app.post(
    '/forgot-password',
    {
      config: perIp,
      preHandler: perEmail,
      schema: {
        tags: authTags,
        summary: 'E-mail a password reset link (same answer whether or not the account exists)',
        body: emailBody,
        response: { 200: message, 422: validationError, 429: tooMany },
      },
    },
    async (request) => {
      await service.forgotPassword(request.body.email);
      return { message: MESSAGES.resetSent };
    },
  );

  app.post(
    '/reset-password',
    {
      config: perIp,
      preHandler: perEmail,
      schema: {
        tags: authTags,
        summary: 'Choose a new password with the link from the e-mail; signs out everywhere',
        body: resetBody,
        response: { 200: message, 422: validationError.partial({ errors: true }), 429: tooMany },
      },
    },
    async (request) => {
      const { token, email, password } = request.body;
      await service.resetPassword({ token, email, password }, contextOf(request));
      return { message: MESSAGES.passwordReset };
    },
  );

  app.post(
    '/auth/google/token-login',
    {
      config: perIp,
      schema: {
        tags: authTags,
        summary: 'Sign in with a Google ID token (from Google Identity Services)',
        body: googleTokenBody,
        response: { 200: signedIn, 401: message, 409: message, 422: validationError, 429: tooMany, 503: message },
      },
    },
    async (request) => ({
      ...(await service.googleLogin(request.body.token, contextOf(request))),
      message: MESSAGES.loggedIn,
    }),
  );
};

export default accountsRoutes;
