import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@mtumba/contract';
import { alertPreferencesSchema } from '@mtumba/contract/alerts';
import { now } from '../../db/database.js';
import { signedInUser } from '../../lib/http.js';
import { alertRepository } from './repository.js';

/** The customer's alert opt-ins (docs/product.md, Shopper alerts); unsubscribing is in the listing routes. */
const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/user/alert-preferences',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: "The customer's shopper alerts: wishlist and cart alerts, cart reminders",
        response: { 200: alertPreferencesSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const row = await alertRepository(db).preferences(signedInUser(request).id);
      return { wishlist_alerts: row?.wishlist_alert_emails === 1, cart_reminders: row?.cart_reminder_emails === 1 };
    },
  );

  app.put(
    '/user/alert-preferences',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'Opt in to (or out of) wishlist and cart alerts and cart reminders',
        body: alertPreferencesSchema,
        response: { 200: alertPreferencesSchema, 401: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request) => {
      const { wishlist_alerts, cart_reminders } = request.body;
      await alertRepository(db).setPreferences(
        signedInUser(request).id,
        { wishlist: wishlist_alerts, cart: cart_reminders },
        now(),
      );
      return { wishlist_alerts, cart_reminders };
    },
  );
};

export default alertRoutes;
