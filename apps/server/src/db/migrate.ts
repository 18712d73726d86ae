import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.ts';
import { seedCatalogues } from './seed/catalogues.ts';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed number: instances starting together on one PostgreSQL take turns migrating.
const migrationLockKey = 7_300_451;

/** Applies the committed SQL migrations that have not run yet, then loads empty catalogues. Safe to call from every instance. */
export const migrateDatabase = async (database: Database) => {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    await seedCatalogues(database.db);
    return;
  }
  if (!database.pool) throw new Error('A PostgreSQL database needs its pool to migrate');
  // A session-level lock on one connection: drizzle's migrator opens its own transaction.
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await migrateNodePostgres(drizzleNodePostgres({ client }), { migrationsFolder });
    // Under the same lock: instances starting together seed once.
    await seedCatalogues(drizzleNodePostgres({ client }) as unknown as Database['db']);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => {});
    client.release();
  }
};
