import type { TSsoSettings } from '@cargodesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { companyKeys } from './keys.ts';

/** GET /companies/current/sso: the single sign-on configuration, or null (company:write). */
export const getSsoSettings = () => apiRequest<TSsoSettings>('iamserver', '/companies/current/sso');

export const getSsoSettingsQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.sso(), queryFn: getSsoSettings });

export const useSsoSettings = () => useQuery(getSsoSettingsQueryOptions());
