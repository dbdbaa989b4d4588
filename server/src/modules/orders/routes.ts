import { messageSchema } from '@mtumba/contract';
import { orderJsonSchema, orderMessageReplySchema, placeOrderBodySchema } from '@mtumba/contract/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emitAll } from '../../lib/events.js';
import adminOrdersRoutes from './admin-routes.js';
import sweeperJob from './sweeper-job.js';
import { payOnDeliveryOptionSchema } from '@mtumba/contract/delivery';
import {
  cancelOwnOrder,
  choosePayOnDelivery,
  payOnDeliveryOption,
  POD_CONFIRMED,
  getCustomerOrder,
  listCustomerOrders,
  ORDER_CANCELLED,
  ORDER_PLACED,
  requestCancel,
} from './service.js';
import { bearerAuth, errorReplies, idOrNotFound, idParams, signedInUser } from '../../lib/http.js';
import { keptSource } from '../sources/source.js';
import { requestLanguage } from '../../lib/language.js';
import { shopContext } from './emails.js';
import { ORDER_NOT_FOUND } from './lifecycle.js';

const errors = errorReplies(401, 403, 404, 410, 422);
const tags = ['orders'];
const security = bearerAuth;

/** The customer's order calls under /api (see docs/product.md); admin order calls and the sweeper too. */
const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app;
  const shop = shopContext(config);

  app.post(
    '/orders',
    {
      onRequest: app.requireVerified,
      schema: {
        tags,
        security,
        summary: 'Place an order: prices and offers from the server, stock reserved until reserved_until',
        body: placeOrderBodySchema,
        response: { 201: orderMessageReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await app.orderFlows.placeOrder(db, signedInUser(request), request.body, {
        reservationSeconds: config.orders.reservationSeconds,
        maxUnpaidOrders: config.orders.maxUnpaidOrders,
        maxReservedItems: config.orders.maxReservedItems,
        // the source the shopper's browser keeps (set on their first page; docs/product.md)
        source: keptSource(request.headers.cookie),
        // the language the shopper is using: the order's e-mails and texts go out in it
        language: requestLanguage(request),
      });
      emitAll(app.events, result.events);
      return reply.status(201).send({ message: ORDER_PLACED, order: result.value });
    },
  );

  app.get(
    '/orders',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'The signed-in customer’s orders, newest first',
        response: { 200: z.array(orderJsonSchema), ...errors },
      },
    },
    async (request) => listCustomerOrders(db, signedInUser(request).id),
  );

  app.get(
    '/orders/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'One of the customer’s orders (410 when its reservation expired unpaid)',
        params: idParams,
        response: { 200: orderJsonSchema, ...errors },
      },
    },
    async (request) => getCustomerOrder(db, signedInUser(request).id, idOrNotFound(request.params.id, ORDER_NOT_FOUND)),
  );

  app.post(
    '/orders/:id/request-cancel',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Ask the shop to cancel a pending or processing order (it does not cancel by itself)',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const result = await requestCancel(
        db,
        signedInUser(request),
        idOrNotFound(request.params.id, ORDER_NOT_FOUND),
        shop,
      );
      emitAll(app.events, result.events);
      return { message: result.value };
    },
  );

  app.post(
    '/orders/:id/cancel',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Cancel one of your own unpaid orders at once: its items go back on sale (a paid order needs a request)',
        params: idParams,
        response: { 200: orderMessageReplySchema, ...errors },
      },
    },
    async (request) => {
      const result = await cancelOwnOrder(
        db,
        signedInUser(request),
        idOrNotFound(request.params.id, ORDER_NOT_FOUND),
        shop,
      );
      emitAll(app.events, result.events);
      return { message: ORDER_CANCELLED, order: result.value };
    },
  );

  const podLimits = config.orders.payOnDelivery;

  app.get(
    '/orders/:id/pay-on-delivery',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Whether this order may be paid to the rider on delivery, and why not',
        params: idParams,
        response: { 200: payOnDeliveryOptionSchema, ...errors },
      },
    },
    async (request) =>
      payOnDeliveryOption(db, signedInUser(request).id, idOrNotFound(request.params.id, ORDER_NOT_FOUND), podLimits),
  );

  app.post(
    '/orders/:id/pay-on-delivery',
    {
      onRequest: app.requireVerified,
      schema: {
        tags,
        security,
        summary:
          'Pay on delivery (cash or M-Pesa to the rider): the unpaid order is confirmed and holds its items until delivered or cancelled',
        params: idParams,
        response: { 200: orderMessageReplySchema, ...errors },
      },
    },
    async (request) => {
      const result = await choosePayOnDelivery(
        db,
        signedInUser(request),
        idOrNotFound(request.params.id, ORDER_NOT_FOUND),
        podLimits,
        shop,
      );
      emitAll(app.events, result.events);
      return { message: POD_CONFIRMED, order: result.value };
    },
  );

  await app.register(adminOrdersRoutes);
  await app.register(sweeperJob);
};

export default ordersRoutes;
