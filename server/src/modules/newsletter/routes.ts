import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, messageSchema } from '@mtumba/contract';
import { subscribeBody } from '@mtumba/contract/newsletter';
import { subscriberRepository } from './repository.js';

export const SUBSCRIBED_MESSAGE = 'Thanks for subscribing!';

/** The newsletter calls of docs/product.md section 7, under /api. */
const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const subscribers = subscriberRepository(app.db);

  app.post(
    '/subscribe',
    {
      config: { rateLimit: { max: app.config.rateLimit.authPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an e-mail address to the newsletter (again is fine)',
        body: subscribeBody,
        response: { 200: messageSchema, 422: apiErrorSchema },
      },
    },
    async (request) => {
      await subscribers.subscribe(request.body.email);
      return { message: SUBSCRIBED_MESSAGE };
    },
  );
};

export default newsletterRoutes;
