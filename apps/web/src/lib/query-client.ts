import { constants } from '@cargodesk/shared';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { ApiError } from './api-client.ts';
import { readTokenCookie } from './cookie.ts';
import { registerQueryClient } from './loaded-query-client.ts';
import { notifyFailure } from './notify.ts';
import { isReferenceQueryKey } from './reference-keys.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The caller shows the failure itself (next to a field, in the form): no toast on top. */
      isErrorShownByCaller?: boolean;
    };
  }
}

/** docs/product.md §9: data is fresh for 5 minutes and not refetched when the window regains focus. */
export const queryClient = new QueryClient({
  // A failed change says why once, in a toast, unless its screen shows the reason in place.
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (!mutation.meta?.isErrorShownByCaller) notifyFailure(error);
    },
  }),
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
registerQueryClient(queryClient);

/** docs/product.md §9: only the reference data is persisted, in session storage, for at most 24 hours. */
// The persister writes on a throttle, so its last write can land after logout has cleared session
// storage; a signed-out visitor (no token cookie) therefore never has anything written.
const signedInSessionStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: (key) => window.sessionStorage.getItem(key),
  setItem: (key, value) => {
    if (readTokenCookie()) window.sessionStorage.setItem(key, value);
  },
  removeItem: (key) => window.sessionStorage.removeItem(key),
};

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: createSyncStoragePersister({ storage: signedInSessionStorage, key: 'cargodesk-query-cache' }),
  maxAge: constants.referenceDataFreshMs,
  dehydrateOptions: {
    shouldDehydrateQuery: (query) => isReferenceQueryKey(query.queryKey) && query.state.status === 'success',
  },
};
