import { setupServer } from 'msw/node';

/** The HTTP double at the network edge: each test gives it the answers of the server it needs. */
export const apiServer = setupServer();

/** The absolute URL of a service endpoint on the page's origin, e.g. `apiUrl('/iamserver/api/v1/auth/login')`. */
export const apiUrl = (path: string) => new URL(path, window.location.origin).href;

/** The app's error envelope, as the server sends it. */
export const errorBody = (code: string, message: string, details?: unknown) => ({
  error: { code, message, ...(details === undefined ? {} : { details }) },
});

/** Sets the token cookie as the server's login would have left it. */
export const setTokenCookie = (value: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the app reads document.cookie, so the test writes it.
  document.cookie = `token=${encodeURIComponent(value)}; path=/`;
};

/** Removes every cookie of the page. */
export const clearCookies = () => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: as above.
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
};
