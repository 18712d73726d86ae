import { bigint, boolean, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, timestamptz } from './columns.ts';

// Owned by apps/server/src/identity alone (docs/architecture.md): nothing else reads these tables.

export const identityAccounts = pgTable(
  'identity_accounts',
  {
    projectId: text('project_id').notNull(),
    id: text('id').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    passwordHash: text('password_hash'),
    displayName: text('display_name'),
    photoUrl: text('photo_url'),
    disabled: boolean('disabled').notNull().default(false),
    /** This installation's operator: set only by `npm run platform-admin`, honoured only while the email is verified. */
    platformAdmin: boolean('platform_admin').notNull().default(false),
    // Tokens issued before this second (epoch seconds) are revoked.
    validSince: bigint('valid_since', { mode: 'number' }).notNull(),
    createdAt: createdAtColumn(),
    lastLoginAt: timestamptz('last_login_at'),
    passwordUpdatedAt: timestamptz('password_updated_at'),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.id] }),
    uniqueIndex('identity_accounts_email_idx').on(table.projectId, table.email),
  ],
);

export const identityRefreshTokens = pgTable(
  'identity_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    projectId: text('project_id').notNull(),
    accountId: text('account_id').notNull(),
    createdAt: createdAtColumn(),
    revokedAt: timestamptz('revoked_at'),
    /** How the session began (`password`, or an identity provider's id): refreshed ID tokens keep naming it. */
    signInProvider: text('sign_in_provider').notNull().default('password'),
  },
  (table) => [index('identity_refresh_tokens_account_idx').on(table.projectId, table.accountId)],
);

export const identityActionCodes = pgTable(
  'identity_action_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    projectId: text('project_id').notNull(),
    accountId: text('account_id').notNull(),
    // A text column: a new kind needs no migration (EMAIL_SIGNIN: docs/decisions/023).
    kind: text('kind', { enum: ['VERIFY_EMAIL', 'PASSWORD_RESET', 'EMAIL_SIGNIN'] }).notNull(),
    email: text('email').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAtColumn(),
  },
  (table) => [index('identity_action_codes_account_idx').on(table.projectId, table.accountId)],
);

export const identitySigningKeys = pgTable('identity_signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAtColumn(),
  // Retired keys stay published until every token they signed has expired.
  retiredAt: timestamptz('retired_at'),
});

/** A verified identity-provider sign-in waiting for accounts:signInWithIdp; redeemed once (migration 0049). */
export const identityIdpAssertions = pgTable(
  'identity_idp_assertions',
  {
    assertionHash: text('assertion_hash').primaryKey(),
    projectId: text('project_id').notNull(),
    providerId: text('provider_id').notNull(),
    /** Null when the address belongs to an account this provider may not join: needConfirmation. */
    accountId: text('account_id'),
    email: text('email').notNull(),
    rawUserInfo: jsonb('raw_user_info').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAtColumn(),
  },
  (table) => [index('identity_idp_assertions_expires_idx').on(table.expiresAt)],
);

/**
 * The one grant `FIRST_PLATFORM_ADMIN` may make, once per installation whichever identity project it
 * was made in: the single row is the claim (docs/decisions/032-single-sign-on-domain-proof.md).
 */
export const identityFirstAdminClaims = pgTable('identity_first_admin_claims', {
  installation: boolean('installation').primaryKey().default(true),
  projectId: text('project_id').notNull(),
  accountId: text('account_id').notNull(),
  claimedAt: timestamptz('claimed_at').notNull().defaultNow(),
});
