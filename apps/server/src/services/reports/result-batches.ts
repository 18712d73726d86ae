import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { toCsvLine } from '@cargodesk/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { executeRows, isEmbeddedDatabase } from '../../db/driver.ts';
import type { TAuthContext } from '../../platform/auth/auth-context.ts';
import { withTenantRead } from '../../platform/data-access/tenant-transaction.ts';
import { cellsOf, columnsOf, reportStatementOf, type TCheckedReport } from './query.ts';

// A report's rows a batch at a time, for the exports and the mailed copies: 100,000 rows read,
// turned into cells and written as CSV in one go held the server's only thread for about 1.5 s on
// the embedded database, while every other company waited (docs/decisions/034-report-rows-in-batches.md).
// Here no turn of the event loop handles more than one batch.

/** The most rows an export or a mailed copy holds. */
export const reportExportMaxRows = 100_000;

/** Rows a turn of the event loop handles: a few tens of milliseconds of work at most. */
export const resultBatchSize = 1_000;

/**
 * The statement's rows on the embedded database, through a cursor held past its transaction: its
 * rows are computed as the transaction ends (the database's part, a few milliseconds for 100,000),
 * and each batch is then read in a statement of its own, so other companies' transactions run
 * between two batches, not only after the last.
 */
async function* embeddedRows(db: Db, auth: TAuthContext, report: TCheckedReport, limit: number) {
  // A name of our own making: never anything a caller sent.
  const cursor = sql.raw(`report_rows_${randomUUID().replaceAll('-', '')}`);
  await withTenantRead(db, auth.companyId, (tx) =>
    tx.execute(
      sql`declare ${cursor} no scroll cursor with hold for ${reportStatementOf(auth, report, limit)}`,
    ),
  );
  try {
    for (;;) {
      await nextTurn();
      const rows = await executeRows(db, sql`fetch ${sql.raw(String(resultBatchSize))} from ${cursor}`);
      if (rows.length > 0) yield rows;
      if (rows.length < resultBatchSize) return;
    }
  } finally {
    await db.execute(sql`close ${cursor}`);
  }
}

/**
 * The statement's rows on a PostgreSQL server: the driver reads them as they arrive, a socket's
 * chunk a turn, and the connection goes back to the pool at once; the batches are then handed on
 * one a turn.
 */
async function* serverRows(db: Db, auth: TAuthContext, report: TCheckedReport, limit: number) {
  const rows = await withTenantRead(db, auth.companyId, (tx) =>
    executeRows(tx, reportStatementOf(auth, report, limit)),
  );
  for (let start = 0; start < rows.length; start += resultBatchSize) {
    await nextTurn();
    yield rows.slice(start, start + resultBatchSize);
  }
}

/** A checked report's rows as cells, at most `limit`, a batch at a time, in the caller's company. */
export async function* reportCellBatches(db: Db, auth: TAuthContext, report: TCheckedReport, limit: number) {
  const batches = isEmbeddedDatabase(db)
    ? embeddedRows(db, auth, report, limit)
    : serverRows(db, auth, report, limit);
  for await (const rows of batches) yield rows.map((row) => cellsOf(report, row));
}

/** A checked report as CSV text: a header of labels, then the rows a batch at a time (formulas neutralised). */
export async function* reportCsvChunks(db: Db, auth: TAuthContext, report: TCheckedReport, limit: number) {
  yield toCsvLine(columnsOf(report).map((column) => column.label));
  for await (const batch of reportCellBatches(db, auth, report, limit))
    yield batch.map((cells) => toCsvLine(cells)).join('');
}
