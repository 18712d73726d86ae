import type { TCompany } from '@cargodesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { companyKeys } from './keys.ts';

/** GET /companies/current: the signed-in user's company profile (company:read). */
export const getCompany = () => apiRequest<TCompany>('iamserver', '/companies/current');

export const getCompanyQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.current(), queryFn: getCompany });

export const useCompany = () => useQuery(getCompanyQueryOptions());
