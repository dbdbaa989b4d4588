import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The accounts calls of SPEC.md section 7, under /api. */
const accountsRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default accountsRoutes;
