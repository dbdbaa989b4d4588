import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError, unauthenticated } from '../../lib/errors.js';
import { createGoogleVerifier } from './google.js';
import { accountService, MESSAGES } from './service.js';

const required = (field: string) => ({ error: `The ${field} field is required.`, abort: true });

const nameField = z
  .string()
  .trim()
  .min(1, required('name'))
  .max(255, 'The name field must not be greater than 255 characters.');
const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, required('email'))
  .max(255, { error: 'The email field must not be greater than 255 characters.', abort: true })
  .email('The email field must be a valid email address.');
const newPassword = z
  .string()
  .min(8, 'The password field must be at least 8 characters.')
  .max(255, 'The password field must not be greater than 255 characters.');
const anyPassword = z.string().min(1, required('password')).max(1000);

const PASSWORD_MISMATCH = 'The password field confirmation does not match.';

const userSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    is_admin: z.boolean(),
    email_verified: z.boolean(),
  })
  .meta({ id: 'User' });
const message = z.object({ message: z.string() });
const validationError = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) });
const signedIn = z.object({ token: z.string(), user: userSchema, message: z.string() });

const registerBody = z
  .object({
    name: nameField,
    email: emailField,
    password: newPassword,
    password_confirmation: z.string({ error: 'The password confirmation field is required.' }),
  })
  .refine((b) => b.password === b.password_confirmation, { path: ['password'], message: PASSWORD_MISMATCH });

const resetBody = z
  .object({
    token: z.string().min(1, required('token')).max(200),
    email: emailField,
    password: newPassword,
    password_confirmation: z.string({ error: 'The password confirmation field is required.' }),
  })
  .refine((b) => b.password === b.password_confirmation, { path: ['password'], message: PASSWORD_MISMATCH });

const optionalText = z.string().max(1000).nullish();
const profileBody = z
  .object({
    name: nameField,
    email: emailField,
    current_password: optionalText,
    password: optionalText,
    password_confirmation: optionalText,
  })
  .superRefine((b, ctx) => {
    if (!b.password) return;
    if (b.password.length < 8) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: 'The password field must be at least 8 characters.',
      });
    } else if (b.password !== (b.password_confirmation ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MISMATCH });
    }
  });

const authTags = ['accounts'];
const bearer = [{ bearer: [] }];

/** The accounts calls of SPEC.md section 7, under /api. */
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
          200: z.object({
            google_client_id: z.string().nullable(),
            google_enabled: z.boolean(),
            shop_name: z.string(),
            payment_provider: z.string(),
            shop_email: z.string(),
            shop_address: z.string(),
            shop_phone: z.string(),
            /** digits only, ready for https://wa.me/{number} */
            shop_whatsapp: z.string(),
            shop_hours: z.string(),
            shop_returns_policy: z.string(),
          }),
        },
      },
    },
    async () => ({
      google_client_id: config.google.clientId ?? null,
      google_enabled: Boolean(config.google.clientId),
      shop_name: config.shopName,
      payment_provider: config.payments.provider,
      shop_email: config.mail.shopEmail,
      shop_address: config.shopProfile.address,
      shop_phone: config.shopProfile.phone,
      shop_whatsapp: config.shopProfile.whatsapp,
      shop_hours: config.shopProfile.hours,
      shop_returns_policy: config.shopProfile.returnsPolicy,
    }),
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
      const result = await service.register({ name, email, password });
      return reply.status(201).send({ ...result, message: MESSAGES.registered });
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
        body: z.object({ email: emailField, password: anyPassword }),
        response: { 200: signedIn, 401: message, 422: validationError, 429: tooMany },
      },
    },
    async (request) => ({ ...(await service.login(request.body)), message: MESSAGES.loggedIn }),
  );

  app.post(
    '/logout',
    {
      onRequest: app.requireUser,
      schema: {
        tags: authTags,
        summary: 'Revoke the bearer token used for this call',
        security: bearer,
        response: { 200: message, 401: message },
      },
    },
    async (request) => {
      const { user, tokenId } = currentUser(request);
      await service.logout(user.id, tokenId);
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
        security: bearer,
        response: { 200: userSchema, 401: message },
      },
    },
    async (request) => currentUser(request).user,
  );

  app.put(
    '/user',
    {
      onRequest: app.requireUser,
      schema: {
        tags: authTags,
        summary: 'Change name, e-mail or password',
        description:
          'A new password needs the current one (unless the account has none, e.g. made with Google) and revokes every other token. A new e-mail must be verified again.',
        security: bearer,
        body: profileBody,
        response: { 200: z.object({ user: userSchema, message: z.string() }), 401: message, 422: validationError },
      },
    },
    async (request) => {
      const { user, tokenId } = currentUser(request);
      const result = await service.updateProfile(user.id, tokenId, request.body);
      return {
        user: result.user,
        message: result.emailChanged ? MESSAGES.profileUpdatedVerify : MESSAGES.profileUpdated,
      };
    },
  );

  app.delete(
    '/user',
    {
      onRequest: app.requireUser,
      schema: {
        tags: authTags,
        summary: 'Delete the account and its personal data (orders stay, anonymised)',
        security: bearer,
        response: { 200: message, 401: message },
      },
    },
    async (request) => {
      await service.deleteAccount(currentUser(request).user.id);
      return { message: MESSAGES.accountDeleted };
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
        body: z.object({ email: emailField }),
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
        querystring: z.object({ token: z.string().max(200).optional() }),
        response: { 302: z.null().describe('Redirect to the web app') },
      },
    },
    async (request, reply) => {
      const token = request.query.token;
      const ok = token ? await service.verifyEmail(token) : false;
      return reply.redirect(`${config.appUrl}/login?verified=${ok ? 1 : 0}`, 302);
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
        body: z.object({ email: emailField }),
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
      await service.resetPassword({ token, email, password });
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
        body: z.object({ token: z.string().min(1, required('token')).max(10_000) }),
        response: { 200: signedIn, 401: message, 409: message, 422: validationError, 429: tooMany, 503: message },
      },
    },
    async (request) => ({ ...(await service.googleLogin(request.body.token)), message: MESSAGES.loggedIn }),
  );
};

export default accountsRoutes;
