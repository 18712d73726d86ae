import { z } from 'zod';
import { permissions } from './permissions.ts';

// Personal API tokens (iamserver /users-token, docs/decisions/018-api-tokens.md): a user's own
// credentials for integrations, each with a name, an expiry and permissions no wider than theirs.

/** Every token starts with this, so a leaked one is recognised (secret scanners, logs, the server). */
export const apiTokenPrefix = 'cdk_pat_';

/** A token lives at most a year: an integration that runs longer gets a new one. */
export const apiTokenMaxLifetimeDays = 365;

/** Active (not revoked, not expired) tokens one user may hold at once. */
export const apiTokenMaxActivePerUser = 20;

export const apiTokenMessages = {
  notFound: 'No such API token',
  userNotFound: 'No such user in your company',
  tooMany: (limit: number) =>
    `You already hold ${limit} active API tokens, the most one user may: revoke one you no longer use first`,
  tooManyCreated: 'Too many API tokens were created from your account in the last hour. Try again later.',
  notForApiTokens:
    'An API token cannot call this route: it needs a signed-in session (API tokens cannot manage API tokens, refresh or sign out)',
  permissionsNotHeld: (missing: string[]) =>
    `A token cannot have permissions you do not hold yourself: ${missing.join(', ')}`,
  revoked: 'The API token was revoked',
  expired: 'The API token has expired',
  invalid: 'The API token is not valid',
  tooManyFailures: 'Too many invalid API tokens came from your address. Try again later.',
} as const;

/** POST /iamserver/api/v1/users-token */
export const ZCreateApiTokenRequest = z
  .object({
    name: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
    expiresInDays: z
      .number({ error: 'must be a number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1 day')
      .max(apiTokenMaxLifetimeDays, `must be at most ${apiTokenMaxLifetimeDays} days`),
    permissions: z
      .array(z.enum(permissions, { error: 'must be a permission' }))
      .min(1, 'must name at least one permission')
      .max(permissions.length),
  })
  .strict();
export type TCreateApiTokenRequest = z.input<typeof ZCreateApiTokenRequest>;

/** A token as its owner sees it in the list: never the secret, never its hash. */
export const ZApiToken = z.object({
  _id: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TApiToken = z.infer<typeof ZApiToken>;

/** The create answer: the only time the whole token is shown. */
export const ZCreatedApiToken = ZApiToken.extend({ token: z.string() });
export type TCreatedApiToken = z.infer<typeof ZCreatedApiToken>;
