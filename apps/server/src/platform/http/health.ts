import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { databaseUnavailableMessage } from './errors.ts';

/** The probes' paths: polled every few seconds, so their requests are not logged (app.ts). */
export const healthPaths: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

/** Liveness answers while the process runs; readiness also needs the database to answer. */
export const registerHealthRoutes = async (app: FastifyInstance) => {
  // No route log level: a level of its own makes Fastify build a logger for every request.
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
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
