import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { databaseUnavailableMessage } from './errors.ts';

/** Liveness answers while the process runs; readiness also needs the database to answer. */
export const registerHealthRoutes = async (app: FastifyInstance) => {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    try {
      await app.database.db.execute(sql`select 1`);
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: { code: 'UNAVAILABLE', message: databaseUnavailableMessage } });
    }
  });
};
