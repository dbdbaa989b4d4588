import { apiErrorSchema } from '@mtumba/contract';
import {
  adminOrderDetailJsonSchema,
  adminOrderJsonSchema,
  adminOrdersQuerySchema,
  adminOrderUpdateBodySchema,
} from '@mtumba/contract/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emitAll } from '../../lib/events.js';
import { idOrNotFound, idParams, setPagingHeaders, signedInUser } from '../../lib/http.js';
import { ORDER_NOT_FOUND } from './stock.js';
import { changeOrderStatus, getAdminOrder, listAdminOrders, ORDER_STATUS_UPDATED } from './service.js';

const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
const tags = ['admin orders'];
const security = [{ bearer: [] }];

/** The shop's order management, under /api/admin: admins only. */
const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app;
  const shop = { shopName: config.shopName, shopEmail: config.mail.shopEmail, appUrl: config.appUrl };

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
        response: { 200: z.object({ message: z.string(), order: adminOrderJsonSchema }), ...errors },
      },
    },
    async (request) => {
      const result = await changeOrderStatus(
        db,
        signedInUser(request),
        idOrNotFound(request.params.id, ORDER_NOT_FOUND),
        request.body.order_status,
        shop,
      );
      emitAll(app.events, result.events);
      return { message: ORDER_STATUS_UPDATED, order: result.value };
    },
  );
};

export default adminOrdersRoutes;
