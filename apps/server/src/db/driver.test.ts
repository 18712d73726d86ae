import { parse, protocol } from '@electric-sql/pglite';
import { asc, eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../test/databases.ts';
import type { Database } from './client.ts';
import {
  applyMigrations,
  embeddedTransactionMaker,
  executeRows,
  isEmbeddedDatabase,
  pgliteOf,
  poolOf,
  recordStatement,
  runRecordedStatement,
  serverTransactionBegunWith,
  serverTransactionOn,
  socketOf,
} from './driver.ts';
import { companies } from './schema/index.ts';

// The contract of db/driver.ts with the pinned drizzle-orm, PGlite and pg (docs/architecture.md,
// "Pinned foundations"): each function on both databases, and each private shape it relies on,
// named in the failure. An upgrade that moves one of them fails here first.

const migrationsFolder = new URL('./migrations/', import.meta.url).pathname;

describe.each(testDatabaseKinds)('the database driver on %s', (kind) => {
  let database: Database;
  const companyA = crypto.randomUUID();
  const companyB = crypto.randomUUID();

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.insert(companies).values([
      { id: companyA, name: 'Alpha Freight' },
      { id: companyB, name: 'Bravo Cargo' },
    ]);
  });
  afterAll(async () => database?.close());

  it('tells the embedded database from a server', () => {
    expect(isEmbeddedDatabase(database.db), 'drizzle names its node-postgres handle NodePgDatabase').toBe(
      kind === 'pglite',
    );
  });

  it('finds the client under a handle (drizzle keeps it as $client)', () => {
    if (kind === 'pglite') {
      const pglite = pgliteOf(database.db);
      for (const method of [
        'transaction',
        'execProtocol',
        'runExclusive',
        'listen',
        'query',
        'exec',
      ] as const)
        expect(typeof pglite[method], `PGlite has ${method}()`).toBe('function');
      expect(pglite.parsers, 'PGlite keeps its parsers by type').toBeTypeOf('object');
      expect(pglite.serializers, 'PGlite keeps its serializers by type').toBeTypeOf('object');
      expect(() => poolOf(database.db)).toThrow('no pool');
    } else {
      expect(poolOf(database.db), 'drizzle keeps the pool it was made on as $client').toBe(database.pool);
      expect(poolOf(database.db)).toBeInstanceOf(pg.Pool);
      expect(() => pgliteOf(database.db)).toThrow('no PGlite');
    }
  });

  it('reads the rows of a raw statement, on a handle and in a transaction', async () => {
    const statement = sql`select name from companies where id = ${companyA}`;
    expect(await executeRows<{ name: string }>(database.db, statement), 'execute answers { rows }').toEqual([
      { name: 'Alpha Freight' },
    ]);
    expect(await database.db.transaction((tx) => executeRows(tx, statement))).toEqual([
      { name: 'Alpha Freight' },
    ]);
    expect(await executeRows(database.db, sql`select 1 where false`)).toEqual([]);
  });

  it('records a statement in the dialect drizzle keeps on a handle and a transaction, and runs it with values', async () => {
    expect(
      (database.db as unknown as { dialect: unknown }).dialect,
      'drizzle keeps its dialect on a handle',
    ).toBeInstanceOf(PgDialect);
    const build = (db: Parameters<Parameters<typeof recordStatement>[1]>[0]) =>
      db
        .select({ name: companies.name, shortName: companies.shortName })
        .from(companies)
        .where(eq(companies.id, sql.placeholder('id')))
        .orderBy(asc(companies.name));
    const recorded = recordStatement(database.db, build);
    // snake_case: the handle's own casing, from its dialect.
    expect(recorded.text).toContain('"short_name"');
    expect(recorded.text).toContain('$1');
    expect(await runRecordedStatement(database.db, recorded, { id: companyB })).toEqual([
      { name: 'Bravo Cargo', shortName: null },
    ]);
    const inTransaction = await database.db.transaction((tx) =>
      runRecordedStatement(tx, recordStatement(tx, build), { id: companyA }),
    );
    expect(inTransaction).toEqual([{ name: 'Alpha Freight', shortName: null }]);
    await expect(runRecordedStatement(database.db, recorded, {})).rejects.toThrow(/placeholder "id"/);
  });

  it('applies migrations again as a no-op', async () => {
    const before = await executeRows(
      database.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    await applyMigrations(database.db, migrationsFolder);
    expect(
      await executeRows(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    ).toEqual(before);
  });

  it.runIf(kind === 'pglite')(
    'makes a transaction on a PGlite transaction, whose statements go through its query() with drizzle’s parsers',
    async () => {
      const pglite = pgliteOf(database.db);
      const transactionOn = await embeddedTransactionMaker(database.db);
      const calls: unknown[][] = [];
      const names = await pglite.transaction(async (client) => {
        // As db/named-statements.ts wraps it: a statement drizzle runs arrives at `query`.
        const watched = Object.create(client) as typeof client;
        watched.query = ((...args: Parameters<typeof client.query>) => {
          calls.push(args);
          return client.query(...args);
        }) as typeof client.query;
        const tx = transactionOn(watched);
        return tx.select({ name: companies.name }).from(companies).orderBy(asc(companies.name));
      });
      expect(names).toEqual([{ name: 'Alpha Freight' }, { name: 'Bravo Cargo' }]);
      expect(calls, 'drizzle’s PGlite session runs a select through query()').toHaveLength(1);
      const [text, parameters, options] = calls[0] as [
        string,
        unknown[],
        { rowMode?: string; parsers?: object },
      ];
      expect(text).toMatch(/^select "name" from "companies"/);
      expect(parameters).toEqual([]);
      expect(options.rowMode, 'drizzle reads a select in array mode').toBe('array');
      expect(options.parsers, 'drizzle passes parsers of its own for some types').toBeTypeOf('object');
    },
  );

  it.runIf(kind === 'pglite')('has the wire-protocol helpers db/named-statements.ts speaks through', () => {
    for (const message of ['parse', 'describe', 'bind', 'execute', 'sync', 'close'] as const)
      expect(typeof protocol.serialize[message], `PGlite's protocol.serialize.${message}`).toBe('function');
    expect(typeof parse.parseResults, "PGlite's parse.parseResults").toBe('function');
    expect(typeof parse.parseDescribeStatementResults, "PGlite's parse.parseDescribeStatementResults").toBe(
      'function',
    );
  });

  it.runIf(kind === 'postgres')('makes a transaction on a pool client of the caller’s own', async () => {
    const client = await poolOf(database.db).connect();
    try {
      const tx = serverTransactionOn(database.db, client);
      await client.query('begin read only');
      const [own] = await executeRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      const names = await tx.select({ name: companies.name }).from(companies).orderBy(asc(companies.name));
      await client.query('commit');
      expect(own?.pid, 'the transaction runs on the client it was given').toBe(
        (client as unknown as { processID: number }).processID,
      );
      expect(names).toEqual([{ name: 'Alpha Freight' }, { name: 'Bravo Cargo' }]);
    } finally {
      client.release();
    }
  });

  it.runIf(kind === 'postgres')(
    'sends statements with BEGIN, as text in one message through the client’s query()',
    async () => {
      const pool = poolOf(database.db);
      const sent: string[] = [];
      const record = (client: pg.PoolClient) => {
        const query = client.query;
        client.query = ((...args: unknown[]) => {
          const [first] = args;
          sent.push(typeof first === 'string' ? first : String((first as { text?: unknown }).text));
          return (query as (...queryArgs: unknown[]) => unknown).apply(client, args);
        }) as typeof client.query;
        return () => {
          client.query = query;
        };
      };
      let restore = () => {};
      const onAcquire = (client: pg.PoolClient) => {
        restore = record(client);
      };
      pool.on('acquire', onAcquire);
      try {
        const setting = await serverTransactionBegunWith(
          database.db,
          "select set_config('app.driver_contract', 'set', true)",
          async (tx) =>
            executeRows<{ value: string }>(tx, sql`select current_setting('app.driver_contract') as value`),
        );
        expect(setting).toEqual([{ value: 'set' }]);
      } finally {
        pool.off('acquire', onAcquire);
        restore();
      }
      expect(sent[0], 'drizzle writes the access mode into BEGIN as text (db/client.ts guards it)').toBe(
        "begin read write; select set_config('app.driver_contract', 'set', true)",
      );
    },
  );
});

describe('the socket of a pg client', () => {
  it('is kept as connection.stream, and can be corked and destroyed', () => {
    // A client not yet connected already holds its socket.
    const socket = socketOf(new pg.Client());
    for (const method of ['cork', 'uncork', 'destroy'] as const)
      expect(typeof socket[method], `pg's client.connection.stream.${method}()`).toBe('function');
  });
});
