import { listCountCap } from '@cargodesk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';

export type TAuditFilter = {
  companyId: string;
  entityType?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  actorUserId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
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

/** A filter's conditions in plain SQL, for the page and the count statements. */
const conditionsOf = (filter: TAuditFilter): SQL[] =>
  [
    sql`company_id = ${filter.companyId}`,
    filter.entityType ? sql`entity_type = ${filter.entityType}` : undefined,
    filter.entityId ? sql`entity_id = ${filter.entityId}` : undefined,
    filter.action ? sql`action = ${filter.action}` : undefined,
    filter.actorUserId ? sql`actor_user_id = ${filter.actorUserId}` : undefined,
    filter.from ? sql`occurred_at >= ${filter.from.toISOString()}` : undefined,
    filter.to ? sql`occurred_at <= ${filter.to.toISOString()}` : undefined,
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
  const result = await db.execute(sql`
    select id, occurred_at, actor_user_id, actor_email, actor_api_token_id, actor_api_token_name,
      entity_type, entity_id, action, before, after, ip, user_agent
    from audit_events where ${sql.join(conditionsOf(filter), sql` and `)}
    order by occurred_at desc, id desc limit ${limit} offset ${offset}`);
  return (result as unknown as { rows: TAuditPageRow[] }).rows;
};

/** How many events match, counted up to the cap plus one only: a trail of a million rows is never counted whole. */
export const countAuditEvents = async (db: Queryable, filter: TAuditFilter): Promise<number> => {
  const result = await db.execute(sql`
    select count(*)::int as value from (
      select 1 from audit_events where ${sql.join(conditionsOf(filter), sql` and `)} limit ${listCountCap + 1}
    ) as capped`);
  const [total] = (result as unknown as { rows: { value: number }[] }).rows;
  return total?.value ?? 0;
};
