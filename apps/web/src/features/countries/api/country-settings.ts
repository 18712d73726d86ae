import type { TCountrySetting, TCountrySettingsQuery, TCountrySettingsUpdate } from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiListRequest, apiRequest } from '@/lib/api-client.ts';
import { countriesKeys } from './keys.ts';

// The company's countries (master /country-settings): enabled flags and favourites.

export const getCountrySettings = (query: Partial<TCountrySettingsQuery>) =>
  apiListRequest<TCountrySetting>('master', '/country-settings', { query });

export const getCountrySettingsQueryOptions = (query: Partial<TCountrySettingsQuery>) =>
  queryOptions({ queryKey: countriesKeys.list(query), queryFn: () => getCountrySettings(query) });

export const useCountrySettings = (query: Partial<TCountrySettingsQuery>) =>
  useQuery({ ...getCountrySettingsQueryOptions(query), placeholderData: keepPreviousData });

export const useUpdateCountrySettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCountrySettingsUpdate) =>
      apiRequest<TCountrySetting[]>('master', '/country-settings', { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: countriesKeys.all }),
  });
};
