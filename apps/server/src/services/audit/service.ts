import { type TAuditEvent, type TAuditHistoryEvent, type TListMeta, toCsvLine } from '@cargodesk/shared';
import type { Db, Tx } from '../../db/client.ts';
import { cappedTotal, pageOffset } from '../../db/paging.ts';
import type { TAuthContext } from '../../platform/auth/auth-context.ts';
import { createId } from '../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../platform/events/audit.ts';
import type { TChangeFeed } from '../../platform/events/change-feed.ts';
import { createCompanyCache } from '../../platform/events/company-cache.ts';
import { limitHeapGrowth } from '../../platform/runtime/heap-growth-limit.ts';
import { findUserDisplayNames } from '../access/public.ts';
import {
  countAuditEvents,
  findAuditExportBatch,
  findAuditPage,
  type TAuditFilter,
  type TAuditPageRow,
} from './repository.ts';

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
  actorEmail,
  from,
  to,
  ip,
  q,
}: Omit<TAuditFilter, 'companyId'>) =>
  JSON.stringify([
    entityType,
    entityId,
    action,
    actorUserId,
    actorEmail?.toLowerCase(),
    from?.toISOString(),
    to?.toISOString(),
    ip,
    q,
  ]);

/** What an export's own audit entry keeps of its filter: the conditions that were set. */
const exportedFilterOf = (filter: Omit<TAuditFilter, 'companyId'>) =>
  Object.fromEntries(
    Object.entries(filter)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );

/** How many events each read transaction of an export takes. */
const exportBatchSize = 2_000;

const auditExportHeader = [
  'Time (UTC)',
  'Actor',
  'Actor email',
  'Actor user id',
  'Action',
  'Entity type',
  'Entity id',
  'IP address',
  'Device',
  'Before',
  'After',
] as const;

const jsonOrEmpty = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/**
 * audit: reads the company's audit trail; writes happen in each change's own transaction.
 * Totals are kept between requests until the company's trail changes (migration 0025).
 */
export const createAuditService = ({ db, changes }: { db: Db; changes: TChangeFeed }) => {
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

  /**
   * The events of a filter as CSV lines, newest first, a batch per read transaction, so a trail of
   * a million rows streams without a long transaction or the whole of it in memory. The export is
   * itself audited before its first line (with its filter); `assertCallerStillAllowed` runs before
   * every later batch, so a session ended or audit:read taken away midway stops the download.
   */
  async function* exportCsv(
    auth: TAuthContext,
    actor: TAuditActor,
    filter: Omit<TAuditFilter, 'companyId'>,
    assertCallerStillAllowed: () => Promise<unknown>,
  ) {
    const scoped = { ...filter, companyId: auth.companyId };
    await withTenant(db, auth.companyId, (tx) =>
      auditTrails['audit-trail'](tx, actor, 'export', createId(), {
        after: { filter: exportedFilterOf(filter) },
      }),
    );
    yield `\uFEFF${toCsvLine(auditExportHeader)}`;
    let after: { position: string; id: string } | undefined;
    const collectWhenGrown = limitHeapGrowth();
    for (;;) {
      collectWhenGrown();
      if (after) await assertCallerStillAllowed();
      const { rows, names } = await withTenantRead(db, auth.companyId, async (tx) => {
        const batch = await findAuditExportBatch(tx, scoped, after, exportBatchSize);
        const actorIds = [...new Set(batch.flatMap((row) => (row.actor_user_id ? [row.actor_user_id] : [])))];
        return { rows: batch, names: await findUserDisplayNames(tx, auth.companyId, actorIds) };
      });
      if (rows.length === 0) return;
      yield rows
        .map((row) =>
          toCsvLine([
            new Date(row.occurred_at).toISOString(),
            (row.actor_user_id && names.get(row.actor_user_id)) || '',
            row.actor_email,
            row.actor_user_id,
            row.action,
            row.entity_type,
            row.entity_id,
            row.ip,
            row.user_agent,
            jsonOrEmpty(row.before),
            jsonOrEmpty(row.after),
          ]),
        )
        .join('');
      const last = rows.at(-1);
      after = last && { position: last.position, id: last.id };
      if (rows.length < exportBatchSize) return;
    }
  }

  return { list, history, exportCsv };
};
