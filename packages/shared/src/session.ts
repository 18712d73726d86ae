import { z } from 'zod';

// The session API of docs/product.md §3 and §7 (iamserver): what the server answers and the SPA reads.

export const ZCompany = z.object({
  _id: z.string(),
  name: z.string(),
  short_name: z.string().nullable(),
  company_type: z.string().nullable(),
  account_type: z.string().nullable(),
  prefered_language: z.string().nullable(),
  operating_country: z.string().nullable(),
  currency: z.string().nullable(),
  timezone: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  is_subscribed_for_campaign: z.boolean(),
  twoFactorAuth: z.boolean(),
  account_setup: z.boolean(),
  status: z.enum(['active', 'suspended']),
  subscripedPlan: z.object({ name: z.string(), expiryDate: z.string() }),
  /** The company logo, a file of its file store (driveserver); null or absent without one. */
  logoFileId: z.string().nullable().optional(),
});
export type TCompany = z.infer<typeof ZCompany>;

export const ZProduct = z.object({ _id: z.string(), code: z.string(), name: z.string() });
export type TProduct = z.infer<typeof ZProduct>;

/** GET /iamserver/api/v1/auth/login (and POST /auth/codeAuth): `{ data: TLoginResponse }`. */
export const ZLoginResponse = z.object({
  /** The app token; absent while a mailed two-factor code is awaited. */
  jwt: z.string().optional(),
  twoFactorAuth: z.boolean(),
  emailId: z.string(),
  /** With the jwt only: an answer awaiting a two-factor code carries nothing of the company. */
  company: ZCompany.nullable().optional(),
  products: z.array(ZProduct).optional(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** GET /iamserver/api/v1/auth/fetch-users-by-token: `{ data: [TCurrentUser] }` (docs/product.md §3). */
export const ZCurrentUser = z.object({
  _id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailId: z.string(),
  /** Absent from older replies; null when not set. */
  phone: z.string().nullable().optional(),
  /** The avatar, a file of the company's file store (driveserver); null or absent without one. */
  avatarFileId: z.string().nullable().optional(),
  companyId: z.string(),
  products: z.array(ZProduct),
  /** The company's subscribed plan has expired (computed on the server). */
  isExpired: z.boolean(),
  company: ZCompany,
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  /** The spec's super-admin flag: the account holds this installation's platform rights (the console). */
  isSuperAdmin: z.boolean().optional(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

/** POST /iamserver/api/v1/auth/codeAuth, with the ID token in Authorization. */
export const ZCodeAuthRequest = z.object({
  code: z.string().regex(/^\d{6}$/, 'must be the 6-digit code from the email'),
});
export type TCodeAuthRequest = z.infer<typeof ZCodeAuthRequest>;

/**
 * POST /iamserver/api/v1/auth/confirm-sign-in, with the app token in Authorization: vouches for a
 * fresh identity sign-in of the same user (re-authentication), so its ID token may change the
 * identity account of a two-factor company's user.
 */
export const ZConfirmSignInRequest = z.object({
  idToken: z.string().min(1, 'is required').max(8192, 'is too long'),
});
export type TConfirmSignInRequest = z.infer<typeof ZConfirmSignInRequest>;

/** POST /iamserver/api/v1/auth, with the ID token of a fresh sign-up in Authorization: registers a company. */
export const ZRegisterCompanyRequest = z.object({
  companyName: z
    .string()
    .trim()
    .min(2, 'must be at least 2 characters')
    .max(120, 'must be at most 120 characters'),
  firstName: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  lastName: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  /** ISO 3166-1 alpha-2: sets the operating country, the base currency and the currencies in use. */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
    .optional(),
});
export type TRegisterCompanyRequest = z.infer<typeof ZRegisterCompanyRequest>;

/** GET /iamserver/api/v1/auth/token-refresh: `{ data: { jwt } }`. */
export const ZTokenRefreshResponse = z.object({ jwt: z.string() });

/** GET /auth/invitation: the code of a mailed invitation link (the same `oobCode` the link carries). */
export const ZInvitationQuery = z.object({ oobCode: z.string().min(1).max(200) }).strict();

/** Who invited the link's holder where: shown on the page that sets the invited user's password. */
export const ZInvitationSummary = z.object({ companyName: z.string(), email: z.string() });
export type TInvitationSummary = z.infer<typeof ZInvitationSummary>;

/** An invitation link works for 7 days; sending the invitation again mails a fresh one. */
export const invitationLinkLifetimeDays = 7;

export const invitationMessages = {
  invalid: 'This invitation link is not valid or has expired. Ask your admin to send the invitation again.',
  tooManyLookups: 'Too many invitation links were checked from your network. Try again in a few minutes.',
} as const;

/** The login reply text that means a suspended company or user (docs/product.md §8). */
export const accountSuspendedMessage = 'Account was suspended';
