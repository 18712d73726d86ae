import type { TAuditEntityType, TAuditHistoryEvent } from '@cargodesk/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiListRequest } from '@/lib/api-client.ts';
import { auditHistoryKeys } from './keys.ts';

export const historyPageSize = 20;

export const getAuditHistory = ({
  entityType,
  entityId,
  page,
}: {
  entityType: TAuditEntityType;
  entityId: string;
  page: number;
}) =>
  apiListRequest<TAuditHistoryEvent>('logserver', '/audit-history', {
    query: { entityType, entityId, page, pageSize: historyPageSize },
  });

/** Keyed under `auditHistoryKeys.entity(type, id)`, so a screen can invalidate one entity's history after saving. */
export const getAuditHistoryQueryOptions = (args: {
  entityType: TAuditEntityType;
  entityId: string;
  page: number;
}) =>
  queryOptions({
    queryKey: auditHistoryKeys.page(args.entityType, args.entityId, args.page),
    queryFn: () => getAuditHistory(args),
    // Opened right after a save, the drawer must show that save.
    staleTime: 0,
  });
