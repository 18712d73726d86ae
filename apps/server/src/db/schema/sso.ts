import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, rowTimestamps, timestamptz } from './columns.ts';
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
  metadataFetchedAt: timestamptz('metadata_fetched_at').notNull(),
  ...rowTimestamps(),
});

/**
 * The e-mail domains a company's single sign-on speaks for. A domain counts only once the company
 * proved it holds it (a DNS TXT record, docs/decisions/032-single-sign-on-domain-proof.md): a claim
 * waiting for proof reserves nothing, and a proven domain belongs to one company at most.
 */
export const companySsoDomains = pgTable(
  'company_sso_domains',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    /** The value the company publishes in the domain's TXT record; kept across saves. */
    proofToken: text('proof_token').notNull(),
    verifiedAt: timestamptz('verified_at'),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.domain] }),
    uniqueIndex('company_sso_domains_verified_idx')
      .on(table.domain)
      .where(sql`${table.verifiedAt} is not null`),
  ],
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
    /** Hash of the cookie set on the browser that started the flow: only that browser may finish it. */
    browserBindingHash: text('browser_binding_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAtColumn(),
  },
  (table) => [index('sso_sign_ins_expires_idx').on(table.expiresAt)],
);
