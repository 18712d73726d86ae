import { setImmediate as nextTurn } from 'node:timers/promises';
import type pg from 'pg';
import type { Db, Tx } from '../../db/client.ts';
import {
  embeddedTransactionMaker,
  isEmbeddedDatabase,
  pgliteOf,
  poolOf,
  serverTransactionBegunWith,
  serverTransactionOn,
  socketOf,
} from '../../db/driver.ts';
import { keepByName, withNamedStatements } from '../../db/named-statements.ts';

/**
 * The pool client as a read's session sees it: a statement holds the socket corked until the event
 * loop's next turn, so the statements a request sends together (BEGIN and its first reads, a page
 * and its count, a search's lookups) leave in one write. Each write is a system call and a wake-up
 * of the database's process, which cost this process more than the statements' own bytes
 * (docs/decisions/010-pipelined-tenant-reads.md).
 */
const batchingWrites = (client: pg.PoolClient): pg.PoolClient => {
  const socket = socketOf(client);
  let isCorked = false;
  const uncork = () => {
    isCorked = false;
    socket.uncork?.();
  };
  const batching = Object.create(client) as pg.PoolClient;
  batching.query = ((...args: Parameters<pg.PoolClient['query']>) => {
    if (!isCorked && socket.cork) {
      isCorked = true;
      socket.cork();
      setImmediate(uncork);
    }
    return client.query(...args);
  }) as pg.PoolClient['query'];
  return batching;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Both settings of a tenant transaction, in SQL; the id is a checked UUID (docs/decisions/009-one-round-trip-begin.md). */
const tenantSettings = (companyId: string | null) =>
  `select set_config('app.company_id', '${companyId ?? ''}', true), set_config('role', 'cargodesk_app', true)`;

/**
 * Both settings on PGlite, kept by name with the company as its parameter (db/named-statements.ts):
 * bound and run in one call, where a text of its own for each company was parsed and planned anew.
 */
const embeddedTenantSettings = `select set_config('app.company_id', $1, true), set_config('role', 'cargodesk_app', true)`;
keepByName(embeddedTenantSettings, 'any');

const checkCompanyId = (companyId: string | null) => {
  // Every company id is a UUID (the column's type): anything else is a bug, never a value to send.
  if (companyId !== null && !uuidPattern.test(companyId)) throw new Error('withTenant: not a company id');
};

/**
 * Runs `work` in one transaction as the non-superuser role `cargodesk_app` with the company set,
 * so row-level security shows only that company's rows. Without a company it sees no company rows.
 * Both settings are transaction-local: the connection returns to the pool unchanged.
 */
export const withTenant = <T>(db: Db, companyId: string | null, work: (tx: Tx) => Promise<T>): Promise<T> => {
  try {
    checkCompanyId(companyId);
  } catch (error) {
    return Promise.reject(error);
  }
  if (!isEmbeddedDatabase(db)) {
    // On a PostgreSQL server each statement is a round trip (docs/decisions/009-one-round-trip-begin.md):
    // the settings travel with BEGIN in one simple-protocol message; the id is a checked UUID.
    return serverTransactionBegunWith(db, tenantSettings(companyId), work);
  }
  return withPgliteTenant(db, companyId, work);
};

/**
 * PGlite runs in this process, on the same thread as the server: what a request costs there is
 * CPU the next request waits for. Its driver sends BEGIN itself; the settings follow as a statement
 * kept by name (one call to bind and run it, decision 030; the id is a checked UUID all the same),
 * and the transaction object is built without the relational schema, which no service reads
 * through and whose query helpers cost more to build than a page read
 * (docs/decisions/011-embedded-database-within-its-memory.md).
 */
const withPgliteTenant = async <T>(
  db: Db,
  companyId: string | null,
  work: (tx: Tx) => Promise<T>,
): Promise<T> => {
  const pglite = pgliteOf(db);
  const transactionOn = await embeddedTransactionMaker(db);
  return pglite.transaction(async (client) => {
    // One transaction a turn of the event loop (docs/decisions/031-one-embedded-transaction-a-turn.md).
    // PGlite answers synchronously, so queued transactions would otherwise run back to back in
    // one turn, and a request arriving meanwhile would wait for all of them before being read: at
    // ten requests at once, some waited two rounds of the queue, and the p99 was twice the p50.
    await nextTurn();
    // The compiled statements run by name (db/named-statements.ts).
    const named = withNamedStatements(client, pglite);
    await named.query(embeddedTenantSettings, [companyId ?? '']);
    return work(transactionOn(named));
  });
};

/**
 * `withTenant` for work that only reads. On PostgreSQL it runs in a READ ONLY transaction that
 * costs the reads' own round trip and nothing more (docs/decisions/010-pipelined-tenant-reads.md):
 * BEGIN and the settings are pipelined ahead of the first read instead of awaited, and the answer is
 * returned while COMMIT is still on its way, since nothing a read-only transaction did can be lost
 * by it. PGlite runs in this process with nothing to pipeline: there it is `withTenant`, since one
 * more statement to make the transaction read-only cost a tenth of a list's throughput.
 */
export const withTenantRead = async <T>(
  db: Db,
  companyId: string | null,
  work: (tx: Tx) => Promise<T>,
): Promise<T> => {
  checkCompanyId(companyId);
  if (isEmbeddedDatabase(db)) return withTenant(db, companyId, work);
  const client = batchingWrites(await poolOf(db).connect());
  // Without the relational schema: building its query helpers for every table on every request
  // cost more than the read, and no read here uses them.
  const tx = serverTransactionOn(db, client);
  // The pool's clients pipeline: the read is written right behind BEGIN, and PostgreSQL runs them
  // in order, so it runs inside the transaction. Should BEGIN fail, the read's result is thrown
  // away (a read-only statement changed nothing) and the caller gets BEGIN's error; the client is
  // then already released, destroyed (db/client.ts guards every BEGIN).
  const begun = client.query(`begin read only; ${tenantSettings(companyId)}`).then(
    () => undefined,
    (error: unknown) => ({ error }),
  );
  const outcome = await work(tx).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  const failedBegin = await begun;
  if (failedBegin) throw failedBegin.error;
  if ('error' in outcome) {
    await client.query('rollback').then(
      () => client.release(),
      (rollbackError: Error) => client.release(rollbackError),
    );
    throw outcome.error;
  }
  client.query('commit').then(
    () => client.release(),
    (commitError: Error) => client.release(commitError),
  );
  return outcome.value;
};
