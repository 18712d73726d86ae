import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';

/**
 * Runs `work` in one transaction as the non-superuser role `cargodesk_app` with the company set,
 * so row-level security shows only that company's rows. Without a company it sees no company rows.
 * Both settings are transaction-local: the connection returns to the pool unchanged.
 */
export const withTenant = <T>(db: Db, companyId: string | null, work: (tx: Tx) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.company_id', ${companyId ?? ''}, true), set_config('role', 'cargodesk_app', true)`,
    );
    return work(tx);
  });
