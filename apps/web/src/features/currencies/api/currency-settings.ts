import type {
  TBaseCurrency,
  TCurrencySetting,
  TCurrencySettingsQuery,
  TCurrencySettingsUpdate,
  TExchangeRate,
  TExchangeRateCorrection,
  TExchangeRateInput,
} from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiListRequest, apiRequest } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import { currenciesKeys } from './keys.ts';

// The company's currencies (master /currency-settings), base currency and exchange rates.

export const getCurrencySettings = (query: Partial<TCurrencySettingsQuery>) =>
  apiListRequest<TCurrencySetting>('master', '/currency-settings', { query });

export const getCurrencySettingsQueryOptions = (query: Partial<TCurrencySettingsQuery>) =>
  queryOptions({ queryKey: currenciesKeys.list(query), queryFn: () => getCurrencySettings(query) });

export const useCurrencySettings = (query: Partial<TCurrencySettingsQuery>) =>
  useQuery({ ...getCurrencySettingsQueryOptions(query), placeholderData: keepPreviousData });

export const getBaseCurrencyQueryOptions = () =>
  queryOptions({
    queryKey: currenciesKeys.base(),
    queryFn: () => apiRequest<TBaseCurrency>('master', '/currency-settings/base'),
  });

export const useBaseCurrency = () => useQuery(getBaseCurrencyQueryOptions());

export const getExchangeRatesQueryOptions = (currency: string | undefined, page: number) =>
  queryOptions({
    queryKey: currenciesKeys.rates(currency, page),
    queryFn: () =>
      apiListRequest<TExchangeRate>('master', '/exchange-rates', {
        query: { currency: currency ?? '', page, pageSize: 10 },
      }),
  });

export const useExchangeRates = (currency: string | undefined, page: number) =>
  useQuery({
    ...getExchangeRatesQueryOptions(currency, page),
    enabled: Boolean(currency),
    placeholderData: keepPreviousData,
  });

export const getRateOn = (currency: string, date: string) =>
  apiRequest<TExchangeRate>('master', '/exchange-rates/at', { query: { currency, date } });

const useCurrencyMutation = <TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  meta?: { isErrorShownByCaller?: boolean },
) => useInvalidatingMutation({ mutationFn, invalidates: currenciesKeys.all, meta });

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

export const useCorrectExchangeRate = () =>
  useCurrencyMutation(
    ({ id, ...input }: TExchangeRateCorrection & { id: string }) =>
      apiRequest<TExchangeRate>('master', `/exchange-rates/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: input,
      }),
    { isErrorShownByCaller: true },
  );

export const useDeleteExchangeRate = () =>
  useCurrencyMutation((id: string) =>
    apiRequest('master', `/exchange-rates/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
