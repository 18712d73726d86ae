import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runtimeConfigElementId } from '@/config/runtime-config.ts';
import { apiServer, apiUrl } from '@/test/api-server.ts';
import { idToken, idTokenLifetimeSeconds, serialOf, signInHandlers } from '@/test/identity-service.ts';
import { getIdentity } from '../identity.ts';

// The identity client as the app builds it (getIdentity: the real firebase/auth SDK, our token
// sync, the background refresh), against an identity service double at the network edge, on a
// fake clock: docs/product.md §9 "background refresh 5 minutes before expiry; error backoff starts
// at 30 s, doubles, capped at 960 s".

const second = 1000;
const minute = 60 * second;

type TRefreshAnswer = 'fresh-token' | 'service-down' | 'session-revoked';

/** The identity service double: what it was asked, and how its token endpoint answers next. */
const identityService = () => {
  const service = {
    refreshAnswer: 'fresh-token' as TRefreshAnswer,
    /** The clock's time at each refresh request the SDK sent. */
    refreshTimes: [] as number[],
    /** The token-sync calls: the serial of each token POSTed, or "signed out" for a DELETE. */
    synced: [] as (number | 'signed out')[],
    /** The serials of the tokens the token-sync cookie was given, in order. */
    get syncedTokens() {
      return service.synced.filter((call) => call !== 'signed out');
    },
  };
  let issued = 0;
  const nextToken = () => {
    issued += 1;
    return idToken(issued);
  };
  apiServer.use(
    ...signInHandlers({ nextToken }),
    http.post(apiUrl('/securetoken.googleapis.com/v1/token'), () => {
      service.refreshTimes.push(Date.now());
      // What a gateway says while the service is down: not the service's JSON, so to the SDK (as
      // to a dropped connection, which the test runner would log at length) a network failure.
      if (service.refreshAnswer === 'service-down') {
        return new HttpResponse('<h1>502 Bad Gateway</h1>', {
          status: 502,
          headers: { 'content-type': 'text/html' },
        });
      }
      if (service.refreshAnswer === 'session-revoked') {
        return HttpResponse.json({ error: { code: 400, message: 'TOKEN_EXPIRED' } }, { status: 400 });
      }
      return HttpResponse.json({
        access_token: nextToken(),
        expires_in: String(idTokenLifetimeSeconds),
        refresh_token: 'refresh-token-1',
        token_type: 'Bearer',
      });
    }),
    http.post(apiUrl('/identity/token-sync'), ({ request }) => {
      service.synced.push(serialOf(request.headers.get('authorization')?.replace('Bearer ', '')) ?? 0);
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete(apiUrl('/identity/token-sync'), () => {
      service.synced.push('signed out');
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return service;
};

const currentTokenSerial = async () => serialOf(await getIdentity().currentUser?.getIdToken());

/** Moves the clock on, running what falls due on the way, and lets the requests it started finish. */
const passTime = (milliseconds: number) => vi.advanceTimersByTimeAsync(milliseconds);

beforeAll(() => {
  // As the server's page does with IDENTITY_TOKEN_SYNC on; token sync runs only in a secure context.
  const block = document.getElementById(runtimeConfigElementId);
  if (!block?.textContent) throw new Error('The test page has no runtime config');
  const config = JSON.parse(block.textContent);
  config.identity.tokenSyncUrl = '/identity/token-sync';
  block.textContent = JSON.stringify(config);
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
});

afterEach(async () => {
  await signOut(getIdentity());
  vi.useRealTimers();
  window.localStorage.clear();
});

describe('the ID token of a page left open', () => {
  it('is renewed 5 minutes before it expires, and each new token reaches the token-sync cookie', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const service = identityService();
    await signInWithEmailAndPassword(getIdentity(), 'ada@example.com', 'Harbour-Crane-42');
    await vi.waitFor(() => expect(service.syncedTokens).toEqual([1]));

    // Nobody asks for a token; the page only stays open.
    await passTime(55 * minute - second);
    expect(service.refreshTimes).toHaveLength(0);
    await passTime(second);
    await vi.waitFor(() => expect(service.syncedTokens).toEqual([1, 2]));
    expect(service.refreshTimes).toHaveLength(1);
    expect(await currentTokenSerial()).toBe(2);

    // And again, 55 minutes after the renewed token was issued.
    await passTime(55 * minute - second);
    expect(service.refreshTimes).toHaveLength(1);
    await passTime(second);
    await vi.waitFor(() => expect(service.syncedTokens).toEqual([1, 2, 3]));
    expect(await currentTokenSerial()).toBe(3);
  });

  it('keeps the user through a network failure, retrying after 30 s, doubling up to 960 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const service = identityService();
    await signInWithEmailAndPassword(getIdentity(), 'ada@example.com', 'Harbour-Crane-42');
    await vi.waitFor(() => expect(service.syncedTokens).toHaveLength(1));
    const [firstToken = 0] = service.syncedTokens;
    service.refreshAnswer = 'service-down';

    await passTime(55 * minute);
    await vi.waitFor(() => expect(service.refreshTimes).toHaveLength(1));
    for (const [attempt, waitSeconds] of [30, 60, 120, 240, 480, 960, 960].entries()) {
      await passTime(waitSeconds * second - second);
      expect(service.refreshTimes, `no retry before ${waitSeconds} s`).toHaveLength(attempt + 1);
      await passTime(second);
      await vi.waitFor(() => expect(service.refreshTimes).toHaveLength(attempt + 2));
    }
    expect(getIdentity().currentUser?.uid).toBe('uid-1');

    // The service is back: the next retry (960 s on) renews the token, and the backoff starts over.
    service.refreshAnswer = 'fresh-token';
    await passTime(960 * second);
    await vi.waitFor(() => expect(service.syncedTokens).toEqual([firstToken, firstToken + 1]));
    expect(getIdentity().currentUser?.uid).toBe('uid-1');
  });

  it('signs the user out when the refresh answers that the session was revoked', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const service = identityService();
    await signInWithEmailAndPassword(getIdentity(), 'ada@example.com', 'Harbour-Crane-42');
    await vi.waitFor(() => expect(service.syncedTokens).toHaveLength(1));
    service.refreshAnswer = 'session-revoked';

    await passTime(55 * minute);

    await vi.waitFor(() => expect(getIdentity().currentUser).toBeNull());
    await vi.waitFor(() => expect(service.synced.at(-1)).toBe('signed out'));
  });
});
