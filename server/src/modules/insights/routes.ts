import { Readable } from 'node:stream';
import { dashboardSchema, reportRangeQuerySchema, resolveRange } from '@mtumba/contract/insights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ordersCsv } from './orders-csv.js';
import { dashboard, spanOf } from './service.js';
import { errorReplies, bearerAuth } from '../../lib/http.js';

const errors = errorReplies(401, 403, 422);
/** A streamed text/csv body (not serialized as JSON). */
const csvReply = z.any().describe('text/csv; charset=utf-8, UTF-8 with a byte-order mark');
const tags = ['admin insights'];
const security = bearerAuth;
const rangeHelp =
  '`range` (today, 7d, 30d, 90d) or `from` and `to` (YYYY-MM-DD, Nairobi days, both included; at most 366 days); default 30d.';

/** The admin's dashboard and the accountant's orders CSV, under /api/admin: admins only. */
const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/admin/dashboard',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Sales figures, revenue by day, sell-through per category and the orders needing attention',
        description: rangeHelp,
        querystring: reportRangeQuerySchema,
        response: { 200: dashboardSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return dashboard(db, request.query);
    },
  );

  app.get(
    '/admin/orders.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'The orders placed in a range as CSV, for the accountant (streamed)',
        description: `${rangeHelp} Columns: docs/product.md section 12.`,
        querystring: reportRangeQuerySchema,
        response: { 200: csvReply, ...errors },
      },
    },
    async (request, reply) => {
      const range = resolveRange(request.query);
      const span = spanOf(range);
      async function* withBom() {
        // A byte-order mark, so spreadsheet programs read the file as UTF-8.
        yield '\ufeff';
        yield* ordersCsv(db, span);
      }
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="orders-${range.from}-to-${range.to}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(Readable.from(withBom()));
    },
  );
};

export default insightsRoutes;
