import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The wishlist calls of SPEC.md section 7, under /api. */
const wishlistRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default wishlistRoutes;
