import { useQueries } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isProtectedPath, paths } from '../config/paths.ts';
import { getCountriesQueryOptions } from '../features/reference-data/api/get-countries.ts';
import { getCurrenciesQueryOptions } from '../features/reference-data/api/get-currencies.ts';
import { getHomeDropdownsQueryOptions } from '../features/reference-data/api/get-dropdowns.ts';
import { getGoogleMapKeyQueryOptions } from '../features/reference-data/api/get-google-map-key.ts';
import { getPendoKeyQueryOptions } from '../features/reference-data/api/get-pendo-key.ts';
import { getTimezonesQueryOptions } from '../features/reference-data/api/get-timezones.ts';
import { getKnownToken, logout, twoFactorQuery } from '../lib/auth/session.ts';
import { getSession, updateSession, useSession } from '../lib/auth/session-store.ts';
import { readTokenCookie } from '../lib/cookie.ts';
import { loadMapsScript } from '../lib/integrations/maps.ts';
import { loadProductAnalytics } from '../lib/integrations/product-analytics.ts';
import { safeRedirectTarget } from '../lib/navigation.ts';

const cookieCheckIntervalMs = 1000;

/** Spec §4: watches the token cookie and the tab's visibility, and finalises the state after login. */
export const SessionEffects = () => {
  const { isLoggedIn, isAuthLoading } = useSession();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const pathnameRef = useRef(location.pathname);
  pathnameRef.current = location.pathname;

  // Cookie watching: missing while not on login → logged out; appearing on login → reload.
  useEffect(() => {
    const checkCookie = () => {
      const token = readTokenCookie();
      const pathname = pathnameRef.current;
      const isOnLogin = pathname === paths.login.path;
      if (!token && !isOnLogin && (getSession().isLoggedIn || isProtectedPath(pathname))) {
        void logout({ redirectToLogin: true });
      } else if (token && isOnLogin && token !== getKnownToken()) {
        window.location.reload();
      }
    };
    const timer = window.setInterval(checkCookie, cookieCheckIntervalMs);
    return () => window.clearInterval(timer);
  }, []);

  // A tab that becomes visible again reloads when the cookie changed meanwhile (another tab signed in or out).
  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible' && readTokenCookie() !== getKnownToken()) {
        window.location.reload();
      }
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, []);

  // Spec §4 step 5: the six reference queries, only when authorised.
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
    loadMapsScript(mapKey?.googleMapKey);
    loadProductAnalytics(pendoKey?.pendoKey);
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
