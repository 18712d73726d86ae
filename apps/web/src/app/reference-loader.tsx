import { useQueries } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../config/paths.ts';
import {
  getCountriesQueryOptions,
  getCurrenciesQueryOptions,
  getGoogleMapKeyQueryOptions,
  getHomeDropdownsQueryOptions,
  getPendoKeyQueryOptions,
  getTimezonesQueryOptions,
} from '../features/reference-data/api/reference-data.ts';
import { twoFactorQuery } from '../lib/auth/session.ts';
import { getSession, updateSession, useSession } from '../lib/auth/session-store.ts';
import { isProductionHost } from '../lib/integrations/script-loader.ts';
import { safeRedirectTarget } from '../lib/navigation.ts';
import { persistOptions, queryClient } from '../lib/query-client.ts';

/** docs/product.md §4 step 5: loads the six reference lists and finalises the state (and leaves login). */
const ReferenceQueries = () => {
  const { isLoggedIn, isAuthLoading } = useSession();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const pathnameRef = useRef(location.pathname);
  pathnameRef.current = location.pathname;

  // docs/product.md §4 step 5: the six reference queries, only when authorised.
  const results = useQueries({
    queries: [
      getCountriesQueryOptions(),
      getTimezonesQueryOptions(),
      getHomeDropdownsQueryOptions(),
      getCurrenciesQueryOptions(),
      getGoogleMapKeyQueryOptions(),
      getPendoKeyQueryOptions(),
    ].map((options) => ({ ...options, enabled: isLoggedIn })),
  });
  const isAllLoaded = isLoggedIn && results.every(({ isSuccess }) => isSuccess);
  const [countries, timezones, dropdowns, currencies, mapKey, pendoKey] = results.map(({ data }) => data) as [
    unknown[],
    unknown[],
    unknown[],
    unknown[],
    { googleMapKey?: string } | undefined,
    { pendoKey?: string } | undefined,
  ];

  const referenceError = isLoggedIn ? results.find(({ isError }) => isError)?.error : undefined;
  useEffect(() => {
    if (referenceError) updateSession({ loadError: referenceError.message });
  }, [referenceError]);

  useEffect(() => {
    if (!isAllLoaded || !isAuthLoading) return;
    updateSession({
      isAuthLoading: false,
      loadError: undefined,
      referenceData: {
        countries,
        timezones,
        dropdowns,
        currencies,
        googleMapKey: mapKey?.googleMapKey,
        pendoKey: pendoKey?.pendoKey,
      },
    });
    const { user, company } = getSession();
    if (user && company && isProductionHost()) {
      const keys = { googleMapKey: mapKey?.googleMapKey, pendoKey: pendoKey?.pendoKey };
      void import('../lib/integrations/start.ts').then(({ startSessionIntegrations }) =>
        startSessionIntegrations({ user, company, ...keys }),
      );
    }
    if (pathnameRef.current.includes('login')) {
      const redirect = safeRedirectTarget(searchParams.get(twoFactorQuery.redirect));
      navigate(redirect ?? paths.dashboard.path, { replace: true });
    }
  }, [
    isAllLoaded,
    isAuthLoading,
    countries,
    timezones,
    dropdowns,
    currencies,
    mapKey,
    pendoKey,
    searchParams,
    navigate,
  ]);

  return null;
};

/**
 * Mounted by the root layout only while logged in, and loaded lazily, so TanStack Query and its
 * session-storage persister (docs/product.md §9) stay out of the signed-out pages.
 */
export const ReferenceLoader = () => (
  <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
    <ReferenceQueries />
  </PersistQueryClientProvider>
);
