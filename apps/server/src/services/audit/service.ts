import {
  type TAuditEvent,
  type TAuditHistoryEvent,
  type TListMeta,
  type TPermission,
  toCsvLine,
} from '@cargodesk/shared';
import type { Db, Tx } from '../../db/client.ts';
import { cappedTotal, pageOffset } from '../../db/paging.ts';
import type { TAuthContext } from '../../platform/auth/auth-context.ts';
import { createId } from '../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../platform/events/audit.ts';
import type { TChangeFeed } from '../../platform/events/change-feed.ts';
import { createCompanyCache } from '../../platform/events/company-cache.ts';
import { AppError } from '../../platform/http/errors.ts';
import { limitHeapGrowth } from '../../platform/runtime/heap-growth-limit.ts';
import { type createProductGate, findUserDisplayNames, productGateMessage } from '../access/public.ts';
import {
  countAuditEvents,
  findAuditExportBatch,
  findAuditPage,
  type TAuditFilter,
  type TAuditPageRow,
} from './repository.ts';
import { entityTypesOutside, productOfEntityType, withoutRestrictedParts } from './restricted-entries.ts';

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

/**
 * The part of a filter that tells one list's total from another's, in a fixed order. The entity
 * types left out are part of it: a product added or taken away changes the total without a new
 * audit event, so the kept total of the other set of products must not answer.
 */
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
  excludedEntityTypes,
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
    excludedEntityTypes,
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
export const createAuditService = ({
  db,
  changes,
  products,
}: {
  db: Db;
  changes: TChangeFeed;
  products: Pick<ReturnType<typeof createProductGate>, 'findProductCodes'>;
}) => {
  const totals = createCompanyCache<number>(changes, { changeKind: 'audit' });

  /**
   * The filter as the caller's company may read it: without the entries of products it lacks.
   * Asked before the read transaction, since the product codes have a read of their own.
   */
  const readableFilterOf = async (
    auth: TAuthContext,
    filter: Omit<TAuditFilter, 'companyId'>,
  ): Promise<TAuditFilter> => ({
    ...filter,
    companyId: auth.companyId,
    excludedEntityTypes: entityTypesOutside(await products.findProductCodes(auth.companyId)),
  });

  /** A page and its total, inside the caller's read; the total is kept until the trail changes. */
  const readPage = async (
    tx: Tx,
    auth: TAuthContext,
    scoped: TAuditFilter,
    { page, pageSize }: { page: number; pageSize: number },
  ) => {
    const kept = totals.lookup(auth.companyId, filterKeyOf(scoped));
    const rows = await findAuditPage(tx, scoped, { limit: pageSize, offset: pageOffset({ page, pageSize }) });
    const total = kept.value ?? (await countAuditEvents(tx, scoped));
    if (kept.value === undefined) kept.keep(total);
    const data = rows.map((row) => withoutRestrictedParts(toAuditEvent(row), auth.permissions));
    return { data, meta: { ...cappedTotal(total), page, pageSize } };
  };

  const list = async (
    auth: TAuthContext,
    filter: Omit<TAuditFilter, 'companyId'>,
    paging: { page: number; pageSize: number },
  ): Promise<{ data: TAuditEvent[]; meta: TListMeta }> => {
    const scoped = await readableFilterOf(auth, filter);
    return withTenantRead(db, auth.companyId, (tx) => readPage(tx, auth, scoped, paging));
  };

  /**
   * One entity's history, each actor also by name: one more statement after the page, which the
   * trail's own list does without, since that list is the product's hottest read. The history of
   * an entity of a product the company lacks answers 404, as that product's own routes do.
   */
  const history = async (
    auth: TAuthContext,
    entity: { entityType: string; entityId: string },
    paging: { page: number; pageSize: number },
  ): Promise<{ data: TAuditHistoryEvent[]; meta: TListMeta }> => {
    const scoped = await readableFilterOf(auth, entity);
    const product = productOfEntityType(entity.entityType);
    if (product && scoped.excludedEntityTypes?.includes(entity.entityType))
      throw new AppError('NOT_FOUND', productGateMessage(product.name));
    return withTenantRead(db, auth.companyId, async (tx) => {
      const { data, meta } = await readPage(tx, auth, scoped, paging);
      const actorIds = data.flatMap((event) => (event.actor.userId ? [event.actor.userId] : []));
      const names = await findUserDisplayNames(tx, auth.companyId, actorIds);
      const named = data.map((event) => ({
        ...event,
        actor: { ...event.actor, name: (event.actor.userId && names.get(event.actor.userId)) || null },
      }));
      return { data: named, meta };
    });
  };

  /**
   * The events of a filter as CSV lines, newest first, a batch per read transaction, so a trail of
   * a million rows streams without a long transaction or the whole of it in memory. The export is
   * itself audited before its first line (with its filter); `assertCallerStillAllowed` runs before
   * every later batch, so a session ended or audit:read taken away midway stops the download, and
   * the permissions it answers decide which restricted parts the later batches show.
   */
  async function* exportCsv(
    auth: TAuthContext,
    actor: TAuditActor,
    filter: Omit<TAuditFilter, 'companyId'>,
    assertCallerStillAllowed: () => Promise<{ permissions: readonly TPermission[] }>,
  ) {
    const scoped = await readableFilterOf(auth, filter);
    let permissions: readonly TPermission[] = auth.permissions;
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
      if (after) ({ permissions } = await assertCallerStillAllowed());
      const { rows, names } = await withTenantRead(db, auth.companyId, async (tx) => {
        const batch = await findAuditExportBatch(tx, scoped, after, exportBatchSize);
        const actorIds = [...new Set(batch.flatMap((row) => (row.actor_user_id ? [row.actor_user_id] : [])))];
        return { rows: batch, names: await findUserDisplayNames(tx, auth.companyId, actorIds) };
      });
      if (rows.length === 0) return;
      yield rows
        .map((row) => {
          const shown = withoutRestrictedParts(
            { entityType: row.entity_type, before: row.before, after: row.after },
            permissions,
          );
          return toCsvLine([
            new Date(row.occurred_at).toISOString(),
            (row.actor_user_id && names.get(row.actor_user_id)) || '',
            row.actor_email,
            row.actor_user_id,
            row.action,
            row.entity_type,
            row.entity_id,
            row.ip,
            row.user_agent,
            jsonOrEmpty(shown.before),
            jsonOrEmpty(shown.after),
          ]);
        })
        .join('');
      const last = rows.at(-1);
      after = last && { position: last.position, id: last.id };
      if (rows.length < exportBatchSize) return;
    }
  }

  return { list, history, exportCsv };
};
