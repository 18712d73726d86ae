import type { TAdminCompanyListQuery } from '@cargodesk/shared';
import { and, asc, count, desc, eq, gt, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { containsPattern } from '../../../db/like-pattern.ts';
import { companies, platformAuditEvents, roles, userRoles, users } from '../../../db/schema/index.ts';
import { writeCompany } from '../company-and-profile/company-repository.ts';

// The platform console's reads and writes across companies. System context only: these run on the
// owner's connection, outside any tenant transaction, and only behind the platform-rights check of
// app-admin-routes.ts.

export type TCompanyRow = typeof companies.$inferSelect;

/** Users who count towards a company's size: everyone not suspended. */
const userCount = sql<number>`(
  select count(*)::int from users counted
  where counted.company_id = "companies"."id" and counted.status <> 'suspended'
)`.as('user_count');

const sortColumns = {
  name: companies.name,
  planExpiresAt: companies.planExpiresAt,
  createdAt: companies.createdAt,
  status: companies.status,
} as const;

export type TCompanySort = { field: keyof typeof sortColumns; isDescending: boolean };

const companyFilters = ({ q, status, expired }: Pick<TAdminCompanyListQuery, 'q' | 'status' | 'expired'>) => {
  const now = new Date();
  const filters: (SQL | undefined)[] = [
    q ? ilike(companies.name, containsPattern(q)) : undefined,
    status ? eq(companies.status, status) : undefined,
    expired === 'true' ? lte(companies.planExpiresAt, now) : undefined,
    expired === 'false' ? gt(companies.planExpiresAt, now) : undefined,
  ];
  return and(...filters);
};

export const findCompaniesPage = async (
  db: Queryable,
  query: Pick<TAdminCompanyListQuery, 'q' | 'status' | 'expired'> & {
    sort: TCompanySort;
    limit: number;
    offset: number;
  },
) => {
  const where = companyFilters(query);
  const column = sortColumns[query.sort.field];
  const [rows, [total]] = await Promise.all([
    db
      .select({ company: companies, userCount })
      .from(companies)
      .where(where)
      .orderBy(query.sort.isDescending ? desc(column) : asc(column), asc(companies.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
};

export const findCompanyWithUserCount = async (db: Queryable, companyId: string) => {
  const [row] = await db
    .select({ company: companies, userCount })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
};

/** The row, locked until the transaction ends: two platform admins changing one company take turns. */
export const lockCompany = async (db: Queryable, companyId: string) => {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).for('update');
  return row;
};

export const updateCompanyAsPlatform = (
  db: Queryable,
  companyId: string,
  changes: Partial<Pick<TCompanyRow, 'planName' | 'planExpiresAt' | 'status' | 'statusReason'>>,
) => writeCompany(db, companyId, changes);

/** The addresses of the company's active admins: who hears that the company was suspended or reactivated. */
export const findAdminEmails = async (db: Queryable, companyId: string) =>
  (
    await db
      .selectDistinct({ email: users.email })
      .from(users)
      .innerJoin(userRoles, and(eq(userRoles.companyId, users.companyId), eq(userRoles.userId, users.id)))
      .innerJoin(roles, and(eq(roles.companyId, userRoles.companyId), eq(roles.id, userRoles.roleId)))
      .where(and(eq(users.companyId, companyId), eq(users.status, 'active'), eq(roles.systemKey, 'admin')))
  ).map((row) => row.email);

export type TNewPlatformAuditEvent = typeof platformAuditEvents.$inferInsert;

export const insertPlatformAuditEvent = async (db: Queryable, event: TNewPlatformAuditEvent) => {
  await db.insert(platformAuditEvents).values(event);
};

export const findPlatformAuditPage = async (
  db: Queryable,
  {
    q,
    companyId,
    action,
    limit,
    offset,
  }: { q?: string; companyId?: string; action?: string; limit: number; offset: number },
) => {
  const where = and(
    q
      ? or(
          ilike(platformAuditEvents.actorEmail, containsPattern(q)),
          ilike(platformAuditEvents.companyName, containsPattern(q)),
        )
      : undefined,
    companyId ? eq(platformAuditEvents.companyId, companyId) : undefined,
    action ? eq(platformAuditEvents.action, action) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(platformAuditEvents)
      .where(where)
      .orderBy(desc(platformAuditEvents.occurredAt), desc(platformAuditEvents.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(platformAuditEvents).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
};
