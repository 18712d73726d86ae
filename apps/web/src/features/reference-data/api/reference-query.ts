import { constants } from '@cargodesk/shared';

/** docs/product.md §9: reference data stays fresh for 24 hours. */
export const referenceQueryTiming = {
  staleTime: constants.referenceDataFreshMs,
  gcTime: constants.referenceDataFreshMs,
} as const;
