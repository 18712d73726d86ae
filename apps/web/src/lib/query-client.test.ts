import { QueryObserver } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCountriesQueryOptions } from '@/features/reference-data/api/reference-data.ts';
import { apiServer, apiUrl, clearCookies, setTokenCookie } from '@/test/api-server.ts';
import { persistOptions, queryClient } from './query-client.ts';

// The app's query client on a fake clock (docs/product.md §9): data is fresh for 5 minutes and is
// not fetched again when the window regains focus; the reference lists are fresh for 24 hours and
// kept in session storage for at most 24 hours. The numbers are the spec's, written out.

const minute = 60_000;
const hour = 60 * minute;
const start = new Date('2026-03-02T09:00:00Z').getTime();

/** The countries endpoint, counting how often it is asked. */
const serveCountries = () => {
  const served = { count: 0 };
  apiServer.use(
    http.get(apiUrl('/master/api/v1/country'), () => {
      served.count += 1;
      return HttpResponse.json({ data: [{ code: 'NO', name: 'Norway' }] });
    }),
  );
  return served;
};

/** Any other query of the app, counting its fetches. */
const rolesQuery = () => {
  const fetched = { count: 0 };
  const options = {
    queryKey: ['roles', 'list'],
    queryFn: async () => {
      fetched.count += 1;
      return [{ name: 'Admin' }];
    },
  };
  return { options, fetched };
};

/**
 * The app's client as the persist functions type it: they name query-core's QueryClient from a copy
 * of the package of their own, and use only its public methods, as PersistQueryClientProvider does.
 */
const persistedClient = queryClient as unknown as Parameters<typeof persistQueryClientSave>[0]['queryClient'];

const moveClockTo = (time: number) => vi.setSystemTime(time);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  moveClockTo(start);
});
afterEach(() => {
  queryClient.clear();
  clearCookies();
  window.sessionStorage.clear();
  vi.useRealTimers();
});

describe('the query client', () => {
  it('serves data from the cache for 5 minutes, and fetches it again after', async () => {
    const { options, fetched } = rolesQuery();
    await queryClient.fetchQuery(options);

    moveClockTo(start + 5 * minute - 1);
    await queryClient.fetchQuery(options);
    expect(fetched.count).toBe(1);

    moveClockTo(start + 5 * minute);
    await queryClient.fetchQuery(options);
    expect(fetched.count).toBe(2);
  });

  it('does not fetch stale data again when the window regains focus', async () => {
    queryClient.mount();
    const { options, fetched } = rolesQuery();
    await queryClient.fetchQuery(options);
    // A screen showing the data, as useQuery holds it.
    const unsubscribe = new QueryObserver(queryClient, options).subscribe(() => undefined);

    moveClockTo(start + 10 * minute);
    window.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);

    expect(fetched.count).toBe(1);
    unsubscribe();
    queryClient.unmount();
  });

  it('serves the reference lists from the cache for 24 hours', async () => {
    const served = serveCountries();
    await queryClient.fetchQuery(getCountriesQueryOptions());

    moveClockTo(start + 24 * hour - 1);
    await queryClient.fetchQuery(getCountriesQueryOptions());
    expect(served.count).toBe(1);

    moveClockTo(start + 24 * hour);
    await queryClient.fetchQuery(getCountriesQueryOptions());
    expect(served.count).toBe(2);
  });

  it('keeps the reference lists in session storage, and a copy older than 24 hours is dropped', async () => {
    setTokenCookie('app-token');
    serveCountries();
    await queryClient.fetchQuery(getCountriesQueryOptions());
    const saving = persistQueryClientSave({ queryClient: persistedClient, ...persistOptions });
    // The persister writes on a throttle.
    await vi.runAllTimersAsync();
    await saving;
    expect(window.sessionStorage.getItem('cargodesk-query-cache')).toContain('Norway');

    const restoredAt = async (time: number) => {
      moveClockTo(time);
      // As a reloaded page starts: an empty cache, then what session storage holds.
      queryClient.clear();
      await persistQueryClientRestore({ queryClient: persistedClient, ...persistOptions });
      return queryClient.getQueryData(getCountriesQueryOptions().queryKey);
    };
    expect(await restoredAt(start + 24 * hour - 1)).toEqual([{ code: 'NO', name: 'Norway' }]);
    expect(await restoredAt(start + 24 * hour + 1)).toBeUndefined();
  });
});
