import type { TCountrySettingsQuery } from '@cargodesk/shared';

export const countriesKeys = {
  all: ['country-settings'] as const,
  list: (query: Partial<TCountrySettingsQuery>) => ['country-settings', 'list', query] as const,
};
