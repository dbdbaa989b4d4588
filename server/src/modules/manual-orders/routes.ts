import { apiErrorSchema } from '@mtumba/contract';
import {
  adminCustomerCreateBodySchema,
  adminCustomerCreateReplySchema,
  adminCustomerListSchema,
  adminCustomerSearchQuerySchema,
  manualOrderBodySchema,
  manualOrderQuoteBodySchema,
  manualOrderQuoteSchema,
  manualOrderReplySchema,
  payLinkConfirmBodySchema,
  payLinkInitiateBodySchema,
  payLinkInitiateReplySchema,
  payLinkJsonSchema,
  payLinkMpesaBodySchema,
  payLinkViewSchema,
} from '@mtumba/contract/manual-order';
import { mpesaPromptReplySchema, paymentViewSchema, PROMPT_SENT } from '@mtumba/contract/mpesa';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../lib/errors.js';
import { emitAll } from '../../lib/events.js';
import { bearerAuth, errorReplies, idOrNotFound, idParams, signedInUser } from '../../lib/http.js';
import { shopContext } from '../orders/emails.js';
import { paymentService, paymentLimits } from '../payments/service.js';
import {
  adminPayLink,
  createManualOrder,
  CUSTOMER_CREATED,
  CUSTOMER_CREATED_PHONE_ONLY,
  CUSTOMER_FOUND,
  CUSTOMER_FOUND_BY_PHONE,
  findOrCreateCustomer,
  manualOrderMessage,
  orderOfPayLink,
  payableByLink,
  quoteManualOrder,
  searchCustomers,
  viewPayLink,
} from './service.js';

const errors = errorReplies(401, 403, 404, 409, 410, 422);
const adminTags = ['manual orders'];
const security = bearerAuth;
const tokenParams = z.object({ token: z.string().max(200) });

/**
 * Manual orders (admin) and pay links (public: the signed token is the permission), under /api.
 * docs/product.md section 13.
 */
const manualOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app;
  const shop = shopContext(config);
  const payments = paymentService({
    db,
    config,
    events: app.events,
    log: app.log,
    limits: paymentLimits(app),
  });

  app.get(
    '/admin/customers',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Find customers by phone (their own or one they ordered with) or by e-mail address',
        querystring: adminCustomerSearchQuerySchema,
        response: { 200: adminCustomerListSchema, ...errors },
      },
    },
    async (request) => ({ data: await searchCustomers(db, request.query.q) }),
  );

  app.post(
    '/admin/customers',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        security,
        summary:
          'Find the customer with this e-mail (or, without one, the phone-only customer of this phone), or create an account without a password (200 found unchanged, 201 created)',
        body: adminCustomerCreateBodySchema,
        response: { 200: adminCustomerCreateReplySchema, 201: adminCustomerCreateReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await findOrCreateCustomer(
        db,
        { actor: 'admin', userId: signedInUser(request).id, ip: request.ip },
        request.body,
      );
      const byPhone = !result.customer.has_email;
      return reply.status(result.created ? 201 : 200).send({
        message: result.created
          ? byPhone
            ? CUSTOMER_CREATED_PHONE_ONLY
            : CUSTOMER_CREATED
          : byPhone && !request.body.email
            ? CUSTOMER_FOUND_BY_PHONE
            : CUSTOMER_FOUND,
        ...result,
      });
    },
  );

  app.post(
    '/admin/orders/manual/quote',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Price a manual order (offers and the shop discount) without placing it',
        body: manualOrderQuoteBodySchema,
        response: { 200: manualOrderQuoteSchema, ...errors },
      },
    },
    async (request) => quoteManualOrder(db, request.body),
  );

  app.post(
    '/admin/orders/manual',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        security,
        summary:
          'Place an order for a customer (WhatsApp, phone, live): items reserved at once; the payment recorded now or a pay link made',
        body: manualOrderBodySchema,
        response: { 201: manualOrderReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await createManualOrder(
        db,
        { actor: 'admin', userId: signedInUser(request).id, ip: request.ip },
        request.body,
        config,
        shop,
      );
      emitAll(app.events, result.events);
      return reply.status(201).send({
        message: manualOrderMessage(result.payLink === null, result.texted),
        order: result.order,
        pay_link: result.payLink,
        texted_to: result.texted.to,
        customer_has_email: result.texted.customerHasEmail,
        claim_link_sent: result.texted.claimLinkSent,
        ...(result.texted.sandboxText !== undefined ? { sandbox_sms: result.texted.sandboxText } : {}),
      });
    },
  );

  app.get(
    '/admin/orders/:id/pay-link',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        security,
        summary: "A manual order's pay link, with its WhatsApp message",
        params: idParams,
        response: { 200: payLinkJsonSchema, ...errors },
      },
    },
    async (request) => adminPayLink(db, idOrNotFound(request.params.id, 'Order not found.'), config),
  );

  // The buyer's side. Errors carry `error` too, as the payment calls' do.
  const payLinkRoutes: FastifyPluginAsyncZod = async (links) => {
    links.addHook('preSerialization', async (_request, reply, payload) => {
      if (reply.statusCode >= 400 && payload && typeof payload === 'object' && !Array.isArray(payload)) {
        const body = payload as Record<string, unknown>;
        if (typeof body.message === 'string' && body.error === undefined) return { error: body.message, ...body };
      }
      return payload;
    });

    links.get(
      '/pay-links/:token',
      {
        schema: {
          tags: ['pay links'],
          summary: 'What a pay link shows: the shop, the items, delivery, total and whether it can be paid',
          params: tokenParams,
          response: { 200: payLinkViewSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
        return viewPayLink(db, config, request.params.token);
      },
    );

    links.post(
      '/pay-links/:token/initiate',
      {
        schema: {
          tags: ['pay links'],
          summary: 'Start paying the link’s order on the hosted payment page (no sign-in: the link is the permission)',
          params: tokenParams,
          body: payLinkInitiateBodySchema,
          response: { 201: payLinkInitiateReplySchema, ...errors, 502: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { token } = request.params;
        const { order, customer } = await payableByLink(db, config, token, request.body?.order_id);
        return reply.status(201).send(await payments.initiate(customer, order.id, { returnPath: `/pay/${token}` }));
      },
    );

    links.post(
      '/pay-links/:token/mpesa',
      {
        schema: {
          tags: ['pay links'],
          summary:
            'Send an M-Pesa prompt for the link’s order to a Kenyan phone (no sign-in: the link is the permission)',
          params: tokenParams,
          body: payLinkMpesaBodySchema,
          response: { 201: mpesaPromptReplySchema, ...errors, 502: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { order } = await payableByLink(db, config, request.params.token, undefined);
        const payment = await payments.initiatePrompt(order, request.body.phone);
        return reply.status(201).send({ message: PROMPT_SENT, payment });
      },
    );

    links.get(
      '/pay-links/:token/payments/:reference',
      {
        schema: {
          tags: ['pay links'],
          summary: 'A payment of the link’s order (the M-Pesa waiting screen asks while the phone is busy)',
          params: tokenParams.extend({ reference: z.string().max(100) }),
          response: { 200: paymentViewSchema, ...errors },
        },
      },
      async (request, reply) => {
        const order = await orderOfPayLink(db, config, request.params.token);
        const found = await payments.paymentView(request.params.reference);
        if (!found || found.view.order_id !== order.id) throw new DomainError('not_found', 'Payment not found.');
        reply.header('Cache-Control', 'no-store');
        return found.view;
      },
    );

    links.post(
      '/pay-links/:token/confirm',
      {
        schema: {
          tags: ['pay links'],
          summary: 'Back from the payment page: asks the provider about the payment, then shows the link again',
          params: tokenParams,
          body: payLinkConfirmBodySchema,
          response: { 200: payLinkViewSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { token } = request.params;
        const order = await orderOfPayLink(db, config, token);
        if (order.user_id !== null) await payments.confirmForOrder(order.user_id, order.id, request.body?.tracking_id);
        reply.header('Cache-Control', 'no-store');
        return viewPayLink(db, config, token);
      },
    );
  };
  await app.register(payLinkRoutes);
};

export default manualOrdersRoutes;
