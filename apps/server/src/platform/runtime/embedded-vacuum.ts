import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { statementRunnerOf, vacuumTablesWithoutVisibilityMap } from '../../db/visibility-map.ts';
import { registerBackgroundJob } from './background-job.ts';

// PGlite runs PostgreSQL in single-user mode, which has no autovacuum: what a server does in the
// background, the embedded database does only when asked. Without it, every contact written leaves
// its heap page unmarked in the visibility map for good, and the lists' index-only walks read more
// and more rows as well as index entries. So every ten minutes the server reads each large table's
// visibility map and vacuums one that has fallen below four fifths marked. PGlite runs one statement
// at a time, so requests wait while it vacuums: a table is vacuumed only once its writes add up.

export const embeddedVacuumIntervalMs = 10 * 60_000;

/** Share of a large table's pages the visibility map must mark all-visible before it is left alone. */
const embeddedMappedShare = 0.8;

/** On PGlite only: checks every `intervalMs` once the app is ready; stops before the database closes. */
export const registerEmbeddedVacuum = (
  app: FastifyInstance,
  { intervalMs = embeddedVacuumIntervalMs }: { intervalMs?: number } = {},
) => {
  if (app.database.kind !== 'pglite') return;
  const logger: FastifyBaseLogger = app.log.child({ module: 'embedded-vacuum' });
  registerBackgroundJob(app, {
    intervalMs,
    logger,
    failureMessage: 'embedded vacuum failed; trying again later',
    work: async () => {
      const started = performance.now();
      const tables = await vacuumTablesWithoutVisibilityMap(statementRunnerOf(app.database.db), {
        reading: 'visibility map',
        mappedShare: embeddedMappedShare,
      });
      if (tables.length)
        logger.info({ tables, ms: Math.round(performance.now() - started) }, 'embedded vacuum: vacuumed');
    },
  });
};
