import type { TSsoDomainCheck } from '@cargodesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { getSsoSettingsQueryOptions } from './get-sso-settings.ts';

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
