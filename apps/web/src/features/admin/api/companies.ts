import type {
  TAdminCompany,
  TAdminCompanyListQuery,
  TAdminPlanChange,
  TPageQuery,
  TPlatformAuditEvent,
  TPlatformAuditQuery,
} from '@cargodesk/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiListRequest, apiRequest } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { adminKeys } from './keys.ts';

// The platform console's API (`/iamserver/api/v1/app-admin`, `/companies/{id}/…`).

export const getAdminCompanies = (query: TAdminCompanyListQuery) =>
  apiListRequest<TAdminCompany>('iamserver', '/app-admin/companies', { query });

export const useAdminCompanies = (query: TAdminCompanyListQuery) =>
  useQuery({
    queryKey: adminKeys.companies(query),
    queryFn: () => getAdminCompanies(query),
    placeholderData: keepPreviousData,
  });

const companyPath = (id: string) => `/app-admin/companies/${encodeURIComponent(id)}`;

export const useAdminCompany = (id: string) =>
  useQuery({
    queryKey: adminKeys.company(id),
    queryFn: () => apiRequest<TAdminCompany>('iamserver', companyPath(id)),
  });

/** One page of a company's users, groups or roles, as its own admins would see them. */
export const useCompanyPart = <TRow>(id: string, part: 'users' | 'groups' | 'roles', query: TPageQuery) =>
  useQuery({
    queryKey: adminKeys.companyPart(id, part, query),
    queryFn: () =>
      apiListRequest<TRow>('iamserver', `/companies/${encodeURIComponent(id)}/${part}`, { query }),
    placeholderData: keepPreviousData,
  });

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

export const usePlatformAudit = (query: TPlatformAuditQuery) =>
  useQuery({
    queryKey: adminKeys.audit(query),
    queryFn: () => apiListRequest<TPlatformAuditEvent>('iamserver', '/app-admin/audit', { query }),
    placeholderData: keepPreviousData,
  });
