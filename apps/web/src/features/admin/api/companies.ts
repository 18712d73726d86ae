import type {
  TAdminCompany,
  TAdminCompanyListQuery,
  TAdminPlanChange,
  TListMeta,
  TPageQuery,
  TPlatformAuditEvent,
  TPlatformAuditQuery,
} from '@cargodesk/shared';
import { keepPreviousData, queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiListRequest, apiRequest } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import { adminKeys } from './keys.ts';

// The platform console's API (`/iamserver/api/v1/app-admin`, `/companies/{id}/…`).

export const getAdminCompanies = (query: TAdminCompanyListQuery) =>
  apiListRequest<TAdminCompany>('iamserver', '/app-admin/companies', { query });

export const adminCompaniesQueryOptions = (query: TAdminCompanyListQuery) =>
  queryOptions({ queryKey: adminKeys.companies(query), queryFn: () => getAdminCompanies(query) });

export const useAdminCompanies = (query: TAdminCompanyListQuery) =>
  useQuery({ ...adminCompaniesQueryOptions(query), placeholderData: keepPreviousData });

const companyPath = (id: string) => `/app-admin/companies/${encodeURIComponent(id)}`;

export const adminCompanyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.company(id),
    queryFn: () => apiRequest<TAdminCompany>('iamserver', companyPath(id)),
  });

export const useAdminCompany = (id: string) => useQuery(adminCompanyQueryOptions(id));

/** One page of a company's users, groups or roles, as its own admins would see them. */
export const companyPartQueryOptions = (id: string, part: 'users' | 'groups' | 'roles', query: TPageQuery) =>
  queryOptions({
    queryKey: adminKeys.companyPart(id, part, query),
    queryFn: () =>
      apiListRequest<unknown>('iamserver', `/companies/${encodeURIComponent(id)}/${part}`, { query }),
  });

/** The rows typed as the part's (users, groups or roles): the route answers the company screens' own shapes. */
export const useCompanyPart = <TRow>(id: string, part: 'users' | 'groups' | 'roles', query: TPageQuery) =>
  useQuery({
    ...companyPartQueryOptions(id, part, query),
    placeholderData: keepPreviousData,
  }) as UseQueryResult<{
    data: TRow[];
    meta: TListMeta;
  }>;

export const useChangePlan = (id: string) =>
  useInvalidatingMutation({
    mutationFn: (change: TAdminPlanChange) =>
      apiRequest<TAdminCompany>('iamserver', `${companyPath(id)}/plan`, { method: 'PATCH', body: change }),
    invalidates: adminKeys.all,
    meta: { isErrorShownByCaller: true },
  });

export const useSetCompanyStatus = (id: string) =>
  useInvalidatingMutation({
    mutationFn: ({ action, reason }: { action: 'suspend' | 'reactivate'; reason: string }) =>
      apiRequest<TAdminCompany>('iamserver', `${companyPath(id)}/${action}`, {
        method: 'POST',
        body: { reason },
      }),
    invalidates: adminKeys.all,
    meta: { isErrorShownByCaller: true },
  });

export const platformAuditQueryOptions = (query: TPlatformAuditQuery) =>
  queryOptions({
    queryKey: adminKeys.audit(query),
    queryFn: () => apiListRequest<TPlatformAuditEvent>('iamserver', '/app-admin/audit', { query }),
  });

export const usePlatformAudit = (query: TPlatformAuditQuery) =>
  useQuery({ ...platformAuditQueryOptions(query), placeholderData: keepPreviousData });
