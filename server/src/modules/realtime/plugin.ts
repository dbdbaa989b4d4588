import fp from 'fastify-plugin';

/** Live order updates over Socket.IO on the same port (DESIGN.md section 8). */
export default fp(async (_app) => {}, { name: 'realtime', dependencies: ['db', 'auth'] });
