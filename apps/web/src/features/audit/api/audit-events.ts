import type { TAuditEvent, TAuditFilter, TCompanyUser } from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiBlobRequest, apiListRequest } from '@/lib/api-client.ts';
import { auditKeys } from './keys.ts';

// The company's audit trail (logserver /audit): pages, the actors to filter by, the CSV export.

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

/** GET /iamserver/api/v1/users: the company's people, for the actor filter and to name who acted. */
export const getAuditActors = () =>
  apiListRequest<TCompanyUser>('iamserver', '/users', { query: { pageSize: 100, sort: 'name' } });

export const getAuditActorsQueryOptions = () =>
  queryOptions({ queryKey: auditKeys.actors(), queryFn: getAuditActors });

/** The colleagues by id; without users:read the list is empty and events name actors by address. */
export const useAuditActors = () => {
  const query = useQuery(getAuditActorsQueryOptions());
  const users = query.data?.data ?? [];
  return {
    users,
    namesById: new Map(users.map((user) => [user._id, user.name || user.email])),
    isLoading: query.isLoading,
    isError: query.isError,
  };
};

/**
 * GET /logserver/api/v1/audit/export: every event of the filter as CSV, written by the server (a
 * trail can hold far more rows than a browser should page through), which records the export too.
 */
export const downloadAuditCsv = (filter: TAuditFilter) =>
  apiBlobRequest('logserver', '/audit/export', { query: filter, timeoutMs: 10 * 60_000 });
