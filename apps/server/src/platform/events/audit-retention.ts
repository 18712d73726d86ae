import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { executeRows } from '../../db/driver.ts';
import { registerBackgroundJob } from '../runtime/background-job.ts';

// The audit trail is kept for AUDIT_RETENTION_DAYS (400 by default) and then deleted by this job,
// never edited. It runs on the owner's connection: the request role may only insert and read
// audit rows (migration 0005), and no request can prune the trail.

export const auditRetentionIntervalMs = 24 * 60 * 60_000;

/** Rows per delete statement: each is a short transaction, so a first prune of years of events never holds locks for long. */
export const auditRetentionBatchSize = 5_000;

// Any constant both instances agree on; the migration lock and the file sweep use others.
const retentionLockKey = 7_283_914_503;

/**
 * Runs `work` only where no other instance is pruning the same database. PGlite serves one process
 * per data directory, so it needs no lock. A second run the same day would find nothing to delete.
 */
const withRetentionLock = async <T>(database: Database, work: () => Promise<T>): Promise<T | undefined> => {
  if (!database.pool) return work();
  const client = await database.pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      retentionLockKey,
    ]);
    if (!rows[0]?.locked) return undefined;
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [retentionLockKey]).catch(() => {});
    }
  } finally {
    client.release();
  }
};

/** Deletes one batch of a company's events older than `before`; answers how many went. */
const deleteOldBatch = async (database: Database, companyId: string, before: Date, batchSize: number) => {
  // The inner select walks the company's part of audit_events_company_order_idx; the delete finds
  // each row again by its primary key.
  const rows = await executeRows<{ value: number }>(
    database.db,
    sql`
    with gone as (
      delete from audit_events where company_id = ${companyId} and id in (
        select id from audit_events
        where company_id = ${companyId} and occurred_at < ${before.toISOString()}
        limit ${batchSize})
      returning 1)
    select count(*)::int as value from gone`,
  );
  const [row] = rows;
  return row?.value ?? 0;
};

/**
 * One prune: every company's events older than `retentionDays`, batch by batch. Answers how many
 * were deleted, or undefined when another instance was pruning.
 */
export const pruneAuditEvents = async ({
  database,
  retentionDays,
  now = new Date(),
  batchSize = auditRetentionBatchSize,
}: {
  database: Database;
  retentionDays: number;
  now?: Date;
  batchSize?: number;
}) => {
  const before = new Date(now.getTime() - retentionDays * 24 * 60 * 60_000);
  return withRetentionLock(database, async () => {
    const companies = await executeRows<{ id: string }>(database.db, sql`select id from companies`);
    let deleted = 0;
    for (const { id } of companies) {
      for (;;) {
        const count = await deleteOldBatch(database, id, before, batchSize);
        deleted += count;
        if (count < batchSize) break;
      }
    }
    return deleted;
  });
};

/** Prunes once the app is ready and then daily; stops before the database closes. */
export const registerAuditRetention = (
  app: FastifyInstance,
  { retentionDays, intervalMs = auditRetentionIntervalMs }: { retentionDays: number; intervalMs?: number },
) => {
  const logger: FastifyBaseLogger = app.log.child({ module: 'audit-retention' });
  registerBackgroundJob(app, {
    intervalMs,
    runsAtReady: true,
    logger,
    failureMessage: 'audit retention failed; trying again tomorrow',
    work: async () => {
      const deleted = await pruneAuditEvents({ database: app.database, retentionDays });
      if (deleted)
        logger.info({ deleted, retentionDays }, 'audit retention: deleted events past their retention');
    },
  });
};
