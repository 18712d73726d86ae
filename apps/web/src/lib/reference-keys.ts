// The six start-up queries' keys. Their common root is more than a feature's: the query client
// persists exactly that root (lib/query-client.ts), the session refetches it after a connection
// failure, and the picklists screen writes the home lists into it after a change.

const root = 'reference';

export const referenceKeys = {
  all: [root] as const,
  countries: () => [root, 'countries'] as const,
  currencies: () => [root, 'currencies'] as const,
  timezones: () => [root, 'timezones'] as const,
  dropdowns: () => [root, 'dropdowns-home'] as const,
  googleMapKey: () => [root, 'google-map-key'] as const,
  pendoKey: () => [root, 'pendo-key'] as const,
};

/** Whether a query is one of the start-up queries. */
export const isReferenceQueryKey = (queryKey: readonly unknown[]) => queryKey[0] === root;
