import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { isProtectedPath, paths } from '../config/paths.ts';
import { getKnownToken, isSessionEndedHere, logout } from '../lib/auth/session.ts';
import { getSession } from '../lib/auth/session-store.ts';
import { readTokenCookie } from '../lib/cookie.ts';

const cookieCheckIntervalMs = 1000;

/** docs/product.md §4: watches the token cookie and the tab's visibility (the reference data: reference-loader.tsx). */
export const SessionEffects = () => {
  const location = useLocation();
  const pathnameRef = useRef(location.pathname);
  pathnameRef.current = location.pathname;

  // Cookie watching: missing while not on login → logged out; appearing on login → reload.
  useEffect(() => {
    const checkCookie = () => {
      const token = readTokenCookie();
      const pathname = pathnameRef.current;
      const isOnLogin = pathname === paths.login.path;
      // A logout of this tab's own is already on its way to login: sending it there again from the
      // page being left would add that page as where to return.
      if (
        !token &&
        !isOnLogin &&
        !isSessionEndedHere() &&
        (getSession().isLoggedIn || isProtectedPath(pathname))
      ) {
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

  return null;
};
