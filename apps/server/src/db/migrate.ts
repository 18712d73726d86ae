import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Database } from './client.ts';
import { applyMigrations, drizzleOnServer } from './driver.ts';
import { seedCatalogues } from './seed/catalogues.ts';
import { syncSystemRoleGrants } from './system-role-grants.ts';
import { statementRunnerOf, vacuumTablesWithoutVisibilityMap } from './visibility-map.ts';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed number: instances starting together on one PostgreSQL take turns migrating.
const migrationLockKey = 7_300_451;

/**
 * Applies the committed SQL migrations that have not run yet, loads empty catalogues, gives
 * existing system roles the default permissions added since, and vacuums a table a migration left
 * without its visibility map (db/visibility-map.ts). Safe to call from every instance.
 */
export const migrateDatabase = async (database: Database) => {
  if (database.kind === 'pglite') {
    await applyMigrations(database.db, migrationsFolder);
    await seedCatalogues(database.db);
    await syncSystemRoleGrants(database.db);
    await vacuumTablesWithoutVisibilityMap(statementRunnerOf(database.db), { reading: 'visibility map' });
    return;
  }
  if (!database.pool) throw new Error('A PostgreSQL database needs its pool to migrate');
  // A session-level lock on one connection: drizzle's migrator opens its own transaction. The
  // connection is our own, without the pool's request timeouts: a migration may rightly take
  // minutes, and so may waiting for another instance's migration to finish.
  const {
    statement_timeout: _statementTimeout,
    query_timeout: _queryTimeout,
    ...connectionOptions
  } = database.pool.options;
  const client = new pg.Client(connectionOptions);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    const locked = drizzleOnServer(client);
    await applyMigrations(locked, migrationsFolder);
    // Under the same lock: instances starting together seed and grant once.
    await seedCatalogues(locked);
    await syncSystemRoleGrants(locked);
    await vacuumTablesWithoutVisibilityMap(async (text) => (await client.query(text)).rows);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => {});
    await client.end().catch(() => {});
  }
};
