import { eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { companies } from '../../../db/schema/index.ts';

export type TCompanyChanges = Partial<
  Omit<typeof companies.$inferInsert, 'id' | 'status' | 'planName' | 'planExpiresAt' | 'createdAt'>
>;

export const findCompany = async (db: Queryable, companyId: string) => {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  return row;
};

/**
 * Writes `changes` to the company and stamps it changed. Its admins change the profile
 * (`TCompanyChanges`); the platform console the plan and status (app-admin-repository.ts).
 */
export const writeCompany = async (
  db: Queryable,
  companyId: string,
  changes: Partial<typeof companies.$inferInsert>,
) => {
  const [row] = await db
    .update(companies)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(companies.id, companyId))
    .returning();
  return row;
};

export const updateCompany = (db: Queryable, companyId: string, changes: TCompanyChanges) =>
  writeCompany(db, companyId, changes);

/** The company's base currency code as stored, or null when it has none. */
export const findCompanyCurrency = async (db: Queryable, companyId: string) => {
  const [row] = await db
    .select({ currency: companies.currency })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.currency ?? null;
};

/** Sets the company's base currency; iam stays the one writer of `companies`. */
export const setCompanyCurrency = async (db: Queryable, companyId: string, currency: string) => {
  await db.update(companies).set({ currency, updatedAt: new Date() }).where(eq(companies.id, companyId));
};
