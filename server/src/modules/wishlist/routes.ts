import {
  addToWishlistBodySchema,
  idSchema,
  WISHLIST_MESSAGES,
  wishlistAddReplySchema,
  wishlistMessageReplySchema,
  wishlistSchema,
} from '@mtumba/contract/cart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies, signedInUser } from '../../lib/http.js';
import { wishlistService } from './service.js';

const entryParams = z.object({ entryId: idSchema('wishlist entry id') });
const errors = errorReplies(401, 404, 409, 422);

/** The wishlist calls of docs/product.md section 7, under /api: the signed-in customer's own list only. */
const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const wishlist = wishlistService(app.db);
  // onRequest, not preHandler: a visitor gets 401 before any body validation.
  app.addHook('onRequest', app.requireUser);

  const userId = (request: FastifyRequest) => signedInUser(request).id;

  app.get(
    '/wishlist',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'The signed-in customer’s wishlist, newest first',
        response: { 200: wishlistSchema, ...errors },
      },
    },
    async (request) => wishlist.list(userId(request)),
  );

  app.post(
    '/wishlist',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'Add a product to the wishlist (409 when already there)',
        body: addToWishlistBodySchema,
        response: { 201: wishlistAddReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const entry = await wishlist.add(userId(request), request.body.product_id);
      return reply.status(201).send({ message: WISHLIST_MESSAGES.added, ...entry });
    },
  );

  app.delete(
    '/wishlist/:entryId',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'Remove one of the customer’s own entries',
        params: entryParams,
        response: { 200: wishlistMessageReplySchema, ...errors },
      },
    },
    async (request) => {
      await wishlist.remove(userId(request), request.params.entryId);
      return { message: WISHLIST_MESSAGES.removed };
    },
  );
};

export default wishlistRoutes;
