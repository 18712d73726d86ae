import type { TCompanyListQuery } from '@cargodesk/shared';

export const businessTypesKeys = {
  all: ['business-types'] as const,
  list: (query: Partial<TCompanyListQuery>) => ['business-types', 'list', query] as const,
};
