import { constants } from '@cargodesk/shared';

/** docs/product.md §9: reference data stays fresh for 24 hours; its key prefix marks it for the persisted cache. */
export const referenceQueryKeyPrefix = 'reference';

export const referenceQueryTiming = {
  staleTime: constants.referenceDataFreshMs,
  gcTime: constants.referenceDataFreshMs,
} as const;
