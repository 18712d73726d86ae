import type { TSsoConfigInput, TSsoDomainCheck, TSsoSettings, TSsoTestResult } from '@cargodesk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { companyKeys } from './keys.ts';

// The company's single sign-on (iamserver /companies/current/sso): settings and domain checks.

/** GET /companies/current/sso: the single sign-on configuration, or null (company:write). */
export const getSsoSettings = () => apiRequest<TSsoSettings>('iamserver', '/companies/current/sso');

export const getSsoSettingsQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.sso(), queryFn: getSsoSettings });

export const useSsoSettings = () => useQuery(getSsoSettingsQueryOptions());

/** PUT /companies/current/sso: the server fetches the provider's discovery and keys before saving. */
export const saveSsoSettings = (input: TSsoConfigInput) =>
  apiRequest<TSsoSettings>('iamserver', '/companies/current/sso', { method: 'PUT', body: input });

/** DELETE /companies/current/sso. */
export const removeSsoSettings = () =>
  apiRequest<TSsoSettings>('iamserver', '/companies/current/sso', { method: 'DELETE' });

/** POST /companies/current/sso/test: discovery and keys of an issuer, nothing saved. */
export const testSsoConnection = (issuer: string) =>
  apiRequest<TSsoTestResult>('iamserver', '/companies/current/sso/test', {
    method: 'POST',
    body: { issuer },
  });

const useSettingsMutation = <TInput>(mutationFn: (input: TInput) => Promise<TSsoSettings>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (settings) => queryClient.setQueryData(getSsoSettingsQueryOptions().queryKey, settings),
    // The card shows field errors itself, next to the fields.
    meta: { isErrorShownByCaller: true },
  });
};

export const useSaveSsoSettings = () => useSettingsMutation(saveSsoSettings);
export const useRemoveSsoSettings = () => useSettingsMutation<undefined>(() => removeSsoSettings());
export const useTestSsoConnection = () =>
  useMutation({ mutationFn: testSsoConnection, meta: { isErrorShownByCaller: true } });

/** POST /companies/current/sso/domains/verify: the server looks up each waiting domain's TXT record. */
export const verifySsoDomains = () =>
  apiRequest<TSsoDomainCheck>('iamserver', '/companies/current/sso/domains/verify', { method: 'POST' });

export const useVerifySsoDomains = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySsoDomains,
    onSuccess: ({ settings }) => queryClient.setQueryData(getSsoSettingsQueryOptions().queryKey, settings),
    meta: { isErrorShownByCaller: true },
  });
};
