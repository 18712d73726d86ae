import type { TCountrySetting, TCountrySettingsQuery, TCountrySettingsUpdate } from '@cargodesk/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiListRequest, apiRequest } from '../../../lib/api-client.ts';

// The company's countries (master /country-settings): enabled flags and favourites.

export const getCountrySettings = (query: Partial<TCountrySettingsQuery>) =>
  apiListRequest<TCountrySetting>('master', '/country-settings', { query });

export const useCountrySettings = (query: Partial<TCountrySettingsQuery>) =>
  useQuery({
    queryKey: ['country-settings', 'list', query],
    queryFn: () => getCountrySettings(query),
    placeholderData: keepPreviousData,
  });

export const useUpdateCountrySettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCountrySettingsUpdate) =>
      apiRequest<TCountrySetting[]>('master', '/country-settings', { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['country-settings'] }),
  });
};
