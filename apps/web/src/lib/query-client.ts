import { constants } from '@cargodesk/shared';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { ApiError } from './api-client.ts';

/** Spec §9: data is fresh for 5 minutes and not refetched when the window regains focus. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: constants.queryFreshMs,
      refetchOnWindowFocus: false,
      // A 4xx will not change on a second try; a network or server failure might.
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});

/** Spec §9: only the reference data is persisted, in session storage, for at most 24 hours. */
export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: createSyncStoragePersister({ storage: window.sessionStorage, key: 'cargodesk-query-cache' }),
  maxAge: constants.referenceDataFreshMs,
  dehydrateOptions: {
    shouldDehydrateQuery: (query) => query.queryKey[0] === 'reference' && query.state.status === 'success',
  },
};
