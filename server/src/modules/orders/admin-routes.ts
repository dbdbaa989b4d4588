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
import { orderIdOf, orderParams, signedIn } from './http.js';
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

/** `<url>; rel="next"` links for a page of results, keeping the other query parameters. */
export function pageLinks(path: string, query: Record<string, string>, page: number, lastPage: number): string {
  const link = (p: number, rel: string) =>
    `<${path}?${new URLSearchParams({ ...query, page: String(p) })}>; rel="${rel}"`;
  const links = [link(1, 'first')];
  if (page > 1) links.push(link(Math.min(page - 1, lastPage), 'prev'));
  if (page < lastPage) links.push(link(page + 1, 'next'));
  links.push(link(lastPage, 'last'));
  return links.join(', ');
}

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
      const lastPage = Math.max(1, Math.ceil(total / per_page));
      const query: Record<string, string> = { per_page: String(per_page) };
      if (filterStatus) query.status = filterStatus;
      reply.header('X-Total-Count', String(total));
      reply.header('Link', pageLinks('/api/admin/orders', query, page, lastPage));
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
        params: orderParams,
        response: { 200: adminOrderDetailJsonSchema, ...errors },
      },
    },
    async (request) => getAdminOrder(db, orderIdOf(request.params.id)),
  );

  app.put(
    '/admin/orders/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Move an order along pending → processing → shipped → delivered, or cancel it',
        params: orderParams,
        body: adminOrderUpdateBodySchema,
        response: { 200: z.object({ message: z.string(), order: adminOrderJsonSchema }), ...errors },
      },
    },
    async (request) => {
      const result = await changeOrderStatus(
        db,
        signedIn(request),
        orderIdOf(request.params.id),
        request.body.order_status,
        shop,
      );
      emitAll(app.events, result.events);
      return { message: ORDER_STATUS_UPDATED, order: result.value };
    },
  );
};

export default adminOrdersRoutes;
