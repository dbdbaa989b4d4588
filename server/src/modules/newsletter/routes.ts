import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The newsletter calls of SPEC.md section 7, under /api. */
const newsletterRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default newsletterRoutes;
