import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Server-rendered pages outside /api: the sandbox payment page at /pay/sandbox/{reference}. */
const paymentPages: FastifyPluginAsyncZod = async (_app) => {};

export default paymentPages;
