import { isSignInWithEmailLink, sendSignInLinkToEmail, signInWithEmailLink } from 'firebase/auth';
import { getIdentity } from '../identity.ts';
import { safeRedirectTarget } from '../navigation.ts';

// Passwordless sign-in by a mailed link (docs/decisions/023).

/**
 * The address a link was asked for on this device, so opening the mail here needs no typing.
 * Kept in a cookie for the /auth pages, not in localStorage: every signed-out start clears local
 * storage (docs/product.md §4), which would forget it before the link is opened.
 */
const emailCookie = 'emailForSignIn';
const emailCookiePath = '/auth';
const emailCookieLifetimeSeconds = 60 * 60;

const secureAttribute = () => (window.location.protocol === 'https:' ? '; secure' : '');

export const rememberSignInEmail = (email: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing in Firefox and older Safari.
  document.cookie = `${emailCookie}=${encodeURIComponent(email)}; path=${emailCookiePath}; max-age=${emailCookieLifetimeSeconds}; samesite=strict${secureAttribute()}`;
};

export const forgetSignInEmail = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: as above.
  document.cookie = `${emailCookie}=; path=${emailCookiePath}; max-age=0`;
};

/** The remembered address, readable on the /auth pages only. */
export const readSignInEmail = (): string | undefined => {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === emailCookie) return decodeURIComponent(rest.join('=')) || undefined;
  }
  return undefined;
};

/**
 * Asks for a sign-in link. The link opens /auth/action and continues to `redirectTo` (a path of this
 * site, e.g. the page the user was sent to sign in from) once signed in.
 */
export const requestSignInLink = async (email: string, redirectTo?: string) => {
  const url = new URL(safeRedirectTarget(redirectTo) ?? '/dashboard', window.location.origin);
  await sendSignInLinkToEmail(getIdentity(), email, { url: url.href, handleCodeInApp: true });
  rememberSignInEmail(email);
};

export const isEmailSignInLink = (href: string) => isSignInWithEmailLink(getIdentity(), href);

/** Signs in with the link; the identity listener opens the app session as after a password sign-in. */
export const signInWithLink = async (email: string, href: string) => {
  await signInWithEmailLink(getIdentity(), email, href);
  forgetSignInEmail();
};

/** The page to land on after the sign-in: the link's continue URL, if it is a path of this site. */
export const continuePathOf = (href: string): string | undefined => {
  const continueUrl = new URL(href).searchParams.get('continueUrl');
  if (!continueUrl) return undefined;
  try {
    const url = new URL(continueUrl);
    if (url.origin !== window.location.origin) return undefined;
    return safeRedirectTarget(`${url.pathname}${url.search}${url.hash}`);
  } catch {
    return undefined;
  }
};
