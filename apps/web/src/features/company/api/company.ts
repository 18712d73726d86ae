import type { TCompany, TUpdateCompanyRequest } from '@cargodesk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { companyKeys } from './keys.ts';

// The signed-in user's company profile (iamserver /companies/current).

/** GET /companies/current: the signed-in user's company profile (company:read). */
export const getCompany = () => apiRequest<TCompany>('iamserver', '/companies/current');

export const getCompanyQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.current(), queryFn: getCompany });

export const useCompany = () => useQuery(getCompanyQueryOptions());

/** PATCH /companies/current (company:write). */
export const updateCompany = (changes: TUpdateCompanyRequest) =>
  apiRequest<TCompany>('iamserver', '/companies/current', { method: 'PATCH', body: changes });

export const useUpdateCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (company) => queryClient.setQueryData(getCompanyQueryOptions().queryKey, company),
  });
};
