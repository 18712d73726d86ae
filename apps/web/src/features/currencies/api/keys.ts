import type { TCurrencySettingsQuery } from '@cargodesk/shared';

export const currenciesKeys = {
  all: ['currency-settings'] as const,
  list: (query: Partial<TCurrencySettingsQuery>) => ['currency-settings', 'list', query] as const,
  base: () => ['currency-settings', 'base'] as const,
  rates: (currency: string | undefined, page: number) =>
    ['currency-settings', 'rates', currency, page] as const,
};
