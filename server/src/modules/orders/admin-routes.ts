import {
  adminCancelRequestBodySchema,
  adminManualPaymentBodySchema,
  adminOrderDetailJsonSchema,
  adminOrderJsonSchema,
  adminOrderMessageReplySchema,
  adminOrdersQuerySchema,
  adminOrderUpdateBodySchema,
  adminRefundBodySchema,
  adminShipBodySchema,
  adminToShipQuerySchema,
  ORDER_ALREADY_SHIPPED,
  ORDER_SHIPPED,
} from '@mtumba/contract/order';
import { amountToCents } from '@mtumba/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emitAll } from '../../lib/events.js';
import { bearerAuth, errorReplies, idOrNotFound, idParams, setPagingHeaders, signedInUser } from '../../lib/http.js';
import { shopContext } from './emails.js';
import { ORDER_NOT_FOUND } from './lifecycle.js';
import {
  answerCancelRequest,
  changeOrderStatus,
  getAdminOrder,
  listAdminOrders,
  listOrdersToShip,
  shipOrder,
  ORDER_STATUS_UPDATED,
  PAYMENT_RECORDED,
  recordRefund,
  REFUND_RECORDED,
} from './service.js';

const errors = errorReplies(401, 403, 404, 409, 422);
const tags = ['admin orders'];
const security = bearerAuth;

/** The shop's order management, under /api/admin: admins only. */
const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app;
  const shop = shopContext(config);

  app.get(
    '/admin/orders',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'All orders, newest first; filter by status; paged (X-Total-Count, Link)',
        querystring: adminOrdersQuerySchema,
        response: { 200: z.array(adminOrderJsonSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { status, page, per_page } = request.query;
      const filterStatus = status && status !== 'all' ? status : undefined;
      const { orders, total } = await listAdminOrders(db, { status: filterStatus, page, perPage: per_page });
      const query: Record<string, string> = { per_page: String(per_page) };
      if (filterStatus) query.status = filterStatus;
      setPagingHeaders(request, reply, { page, perPage: per_page, total }, query);
      return orders;
    },
  );

  app.get(
    '/admin/orders/to-ship',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Orders to ship: paid or pay-on-delivery orders not shipped yet (processing), oldest first; paged',
        querystring: adminToShipQuerySchema,
        response: { 200: z.array(adminOrderJsonSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { page, per_page } = request.query;
      const { orders, total } = await listOrdersToShip(db, { page, perPage: per_page });
      setPagingHeaders(request, reply, { page, perPage: per_page, total }, { per_page: String(per_page) });
      return orders;
    },
  );

  app.get(
    '/admin/orders/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'One order with its customer, lines, history and payments',
        params: idParams,
        response: { 200: adminOrderDetailJsonSchema, ...errors },
      },
    },
    async (request) => getAdminOrder(db, idOrNotFound(request.params.id, ORDER_NOT_FOUND)),
  );

  app.put(
    '/admin/orders/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Move an order along pending → processing → shipped → delivered, or cancel it',
        params: idParams,
        body: adminOrderUpdateBodySchema,
        response: { 200: adminOrderMessageReplySchema, ...errors },
      },
    },
    async (request) => {
      const result = await changeOrderStatus(
        db,
        { actor: 'admin', userId: signedInUser(request).id, ip: request.ip },
        idOrNotFound(request.params.id, ORDER_NOT_FOUND),
        request.body.order_status,
        shop,
      );
      emitAll(app.events, result.events);
      return { message: ORDER_STATUS_UPDATED, order: result.value };
    },
  );

  const reply200 = { 200: adminOrderMessageReplySchema, ...errors };

  app.post(
    '/admin/orders/:id/ship',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary:
          'Ship a processing order with its rider or courier and waybill (required for courier delivery); the customer is e-mailed and texted',
        params: idParams,
        body: adminShipBodySchema,
        response: reply200,
      },
    },
    async (request) => {
      const result = await shipOrder(
        db,
        { actor: 'admin', userId: signedInUser(request).id, ip: request.ip },
        idOrNotFound(request.params.id, ORDER_NOT_FOUND),
        request.body,
        shop,
      );
      emitAll(app.events, result.events);
      return { message: result.already ? ORDER_ALREADY_SHIPPED : ORDER_SHIPPED, order: result.value };
    },
  );

  app.post(
    '/admin/orders/:id/payments',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Record a payment the shop received itself (M-Pesa code, cash): the held order becomes processing',
        params: idParams,
        body: adminManualPaymentBodySchema,
        response: reply200,
      },
    },
    async (request) => {
      const result = await app.orderFlows.recordPayment(
        db,
        { actor: 'admin', userId: signedInUser(request).id, ip: request.ip },
        idOrNotFound(request.params.id, ORDER_NOT_FOUND),
        request.body,
        shop,
      );
      emitAll(app.events, result.events);
      return { message: PAYMENT_RECORDED, order: result.value };
    },
  );

  app.post(
    '/admin/orders/:id/refunds',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Record money paid back to the customer (partial refunds allowed); the customer is e-mailed',
        params: idParams,
        body: adminRefundBodySchema,
        response: reply200,
      },
    },
    async (request) => {
      const { amount, method, reference, note } = request.body;
      const result = await recordRefund(
        db,
        { actor: 'admin', userId: signedInUser(request).id, ip: request.ip },
        idOrNotFound(request.params.id, ORDER_NOT_FOUND),
        { amountCents: amountToCents(amount) ?? 0, method, reference: reference || null, note: note || null },
        shop,
      );
      emitAll(app.events, result.events);
      return { message: REFUND_RECORDED, order: result.value };
    },
  );

  app.post(
    '/admin/orders/:id/cancel-request',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: "Answer a customer's cancellation request: approve (cancels the order) or decline with a note",
        params: idParams,
        body: adminCancelRequestBodySchema,
        response: reply200,
      },
    },
    async (request) => {
      const { decision, note } = request.body;
      const result = await answerCancelRequest(
        db,
        { actor: 'admin', userId: signedInUser(request).id, ip: request.ip },
        idOrNotFound(request.params.id, ORDER_NOT_FOUND),
        { approve: decision === 'approve', note: note || null },
        shop,
      );
      emitAll(app.events, result.events);
      return {
        message: decision === 'approve' ? 'Order cancelled.' : 'Cancellation request declined.',
        order: result.value,
      };
    },
  );
};

export default adminOrdersRoutes;
