import { is, sql } from 'drizzle-orm';
import { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Db, Tx } from '../db/client.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Runs `work` in one transaction as the non-superuser role `cargodesk_app` with the company set,
 * so row-level security shows only that company's rows. Without a company it sees no company rows.
 * Both settings are transaction-local: the connection returns to the pool unchanged.
 */
export const withTenant = <T>(db: Db, companyId: string | null, work: (tx: Tx) => Promise<T>): Promise<T> => {
  // Every company id is a UUID (the column's type): anything else is a bug, never a value to send.
  if (companyId !== null && !uuidPattern.test(companyId))
    return Promise.reject(new Error('withTenant: not a company id'));
  if (is(db, NodePgDatabase)) {
    // On a PostgreSQL server each statement is a round trip (docs/decisions/009-one-round-trip-begin.md):
    // the settings travel with BEGIN in one simple-protocol message. drizzle writes the transaction
    // mode into its BEGIN as text, so the settings follow it there; the id is a checked UUID.
    const settings = `select set_config('app.company_id', '${companyId ?? ''}', true), set_config('role', 'cargodesk_app', true)`;
    return db.transaction(work, { accessMode: `read write; ${settings}` as 'read write' });
  }
  // PGlite runs in this process: a second statement costs no network, and its driver sends BEGIN itself.
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.company_id', ${companyId ?? ''}, true), set_config('role', 'cargodesk_app', true)`,
    );
    return work(tx);
  });
};
