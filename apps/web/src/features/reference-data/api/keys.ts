import { referenceQueryKeyPrefix } from './reference-query.ts';

// The six start-up queries; their common root marks them for the persisted cache.

export const referenceKeys = {
  all: [referenceQueryKeyPrefix] as const,
  countries: () => [referenceQueryKeyPrefix, 'countries'] as const,
  currencies: () => [referenceQueryKeyPrefix, 'currencies'] as const,
  timezones: () => [referenceQueryKeyPrefix, 'timezones'] as const,
  dropdowns: () => [referenceQueryKeyPrefix, 'dropdowns-home'] as const,
  googleMapKey: () => [referenceQueryKeyPrefix, 'google-map-key'] as const,
  pendoKey: () => [referenceQueryKeyPrefix, 'pendo-key'] as const,
};
