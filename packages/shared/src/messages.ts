// Every user-facing text the spec fixes (§2 and §8), verbatim, in one place.
export const messages = {
  verifyEmailBanner: 'Please verify your email to activate your account.',
  verifyEmailNotice: 'If you have not received',
  resendEmailLink: 'Resend Email',
  subscriptionExpired: 'Your Subscription has been expired. Please Contact Support Team',
  accountSuspended: 'Your account has been suspended. Please contact your Admin for assistance.',
  verificationSent: 'Verification email sent successfully! please check your Inbox.',
  available: 'Available',
  signOut: 'Sign out',
} as const;

/** docs/product.md §9 constants. */
export const constants = {
  referenceDataFreshMs: 24 * 60 * 60 * 1000,
  queryFreshMs: 300_000,
  toastDurationMs: 3000,
  toastTopOffsetPx: 16,
  notificationBadgeMax: 9,
  notificationFetchLimit: 10,
  tokenCookieName: 'token',
  /** The largest page a list endpoint serves; here so the web reads it without loading zod. */
  listMaxPageSize: 100,
} as const;
