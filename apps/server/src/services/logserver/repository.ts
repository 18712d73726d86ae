import { listCountCap } from '@cargodesk/shared';
import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';

export type TAuditEventRow = typeof auditEvents.$inferSelect;

export type TAuditFilter = {
  companyId: string;
  entityType?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  actorUserId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

const conditionsOf = (filter: TAuditFilter): SQL[] =>
  [
    eq(auditEvents.companyId, filter.companyId),
    filter.entityType ? eq(auditEvents.entityType, filter.entityType) : undefined,
    filter.entityId ? eq(auditEvents.entityId, filter.entityId) : undefined,
    filter.action ? eq(auditEvents.action, filter.action) : undefined,
    filter.actorUserId ? eq(auditEvents.actorUserId, filter.actorUserId) : undefined,
    filter.from ? gte(auditEvents.occurredAt, filter.from) : undefined,
    filter.to ? lte(auditEvents.occurredAt, filter.to) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);

/** Newest first; ids are UUID v7, so they break ties between events of the same instant in order. */
export const findAuditPage = (
  db: Queryable,
  filter: TAuditFilter,
  { limit, offset }: { limit: number; offset: number },
) =>
  db
    .select()
    .from(auditEvents)
    .where(and(...conditionsOf(filter)))
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(limit)
    .offset(offset);

/** How many events match, counted up to the cap plus one only: a trail of a million rows is never counted whole. */
export const countAuditEvents = async (db: Queryable, filter: TAuditFilter) => {
  const capped = db
    .select({ one: sql`1` })
    .from(auditEvents)
    .where(and(...conditionsOf(filter)))
    .limit(listCountCap + 1)
    .as('capped');
  const [total] = await db.select({ value: count() }).from(capped);
  return total?.value ?? 0;
};
