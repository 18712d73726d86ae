import type { TReportDefinition, TReportScheduleFrequency } from '@cargodesk/shared';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { executeRows } from '../../db/driver.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { pageOffset } from '../../db/paging.ts';
import { reportSchedules, reportSketches, reportSketchPins } from '../../db/schema/index.ts';

export type TSketchRow = typeof reportSketches.$inferSelect;
export type TScheduleRow = typeof reportSchedules.$inferSelect;

/** The sketches a user sees: their own and those shared with the company. */
const visibleTo = (companyId: string, userId: string) =>
  and(
    eq(reportSketches.companyId, companyId),
    or(eq(reportSketches.ownerId, userId), eq(reportSketches.isShared, true)),
  );

const sortColumns = {
  name: reportSketches.name,
  source: reportSketches.source,
  chart: reportSketches.chart,
  updatedAt: reportSketches.updatedAt,
} as const;

export const findSketchPage = async (
  db: Queryable,
  {
    companyId,
    userId,
    q,
    source,
    sort,
    page,
    pageSize,
  }: {
    companyId: string;
    userId: string;
    q?: string | undefined;
    source?: string | undefined;
    sort?: string | undefined;
    page: number;
    pageSize: number;
  },
) => {
  const conditions: (SQL | undefined)[] = [visibleTo(companyId, userId)];
  if (q) conditions.push(ilike(reportSketches.name, containsPattern(q)));
  if (source) conditions.push(eq(reportSketches.source, source));
  const where = and(...conditions);
  const field = (sort ?? '-updatedAt').replace(/^-/, '');
  // The query's schema allows only these fields; an own-property check keeps `__proto__` out anyway.
  const column = Object.hasOwn(sortColumns, field)
    ? sortColumns[field as keyof typeof sortColumns]
    : reportSketches.updatedAt;
  const direction = sort?.startsWith('-') || !sort ? desc : asc;
  const rows = await db
    .select()
    .from(reportSketches)
    .where(where)
    .orderBy(direction(column), asc(reportSketches.id))
    .limit(pageSize)
    .offset(pageOffset({ page, pageSize }));
  const [total] = await db.select({ total: count() }).from(reportSketches).where(where);
  return { rows, total: total?.total ?? 0 };
};

export const findVisibleSketch = async (db: Queryable, companyId: string, userId: string, id: string) => {
  const [row] = await db
    .select()
    .from(reportSketches)
    .where(and(visibleTo(companyId, userId), eq(reportSketches.id, id)));
  return row;
};

export const findSketch = async (db: Queryable, companyId: string, id: string) => {
  const [row] = await db
    .select()
    .from(reportSketches)
    .where(and(eq(reportSketches.companyId, companyId), eq(reportSketches.id, id)));
  return row;
};

export const insertSketch = (
  db: Queryable,
  row: {
    companyId: string;
    id: string;
    name: string;
    ownerId: string;
    isShared: boolean;
    definition: TReportDefinition;
  },
) => db.insert(reportSketches).values({ ...row, source: row.definition.source, chart: row.definition.chart });

export const updateSketch = (
  db: Queryable,
  companyId: string,
  id: string,
  change: { name: string; isShared: boolean; definition: TReportDefinition },
) =>
  db
    .update(reportSketches)
    .set({
      ...change,
      source: change.definition.source,
      chart: change.definition.chart,
      updatedAt: new Date(),
    })
    .where(and(eq(reportSketches.companyId, companyId), eq(reportSketches.id, id)));

export const deleteSketch = (db: Queryable, companyId: string, id: string) =>
  db.delete(reportSketches).where(and(eq(reportSketches.companyId, companyId), eq(reportSketches.id, id)));

export const findPinnedIds = async (
  db: Queryable,
  companyId: string,
  userId: string,
  sketchIds?: string[],
) => {
  if (sketchIds && sketchIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ sketchId: reportSketchPins.sketchId })
    .from(reportSketchPins)
    .where(
      and(
        eq(reportSketchPins.companyId, companyId),
        eq(reportSketchPins.userId, userId),
        sketchIds ? inArray(reportSketchPins.sketchId, sketchIds) : undefined,
      ),
    );
  return new Set(rows.map((row) => row.sketchId));
};

/** The user's pinned sketches they can still see, the earliest pinned first. */
export const findPinnedSketches = (db: Queryable, companyId: string, userId: string) =>
  db
    .select({ sketch: reportSketches })
    .from(reportSketchPins)
    .innerJoin(
      reportSketches,
      and(
        eq(reportSketches.companyId, reportSketchPins.companyId),
        eq(reportSketches.id, reportSketchPins.sketchId),
      ),
    )
    .where(
      and(
        eq(reportSketchPins.companyId, companyId),
        eq(reportSketchPins.userId, userId),
        visibleTo(companyId, userId),
      ),
    )
    .orderBy(asc(reportSketchPins.pinnedAt));

export const insertPin = (db: Queryable, companyId: string, userId: string, sketchId: string) =>
  db.insert(reportSketchPins).values({ companyId, userId, sketchId }).onConflictDoNothing();

export const deletePin = (db: Queryable, companyId: string, userId: string, sketchId: string) =>
  db
    .delete(reportSketchPins)
    .where(
      and(
        eq(reportSketchPins.companyId, companyId),
        eq(reportSketchPins.userId, userId),
        eq(reportSketchPins.sketchId, sketchId),
      ),
    );

/** Colleagues' pins of a sketch that stops being shared: they can no longer see it. */
export const deleteOthersPins = (db: Queryable, companyId: string, ownerId: string, sketchId: string) =>
  db
    .delete(reportSketchPins)
    .where(
      and(
        eq(reportSketchPins.companyId, companyId),
        eq(reportSketchPins.sketchId, sketchId),
        sql`${reportSketchPins.userId} <> ${ownerId}`,
      ),
    );

export const findSchedule = async (db: Queryable, companyId: string, sketchId: string) => {
  const [row] = await db
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.companyId, companyId), eq(reportSchedules.sketchId, sketchId)));
  return row;
};

export const upsertSchedule = (
  db: Queryable,
  row: {
    companyId: string;
    sketchId: string;
    frequency: TReportScheduleFrequency;
    recipientIds: string[];
    nextRunAt: Date;
  },
) =>
  db
    .insert(reportSchedules)
    .values(row)
    .onConflictDoUpdate({
      target: [reportSchedules.companyId, reportSchedules.sketchId],
      set: {
        frequency: row.frequency,
        recipientIds: row.recipientIds,
        nextRunAt: row.nextRunAt,
        lockedUntil: null,
      },
    });

export const deleteSchedule = (db: Queryable, companyId: string, sketchId: string) =>
  db
    .delete(reportSchedules)
    .where(and(eq(reportSchedules.companyId, companyId), eq(reportSchedules.sketchId, sketchId)));

/**
 * Claims due schedules for this instance, in the system context across companies: the rows are
 * locked with SKIP LOCKED and leased until `leaseUntil`, so a second instance passes them by, and
 * one that dies mid-delivery leaves them to be claimed again once the lease runs out.
 */
export const claimDueSchedules = async (
  db: Queryable,
  { now, leaseUntil, limit }: { now: Date; leaseUntil: Date; limit: number },
) => {
  const rows = await executeRows(
    db,
    sql`
    update ${reportSchedules} set locked_until = ${leaseUntil.toISOString()}::timestamptz
    where (company_id, sketch_id) in (
      select company_id, sketch_id from ${reportSchedules}
      where next_run_at <= ${now.toISOString()}::timestamptz
        and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz)
      order by next_run_at
      limit ${limit}
      for update skip locked)
    returning company_id, sketch_id, frequency, recipient_ids, next_run_at`,
  );
  return rows.map((row) => ({
    companyId: String(row.company_id),
    sketchId: String(row.sketch_id),
    frequency: row.frequency as TReportScheduleFrequency,
    recipientIds: parseUuidArray(row.recipient_ids),
    nextRunAt: new Date(row.next_run_at as string | Date),
  }));
};

/** node-postgres parses uuid[] into an array; PGlite may hand back the array's text. */
const parseUuidArray = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : String(value ?? '')
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

export const finishScheduleRun = (
  db: Queryable,
  {
    companyId,
    sketchId,
    ranAt,
    nextRunAt,
  }: { companyId: string; sketchId: string; ranAt: Date; nextRunAt: Date },
) =>
  db
    .update(reportSchedules)
    .set({ lastRunAt: ranAt, nextRunAt, lockedUntil: null })
    .where(and(eq(reportSchedules.companyId, companyId), eq(reportSchedules.sketchId, sketchId)));
