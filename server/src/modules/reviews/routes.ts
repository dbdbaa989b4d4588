import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The reviews calls of SPEC.md section 7, under /api. */
const reviewsRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default reviewsRoutes;
