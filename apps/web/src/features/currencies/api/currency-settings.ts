import type {
  TBaseCurrency,
  TCurrencySetting,
  TCurrencySettingsQuery,
  TCurrencySettingsUpdate,
  TExchangeRate,
  TExchangeRateInput,
} from '@cargodesk/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiListRequest, apiRequest } from '../../../lib/api-client.ts';

// The company's currencies (master /currency-settings), base currency and exchange rates.

export const getCurrencySettings = (query: Partial<TCurrencySettingsQuery>) =>
  apiListRequest<TCurrencySetting>('master', '/currency-settings', { query });

export const useCurrencySettings = (query: Partial<TCurrencySettingsQuery>) =>
  useQuery({
    queryKey: ['currency-settings', 'list', query],
    queryFn: () => getCurrencySettings(query),
    placeholderData: keepPreviousData,
  });

export const useBaseCurrency = () =>
  useQuery({
    queryKey: ['currency-settings', 'base'],
    queryFn: () => apiRequest<TBaseCurrency>('master', '/currency-settings/base'),
  });

export const useExchangeRates = (currency: string | undefined, page: number) =>
  useQuery({
    queryKey: ['currency-settings', 'rates', currency, page],
    queryFn: () =>
      apiListRequest<TExchangeRate>('master', '/exchange-rates', {
        query: { currency: currency ?? '', page, pageSize: 10 },
      }),
    enabled: Boolean(currency),
    placeholderData: keepPreviousData,
  });

export const getRateOn = (currency: string, date: string) =>
  apiRequest<TExchangeRate>('master', '/exchange-rates/at', { query: { currency, date } });

const useCurrencyMutation = <TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  meta?: { isErrorShownByCaller?: boolean },
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['currency-settings'] }),
  });
};

export const useSetBaseCurrency = () =>
  useCurrencyMutation((baseCurrency: string) =>
    apiRequest<TBaseCurrency>('master', '/currency-settings/base', { method: 'PUT', body: { baseCurrency } }),
  );

export const useUpdateCurrencySettings = () =>
  useCurrencyMutation((input: TCurrencySettingsUpdate) =>
    apiRequest('master', '/currency-settings', { method: 'PUT', body: input }),
  );

export const useAddExchangeRate = () =>
  useCurrencyMutation(
    (input: TExchangeRateInput) =>
      apiRequest<TExchangeRate>('master', '/exchange-rates', { method: 'POST', body: input }),
    { isErrorShownByCaller: true },
  );

export const useDeleteExchangeRate = () =>
  useCurrencyMutation((id: string) =>
    apiRequest('master', `/exchange-rates/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
