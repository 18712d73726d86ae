import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { DatabaseOpenError } from './database-errors.ts';
import { type Db, drizzleOnPglite, drizzleOnServer, socketOf } from './driver.ts';

// The driver-neutral handle types every repository is written against.
export type { Db, Queryable, Schema, Tx } from './driver.ts';

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Runs LISTEN on PostgreSQL or PGlite; the handler receives each payload. On PostgreSQL a broken
   * LISTEN connection is made again, then `onReconnect` runs (events sent meanwhile are lost).
   */
  listen: (
    channel: string,
    onPayload: (payload: string) => void,
    options?: { onReconnect?: () => void; onDisconnect?: () => void },
  ) => Promise<() => Promise<void>>;
  /**
   * PostgreSQL only: `onPayload` receives the `changesChannel` notices that reach any pooled
   * connection. A connection that commits a change hears its own notice before the commit returns,
   * so this instance drops what it cached before it answers the request that made the change.
   */
  watchChanges?: (onPayload: (payload: string) => void) => () => void;
  close: () => Promise<void>;
  /** PGlite only: the whole cluster as a tarball, which `loadDataDir` opens again. */
  dumpDataDir?: () => Promise<Blob>;
  /** The pool behind a PostgreSQL database, for work that needs one session (migration locks). */
  pool?: pg.Pool;
};

/**
 * The channel the change triggers notify on (migration 0024): `access:<companyId>` when a session,
 * user, role, user role or company row changes, `catalogue:<table>` for the port catalogues,
 * `everything:` after a TRUNCATE.
 */
export const changesChannel = 'cargodesk_changes';

/** How long a PostgreSQL statement may run, and a new connection may take, before giving up. */
export type TPostgresTimeouts = { statementMs: number; connectMs: number };
export const defaultPostgresTimeouts: TPostgresTimeouts = { statementMs: 15_000, connectMs: 3_000 };

export type OpenDatabaseOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; poolSize?: number; timeouts?: TPostgresTimeouts };

export const openDatabase = async (options: OpenDatabaseOptions): Promise<Database> =>
  options.kind === 'pglite'
    ? openPglite(options.dataDir, options.loadDataDir)
    : openPostgres(options.url, options.poolSize ?? 10, options.timeouts ?? defaultPostgresTimeouts);

/**
 * PGlite's WebAssembly heap only grows, and the process keeps every page it ever touched, so the
 * buffers are sized for one embedded user rather than PostgreSQL's server defaults (128 MB shared
 * buffers): the server stays within its memory budget (docs/operations.md). The same holds for
 * what VACUUM and ANALYZE hold at once (db/visibility-map.ts): ANALYZE keeps a sample of 300 rows
 * per unit of the statistics target in memory: in a trial with rows as wide as contacts', 35 MB at
 * the default of 100 and 5 MB at 10, enough for plans that mostly follow the sort indexes.
 */
const pgliteMemorySettings = [
  '-c',
  'shared_buffers=16MB',
  '-c',
  'wal_buffers=1MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'default_statistics_target=10',
];

// CommonJS on purpose: `node -e` runs a script, and this path resolves the same under tsx and vitest.
const pgliteModulePath = createRequire(import.meta.url).resolve('@electric-sql/pglite');
// The IPC channel closes when the server ends: a cluster half made is then dropped, not finished.
const createClusterScript = `process.on('disconnect', () => process.exit(1));
  require(process.argv[1]).PGlite.create({ dataDir: process.argv[2] })
    .then((db) => db.close())
    .then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });`;

/**
 * Creating a cluster runs PGlite's initdb, whose WebAssembly instance takes some 500 MB that the
 * process would keep as resident memory even once freed. A short-lived process of its own makes the
 * new cluster beside the data dir, which then takes its place whole, so that a start stopped midway
 * leaves no half-made cluster; the server opens it as an existing one (docs/operations.md).
 */
const createClusterInChildProcess = async (pgDataDir: string) => {
  const creating = `${pgDataDir}.creating`;
  fs.rmSync(creating, { recursive: true, force: true });
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', createClusterScript, pgliteModulePath, creating], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let errorOutput = '';
    child.stderr?.on('data', (chunk) => {
      errorOutput += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(errorOutput.trim() || `initdb stopped with exit code ${code}`)),
    );
  });
  fs.rmSync(pgDataDir, { recursive: true, force: true });
  fs.renameSync(creating, pgDataDir);
};

const isMissingOrEmpty = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

const openPglite = async (dataDir?: string, loadDataDir?: Blob): Promise<Database> => {
  // No data dir → in memory (tests). Otherwise one process at a time: PGlite has no locking of its own.
  const pgDataDir = dataDir ? path.join(dataDir, 'pgdata') : undefined;
  // Loaded only here: a server on PostgreSQL never holds PGlite's modules in memory.
  const [{ PGlite }, { pg_trgm }, { pg_visibility }] = await Promise.all([
    import('@electric-sql/pglite'),
    // Contacts search by trigrams (migration 0031 creates the extension).
    import('@electric-sql/pglite/contrib/pg_trgm'),
    // Reads the visibility map, to vacuum where PGlite's missing autovacuum would (db/visibility-map.ts).
    import('@electric-sql/pglite/contrib/pg_visibility'),
  ]);
  const releaseLock = dataDir ? acquireDataDirLock(dataDir) : () => {};
  let client: PGlite;
  try {
    if (pgDataDir && !loadDataDir && isMissingOrEmpty(pgDataDir))
      await createClusterInChildProcess(pgDataDir);
    if (pgDataDir) fs.mkdirSync(pgDataDir, { recursive: true });
    client = await PGlite.create({
      ...(pgDataDir ? { dataDir: pgDataDir } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
      startParams: [...PGlite.defaultStartParams, ...pgliteMemorySettings],
      extensions: { pg_trgm, pg_visibility },
    });
    // Not a migration: on a PostgreSQL server only a superuser may create it, and there autovacuum
    // does its work. Its functions are the superuser's alone; requests run as cargodesk_app.
    await client.query('create extension if not exists pg_visibility');
  } catch (error) {
    releaseLock();
    throw new DatabaseOpenError(
      `Cannot open the embedded database in ${pgDataDir}: ${describe(error)}. ` +
        'The data directory may be corrupt; restore it from a backup or move it away to start empty.',
    );
  }
  const db = await drizzleOnPglite(client);
  return {
    kind: 'pglite',
    db,
    dumpDataDir: () => client.dumpDataDir('none'),
    listen: async (channel, onPayload) => {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => {
        // A closed database holds no LISTEN any more, and PGlite would throw on the UNLISTEN.
        if (client.closed) return;
        await unsubscribe();
      };
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        releaseLock();
      }
    },
  };
};

const openPostgres = async (
  url: string,
  poolSize: number,
  timeouts: TPostgresTimeouts,
): Promise<Database> => {
  const changeWatchers = new Set<(payload: string) => void>();
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // A client sends a statement without waiting for the answer to the one before: a read-only
    // tenant transaction writes BEGIN and its read together (platform/data-access/tenant-transaction.ts).
    pipeline: true,
    // A new connection is set up before the pool hands it out: it listens for change notices, so
    // a connection that commits a change hears its own notice before the commit returns. Awaited,
    // so the caller's first query never runs while LISTEN still does; a failure only loses the
    // early notice, the instance-wide LISTEN (registerChangeFeed) still hears it.
    onConnect: async (connected) => {
      const client = connected as pg.PoolClient;
      client.on('error', () => {});
      guardTransactionClient(client);
      client.on('notification', (message) => {
        if (message.channel !== changesChannel || message.payload === undefined) return;
        for (const watcher of changeWatchers) watcher(message.payload);
      });
      await client.query(`LISTEN ${changesChannel}`).catch(() => {});
    },
    // A database that refuses or does not answer fails the request within seconds (503), instead
    // of each request waiting on the operating system's TCP timeouts.
    connectionTimeoutMillis: timeouts.connectMs,
    // The server cancels a statement that runs too long (a lock held elsewhere, a runaway query);
    // the client gives up on a server that stopped answering altogether (a frozen host, a cut
    // network) a second later, so that the server's own error wins whenever it can still speak.
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + 1000,
    keepAlive: true,
  });
  // A client that loses its server must not crash the process; the next query reports it. The pool
  // listens on idle clients only: one checked out by a transaction, between two of its statements,
  // would otherwise throw its 'error' event as an uncaught exception.
  pool.on('error', () => {});
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseOpenError(`Cannot connect to DATABASE_URL (${redactUrl(url)}): ${describe(error)}`);
  }
  // Each LISTEN holds its connection for as long as the instance runs (the change feed, the events
  // bus): from a pool of their own, so all `poolSize` connections of the requests' pool serve
  // requests. Taken from that pool, two of its ten sat listening, and at ten requests at once two
  // always waited for a connection (docs/decisions/050-shipment-reads-in-fewer-statements.md).
  const listenPool = new pg.Pool({
    connectionString: url,
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
  });
  listenPool.on('error', () => {});
  const db = drizzleOnServer(pool);
  const listeners = new Set<pg.PoolClient>();
  return {
    kind: 'postgres',
    db,
    pool,
    watchChanges: (onPayload) => {
      changeWatchers.add(onPayload);
      return () => {
        changeWatchers.delete(onPayload);
      };
    },
    listen: async (channel, onPayload, { onReconnect, onDisconnect } = {}) => {
      let isStopped = false;
      let current: pg.PoolClient | undefined;
      let retryTimer: NodeJS.Timeout | undefined;
      // A LISTEN connection that breaks (a database restart, a network cut) is made again, with
      // backoff; `onReconnect` lets the caller catch up on what it may have missed meanwhile.
      const connect = async (attempt: number): Promise<void> => {
        const client = await listenPool.connect();
        client.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
        });
        client.on('error', () => {
          if (current !== client) return;
          listeners.delete(client);
          current = undefined;
          client.release(true);
          if (isStopped) return;
          onDisconnect?.();
          const retry = (n: number) => {
            retryTimer = setTimeout(
              () => {
                connect(n).then(
                  () => onReconnect?.(),
                  () => retry(n + 1),
                );
              },
              Math.min(30_000, 250 * 2 ** n),
            );
            retryTimer.unref();
          };
          retry(attempt);
        });
        try {
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          client.release(true);
          throw error;
        }
        current = client;
        listeners.add(client);
      };
      await connect(0);
      return async () => {
        isStopped = true;
        clearTimeout(retryTimer);
        const client = current;
        current = undefined;
        if (!client) return;
        listeners.delete(client);
        await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
        client.release();
      };
    },
    close: async () => {
      for (const client of listeners) client.release();
      await Promise.all([pool.end(), listenPool.end()]);
    },
  };
};

/**
 * Drizzle's transaction never releases its client when BEGIN fails, and returns it to the pool
 * after a failed ROLLBACK as if it were healthy. A client whose query timed out on our side still
 * has that query running on the server. So: a failed BEGIN releases its client, destroyed, and a
 * client-side timeout closes the connection, which the pool then discards on release.
 */
const guardTransactionClient = (client: pg.PoolClient) => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      if (error instanceof Error && /Query read timeout/.test(error.message)) {
        socketOf(client).destroy();
      }
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown } | undefined)?.text;
      if (typeof text === 'string' && /^begin\b/i.test(text.trim())) {
        client.release(error instanceof Error ? error : true);
      }
      throw error;
    });
  };
};

const describe = (error: unknown) => {
  if (error instanceof AggregateError && error.errors.length > 0) return describe(error.errors[0]);
  return error instanceof Error ? error.message || error.name : String(error);
};

export const redactUrl = (url: string) => url.replace(/\/\/([^:/@]+):([^@]*)@/, '//$1:***@');
