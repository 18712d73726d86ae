import { isIP } from 'node:net';
import path from 'node:path';
import { defaultFileMaxBytes } from '@cargodesk/shared';
import { z } from 'zod';
import type { TPostgresTimeouts } from './db/client.ts';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An http(s) origin: scheme, host and optional port, nothing after it. */
const isOrigin = (value: string) => {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
};

/** A setting that lists values separated by commas, each of which must pass `isValid`. */
const commaList = (isValid: (item: string) => boolean, message: string) =>
  z
    .string()
    .default('')
    .transform((value, context) => {
      const items = value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      if (items.every(isValid)) return items;
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    });
const pageHostPattern = /^[a-z0-9.-]+$/i;

/** A whole number of `unit` from `min` to `max`, with messages that say so. */
const wholeNumber = (unit: string, { min, max, example }: { min: number; max: number; example: number }) =>
  z.coerce
    .number({ error: `must be a number of ${unit}, e.g. ${example}` })
    .int({ error: `must be a whole number of ${unit}` })
    .min(min, { error: `must be at least ${min} ${unit}` })
    .max(max, { error: `must be at most ${max} ${unit}` });

const ZEnvironment = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number from 0 to 65535' })
    .int({ error: 'must be a port number from 0 to 65535' })
    .min(0, { error: 'must be a port number from 0 to 65535' })
    .max(65535, { error: 'must be a port number from 0 to 65535' })
    .default(3000),
  HOST: z
    .string()
    .default('127.0.0.1')
    .refine(
      (value) => /^[\w.:-]+$/.test(value),
      'must be a host name or IP address such as 127.0.0.1 or 0.0.0.0',
    ),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine(
      (value) => !value || /^postgres(ql)?:\/\//.test(value),
      'must start with postgres:// or postgresql://',
    ),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds, e.g. 15000' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(100, { error: 'must be at least 100 milliseconds' })
    .default(15_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds, e.g. 3000' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(100, { error: 'must be at least 100 milliseconds' })
    .default(3_000),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  SMTP_URL: z
    .string()
    .optional()
    .refine((value) => !value || /^smtps?:\/\//.test(value), 'must start with smtp:// or smtps://'),
  MAIL_FROM: z.string().default('Cargodesk <no-reply@cargodesk.local>'),
  // The browser that renders documents to PDF; found in the usual places when unset.
  CHROMIUM_PATH: z.string().optional(),
  DEV_MAILBOX: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  // Retired: it counted mails, so fifty recipients a mail made it fifty times larger (docs/security.md).
  // Refusing to start says so, rather than reading a number of mails as a number of recipients.
  MAIL_DAILY_LIMIT: z
    .string()
    .max(
      0,
      'is no longer read: the daily limit counts recipients now; set MAIL_DAILY_RECIPIENT_LIMIT, then unset it',
    )
    .optional(),
  MAIL_DAILY_RECIPIENT_LIMIT: z.coerce
    .number({ error: 'must be a number of recipients' })
    .int({ error: 'must be a whole number of recipients' })
    .min(0, { error: 'must be 0 or more' })
    .default(2000),
  MAIL_NEW_COMPANY_RECIPIENT_LIMIT: z.coerce
    .number({ error: 'must be a number of recipients' })
    .int({ error: 'must be a whole number of recipients' })
    .min(0, { error: 'must be 0 or more' })
    .default(100),
  MAIL_RECIPIENT_LIMIT_RAMP_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(0, { error: 'must be 0 or more' })
    .max(365, { error: 'must be at most 365 days' })
    .default(14),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  // Readable lines by default; JSON lines for a log collector, and by default in production.
  LOG_FORMAT: z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional(),
  NODE_ENV: z.string().optional(),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(4096).default(6),
  // The least time between two mailed two-factor codes for one account (services/access/sign-in/two-factor.ts).
  TWO_FACTOR_RESEND_INTERVAL_MS: wholeNumber('milliseconds', {
    min: 1_000,
    max: 600_000,
    example: 30_000,
  }).default(30_000),
  // scrypt's work factor for hashes made from now on, as the power of two of N (identity/passwords.ts).
  // Each hash keeps its own, so a test run that lowers it weakens only the hashes it makes itself.
  PASSWORD_HASH_COST: wholeNumber('powers of two', { min: 10, max: 20, example: 15 }).default(15),
  // The rest of the password policy (identity/password-policy.ts); off unless asked for.
  PASSWORD_MAX_LENGTH: z.coerce
    .number({ error: 'must be a number of characters from 6 to 4096' })
    .int({ error: 'must be a whole number of characters' })
    .min(6, { error: 'must be at least 6 characters' })
    .max(4096, { error: 'must be at most 4096 characters' })
    .default(4096),
  PASSWORD_REQUIRE_LOWERCASE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  PASSWORD_REQUIRE_UPPERCASE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  PASSWORD_REQUIRE_DIGIT: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  PASSWORD_REQUIRE_SYMBOL: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  // Same-origin token-sync URL (docs/decisions/023): the SDK posts each new ID token there.
  IDENTITY_TOKEN_SYNC: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  PRODUCTION_HOST: z.string().default(''),
  // Which proxies' X-Forwarded-* headers count. `true` means one proxy in front: the client address
  // is the one that proxy saw (the last X-Forwarded-For entry), never what the client wrote before it.
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context) => {
      const text = value.trim();
      if (text === 'false' || text === '') return false as const;
      if (text === 'true') return 1;
      if (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 10) return Number(text);
      const addresses = text.split(',').map((item) => item.trim());
      const isAddress = (item: string) => {
        const [address = '', prefix] = item.split('/');
        return isIP(address) !== 0 && (prefix === undefined || /^\d{1,3}$/.test(prefix));
      };
      if (addresses.every(isAddress)) return addresses;
      context.addIssue({
        code: 'custom',
        message: "must be false, true (one proxy), a number of proxies (1–10), or the proxies' addresses",
      });
      return z.NEVER;
    }),
  // The API base by page host (spec §7, docs/decisions/022-api-base-by-host.md). Unset, every page
  // calls its own origin, where every service answers.
  API_HOSTS: z
    .string()
    .default('')
    .transform((value, context) => {
      const byHost: Record<string, string> = {};
      for (const pair of value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)) {
        const [host = '', origin = ''] = pair.split('=').map((part) => part.trim());
        if (!pageHostPattern.test(host) || !isOrigin(origin)) {
          context.addIssue({
            code: 'custom',
            message: 'must be page-host=https://api-origin pairs separated by commas',
          });
          return z.NEVER;
        }
        byHost[host.toLowerCase()] = origin.replace(/\/$/, '');
      }
      return byHost;
    }),
  DEV_API_ORIGIN: z
    .string()
    .optional()
    .refine(
      // `{port}` stands for each service's own port in a split development setup.
      (value) => !value || isOrigin(value.replace(':{port}', ':1')),
      'must be an http:// or https:// origin, e.g. https://api.dev.example.com or http://localhost:{port}',
    ),
  USE_DEV_API: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  // Page origins allowed to call this server's API from another origin (CORS); none by default.
  API_CORS_ORIGINS: commaList(isOrigin, 'must be page origins (https://host) separated by commas').transform(
    (origins) => origins.map((origin) => origin.replace(/\/$/, '')),
  ),
  DEMO_PASSWORD: z.string().min(6, 'must be at least 6 characters').max(128).optional(),
  SEED_DEMO: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  SSO_ALLOW_HTTP_ISSUERS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  SSO_ALLOW_PRIVATE_ISSUERS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  // Webhooks (docs/decisions/052-webhooks.md): http:// and private addresses only for tests and local work.
  WEBHOOKS_ALLOW_HTTP: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false'),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  WEBHOOK_RETRY_CAP_MS: z.coerce.number().int().min(10).max(86_400_000).default(3_600_000),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(12),
  WEBHOOK_WORKER_SLOTS: z.coerce.number().int().min(1).max(64).default(4),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  // The DNS servers that single sign-on's domain proof asks (host or host:port, by commas); unset,
  // the system's own resolvers.
  SSO_DNS_SERVERS: commaList(
    (server) => /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:]+\])(:\d{1,5})?$|^[0-9a-f:]+$/i.test(server),
    'must be IP addresses (with an optional :port) separated by commas',
  ),
  GOOGLE_MAPS_KEY: z.string().default(''),
  PENDO_KEY: z.string().default(''),
  // Error reporting (docs/operations.md): a Sentry-protocol DSN (Sentry, self-hosted Sentry, GlitchTip).
  SENTRY_DSN: z
    .url({ protocol: /^https?$/, error: 'must be a DSN such as https://KEY@HOST/PROJECT' })
    .optional(),
  // The browser's DSN, when the browser reports to a project of its own; SENTRY_DSN otherwise.
  SENTRY_BROWSER_DSN: z
    .url({ protocol: /^https?$/, error: 'must be a DSN such as https://KEY@HOST/PROJECT' })
    .optional(),
  SENTRY_ENVIRONMENT: z.string().max(64).default('production'),
  // A Plausible- or Umami-style web analytics script: its URL, the site id and the attribute that carries it.
  WEB_ANALYTICS_SCRIPT_URL: z
    .url({ protocol: /^https$/, error: 'must be an https:// URL of the analytics script' })
    .optional(),
  WEB_ANALYTICS_SITE_ID: z.string().max(200).optional(),
  WEB_ANALYTICS_SITE_ATTRIBUTE: z
    .enum(['data-domain', 'data-website-id'], { error: 'must be data-domain or data-website-id' })
    .default('data-domain'),
  // The support chat (Crisp): the website id from its settings.
  CRISP_WEBSITE_ID: z
    .string()
    .regex(/^[\w-]{1,64}$/, 'must be a Crisp website id, letters, digits and hyphens')
    .optional(),
  // Retired: platform rights were once an email match, which any sign-up could claim (docs/security.md).
  // Refusing to start says so, rather than silently dropping the operators' rights.
  PLATFORM_ADMIN_EMAILS: z
    .string()
    .max(
      0,
      'is no longer read: grant platform rights with `npm run platform-admin -- add EMAIL`, then unset it',
    )
    .optional(),
  // The first platform administrator of an empty installation, by address (docs/operations.md): the
  // account gets the flag at its first sign-in once its address is verified, and only while no
  // account holds it. Every other grant is `npm run platform-admin`.
  FIRST_PLATFORM_ADMIN: z.email('must be an email address').optional(),
  SIGN_UP_LIMIT_PER_HOUR: z.coerce
    .number({ error: 'must be a number of sign-ups' })
    .int({ error: 'must be a whole number of sign-ups' })
    .min(1, { error: 'must be at least 1' })
    .default(10),
  INVITE_LIMIT_PER_HOUR: z.coerce
    .number({ error: 'must be a number of invitations' })
    .int({ error: 'must be a whole number of invitations' })
    .min(1, { error: 'must be at least 1' })
    .default(20),
  FILE_MAX_BYTES: z.coerce
    .number({ error: 'must be a number of bytes, e.g. 26214400 for 25 MB' })
    .int({ error: 'must be a whole number of bytes' })
    .min(1024, { error: 'must be at least 1024 bytes' })
    .max(1024 * 1024 * 1024, { error: 'must be at most 1 GB (1073741824 bytes)' })
    .default(defaultFileMaxBytes),
  // The pool that runs work a company's input decides the cost of (platform/runtime/tenant-work-pool.ts).
  TENANT_WORK_THREADS: wholeNumber('threads', { min: 1, max: 64, example: 2 }).default(2),
  TENANT_WORK_TIMEOUT_MS: wholeNumber('milliseconds', { min: 100, max: 600_000, example: 10_000 }).default(
    10_000,
  ),
  TENANT_WORK_MEMORY_MB: wholeNumber('megabytes', { min: 16, max: 16_384, example: 128 }).default(128),
  TENANT_WORK_RUNNING_PER_COMPANY: wholeNumber('tasks', { min: 1, max: 64, example: 1 }).default(1),
  TENANT_WORK_WAITING_PER_COMPANY: wholeNumber('tasks', { min: 0, max: 1_000, example: 4 }).default(4),
  TENANT_WORK_WAITING_MAX: wholeNumber('tasks', { min: 1, max: 100_000, example: 64 }).default(64),
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number of days, e.g. 400' })
    .int({ error: 'must be a whole number of days' })
    .min(1, { error: 'must be at least 1 day' })
    .max(36_500, { error: 'must be at most 36500 days (100 years)' })
    .default(400),
  FILE_STORE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error: 'must be an http:// or https:// URL, e.g. https://s3.eu-central-1.amazonaws.com',
    })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, 'must be a region name such as us-east-1 or eu-central-1')
    .default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
});

/** With FILE_STORE=s3 these must be set; each missing one is reported by name. */
const s3Required = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** scrypt N = 2^15 (docs/architecture.md): what every real password is hashed with. */
const defaultPasswordHashCost = 15;

const ZConfigEnvironment = ZEnvironment.superRefine((values, context) => {
  if (values.PASSWORD_MAX_LENGTH < values.PASSWORD_MIN_LENGTH) {
    context.addIssue({
      code: 'custom',
      path: ['PASSWORD_MAX_LENGTH'],
      message: `must be at least PASSWORD_MIN_LENGTH (${values.PASSWORD_MIN_LENGTH})`,
    });
  }
  // Below 15 is for test runs only, where every test user costs a hash: never for real accounts.
  if (values.NODE_ENV === 'production' && values.PASSWORD_HASH_COST < defaultPasswordHashCost) {
    context.addIssue({
      code: 'custom',
      path: ['PASSWORD_HASH_COST'],
      message: `must be at least ${defaultPasswordHashCost} in production (lower is for test runs only)`,
    });
  }
  // With SMTP the outbox holds mail really sent to real people; a page listing it would publish
  // their reset links and codes. Asking for both is a mistake better stopped at start than ignored.
  if (values.DEV_MAILBOX === 'true' && values.SMTP_URL) {
    context.addIssue({
      code: 'custom',
      path: ['DEV_MAILBOX'],
      message: 'the developer mailbox shows captured mail only; unset DEV_MAILBOX or SMTP_URL',
    });
  }
  if (values.USE_DEV_API === 'true' && !values.DEV_API_ORIGIN) {
    context.addIssue({
      code: 'custom',
      path: ['USE_DEV_API'],
      message: 'needs DEV_API_ORIGIN, the origin of the development API',
    });
  }
  // Half an analytics setting would load a script that counts nothing, or nothing at all.
  if (Boolean(values.WEB_ANALYTICS_SCRIPT_URL) !== Boolean(values.WEB_ANALYTICS_SITE_ID)) {
    context.addIssue({
      code: 'custom',
      path: [values.WEB_ANALYTICS_SCRIPT_URL ? 'WEB_ANALYTICS_SITE_ID' : 'WEB_ANALYTICS_SCRIPT_URL'],
      message: 'is required with WEB_ANALYTICS_SCRIPT_URL and WEB_ANALYTICS_SITE_ID (set both or neither)',
    });
  }
  if (values.FILE_STORE !== 's3') return;
  for (const variable of s3Required) {
    if (!values[variable]) {
      context.addIssue({ code: 'custom', path: [variable], message: 'is required when FILE_STORE=s3' });
    }
  }
});

const secretVariables = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'DEMO_PASSWORD',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'SENTRY_DSN',
  'SENTRY_BROWSER_DSN',
]);

/**
 * The third-party services of docs/product.md §1, each absent unless configured. They load only on
 * the production host (docs/decisions/021-integrations-and-csp.md).
 */
export type TIntegrationsConfig = {
  /** SENTRY_*: where the server and the browser report errors (and the browser its replays). */
  errorReporting: { serverDsn: string | undefined; browserDsn: string | undefined; environment: string };
  /** WEB_ANALYTICS_*: the analytics script and the site id it counts for. */
  webAnalytics:
    | { scriptUrl: string; siteId: string; siteAttribute: 'data-domain' | 'data-website-id' }
    | undefined;
  /** CRISP_WEBSITE_ID: the support chat. */
  chat: { crispWebsiteId: string } | undefined;
};

/** Where uploaded bytes live: local disk under DATA_DIR/files, or an S3-compatible bucket. */
export type TFileStoreConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      /** The service's base URL, e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000. */
      endpoint: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** Bucket in the path (endpoint/bucket/key) rather than the host name (bucket.endpoint/key). */
      forcePathStyle: boolean;
    };

export type TMailRecipientLimits = { daily: number; firstDay: number; rampDays: number };

export type TPasswordPolicyConfig = {
  minLength: number;
  maxLength: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireDigit: boolean;
  requireSymbol: boolean;
};

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * PostgreSQL only: the longest one statement may run (DATABASE_STATEMENT_TIMEOUT_MS) and the
   * longest a new connection may take (DATABASE_CONNECT_TIMEOUT_MS) before the request answers 503.
   */
  databaseTimeouts: TPostgresTimeouts;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * DEV_MAILBOX=true: captured mail is readable at /dev/mail, to direct loopback requests only.
   * Off unless asked for (`npm start` asks for it for the demo).
   */
  devMailbox: boolean;
  /**
   * Recipients (to, cc and bcc each count) a company's composer mails may reach in 24 hours: the full
   * limit (MAIL_DAILY_RECIPIENT_LIMIT, 2000), a new company's first-day allowance
   * (MAIL_NEW_COMPANY_RECIPIENT_LIMIT, 100) and the days over which the one grows into the other
   * (MAIL_RECIPIENT_LIMIT_RAMP_DAYS, 14).
   */
  mailRecipientLimits: TMailRecipientLimits;
  logLevel: (typeof logLevels)[number];
  /** `pretty`: one readable line per entry; `json`: pino's JSON lines (platform/http/request-log.ts). */
  logFormat: 'pretty' | 'json';
  /** PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH and PASSWORD_REQUIRE_*: what every new password must meet. */
  passwordPolicy: TPasswordPolicyConfig;
  /** TWO_FACTOR_RESEND_INTERVAL_MS: the least time between two mailed sign-in codes (30 s). */
  twoFactorResendIntervalMs: number;
  /** PASSWORD_HASH_COST: scrypt's N for new hashes, as a power of two (15; lower in test runs only). */
  passwordHashCost: number;
  /** IDENTITY_TOKEN_SYNC: the SPA hands the SDK the same-origin token-sync URL (docs/decisions/023). */
  identityTokenSync: boolean;
  /** Page host served by the production identity project; every other host uses the test project. */
  productionHost: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  /** False, how many proxies stand in front, or their addresses (Fastify's `trustProxy`). */
  trustProxy: false | number | string[];
  /** The demo accounts' password on first seed; generated when unset. */
  demoPassword: string | undefined;
  /** Create the demo login on start (on by default; turn off for real deployments). */
  seedDemo: boolean;
  /** `FIRST_PLATFORM_ADMIN`: who becomes platform administrator of an installation that has none. */
  firstPlatformAdmin: string | undefined;
  /**
   * API_HOSTS, DEV_API_ORIGIN and USE_DEV_API: which origin a page on a given host calls
   * (docs/decisions/022-api-base-by-host.md); empty, every page calls its own.
   */
  apiBase: { byHost: Record<string, string>; fallback: string };
  /** API_CORS_ORIGINS: page origins that may call this server's API from elsewhere. */
  apiCorsOrigins: string[];
  /** Browser keys handed to signed-in users (docs/product.md §7); empty when not configured. */
  integrationKeys: { googleMaps: string; pendo: string };
  integrations: TIntegrationsConfig;
  /**
   * Limits against mass sign-up and mail relaying: identity sign-ups and company registrations per
   * client address (SIGN_UP_LIMIT_PER_HOUR, 10 by default) and invitations, sent or resent, per
   * company (INVITE_LIMIT_PER_HOUR, 20 by default).
   */
  rateLimits: { signUpsPerHour: number; invitesPerHour: number };
  /**
   * TENANT_WORK_*: the worker threads that render templates and read CSV files, a task's limits of
   * time and heap, and each company's share (docs/operations.md, "Work a company's input decides").
   */
  tenantWork: TTenantWorkConfig;
  /** The largest upload the file store accepts (FILE_MAX_BYTES, 25 MB by default). */
  fileMaxBytes: number;
  /** FILE_STORE and the S3_* variables. */
  fileStore: TFileStoreConfig;
  /** How long audit events are kept before the retention job deletes them (AUDIT_RETENTION_DAYS, 400). */
  auditRetentionDays: number;
  /** CHROMIUM_PATH: the browser that renders PDFs; unset, the usual install places are tried. */
  chromiumPath: string | undefined;
  /**
   * SSO_ALLOW_HTTP_ISSUERS=true: a company's single sign-on issuer may be a plain http:// address
   * (tests and local development). Off by default: issuers must be https://.
   */
  ssoAllowHttpIssuers: boolean;
  /**
   * SSO_ALLOW_PRIVATE_ISSUERS=true: single sign-on requests (discovery, keys, token) may reach
   * private, loopback and link-local addresses (tests and local development). Off by default: a
   * company admin must not make the server probe its own network (docs/decisions/025).
   */
  ssoAllowPrivateIssuers: boolean;
  /**
   * Webhook delivery (docs/decisions/052-webhooks.md). `allowHttp` and `allowPrivateAddresses`
   * (WEBHOOKS_ALLOW_HTTP, WEBHOOKS_ALLOW_PRIVATE_ADDRESSES) are for tests and local development, as
   * the single sign-on switches are: off, endpoints are https and public addresses only.
   */
  webhooks: {
    allowHttp: boolean;
    allowPrivateAddresses: boolean;
    timeoutMs: number;
    retryBaseMs: number;
    retryCapMs: number;
    maxAttempts: number;
    slots: number;
    pollMs: number;
  };
  /** SSO_DNS_SERVERS: where the domain proof looks up TXT records; empty, the system's resolvers. */
  ssoDnsServers: string[];
};

/** The tenant work pool's size and limits (platform/runtime/tenant-work-pool.ts). */
export type TTenantWorkConfig = {
  /** Worker threads; each runs one task at a time. */
  threads: number;
  /** The longest a task may run before its thread is ended. */
  taskTimeoutMs: number;
  /** The most heap (V8's old generation) a task's thread may use before it is ended. */
  taskMemoryMb: number;
  /** A company's tasks on the pool at once, running or next in line. */
  runningPerCompany: number;
  /** A company's tasks waiting for one of its own to end; beyond this, 429. */
  waitingPerCompany: number;
  /** Tasks of every company waiting on the pool; beyond this the server is busy, 503. */
  waitingInAll: number;
};

/** Thrown for a bad environment value; its message is the one line printed before exit. */
export class ConfigError extends Error {}

export const loadConfig = (environment: Record<string, string | undefined> = process.env): Config => {
  // Empty strings count as unset, as in most twelve-factor tooling.
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = ZConfigEnvironment.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    // URLs and keys may carry secrets: name the variable, never echo its value. A missing one has none.
    const value = environment[variable];
    const shown = secretVariables.has(variable) || !value ? '' : `=${JSON.stringify(value)}`;
    throw new ConfigError(`Invalid ${variable}${shown}: ${issue?.message}`);
  }
  const values = parsed.data;
  const urlHost = values.HOST === '0.0.0.0' || values.HOST === '::' ? 'localhost' : values.HOST;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    databaseTimeouts: {
      statementMs: values.DATABASE_STATEMENT_TIMEOUT_MS,
      connectMs: values.DATABASE_CONNECT_TIMEOUT_MS,
    },
    publicUrl: (
      values.PUBLIC_URL ?? `http://${urlHost === '127.0.0.1' ? 'localhost' : urlHost}:${values.PORT}`
    ).replace(/\/$/, ''),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    devMailbox: values.DEV_MAILBOX === 'true',
    mailRecipientLimits: {
      daily: values.MAIL_DAILY_RECIPIENT_LIMIT,
      firstDay: values.MAIL_NEW_COMPANY_RECIPIENT_LIMIT,
      rampDays: values.MAIL_RECIPIENT_LIMIT_RAMP_DAYS,
    },
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT ?? (values.NODE_ENV === 'production' ? 'json' : 'pretty'),
    passwordPolicy: {
      minLength: values.PASSWORD_MIN_LENGTH,
      maxLength: values.PASSWORD_MAX_LENGTH,
      requireLowercase: values.PASSWORD_REQUIRE_LOWERCASE === 'true',
      requireUppercase: values.PASSWORD_REQUIRE_UPPERCASE === 'true',
      requireDigit: values.PASSWORD_REQUIRE_DIGIT === 'true',
      requireSymbol: values.PASSWORD_REQUIRE_SYMBOL === 'true',
    },
    passwordHashCost: values.PASSWORD_HASH_COST,
    twoFactorResendIntervalMs: values.TWO_FACTOR_RESEND_INTERVAL_MS,
    identityTokenSync: values.IDENTITY_TOKEN_SYNC === 'true',
    productionHost: values.PRODUCTION_HOST,
    trustProxy: values.TRUST_PROXY,
    demoPassword: values.DEMO_PASSWORD,
    seedDemo: values.SEED_DEMO === 'true',
    firstPlatformAdmin: values.FIRST_PLATFORM_ADMIN?.toLowerCase(),
    apiBase: {
      byHost: values.API_HOSTS,
      fallback: values.USE_DEV_API === 'true' ? (values.DEV_API_ORIGIN ?? '').replace(/\/$/, '') : '',
    },
    apiCorsOrigins: values.API_CORS_ORIGINS,
    integrationKeys: { googleMaps: values.GOOGLE_MAPS_KEY, pendo: values.PENDO_KEY },
    integrations: {
      errorReporting: {
        serverDsn: values.SENTRY_DSN,
        browserDsn: values.SENTRY_BROWSER_DSN ?? values.SENTRY_DSN,
        environment: values.SENTRY_ENVIRONMENT,
      },
      webAnalytics:
        values.WEB_ANALYTICS_SCRIPT_URL && values.WEB_ANALYTICS_SITE_ID
          ? {
              scriptUrl: values.WEB_ANALYTICS_SCRIPT_URL,
              siteId: values.WEB_ANALYTICS_SITE_ID,
              siteAttribute: values.WEB_ANALYTICS_SITE_ATTRIBUTE,
            }
          : undefined,
      chat: values.CRISP_WEBSITE_ID ? { crispWebsiteId: values.CRISP_WEBSITE_ID } : undefined,
    },
    rateLimits: {
      signUpsPerHour: values.SIGN_UP_LIMIT_PER_HOUR,
      invitesPerHour: values.INVITE_LIMIT_PER_HOUR,
    },
    tenantWork: {
      threads: values.TENANT_WORK_THREADS,
      taskTimeoutMs: values.TENANT_WORK_TIMEOUT_MS,
      taskMemoryMb: values.TENANT_WORK_MEMORY_MB,
      runningPerCompany: values.TENANT_WORK_RUNNING_PER_COMPANY,
      waitingPerCompany: values.TENANT_WORK_WAITING_PER_COMPANY,
      waitingInAll: values.TENANT_WORK_WAITING_MAX,
    },
    fileMaxBytes: values.FILE_MAX_BYTES,
    chromiumPath: values.CHROMIUM_PATH,
    ssoAllowHttpIssuers: values.SSO_ALLOW_HTTP_ISSUERS === 'true',
    ssoAllowPrivateIssuers: values.SSO_ALLOW_PRIVATE_ISSUERS === 'true',
    ssoDnsServers: values.SSO_DNS_SERVERS,
    webhooks: {
      allowHttp: values.WEBHOOKS_ALLOW_HTTP === 'true',
      allowPrivateAddresses: values.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES === 'true',
      timeoutMs: values.WEBHOOK_TIMEOUT_MS,
      retryBaseMs: values.WEBHOOK_RETRY_BASE_MS,
      retryCapMs: values.WEBHOOK_RETRY_CAP_MS,
      maxAttempts: values.WEBHOOK_MAX_ATTEMPTS,
      slots: values.WEBHOOK_WORKER_SLOTS,
      pollMs: values.WEBHOOK_POLL_MS,
    },
    auditRetentionDays: values.AUDIT_RETENTION_DAYS,
    fileStore:
      values.FILE_STORE === 's3'
        ? {
            kind: 's3',
            endpoint: (values.S3_ENDPOINT ?? '').replace(/\/+$/, ''),
            region: values.S3_REGION,
            bucket: values.S3_BUCKET ?? '',
            accessKeyId: values.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: values.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: values.S3_FORCE_PATH_STYLE === 'true',
          }
        : { kind: 'local' },
  };
};
