import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The catalog calls of SPEC.md section 7, under /api. */
const catalogRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default catalogRoutes;
