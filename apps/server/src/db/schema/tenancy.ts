import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { rowTimestamps, timestamptz } from './columns.ts';

// The tenant every company-owned row points at. The iam service is its one writer (registration,
// the company profile, plan and status); other modules read it through access/public.ts.

/** The tenant: its profile (docs/product.md §3), subscribed plan and status. */
export const companies = pgTable('companies', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  shortName: text('short_name'),
  companyType: text('company_type'),
  accountType: text('account_type'),
  preferedLanguage: text('prefered_language'),
  /** ISO 3166-1 alpha-2. */
  operatingCountry: text('operating_country'),
  /** ISO 4217. */
  currency: text('currency'),
  /** IANA name. */
  timezone: text('timezone'),
  address: text('address'),
  phone: text('phone'),
  isSubscribedForCampaign: boolean('is_subscribed_for_campaign').notNull().default(false),
  twoFactorAuth: boolean('two_factor_auth').notNull().default(false),
  accountSetup: boolean('account_setup').notNull().default(false),
  status: text('status', { enum: ['active', 'suspended'] })
    .notNull()
    .default('active'),
  /** Why a platform administrator last suspended or reactivated the company, as its admins were told. */
  statusReason: text('status_reason'),
  planName: text('plan_name').notNull().default('Trial'),
  planExpiresAt: timestamptz('plan_expires_at').notNull().default(sql`now() + interval '30 days'`),
  /** A file in the company's file store (files). */
  logoFileId: uuid('logo_file_id'),
  ...rowTimestamps(),
});

/** The owning company of a company-owned row (docs/architecture.md): required, and gone with its company. */
export const companyIdColumn = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/** The first two columns of a company-owned row: its company, and its id within that company. */
export const companyRowColumns = () => ({
  companyId: companyIdColumn(),
  id: uuid('id').notNull(),
});
