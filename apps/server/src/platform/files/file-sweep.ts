import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { withTenant } from '../data-access/tenant-transaction.ts';
import { registerBackgroundJob } from '../runtime/background-job.ts';
import type { TFileStore } from './file-store.ts';

/**
 * An upload writes its bytes to the store a moment before the transaction that records its `files`
 * row, and a staging file lives only while its upload streams; anything an hour old without a row
 * or an upload was left by a process stopped mid-way, or by a removal that failed.
 */
export const fileSweepAgeMs = 60 * 60_000;
export const fileSweepIntervalMs = 15 * 60_000;

// Any constant both instances agree on; the migration lock uses another.
const sweepLockKey = 7_283_914_502;

/**
 * Runs `work` only where no other instance is sweeping the same database (and so the same bucket).
 * Two sweeps at once would be harmless, only wasteful: removing an object twice is no error.
 * PGlite serves one process per data directory, so it needs no lock.
 */
const withSweepLock = async <T>(database: Database, work: () => Promise<T>): Promise<T | undefined> => {
  if (!database.pool) return work();
  const client = await database.pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      sweepLockKey,
    ]);
    if (!rows[0]?.locked) return undefined;
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [sweepLockKey]).catch(() => {});
    }
  } finally {
    client.release();
  }
};

/** Removes the stored objects written before `olderThan` that no `files` row names; answers how many. */
const sweepUnreferencedObjects = async ({
  database,
  fileStore,
  logger,
  olderThan,
}: {
  database: Database;
  fileStore: TFileStore;
  logger: FastifyBaseLogger;
  olderThan: Date;
}) => {
  let removed = 0;
  for await (const page of fileStore.listStored()) {
    const keysByCompany = new Map<string, string[]>();
    for (const { key, modifiedAt } of page) {
      if (modifiedAt >= olderThan) continue;
      const companyId = key.slice(0, key.indexOf('/'));
      keysByCompany.set(companyId, [...(keysByCompany.get(companyId) ?? []), key]);
    }
    for (const [companyId, keys] of keysByCompany) {
      // As the company itself, so row-level security holds here too; a deleted company sees no
      // rows, and its objects go.
      const referenced = await withTenant(database.db, companyId, (tx) =>
        tx
          .select({ storageKey: files.storageKey })
          .from(files)
          .where(and(eq(files.companyId, companyId), inArray(files.storageKey, keys))),
      );
      const kept = new Set(referenced.map((row) => row.storageKey));
      for (const key of keys.filter((candidate) => !kept.has(candidate))) {
        try {
          await fileStore.remove(key);
          removed += 1;
        } catch (error) {
          logger.warn({ err: error, key }, 'file sweep: an unreferenced object could not be removed');
        }
      }
    }
  }
  return removed;
};

/**
 * One sweep: staging files and stored objects without a `files` row, both older than `olderThan`.
 * A store that cannot be listed (an S3 key without s3:ListBucket) keeps its objects; staging is
 * swept either way.
 */
export const sweepFiles = async ({
  database,
  fileStore,
  logger,
  olderThan = new Date(Date.now() - fileSweepAgeMs),
}: {
  database: Database;
  fileStore: TFileStore;
  logger: FastifyBaseLogger;
  olderThan?: Date;
}) => {
  const staging = await fileStore.sweepStaging(olderThan);
  let stored: number | undefined;
  try {
    stored = await withSweepLock(database, () =>
      sweepUnreferencedObjects({ database, fileStore, logger, olderThan }),
    );
  } catch (error) {
    logger.warn(
      { err: error },
      'file sweep: the stored files could not be listed; they are left as they are',
    );
  }
  if (staging > 0 || (stored ?? 0) > 0) {
    logger.info({ staging, stored }, 'file sweep: removed files left by interrupted uploads');
  }
  return { staging, stored };
};

/** Sweeps once the app is ready and then every `intervalMs`; stops before the database closes. */
export const registerFileSweep = (app: FastifyInstance, { intervalMs = fileSweepIntervalMs } = {}) => {
  const logger = app.log.child({ module: 'file-sweep' });
  registerBackgroundJob(app, {
    intervalMs,
    runsAtReady: true,
    logger,
    failureMessage: 'file sweep failed; trying again later',
    work: () => sweepFiles({ database: app.database, fileStore: app.fileStore, logger }),
  });
};
