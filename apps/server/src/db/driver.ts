import type { PGlite, Transaction } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, is, type Query, type SQL } from 'drizzle-orm';
import {
  drizzle as drizzleNodePostgres,
  NodePgDatabase,
  NodePgSession,
  NodePgTransaction,
} from 'drizzle-orm/node-postgres';
import {
  PgDatabase,
  type PgDialect,
  type PgPreparedQuery,
  type PgQueryResultHKT,
  PgSession,
  type PgTransaction,
  type SelectedFieldsOrdered,
} from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './schema/index.ts';

// Every place the server reaches past the public interface of drizzle-orm, PGlite or pg, in one
// module: the three are pinned to exact versions (docs/architecture.md, "Pinned foundations"), and
// db/driver.test.ts checks on both databases each shape relied on here, so that an upgrade that
// moves one fails there, by name, rather than somewhere in a route. Nothing else in the server
// casts a handle of these libraries to reach inside it.

// ---- Drizzle handles ----

export type Schema = typeof schema;
/** A database handle, on either database. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction, on either database. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database handle or an open transaction: repositories accept either. */
export type Queryable = Db | Tx;

const drizzleOptions = { schema, casing: 'snake_case' } as const;

/**
 * A drizzle handle typed as the server's `Db`. Drizzle types each driver's handle as its own class
 * (its query results differ in type, not in the `rows` every repository reads), and `Db` is the
 * driver-neutral one the rest of the server is written against.
 */
const asDb = (handle: PgDatabase<PgQueryResultHKT, Schema>) => handle as unknown as Db;

/** The drizzle handle of an embedded database. Loads drizzle's PGlite driver on first use only. */
export const drizzleOnPglite = async (client: PGlite): Promise<Db> => {
  const { drizzle } = await import('drizzle-orm/pglite');
  return asDb(drizzle({ client, ...drizzleOptions }));
};

/** The drizzle handle of a PostgreSQL server, through a pool or one connection of its own. */
export const drizzleOnServer = (client: pg.Pool | pg.Client): Db =>
  asDb(drizzleNodePostgres({ client, ...drizzleOptions }));

/** Applies drizzle's migrations in `migrationsFolder` that have not run yet, on either database. */
export const applyMigrations = async (db: Db, migrationsFolder: string) => {
  if (is(db, NodePgDatabase)) {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(db, { migrationsFolder });
    return;
  }
  const [{ migrate }, { PgliteDatabase }] = await Promise.all([
    import('drizzle-orm/pglite/migrator'),
    import('drizzle-orm/pglite'),
  ]);
  if (!is(db, PgliteDatabase)) throw new Error('applyMigrations: neither a PGlite nor a PostgreSQL handle');
  await migrate(db, { migrationsFolder });
};

// ---- Which database, and its client ----

/**
 * Whether `db` is the embedded database (PGlite, in this process) rather than a PostgreSQL server.
 * A database handle only: a transaction is of neither class. Tells without loading PGlite's modules.
 */
export const isEmbeddedDatabase = (db: Db) => !is(db, NodePgDatabase);

/** What drizzle keeps as the client a database handle was made on. */
const clientOf = (db: Db) => (db as unknown as { $client: unknown }).$client;

/** The PGlite instance under an embedded database's handle. */
export const pgliteOf = (db: Db): PGlite => {
  if (!isEmbeddedDatabase(db)) throw new Error('pgliteOf: a PostgreSQL handle has no PGlite');
  return clientOf(db) as PGlite;
};

/** The pool under a PostgreSQL database's handle. */
export const poolOf = (db: Db): pg.Pool => {
  if (isEmbeddedDatabase(db)) throw new Error('poolOf: an embedded handle has no pool');
  return clientOf(db) as pg.Pool;
};

/** The SQL dialect of a handle or a transaction: how it writes names (snake_case here) and values. */
const dialectOf = (db: Queryable) => (db as unknown as { dialect: PgDialect }).dialect;

// ---- Raw statements ----

/**
 * The rows a raw statement answers, on the connection under `db` (a handle or a transaction).
 * Drizzle types `execute`'s result per driver; both PGlite's and pg's results carry `rows`.
 */
export const executeRows = async <TRow = Record<string, unknown>>(db: Queryable, statement: SQL) =>
  ((await db.execute(statement)) as unknown as { rows: TRow[] }).rows;

// ---- Transactions on a client of our own ----

// Loaded on first use: a server on PostgreSQL never holds PGlite's modules in memory.
let pgliteSessionModule: typeof import('drizzle-orm/pglite/session') | undefined;

/**
 * Makes the drizzle transactions of an embedded database on a PGlite transaction the caller opened
 * (and wrapped, db/named-statements.ts). Without the relational schema: no service reads through
 * it, and its query helpers for every table cost more to build than a page read. The maker is
 * loaded once; awaiting it again costs no turn of the event loop.
 */
export const embeddedTransactionMaker = async (db: Db) => {
  pgliteSessionModule ??= await import('drizzle-orm/pglite/session');
  const { PgliteSession, PgliteTransaction } = pgliteSessionModule;
  const dialect = dialectOf(db);
  return (client: Transaction): Tx => {
    const session = new PgliteSession(client, dialect, undefined);
    return new PgliteTransaction(dialect, session, undefined) as unknown as Tx;
  };
};

/**
 * A drizzle transaction on a pool client the caller checked out and sends BEGIN, COMMIT or ROLLBACK
 * on itself (platform/data-access/tenant-transaction.ts pipelines them). Without the relational schema, as above.
 */
export const serverTransactionOn = (db: Db, client: pg.PoolClient): Tx => {
  const dialect = dialectOf(db);
  const session = new NodePgSession(client, dialect, undefined);
  return new NodePgTransaction(dialect, session, undefined) as unknown as Tx;
};

/**
 * Runs `work` in a drizzle transaction on a PostgreSQL server whose BEGIN carries `statements` in
 * the same simple-protocol message: drizzle writes a transaction's access mode into its BEGIN as
 * text, so whatever follows the mode there runs right after BEGIN, in one round trip
 * (docs/decisions/009-one-round-trip-begin.md). `statements` must be SQL of our own making.
 */
export const serverTransactionBegunWith = <T>(db: Db, statements: string, work: (tx: Tx) => Promise<T>) =>
  db.transaction(work, { accessMode: `read write; ${statements}` as 'read write' });

// ---- pg's connection ----

/** The parts of a pool client's socket the server uses: corking writes, and cutting the connection. */
export type TClientSocket = { cork?: () => void; uncork?: () => void; destroy: () => void };

/** The socket under a pg client (pg keeps it as `connection.stream`). */
export const socketOf = (client: pg.ClientBase): TClientSocket =>
  (client as unknown as { connection: { stream: TClientSocket } }).connection.stream;

// ---- Statements built once, run with each request's values (db/compiled-statement.ts) ----

/** What drizzle hands a session to prepare: the statement's text and parameters, and how to read its rows. */
type TRecorded = {
  query: Query;
  fields: SelectedFieldsOrdered | undefined;
  isResponseInArrayMode: boolean;
  /** Set by drizzle on a prepared select: which joined tables' columns come back null together. */
  joinsNotNullableMap?: Record<string, boolean>;
  setToken: () => TRecorded;
};

/** A statement as drizzle built it, kept to run again with other values; `text` is its SQL. */
export type TRecordedStatement = { readonly text: string };

/** A session that runs nothing: it keeps what drizzle would have prepared. */
class RecordingSession extends PgSession<PgQueryResultHKT> {
  override prepareQuery(
    query: Query,
    fields: SelectedFieldsOrdered | undefined,
    _name: string | undefined,
    isResponseInArrayMode: boolean,
  ) {
    const recorded: TRecorded = { query, fields, isResponseInArrayMode, setToken: () => recorded };
    return recorded as unknown as PgPreparedQuery<never>;
  }

  override transaction(): Promise<never> {
    throw new Error('A statement being compiled runs no transaction');
  }
}

/** A database whose statements are only built: a compiled statement's builder runs against it. */
export type TCompilingDb = PgDatabase<PgQueryResultHKT>;

/** A drizzle query, as a builder hands it back: anything with `prepare()`. */
export type TPreparable = { prepare: (name: string) => unknown };

const recordedOf = new WeakMap<TRecordedStatement, TRecorded>();
const compilingDbOf = new WeakMap<PgDialect, TCompilingDb>();

/**
 * Builds a statement without running it, in the dialect of the database it will run on (so names
 * are written with its casing): `build` receives a database that only records what it prepares.
 */
export const recordStatement = (db: Queryable, build: (compilingDb: TCompilingDb) => TPreparable) => {
  const dialect = dialectOf(db);
  let compilingDb = compilingDbOf.get(dialect);
  if (!compilingDb) {
    compilingDb = new PgDatabase(dialect, new RecordingSession(dialect), undefined);
    compilingDbOf.set(dialect, compilingDb);
  }
  const recorded = build(compilingDb).prepare('compiled') as TRecorded;
  const statement: TRecordedStatement = { text: recorded.query.sql };
  recordedOf.set(statement, recorded);
  return statement;
};

/** Runs a recorded statement on `db` with `values` for its placeholders, reading its rows as drizzle would. */
export const runRecordedStatement = <TRow>(
  db: Queryable,
  statement: TRecordedStatement,
  values: Record<string, unknown>,
): Promise<TRow[]> => {
  const recorded = recordedOf.get(statement);
  if (!recorded) throw new Error('runRecordedStatement: not a recorded statement');
  const prepared = db._.session.prepareQuery(
    recorded.query,
    recorded.fields,
    undefined,
    recorded.isResponseInArrayMode,
  ) as PgPreparedQuery<{ execute: TRow[]; all: unknown; values: unknown }> &
    Pick<TRecorded, 'joinsNotNullableMap'>;
  prepared.joinsNotNullableMap = recorded.joinsNotNullableMap;
  return prepared.execute(values);
};
