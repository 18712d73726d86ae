import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Database, openDatabase, type TPostgresTimeouts } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';

export type TDatabaseKind = 'pglite' | 'postgres';

/**
 * For tests of the database's own behaviour: transactions, row-level security, the change feed,
 * migrations, concurrency, session end, tenancy, two instances. PGlite always; PostgreSQL too when
 * TEST_DATABASE_URL names a server (CI sets it).
 */
export const testDatabaseKinds: TDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * For tests of what a route or a service does, on top of a database whose behaviour the files
 * above test on both: the embedded one, which every machine has, so a result is the same
 * everywhere. Running each of these twice cost a third of the suite's time and found nothing the
 * database's own tests did not.
 */
export const behaviourDatabaseKinds: TDatabaseKind[] = ['pglite'];

// Creating a PGlite cluster and migrating it takes seconds; loading a dump of one takes about one.
// The first test file to need it writes the migrated image to the temp dir, named by a hash of
// the migrations, and every other file (in any worker) starts its database from that image.
const migrationsFolder = fileURLToPath(new URL('../src/db/migrations/', import.meta.url));
const seedDataFolder = fileURLToPath(new URL('../src/db/seed/data/', import.meta.url));

const migratedPgliteImage = async (): Promise<Blob> => {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  // The image holds the catalogue seeds too (migrateDatabase loads them).
  for (const file of fs.readdirSync(seedDataFolder).sort()) {
    hash.update(file).update(fs.readFileSync(path.join(seedDataFolder, file)));
  }
  const imagePath = path.join(os.tmpdir(), `cargodesk-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(imagePath)) return new Blob([fs.readFileSync(imagePath)]);
  const template = await openDatabase({ kind: 'pglite' });
  try {
    await migrateDatabase(template);
    const image = await template.dumpDataDir?.();
    if (!image) throw new Error('PGlite cannot dump its data directory');
    // Written aside and renamed: a worker never reads a half-written image.
    const partial = `${imagePath}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    fs.renameSync(partial, imagePath);
    for (const stale of fs
      .readdirSync(os.tmpdir())
      .filter((name) => /^cargodesk-pglite-\w+\.tar$/.test(name))) {
      if (path.join(os.tmpdir(), stale) !== imagePath)
        fs.rmSync(path.join(os.tmpdir(), stale), { force: true });
    }
    return image;
  } finally {
    await template.close();
  }
};

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a throwaway database created
 * on the TEST_DATABASE_URL server and dropped again on close.
 */
export const openTestDatabase = async (
  kind: TDatabaseKind,
  timeouts?: TPostgresTimeouts,
): Promise<Database> => {
  if (kind === 'pglite') {
    // The image is named by a hash of the migrations, so it is already up to date.
    return openDatabase({ kind: 'pglite', loadDataDir: await migratedPgliteImage() });
  }
  const scratch = await createScratchPostgresDatabase();
  const database = await openDatabase({
    kind: 'postgres',
    url: scratch.url,
    poolSize: 5,
    ...(timeouts ? { timeouts } : {}),
  });
  await migrateDatabase(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
};

const runOnServer = async (serverUrl: string, statement: string) => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

/** The URL of a throwaway database, for tests and benchmarks that start server processes of their own. */
export const createScratchPostgresDatabase = async (serverUrl = process.env.TEST_DATABASE_URL) => {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `cargodesk_test_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
};
