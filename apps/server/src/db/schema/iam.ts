import type { TDateFormat, TNumberFormat, TPreferredLanguage } from '@cargodesk/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { companyReference, companyRowKey, createdAtColumn, rowTimestamps, timestamptz } from './columns.ts';
import { companyIdColumn, companyRowColumns } from './tenancy.ts';

// The iam service's tables. Company-owned ones lead with company_id (docs/architecture.md) and carry
// row-level security (migration 0003).

export const users = pgTable(
  'users',
  {
    ...companyRowColumns(),
    identityProject: text('identity_project', { enum: ['production', 'test'] }).notNull(),
    identityUid: text('identity_uid').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    status: text('status', { enum: ['active', 'invited', 'suspended'] })
      .notNull()
      .default('active'),
    phone: text('phone'),
    /** A file in the company's file store (files). */
    avatarFileId: uuid('avatar_file_id'),
    /** When the last invite mail was sent; null for users who registered or were seeded. */
    invitedAt: timestamptz('invited_at'),
    ...rowTimestamps(),
    lastLoginAt: timestamptz('last_login_at'),
    /** Formatting preferences (GET /users/me/preferences); null: as the user's browser does. */
    preferredLanguage: text('preferred_language').$type<TPreferredLanguage>(),
    timeZone: text('time_zone'),
    dateFormat: text('date_format').$type<TDateFormat>(),
    numberFormat: text('number_format').$type<TNumberFormat>(),
  },
  (table) => [
    companyRowKey(table),
    // One identity account is one Cargodesk user: sign-in finds the company through it.
    unique('users_identity_key').on(table.identityProject, table.identityUid),
    unique('users_company_email_key').on(table.companyId, table.email),
  ],
);

export const roles = pgTable(
  'roles',
  {
    ...companyRowColumns(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    isSystem: boolean('is_system').notNull().default(false),
    /** admin | member | viewer for the roles every company starts with; the Admin role always has every permission. */
    systemKey: text('system_key'),
    /** The default permissions a system role has already been offered: the start-up sync never offers one twice. */
    offeredPermissions: text('offered_permissions').array().notNull().default(sql`'{}'::text[]`),
    ...rowTimestamps(),
  },
  (table) => [companyRowKey(table), unique('roles_company_name_key').on(table.companyId, table.name)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    companyId: companyIdColumn(),
    userId: uuid('user_id').notNull(),
    roleId: uuid('role_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.userId, table.roleId] }),
    companyReference([table.companyId, table.userId], users).onDelete('cascade'),
    companyReference([table.companyId, table.roleId], roles).onDelete('cascade'),
    index('user_roles_role_idx').on(table.companyId, table.roleId),
  ],
);

/** Named sets of users (teams, branches), for assigning work and sharing. */
export const groups = pgTable(
  'groups',
  {
    ...companyRowColumns(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ...rowTimestamps(),
  },
  (table) => [companyRowKey(table), unique('groups_company_name_key').on(table.companyId, table.name)],
);

export const groupMembers = pgTable(
  'group_members',
  {
    companyId: companyIdColumn(),
    groupId: uuid('group_id').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.groupId, table.userId] }),
    companyReference([table.companyId, table.groupId], groups).onDelete('cascade'),
    companyReference([table.companyId, table.userId], users).onDelete('cascade'),
    index('group_members_user_idx').on(table.companyId, table.userId),
  ],
);

/** A signed-in browser: the app token names its row, so a session can be slid, capped and revoked. */
export const sessions = pgTable(
  'sessions',
  {
    ...companyRowColumns(),
    userId: uuid('user_id').notNull(),
    createdAt: createdAtColumn(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    /** Slides forward on each token refresh, never past `absoluteExpiresAt`. */
    expiresAt: timestamptz('expires_at').notNull(),
    absoluteExpiresAt: timestamptz('absolute_expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    companyRowKey(table),
    companyReference([table.companyId, table.userId], users).onDelete('cascade'),
    index('sessions_user_idx').on(table.companyId, table.userId),
  ],
);

/** Global catalogue of the product's modules a company can subscribe to. */
export const products = pgTable('products', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const companyProducts = pgTable(
  'company_products',
  {
    companyId: companyIdColumn(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.productId] })],
);

/** Mailed sign-in codes of two-factor companies: stored as an HMAC, short-lived, few tries. */
export const twoFactorCodes = pgTable(
  'two_factor_codes',
  {
    ...companyRowColumns(),
    userId: uuid('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Set when the code was used or a newer one replaced it. */
    closedAt: timestamptz('closed_at'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    companyRowKey(table),
    companyReference([table.companyId, table.userId], users).onDelete('cascade'),
    index('two_factor_codes_user_idx').on(table.companyId, table.userId, table.createdAt),
  ],
);

/**
 * Sign-ins of a two-factor company's users that passed the mailed code, by the identity sign-in's
 * `auth_time` (docs/decisions/042): only such a sign-in's ID token may change the identity account.
 * Written when the code is accepted or the app session confirms a fresh sign-in; pruned as it is written.
 */
export const twoFactorSignIns = pgTable(
  'two_factor_sign_ins',
  {
    ...companyRowColumns(),
    userId: uuid('user_id').notNull(),
    /** The ID token's `auth_time`, in seconds. */
    authTime: bigint('auth_time', { mode: 'number' }).notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    companyRowKey(table),
    companyReference([table.companyId, table.userId], users).onDelete('cascade'),
    unique('two_factor_sign_ins_sign_in_key').on(table.companyId, table.userId, table.authTime),
  ],
);

/**
 * The platform's own trail (the console): which platform administrator did what to which company.
 * Not company-owned: no policy opens it to the request role, and it outlives a deleted company, so
 * it keeps the company's name rather than a foreign key.
 */
export const platformAuditEvents = pgTable(
  'platform_audit_events',
  {
    id: uuid('id').primaryKey(),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
    /** The platform administrator's identity account (project and uid), and their address then. */
    actorProject: text('actor_project').notNull(),
    actorUid: text('actor_uid').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    companyId: uuid('company_id'),
    companyName: text('company_name'),
    details: jsonb('details'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
  },
  (table) => [
    index('platform_audit_events_order_idx').on(table.occurredAt.desc(), table.id.desc()),
    index('platform_audit_events_company_idx').on(table.companyId, table.occurredAt.desc()),
  ],
);

/**
 * Personal API tokens (docs/decisions/018-api-tokens.md): a user's credentials for integrations. The
 * token names its company and row; only a SHA-256 hash of its 256-bit secret is kept. A request with
 * one acts as the user, with these permissions narrowed to what the user's roles still allow.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    ...companyRowColumns(),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    permissions: text('permissions').array().notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Written at most once a minute per token, so a busy integration does not write on every request. */
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [
    companyRowKey(table),
    companyReference([table.companyId, table.userId], users).onDelete('cascade'),
    index('api_tokens_user_idx').on(table.companyId, table.userId, table.createdAt),
  ],
);
