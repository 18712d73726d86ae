import type { TCompany, TUpdateCompanyRequest } from '@cargodesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { getCompanyQueryOptions } from './get-company.ts';

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
