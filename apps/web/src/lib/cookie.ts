import { constants } from '@cargodesk/shared';
import { getRuntimeConfig } from '../config/runtime-config.ts';

const { tokenCookieName } = constants;

/** The value of the `token` cookie, or undefined when there is none. */
export const readTokenCookie = (): string | undefined => {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === tokenCookieName) {
      const value = decodeURIComponent(rest.join('='));
      return value === '' ? undefined : value;
    }
  }
  return undefined;
};

/**
 * docs/product.md §9: path '/', and a domain attribute (the host's registrable part, so sibling hosts
 * share the session) only when the host name contains the product's brand; otherwise a plain
 * host-only cookie. The server works the domain out with the public suffix list for the page's host
 * (`platform/runtime-config.ts`), so the app carries no copy of the list.
 */
const cookieDomain = (): string | undefined => getRuntimeConfig().cookieDomain ?? undefined;

const secureAttribute = () => (window.location.protocol === 'https:' ? '; secure' : '');

export const writeTokenCookie = (token: string) => {
  const domain = cookieDomain();
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing in Firefox and older Safari.
  document.cookie = `${tokenCookieName}=${encodeURIComponent(token)}; path=/${
    domain ? `; domain=${domain}` : ''
  }; samesite=lax${secureAttribute()}`;
};

/** Removes the cookie in both forms it may have been written in: host-only and with the domain. */
export const removeTokenCookie = () => {
  const expired = 'expires=Thu, 01 Jan 1970 00:00:00 GMT';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing in Firefox and older Safari.
  document.cookie = `${tokenCookieName}=; path=/; ${expired}`;
  const domain = cookieDomain();
  // biome-ignore lint/suspicious/noDocumentCookie: as above.
  if (domain) document.cookie = `${tokenCookieName}=; path=/; domain=${domain}; ${expired}`;
};
