import type { TAuditEvent, TAuditFilter } from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiListRequest } from '@/lib/api-client.ts';
import { auditKeys } from './keys.ts';

export type TAuditListQuery = TAuditFilter & { page: number; pageSize: number };

/** GET /logserver/api/v1/audit: a page of the company's trail, newest first. */
export const getAuditEvents = (query: TAuditListQuery) =>
  apiListRequest<TAuditEvent>('logserver', '/audit', { query });

export const getAuditEventsQueryOptions = (query: TAuditListQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: () => getAuditEvents(query),
    // The trail grows with every click anyone makes: a page opened again reads it again.
    staleTime: 0,
  });

/** The previous page stays on screen while the next one loads. */
export const useAuditEvents = (query: TAuditListQuery) =>
  useQuery({ ...getAuditEventsQueryOptions(query), placeholderData: keepPreviousData });
