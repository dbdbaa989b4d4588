import { discountCodeBodySchema, discountCodeJsonSchema } from '@mtumba/contract/discount-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorReplies, idOrNotFound, idParams } from '../../lib/http.js';
import { CODE_NOT_FOUND, createDiscountCode, listDiscountCodes, updateDiscountCode } from './service.js';

const errors = errorReplies(401, 403, 404, 409, 422);
const security = bearerAuth;

/** The admin's discount codes (docs/product.md, discount codes), under /api. */
const discountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/admin/discount-codes',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin discounts'],
        security,
        summary: 'Every discount code, inactive ones too, newest first',
        response: { 200: z.array(discountCodeJsonSchema), ...errors },
      },
    },
    async () => listDiscountCodes(db),
  );

  app.post(
    '/admin/discount-codes',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin discounts'],
        security,
        summary: 'Create a discount code',
        body: discountCodeBodySchema,
        response: { 201: discountCodeJsonSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createDiscountCode(db, request.body)),
  );

  app.put(
    '/admin/discount-codes/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin discounts'],
        security,
        summary: 'Change or (de)activate a discount code (orders keep the terms they were given)',
        params: idParams,
        body: discountCodeBodySchema,
        response: { 200: discountCodeJsonSchema, ...errors },
      },
    },
    async (request) => updateDiscountCode(db, idOrNotFound(request.params.id, CODE_NOT_FOUND), request.body),
  );
};

export default discountRoutes;
