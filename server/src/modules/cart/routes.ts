import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The cart calls of SPEC.md section 7, under /api. */
const cartRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default cartRoutes;
