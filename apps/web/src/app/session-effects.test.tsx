import type { TCurrentUser } from '@cargodesk/shared';
import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession, updateSession, useSession } from '../lib/auth/session-store.ts';
import { setNavigator } from '../lib/navigation.ts';
import { clearCookies, setTokenCookie } from '../test/api-server.ts';
import { SessionEffects } from './session-effects.tsx';

// The cookie watcher as mounted by the app: another tab (or an expiry) removing the token cookie
// signs this tab out.

const navigations: string[] = [];

/** Shows what the signed-in layout would: whether the session still holds a user. */
const SessionProbe = () => {
  const { isLoggedIn, user } = useSession();
  return <p>{isLoggedIn ? `Signed in as ${user?.name}` : 'Signed out'}</p>;
};

const renderAt = (path: string) => {
  window.history.replaceState(null, '', path);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionEffects />
      <SessionProbe />
    </MemoryRouter>,
  );
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  setNavigator((to) => {
    navigations.push(to);
    window.history.replaceState(null, '', to);
  });
});
afterEach(() => {
  vi.useRealTimers();
  navigations.length = 0;
  clearCookies();
  resetSession();
  window.history.replaceState(null, '', '/');
});

describe('SessionEffects', () => {
  it('signs the tab out and goes to login when the token cookie disappears', async () => {
    setTokenCookie('app-token');
    updateSession({ isLoggedIn: true, user: { name: 'Ada Lovelace' } as TCurrentUser });
    const screen = renderAt('/settings/roles');
    expect(screen.getByText('Signed in as Ada Lovelace')).toBeTruthy();

    clearCookies();
    await act(() => vi.advanceTimersByTimeAsync(1000));

    await vi.waitFor(() => expect(screen.getByText('Signed out')).toBeTruthy());
    expect(navigations).toEqual([`/login?redirect_uri=${encodeURIComponent('/settings/roles')}`]);
  });

  it('leaves the session alone while the cookie is there', async () => {
    setTokenCookie('app-token');
    updateSession({ isLoggedIn: true, user: { name: 'Ada Lovelace' } as TCurrentUser });
    const screen = renderAt('/settings/roles');

    await act(() => vi.advanceTimersByTimeAsync(3000));

    expect(screen.getByText('Signed in as Ada Lovelace')).toBeTruthy();
    expect(navigations).toEqual([]);
  });
});
