import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './tenancy.ts';

// Single sign-on through OpenID Connect (docs/decisions/020-single-sign-on.md), row-level security
// in migration 0050.

/** The standard discovery fields the sign-in flow uses, cached when the configuration is saved. */
export type TProviderMetadata = {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
};

export const companySsoConfigs = pgTable('company_sso_configs', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** AES-256-GCM under the `sso-client-secret-key` app secret; never sent back to anyone. */
  clientSecretSealed: text('client_secret_sealed').notNull(),
  domains: text('domains').array().notNull(),
  isEnabled: boolean('is_enabled').notNull().default(true),
  requireSso: boolean('require_sso').notNull().default(false),
  jitProvisioning: boolean('jit_provisioning').notNull().default(false),
  providerMetadata: jsonb('provider_metadata').$type<TProviderMetadata>().notNull(),
  jwks: jsonb('jwks').$type<{ keys: Record<string, unknown>[] }>().notNull(),
  metadataFetchedAt: timestamp('metadata_fetched_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One company per e-mail domain across all companies: the primary key is the rule. */
export const companySsoDomains = pgTable(
  'company_sso_domains',
  {
    domain: text('domain').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (table) => [index('company_sso_domains_company_idx').on(table.companyId)],
);

/** An authorization-code flow under way, found by its state's hash and used once. */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    stateHash: text('state_hash').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    identityProject: text('identity_project', { enum: ['production', 'test'] }).notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sso_sign_ins_expires_idx').on(table.expiresAt)],
);
