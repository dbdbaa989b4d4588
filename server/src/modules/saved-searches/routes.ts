import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, messageSchema } from '@mtumba/contract';
import {
  SAVED_SEARCH_NOT_FOUND,
  savedSearchInputSchema,
  savedSearchListSchema,
  savedSearchSchema,
} from '@mtumba/contract/listing';
import { errorReplies, idOrNotFound, idParams, signedInUser } from '../../lib/http.js';
import { savedSearchService } from './service.js';

const errors = errorReplies(401, 404, 409, 422);

/** A customer's saved searches (docs/product.md section 10), under /api. */
const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const searches = savedSearchService(app.db);

  app.get(
    '/saved-searches',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['saved searches'],
        summary: "The customer's saved searches, each with its latest matches",
        response: { 200: savedSearchListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ data: await searches.list(signedInUser(request).id) }),
  );

  app.post(
    '/saved-searches',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['saved searches'],
        summary: 'Save a search (category_id, size, max_price in Ksh, q): told when a matching item is published',
        body: savedSearchInputSchema,
        response: { 201: savedSearchSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { category_id, q, size, max_price } = request.body;
      const saved = await searches.create(signedInUser(request).id, {
        category_id,
        q,
        size,
        max_price_cents: max_price,
      });
      return reply.code(201).send(saved);
    },
  );

  app.delete(
    '/saved-searches/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['saved searches'],
        summary: 'Delete one of your saved searches',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await searches.remove(signedInUser(request).id, idOrNotFound(request.params.id, SAVED_SEARCH_NOT_FOUND));
      return { message: 'Saved search deleted.' };
    },
  );
};

export default savedSearchRoutes;
