import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The payments calls of SPEC.md section 7, under /api. */
const paymentsRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default paymentsRoutes;
