import type { TCompanyListQuery } from '@cargodesk/shared';

export const receivingLocationsKeys = {
  all: ['receiving-locations'] as const,
  list: (query: Partial<TCompanyListQuery>) => ['receiving-locations', 'list', query] as const,
};
