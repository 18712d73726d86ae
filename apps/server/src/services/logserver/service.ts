import type { TAuditEvent, TListMeta } from '@cargodesk/shared';
import type { Db } from '../../db/client.ts';
import { cappedTotal, pageOffset } from '../../db/paging.ts';
import type { TAuthContext } from '../../platform/auth-context.ts';
import { withTenant } from '../../platform/tenant-transaction.ts';
import { findAuditEvents, type TAuditEventRow, type TAuditFilter } from './repository.ts';

const toAuditEvent = (row: TAuditEventRow): TAuditEvent => ({
  _id: row.id,
  occurredAt: row.occurredAt.toISOString(),
  actor: { userId: row.actorUserId, email: row.actorEmail },
  entityType: row.entityType,
  entityId: row.entityId,
  action: row.action,
  before: row.before ?? null,
  after: row.after ?? null,
  ip: row.ip,
  userAgent: row.userAgent,
});

/** logserver: reads the company's audit trail; writes happen in each change's own transaction. */
export const createLogService = ({ db }: { db: Db }) => {
  const list = async (
    auth: TAuthContext,
    filter: Omit<TAuditFilter, 'companyId'>,
    { page, pageSize }: { page: number; pageSize: number },
  ): Promise<{ data: TAuditEvent[]; meta: TListMeta }> => {
    const { rows, total } = await withTenant(db, auth.companyId, (tx) =>
      findAuditEvents(
        tx,
        { ...filter, companyId: auth.companyId },
        { limit: pageSize, offset: pageOffset({ page, pageSize }) },
      ),
    );
    return { data: rows.map(toAuditEvent), meta: { ...cappedTotal(total), page, pageSize } };
  };
  return { list };
};
