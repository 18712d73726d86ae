import { describe, expect, it } from 'vitest';
import { constants, messages } from './messages.ts';

// The product spec's texts and numbers, copied here by hand from the spec (§2, §8, §9) rather than
// imported: every other test checks the screens against these same constants, so a constant
// changed by mistake would pass them all. This is the one place that would fail.

describe('the spec texts', () => {
  it('are word for word those of the spec', () => {
    expect(messages).toEqual({
      verifyEmailBanner: 'Please verify your email to activate your account.',
      verifyEmailNotice: 'If you have not received',
      resendEmailLink: 'Resend Email',
      subscriptionExpired: 'Your Subscription has been expired. Please Contact Support Team',
      accountSuspended: 'Your account has been suspended. Please contact your Admin for assistance.',
      verificationSent: 'Verification email sent successfully! please check your Inbox.',
      available: 'Available',
      signOut: 'Sign out',
    });
  });
});

describe('the spec numbers', () => {
  it('are those of the spec', () => {
    expect(constants).toMatchObject({
      referenceDataFreshMs: 86_400_000,
      queryFreshMs: 300_000,
      toastDurationMs: 3000,
      toastTopOffsetPx: 16,
      notificationBadgeMax: 9,
      notificationFetchLimit: 10,
      tokenCookieName: 'token',
    });
  });
});
