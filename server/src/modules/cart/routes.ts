import {
  addToCartBodySchema,
  CART_MESSAGES,
  cartItemReplySchema,
  cartMessageReplySchema,
  cartSchema,
  idSchema,
  updateCartItemBodySchema,
} from '@mtumba/contract/cart';
import type { FastifyRequest } from 'fastify';
import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dialectOf } from '../../db/database.js';
import { errorReplies, signedInUser } from '../../lib/http.js';
import { cartLinesAlongToken } from './repository.js';
import { cartService } from './service.js';

const itemParams = z.object({ itemId: idSchema('cart item id') });
const errors = errorReplies(401, 404, 409, 422);

/** The cart calls of docs/product.md section 7, under /api: the signed-in customer's own cart only. */
const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const cart = cartService(app.db);
  const userId = (request: FastifyRequest) => signedInUser(request).id;
  // PostgreSQL: the token check reads the cart's lines in the same statement (one round trip).
  const alongToken = dialectOf(app.db) === 'postgres';

  app.get(
    '/cart',
    {
      // on PostgreSQL the handler signs the customer in (a visitor gets 401 all the same)
      ...(alongToken ? {} : { onRequest: app.requireUser }),
      schema: { tags: ['cart'], summary: 'The signed-in customer’s cart', response: { 200: cartSchema, ...errors } },
      // The reply is built to the schema's type by the cart service (type-checked), so it is sent as
      // it is rather than checked field by field on every call; error replies keep their check.
      serializerCompiler: (route) =>
        route.httpStatus === '200'
          ? (data) => JSON.stringify(data)
          : serializerCompiler(route as unknown as Parameters<typeof serializerCompiler>[0]),
    },
    async (request) => {
      if (alongToken) {
        const lines = await app.requireUserAlong(request, cartLinesAlongToken);
        return cart.cartOf(userId(request), lines);
      }
      return cart.getCart(userId(request));
    },
  );

  await app.register(signedInCartRoutes);
};

/** The cart's changes: onRequest, not preHandler, so a visitor gets 401 before any body validation. */
const signedInCartRoutes: FastifyPluginAsyncZod = async (app) => {
  const cart = cartService(app.db);
  const userId = (request: FastifyRequest) => signedInUser(request).id;
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/cart/add',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add a product, or more of it (201 new line, 200 grown line)',
        body: addToCartBodySchema,
        response: { 200: cartItemReplySchema, 201: cartItemReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { product_id, quantity } = request.body;
      const result = await cart.addItem(userId(request), product_id, quantity);
      return reply
        .status(result.created ? 201 : 200)
        .send({ message: CART_MESSAGES.added, cart_item: result.item, cart_count: result.cartCount });
    },
  );

  app.patch(
    '/cart/:itemId',
    {
      schema: {
        tags: ['cart'],
        summary: 'Set a line’s quantity (1 to the stock left)',
        params: itemParams,
        body: updateCartItemBodySchema,
        response: { 200: cartItemReplySchema, ...errors },
      },
    },
    async (request) => {
      const result = await cart.setQuantity(userId(request), request.params.itemId, request.body.quantity);
      return { message: CART_MESSAGES.updated, cart_item: result.item, cart_count: result.cartCount };
    },
  );

  app.delete(
    '/cart/remove/:itemId',
    {
      schema: {
        tags: ['cart'],
        summary: 'Remove one line',
        params: itemParams,
        response: { 200: cartMessageReplySchema, ...errors },
      },
    },
    async (request) => {
      const { cartCount } = await cart.removeItem(userId(request), request.params.itemId);
      return { message: CART_MESSAGES.removed, cart_count: cartCount };
    },
  );

  app.delete(
    '/cart/clear',
    {
      schema: { tags: ['cart'], summary: 'Empty the cart', response: { 200: cartMessageReplySchema, ...errors } },
    },
    async (request) => {
      await cart.clear(userId(request));
      return { message: CART_MESSAGES.cleared, cart_count: 0 };
    },
  );
};

export default cartRoutes;
