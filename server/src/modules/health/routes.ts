import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationsUpToDate } from '../../db/migrate.js';
import { pingDatabase } from './repository.js';

const statusReply = z.object({ status: z.string(), message: z.string().optional() });
const ALIVE = JSON.stringify({ status: 'ok' });

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: { tags: ['health'], summary: 'The process is alive', response: { 200: statusReply } },
    },
    // The same bytes every time: sent as they are rather than serialized per request.
    async (_request, reply) => reply.type('application/json; charset=utf-8').send(ALIVE as never),
  );

  app.get(
    '/ready',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'The database is reachable and migrated',
        response: { 200: statusReply, 503: statusReply },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(app.db);
        if (!(await migrationsUpToDate(app.db))) {
          return reply.status(503).send({ status: 'unavailable', message: 'Database migrations are pending.' });
        }
        return { status: 'ready' };
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable', message: 'The database is not reachable.' });
      }
    },
  );
};

export default healthRoutes;
