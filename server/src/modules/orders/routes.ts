import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The orders calls of SPEC.md section 7, under /api. */
const ordersRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default ordersRoutes;
