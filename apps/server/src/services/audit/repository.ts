import { listCountCap } from '@cargodesk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { executeRows } from '../../db/driver.ts';
import { containsPattern } from '../../db/like-pattern.ts';

export type TAuditFilter = {
  companyId: string;
  entityType?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  actorUserId?: string | undefined;
  actorEmail?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  ip?: string | undefined;
  /** Found in the actor's address, the entity's id or the IP address. */
  q?: string | undefined;
  /** Entity types left out: those of a product the company does not have (restricted-entries.ts). */
  excludedEntityTypes?: readonly string[] | undefined;
};

/** An event as the page statement reads it: columns by their SQL names, the time as the driver's text. */
export type TAuditPageRow = {
  id: string;
  occurred_at: string | Date;
  actor_user_id: string | null;
  actor_email: string | null;
  actor_api_token_id: string | null;
  actor_api_token_name: string | null;
  entity_type: string;
  entity_id: string;
  action: string;
  before: unknown;
  after: unknown;
  ip: string | null;
  user_agent: string | null;
};

/**
 * A filter's conditions in plain SQL, for the page, the count and the export. Every one sits beside
 * `company_id = …`, so PostgreSQL walks the company's part of `audit_events_company_order_idx` newest
 * first and checks the rest on each row: a page stops at its limit, a count at the cap.
 */
const conditionsOf = (filter: TAuditFilter): SQL[] =>
  [
    sql`company_id = ${filter.companyId}`,
    filter.entityType ? sql`entity_type = ${filter.entityType}` : undefined,
    filter.entityId ? sql`entity_id = ${filter.entityId}` : undefined,
    filter.action ? sql`action = ${filter.action}` : undefined,
    filter.actorUserId ? sql`actor_user_id = ${filter.actorUserId}` : undefined,
    filter.from ? sql`occurred_at >= ${filter.from.toISOString()}` : undefined,
    filter.to ? sql`occurred_at <= ${filter.to.toISOString()}` : undefined,
    filter.actorEmail ? sql`lower(actor_email) = lower(${filter.actorEmail})` : undefined,
    filter.ip ? sql`ip = ${filter.ip}` : undefined,
    filter.excludedEntityTypes?.length
      ? sql`entity_type not in (${sql.join(
          filter.excludedEntityTypes.map((entityType) => sql`${entityType}`),
          sql`, `,
        )})`
      : undefined,
    filter.q
      ? sql`(actor_email ilike ${containsPattern(filter.q)} or entity_id ilike ${containsPattern(filter.q)}
          or ip ilike ${containsPattern(filter.q)})`
      : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);

/**
 * Newest first; ids are UUID v7, so they break ties between events of the same instant in order.
 * A plain statement rather than the query builder: this page is the hottest read of the product,
 * and building the select cost more than running it (docs/decisions/010-pipelined-tenant-reads.md).
 */
export const findAuditPage = async (
  db: Queryable,
  filter: TAuditFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<TAuditPageRow[]> => {
  const rows = await executeRows<TAuditPageRow>(
    db,
    sql`
    select id, occurred_at, actor_user_id, actor_email, actor_api_token_id, actor_api_token_name,
      entity_type, entity_id, action, before, after, ip, user_agent
    from audit_events where ${sql.join(conditionsOf(filter), sql` and `)}
    order by occurred_at desc, id desc limit ${limit} offset ${offset}`,
  );
  return rows;
};

/**
 * The next batch of an export: the events after `after` in the list's order (keyset, not offset, so
 * a long export reads each row once and events written meanwhile never shift it).
 */
export const findAuditExportBatch = async (
  db: Queryable,
  filter: TAuditFilter,
  after: { position: string; id: string } | undefined,
  limit: number,
): Promise<(TAuditPageRow & { position: string })[]> => {
  const conditions = conditionsOf(filter);
  if (after) conditions.push(sql`(occurred_at, id) < (${after.position}::timestamptz, ${after.id}::uuid)`);
  // `position` is the time as PostgreSQL's text, to the microsecond: a JavaScript Date keeps only
  // milliseconds, and a cursor rounded down would skip the events of the rest of that millisecond.
  const rows = await executeRows<TAuditPageRow & { position: string }>(
    db,
    sql`
    select id, occurred_at, occurred_at::text as position, actor_user_id, actor_email, entity_type, entity_id, action, before, after, ip, user_agent
    from audit_events where ${sql.join(conditions, sql` and `)}
    order by occurred_at desc, id desc limit ${limit}`,
  );
  return rows;
};

/** How many events match, counted up to the cap plus one only: a trail of a million rows is never counted whole. */
export const countAuditEvents = async (db: Queryable, filter: TAuditFilter): Promise<number> => {
  const rows = await executeRows<{ value: number }>(
    db,
    sql`
    select count(*)::int as value from (
      select 1 from audit_events where ${sql.join(conditionsOf(filter), sql` and `)} limit ${listCountCap + 1}
    ) as capped`,
  );
  const [total] = rows;
  return total?.value ?? 0;
};
