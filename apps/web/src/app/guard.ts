import { type LoaderFunctionArgs, redirect } from 'react-router';
import { paths } from '../config/paths.ts';
import { logout, twoFactorQuery } from '../lib/auth/session.ts';
import { readTokenCookie } from '../lib/cookie.ts';
import { safeRedirectTarget } from '../lib/navigation.ts';

// The route guard of docs/product.md §2, run before every navigation (the guarded routes always revalidate).

/** A route that needs the session: without the token cookie the user is logged out and sent to login. */
export const requireSession = async ({ request }: LoaderFunctionArgs) => {
  if (readTokenCookie()) return null;
  await logout();
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  throw redirect(paths.login.href({ redirectTo: here === paths.dashboard.path ? null : here }));
};

/** Login and register: with the cookie, go on to redirect_uri (its first value) or the dashboard. */
export const redirectSignedIn = async (args: LoaderFunctionArgs) => {
  if (readTokenCookie()) {
    const target = new URL(args.request.url).searchParams.getAll(twoFactorQuery.redirect)[0];
    throw redirect(safeRedirectTarget(target) ?? paths.dashboard.path);
  }
  return logOutUnlessTwoFactor(args);
};

/** Any other route: the user is logged out first, unless the query carries the two-factor token. */
export const logOutUnlessTwoFactor = async ({ request }: LoaderFunctionArgs) => {
  if (!new URL(request.url).searchParams.has(twoFactorQuery.idToken)) await logout();
  return null;
};

export const alwaysRevalidate = () => true;
