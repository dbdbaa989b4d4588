import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, messageSchema } from '@mtumba/contract';
import { reviewInputSchema, reviewSchema, reviewUpdateSchema } from '@mtumba/contract/review';
import { z } from 'zod';
import { errorReplies, idOrNotFound, idParams, setPagingHeaders, signedInUser } from '../../lib/http.js';
import { PRODUCT_NOT_FOUND } from '../catalog/service.js';
import { DEFAULT_REVIEWS_PER_PAGE, REVIEW_NOT_FOUND, reviewService } from './service.js';

const errors = errorReplies(401, 404, 422);

const pageField = (label: string, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const n = /^\d+$/.test(v.trim()) ? Number(v.trim()) : NaN;
      if (!(n >= 1 && n <= max)) {
        ctx.issues.push({
          code: 'custom',
          message: `The ${label} must be a whole number between 1 and ${max}.`,
          input: v,
        });
        return z.NEVER;
      }
      return n;
    });

/** The reviews calls of docs/product.md section 7, under /api. */
const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = reviewService(app.db);
  const userId = (request: FastifyRequest) => signedInUser(request).id;
  const reviewId = (raw: string) => idOrNotFound(raw, REVIEW_NOT_FOUND);

  app.get(
    '/products/:id/reviews',
    {
      // The same for everyone: kept by URL and catalogue version (docs/performance.md).
      onRequest: app.catalogueCache.serve,
      schema: {
        tags: ['reviews'],
        summary: "A product's reviews, newest first",
        description: 'Paging: `X-Total-Count` and `Link` headers; `per_page` at most 100.',
        params: idParams,
        querystring: z.object({ page: pageField('page', 1_000_000), per_page: pageField('per page', 100) }),
        response: { 200: z.array(reviewSchema), 404: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const productId = idOrNotFound(request.params.id, PRODUCT_NOT_FOUND);
      const page = await service.ofProduct(
        productId,
        request.query.page ?? 1,
        request.query.per_page ?? DEFAULT_REVIEWS_PER_PAGE,
      );
      setPagingHeaders(request, reply, page);
      return app.catalogueCache.send(request, reply, page.reviews, { headers: ['X-Total-Count', 'Link'] });
    },
  );

  app.get(
    '/reviews',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reviews'],
        summary: "The caller's own review of a product (a one-element array, or [])",
        querystring: z.object({ product_id: pageField('product id', 2_147_483_647) }),
        response: { 200: z.array(reviewSchema), ...errors },
      },
    },
    async (request) => service.mine(userId(request), request.query.product_id),
  );

  app.post(
    '/reviews',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Review a product from one of your delivered orders (one per product)',
        body: reviewInputSchema,
        response: { 201: reviewSchema, ...errors, 403: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(userId(request), request.body)),
  );

  app.put(
    '/reviews/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Change your review',
        params: idParams,
        body: reviewUpdateSchema,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request) => service.update(userId(request), reviewId(request.params.id), request.body),
  );

  app.delete(
    '/reviews/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Delete your review',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await service.delete(userId(request), reviewId(request.params.id));
      return { message: 'Review deleted.' };
    },
  );
};

export default reviewsRoutes;
