import type { TIssueSeverity, TIssueStatus } from '@cargodesk/shared';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { pageOffset, type TPage } from '../../db/paging.ts';
import { trackerIssueComments, trackerIssues } from '../../db/schema/index.ts';

// The issue tracker's queries: its own tables only. Every company query names the company, besides
// row-level security; the two platform queries are the only ones that read across companies.

export type TIssueRow = typeof trackerIssues.$inferSelect;
export type TIssueCommentRow = typeof trackerIssueComments.$inferSelect;
export type TIssueListRow = TIssueRow & { commentCount: number };

export type TIssueFilter = TPage & {
  q?: string | undefined;
  status?: TIssueStatus | undefined;
  severity?: TIssueSeverity | undefined;
  reporterId?: string | undefined;
  /** Only issues this user reported or is assigned to: what a caller who manages none may see. */
  visibleTo?: string | undefined;
};

const byIssue = (companyId: string, id: string) =>
  and(eq(trackerIssues.companyId, companyId), eq(trackerIssues.id, id));

const commentCount = sql<number>`(select count(*)::int from ${trackerIssueComments}
  where ${trackerIssueComments.companyId} = ${trackerIssues.companyId}
  and ${trackerIssueComments.issueId} = ${trackerIssues.id})`;

const filterConditions = (filter: TIssueFilter): (SQL | undefined)[] => [
  filter.q ? ilike(trackerIssues.title, containsPattern(filter.q)) : undefined,
  filter.status ? eq(trackerIssues.status, filter.status) : undefined,
  filter.severity ? eq(trackerIssues.severity, filter.severity) : undefined,
  filter.reporterId ? eq(trackerIssues.reporterId, filter.reporterId) : undefined,
  filter.visibleTo
    ? or(eq(trackerIssues.reporterId, filter.visibleTo), eq(trackerIssues.assigneeId, filter.visibleTo))
    : undefined,
];

const findPage = async (db: Queryable, where: SQL | undefined, page: TPage) => {
  const [counted] = await db.select({ total: count() }).from(trackerIssues).where(where);
  const rows: TIssueListRow[] = await db
    .select({
      companyId: trackerIssues.companyId,
      id: trackerIssues.id,
      title: trackerIssues.title,
      description: trackerIssues.description,
      severity: trackerIssues.severity,
      status: trackerIssues.status,
      pageUrl: trackerIssues.pageUrl,
      userAgent: trackerIssues.userAgent,
      fileId: trackerIssues.fileId,
      reporterId: trackerIssues.reporterId,
      assigneeId: trackerIssues.assigneeId,
      createdAt: trackerIssues.createdAt,
      updatedAt: trackerIssues.updatedAt,
      commentCount,
    })
    .from(trackerIssues)
    .where(where)
    .orderBy(desc(trackerIssues.updatedAt), desc(trackerIssues.id))
    .limit(page.pageSize)
    .offset(pageOffset(page));
  return { rows, total: counted?.total ?? 0 };
};

/** A page of the company's issues, most recently changed first. */
export const findIssuePage = (db: Queryable, companyId: string, filter: TIssueFilter) =>
  findPage(db, and(eq(trackerIssues.companyId, companyId), ...filterConditions(filter)), filter);

/**
 * A page of every company's issues, for the platform console. Run in the system context (the
 * owner role, no tenant transaction): row-level security would show no company's rows there.
 */
export const findIssuePageAcrossCompanies = (db: Queryable, filter: TIssueFilter) =>
  findPage(db, and(...filterConditions(filter)), filter);

/** Which company an issue belongs to, for the platform console; read in the system context. */
export const findIssueCompanyId = async (db: Queryable, id: string) => {
  const [row] = await db
    .select({ companyId: trackerIssues.companyId })
    .from(trackerIssues)
    .where(eq(trackerIssues.id, id))
    .limit(1);
  return row?.companyId;
};

/** The issue; `forUpdate` holds it until the transaction ends, so two changes never cross. */
export const findIssue = async (
  db: Queryable,
  companyId: string,
  id: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
) => {
  const query = db.select().from(trackerIssues).where(byIssue(companyId, id));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
};

export const insertIssue = async (db: Queryable, row: typeof trackerIssues.$inferInsert) => {
  await db.insert(trackerIssues).values(row);
};

export const updateIssue = async (
  db: Queryable,
  companyId: string,
  id: string,
  changes: Partial<Pick<TIssueRow, 'status' | 'severity' | 'assigneeId'>>,
) => {
  const [row] = await db
    .update(trackerIssues)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(byIssue(companyId, id))
    .returning();
  return row;
};

export const deleteIssue = async (db: Queryable, companyId: string, id: string) => {
  await db.delete(trackerIssues).where(byIssue(companyId, id));
};

export const findComments = (db: Queryable, companyId: string, issueId: string) =>
  db
    .select()
    .from(trackerIssueComments)
    .where(and(eq(trackerIssueComments.companyId, companyId), eq(trackerIssueComments.issueId, issueId)))
    .orderBy(asc(trackerIssueComments.createdAt), asc(trackerIssueComments.id));

export const insertComment = async (db: Queryable, row: typeof trackerIssueComments.$inferInsert) => {
  await db.insert(trackerIssueComments).values(row);
};
