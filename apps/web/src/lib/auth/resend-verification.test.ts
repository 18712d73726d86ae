import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiServer } from '@/test/api-server.ts';
import { identityUrl, idToken, signInHandlers } from '@/test/identity-service.ts';
import { getIdentity } from '../identity.ts';
import { getToastHostMessageApi } from '../toast-host.tsx';
import { resendVerificationEmail } from './resend-verification.ts';

// "Resend Email" (docs/product.md §4, §8) through the real identity client against an identity
// service double: only while signed in; a success toast; on failure an error toast with the
// provider's error, and the error logged. The texts are the spec's and ours, written out.

type TOobAnswer = 'sent' | 'too-many';

const serveIdentity = () => {
  const service = { oobAnswer: 'sent' as TOobAnswer, verificationRequests: 0 };
  apiServer.use(
    ...signInHandlers({ nextToken: () => idToken(1) }),
    http.post(identityUrl('sendOobCode'), async ({ request }) => {
      const body = (await request.json()) as { requestType?: string };
      if (body.requestType === 'VERIFY_EMAIL') service.verificationRequests += 1;
      if (service.oobAnswer === 'too-many') {
        return HttpResponse.json(
          { error: { code: 400, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' } },
          { status: 400 },
        );
      }
      return HttpResponse.json({ email: 'ada@example.com' });
    }),
  );
  return service;
};

/** The text of each toast on screen, by kind (one on its way out is not counted). */
const toasts = (kind: 'success' | 'error') =>
  [...document.querySelectorAll(`.ant-message-notice-${kind}:not(.ant-message-fade-leave)`)].map(
    (toast) => toast.textContent,
  );

let warnings: unknown[][] = [];

// A signed-out page's toasts mount their host on the first one: mounted once, before any test.
beforeAll(async () => {
  await getToastHostMessageApi();
});
beforeEach(() => {
  warnings = [];
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    warnings.push(args);
  });
});
afterEach(async () => {
  await signOut(getIdentity());
  vi.restoreAllMocks();
  window.localStorage.clear();
  (await getToastHostMessageApi()).destroy();
});

describe('resending the verification email', () => {
  it('does nothing while nobody is signed in', async () => {
    const service = serveIdentity();

    await resendVerificationEmail();

    expect(service.verificationRequests).toBe(0);
    // Nothing failed either: a failure is logged before its toast shows.
    expect(warnings).toEqual([]);
    expect(toasts('success')).toEqual([]);
    expect(toasts('error')).toEqual([]);
  });

  it('asks for the mail for the signed-in user and says it was sent', async () => {
    const service = serveIdentity();
    await signInWithEmailAndPassword(getIdentity(), 'ada@example.com', 'Harbour-Crane-42');

    await resendVerificationEmail();

    expect(service.verificationRequests).toBe(1);
    await vi.waitFor(() =>
      expect(toasts('success')).toEqual(['Verification email sent successfully! please check your Inbox.']),
    );
  });

  it("shows the provider's error in an error toast and logs it", async () => {
    const service = serveIdentity();
    service.oobAnswer = 'too-many';
    await signInWithEmailAndPassword(getIdentity(), 'ada@example.com', 'Harbour-Crane-42');

    await resendVerificationEmail();

    await vi.waitFor(() =>
      expect(toasts('error')).toEqual(['Too many attempts. Please wait a few minutes and try again.']),
    );
    expect(toasts('success')).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.[0]).toBe('Resending the verification email failed');
    expect(warnings[0]?.[1]).toMatchObject({ code: 'auth/too-many-requests' });
  });
});
