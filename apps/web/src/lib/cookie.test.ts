import { afterEach, describe, expect, it } from 'vitest';
import { clearCookies } from '@/test/api-server.ts';
import { readTokenCookie, removeTokenCookie, writeTokenCookie } from './cookie.ts';

// docs/product.md §9: the cookie is named token, path '/'. Removed on a page deep in the app, it
// must be gone from every page: a removal without the path would miss the cookie and leave the
// session in place. (That a written cookie carries the path is checked in the browser, by
// e2e/session-behaviour.spec.ts: happy-dom gives a cookie without one the path '/'.)

const visit = (path: string) => window.history.replaceState(null, '', path);

afterEach(() => {
  clearCookies();
  visit('/');
});

describe('the token cookie', () => {
  it('is "token" on every page, and removed from every page by a page deep in the app', () => {
    visit('/login');
    writeTokenCookie('app-token');
    visit('/settings/users/user-1');
    expect(document.cookie).toBe('token=app-token');

    removeTokenCookie();

    visit('/login');
    expect(readTokenCookie()).toBeUndefined();
  });
});
