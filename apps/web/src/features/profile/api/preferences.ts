import type { TUpdateUserPreferencesRequest, TUserPreferences } from '@cargodesk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { profileKeys } from './keys.ts';

// The signed-in user's formatting preferences (iamserver /users/me/preferences): App settings.

const preferencesPath = '/users/me/preferences';

export const getPreferences = () => apiRequest<TUserPreferences>('iamserver', preferencesPath);

export const getPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.preferences(),
    queryFn: getPreferences,
    // They change only through App settings, which writes the answer into the cache.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePreferences = () => useQuery(getPreferencesQueryOptions());

export const useUpdatePreferences = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: TUpdateUserPreferencesRequest) =>
      apiRequest<TUserPreferences>('iamserver', preferencesPath, { method: 'PATCH', body: changes }),
    meta: { isErrorShownByCaller: true },
    onSuccess: (saved) => queryClient.setQueryData(getPreferencesQueryOptions().queryKey, saved),
  });
};
