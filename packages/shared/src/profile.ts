import { z } from 'zod';

// The signed-in user's own profile (iamserver /users/me): /settings/profile reads and edits it.

/** GET /iamserver/api/v1/users/me */
export const ZProfile = z.object({
  _id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailId: z.string(),
  phone: z.string().nullable(),
  /** A file of the company's file store (driveserver); null without an avatar. */
  avatarFileId: z.string().nullable(),
  status: z.enum(['active', 'invited', 'suspended']),
  roles: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TProfile = z.infer<typeof ZProfile>;

const ZPersonName = z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters');

/** Digits with the usual separators and an optional leading +; empty clears the number. */
export const ZPhone = z
  .string()
  .trim()
  .max(30, 'must be at most 30 characters')
  .regex(/^(\+?[\d\s().-]{5,30})?$/, 'must be a phone number: digits, spaces, ( ) - . and a leading +')
  .transform((value) => (value === '' ? null : value));

/** PATCH /iamserver/api/v1/users/me: only what is sent changes. */
export const ZUpdateProfileRequest = z
  .object({
    firstName: ZPersonName.optional(),
    lastName: ZPersonName.optional(),
    phone: ZPhone.nullable().optional(),
    avatarFileId: z.uuid({ error: 'must be a file id' }).nullable().optional(),
  })
  .strict();
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequest>;

/** POST /iamserver/api/v1/users/me/sessions/revoke */
export const ZRevokeSessionsResponse = z.object({ revokedSessions: z.number().int() });
export type TRevokeSessionsResponse = z.infer<typeof ZRevokeSessionsResponse>;
