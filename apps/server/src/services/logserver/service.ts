import type { TAuditEvent, TAuditHistoryEvent, TListMeta } from '@cargodesk/shared';
import type { Db, Tx } from '../../db/client.ts';
import { cappedTotal, pageOffset } from '../../db/paging.ts';
import type { TAuthContext } from '../../platform/auth-context.ts';
import type { TChangeFeed } from '../../platform/change-feed.ts';
import { createCompanyCache } from '../../platform/company-cache.ts';
import { withTenantRead } from '../../platform/tenant-transaction.ts';
import { findUserDisplayNames } from '../iamserver/public.ts';
import { countAuditEvents, findAuditPage, type TAuditFilter, type TAuditPageRow } from './repository.ts';

const toAuditEvent = (row: TAuditPageRow): TAuditEvent => ({
  _id: row.id,
  occurredAt: new Date(row.occurred_at).toISOString(),
  actor: {
    userId: row.actor_user_id,
    email: row.actor_email,
    apiToken: row.actor_api_token_id
      ? { id: row.actor_api_token_id, name: row.actor_api_token_name ?? '' }
      : null,
  },
  entityType: row.entity_type,
  entityId: row.entity_id,
  action: row.action,
  before: row.before ?? null,
  after: row.after ?? null,
  ip: row.ip,
  userAgent: row.user_agent,
});

/** The part of a filter that tells one list's total from another's, in a fixed order. */
const filterKeyOf = ({
  entityType,
  entityId,
  action,
  actorUserId,
  from,
  to,
}: Omit<TAuditFilter, 'companyId'>) =>
  JSON.stringify([entityType, entityId, action, actorUserId, from?.toISOString(), to?.toISOString()]);

/**
 * logserver: reads the company's audit trail; writes happen in each change's own transaction.
 * Totals are kept between requests until the company's trail changes (migration 0025).
 */
export const createLogService = ({ db, changes }: { db: Db; changes: TChangeFeed }) => {
  const totals = createCompanyCache<number>(changes, { changeKind: 'audit' });

  /** A page and its total, inside the caller's read; the total is kept until the trail changes. */
  const readPage = async (
    tx: Tx,
    auth: TAuthContext,
    filter: Omit<TAuditFilter, 'companyId'>,
    { page, pageSize }: { page: number; pageSize: number },
  ) => {
    const scoped = { ...filter, companyId: auth.companyId };
    const kept = totals.lookup(auth.companyId, filterKeyOf(filter));
    const rows = await findAuditPage(tx, scoped, { limit: pageSize, offset: pageOffset({ page, pageSize }) });
    const total = kept.value ?? (await countAuditEvents(tx, scoped));
    if (kept.value === undefined) kept.keep(total);
    return { data: rows.map(toAuditEvent), meta: { ...cappedTotal(total), page, pageSize } };
  };

  const list = (
    auth: TAuthContext,
    filter: Omit<TAuditFilter, 'companyId'>,
    paging: { page: number; pageSize: number },
  ): Promise<{ data: TAuditEvent[]; meta: TListMeta }> =>
    withTenantRead(db, auth.companyId, (tx) => readPage(tx, auth, filter, paging));

  /**
   * One entity's history, each actor also by name: one more statement after the page, which the
   * trail's own list does without, since that list is the product's hottest read.
   */
  const history = (
    auth: TAuthContext,
    entity: { entityType: string; entityId: string },
    paging: { page: number; pageSize: number },
  ): Promise<{ data: TAuditHistoryEvent[]; meta: TListMeta }> =>
    withTenantRead(db, auth.companyId, async (tx) => {
      const { data, meta } = await readPage(tx, auth, entity, paging);
      const actorIds = data.flatMap((event) => (event.actor.userId ? [event.actor.userId] : []));
      const names = await findUserDisplayNames(tx, auth.companyId, actorIds);
      const named = data.map((event) => ({
        ...event,
        actor: { ...event.actor, name: (event.actor.userId && names.get(event.actor.userId)) || null },
      }));
      return { data: named, meta };
    });

  return { list, history };
};
