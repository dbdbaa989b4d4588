import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@mtumba/contract';
import {
  emailPreferencesSchema,
  UNSUBSCRIBE_LINK_INVALID,
  UNSUBSCRIBED_MESSAGE,
  unsubscribeStatusSchema,
} from '@mtumba/contract/listing';
import { z } from 'zod';
import { DomainError } from '../../lib/errors.js';
import { signedInUser } from '../../lib/http.js';
import { alertUnsubscribeStatus, isAlertToken, unsubscribeAlerts } from '../alerts/unsubscribe-page.js';
import { receivesNewArrivalsEmails, setNewArrivalsEmails } from '../accounts/flags.js';
import { maskEmail, receivesNewArrivals, unsubscribeAddress, verifyUnsubscribeToken } from './unsubscribe.js';

const tokenQuery = z.object({ token: z.string().max(600).optional() });
/** A mail provider's one-click POST sends `List-Unsubscribe=One-Click` as a form; the page sends JSON. */
const unsubscribeBody = z
  .object({ token: z.string().max(600).optional(), 'List-Unsubscribe': z.string().max(100).optional() })
  .loose()
  .nullish();

/** New-arrival e-mails (and shopper alerts, whose tokens start with `a.`): the one-click unsubscribe and the customer's opt-in (docs/product.md section 10). */
const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const secret = app.config.listing.linkSecret;
  const invalid = () =>
    new DomainError('invalid', UNSUBSCRIBE_LINK_INVALID, { errors: { token: [UNSUBSCRIBE_LINK_INVALID] } });
  const addressOf = (token: string | undefined): string => {
    const address = token ? verifyUnsubscribeToken(token.trim(), secret) : undefined;
    if (!address) throw invalid();
    return address;
  };

  app.get(
    '/unsubscribe',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Whether new-arrival e-mails still go to the address of a signed unsubscribe link',
        querystring: tokenQuery,
        response: { 200: unsubscribeStatusSchema, 422: apiErrorSchema },
      },
    },
    async (request) => {
      const token = request.query.token?.trim();
      if (token && isAlertToken(token)) {
        // a shopper alert's link (docs/product.md, Shopper alerts)
        const status = await alertUnsubscribeStatus(db, token, secret);
        if (!status) throw invalid();
        return { ...status, email: maskEmail(status.email) };
      }
      const address = addressOf(request.query.token);
      return { email: maskEmail(address), subscribed: await receivesNewArrivals(app.db, address) };
    },
  );

  app.post(
    '/unsubscribe',
    {
      config: { rateLimit: { max: app.config.rateLimit.authPerMinute * 6, timeWindow: '1 minute' } },
      schema: {
        tags: ['newsletter'],
        summary:
          'Stop new-arrival e-mails (one click, signed out): token in the query (List-Unsubscribe-Post) or the body',
        querystring: tokenQuery,
        body: unsubscribeBody,
        response: { 200: unsubscribeStatusSchema, 422: apiErrorSchema },
      },
    },
    async (request) => {
      const token = (request.body?.token ?? request.query.token)?.trim();
      if (token && isAlertToken(token)) {
        const stopped = await db.transaction().execute((trx) => unsubscribeAlerts(trx, token, secret));
        if (!stopped) throw invalid();
        return { ...stopped, email: maskEmail(stopped.email) };
      }
      const address = addressOf(request.body?.token ?? request.query.token);
      await db.transaction().execute((trx) => unsubscribeAddress(trx, address));
      return { email: maskEmail(address), subscribed: false, message: UNSUBSCRIBED_MESSAGE };
    },
  );

  app.get(
    '/user/email-preferences',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: "The customer's e-mail choices: new-arrival drops",
        response: { 200: emailPreferencesSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return { new_arrivals: await receivesNewArrivalsEmails(db, user.id) };
    },
  );

  app.put(
    '/user/email-preferences',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'Opt in to (or out of) the new-arrivals e-mail',
        body: emailPreferencesSchema,
        response: { 200: emailPreferencesSchema, 401: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      await setNewArrivalsEmails(db, user.id, request.body.new_arrivals);
      return { new_arrivals: request.body.new_arrivals };
    },
  );
};

export default listingRoutes;
