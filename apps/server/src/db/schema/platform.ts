import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Generated secrets (app token key, identity API keys): made on first start, shared by every instance. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The tenant: its profile (spec §3), subscribed plan and status. */
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
  planName: text('plan_name').notNull().default('Trial'),
  planExpiresAt: timestamp('plan_expires_at', { withTimezone: true })
    .notNull()
    .default(sql`now() + interval '30 days'`),
  /** A file in the company's file store (driveserver). */
  logoFileId: uuid('logo_file_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The owning company of a company-owned row (DESIGN §4): required, and gone with its company. */
export const companyIdColumn = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/** Uploaded files' metadata; the bytes live in the file store (platform/file-store.ts) under `storageKey`. */
export const files = pgTable(
  'files',
  {
    companyId: companyIdColumn(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    /** Sniffed from the bytes, not taken from the client. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    /** What the file is for: avatar, logo, attachment. */
    purpose: text('purpose').notNull().default('attachment'),
    uploadedBy: uuid('uploaded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    index('files_company_created_idx').on(table.companyId, table.createdAt),
  ],
);

/**
 * Append-only history of changes and security events (logserver). Written in the same transaction
 * as the change it records; the request role may insert and read, never update or delete.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    companyId: companyIdColumn(),
    id: uuid('id').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for events without a signed-in actor (failed sign-in). */
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    /** e.g. user, role, group, company, file, session. */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** create | update | delete, or a security event such as sign-in, sign-in-failed, suspend. */
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    index('audit_events_entity_idx').on(table.companyId, table.entityType, table.entityId, table.occurredAt),
    index('audit_events_company_time_idx').on(table.companyId, table.occurredAt),
  ],
);

/**
 * An attachment as the outbox keeps it: a reference to a company's file, whose bytes the worker
 * streams from the file store at send time, so a mail's bytes are never copied into the database
 * (once per mail, however many recipients). Name and type are the file's when the mail was written.
 */
export type TMailFileAttachment = {
  filename: string;
  contentType: string;
  /** Bytes; the Sent list shows it without opening the file. */
  size: number;
  companyId: string;
  fileId: string;
};

/**
 * Before migration 0021 the bytes were kept inline, base64. Mails queued (or failed, and so open to
 * a retry) then keep them and still send; sent mails were stripped to name, type and size.
 */
export type TMailInlineAttachment = {
  filename: string;
  contentType: string;
  size: number;
  contentBase64?: string;
};

export type TMailAttachment = TMailFileAttachment | TMailInlineAttachment;

/** The outbox: every outgoing mail is a row here before any transport sees it (DESIGN §8). */
export const mails = pgTable(
  'mails',
  {
    id: uuid('id').primaryKey(),
    // Null for mails of no company, such as identity action mails before a company exists.
    companyId: uuid('company_id'),
    /** Who wrote it in the mail composer; null for the product's own mails (verification, invites). */
    createdBy: uuid('created_by'),
    /** system: the product's own mails; composer: written by a user (the Sent list, the daily limit). */
    purpose: text('purpose', { enum: ['system', 'composer'] })
      .notNull()
      .default('system'),
    fromAddress: text('from_address').notNull(),
    replyTo: text('reply_to'),
    to: text('to').array().notNull(),
    cc: text('cc').array().notNull().default(sql`'{}'::text[]`),
    bcc: text('bcc').array().notNull().default(sql`'{}'::text[]`),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<TMailAttachment[]>().notNull().default([]),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mails_due_idx').on(table.status, table.nextAttemptAt),
    index('mails_company_idx').on(table.companyId, table.createdAt),
    index('mails_company_sender_idx').on(table.companyId, table.createdBy, table.createdAt),
  ],
);

/**
 * Rate-limit counters shared by every instance (platform/rate-limits.ts): `points` counted in the
 * window ending at `expire`. The key is a hash of the limit's name and what it counts.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (table) => [index('rate_limits_expire_idx').on(table.expire)],
);
