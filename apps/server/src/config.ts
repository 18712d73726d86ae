import { isIP } from 'node:net';
import path from 'node:path';
import { defaultFileMaxBytes } from '@cargodesk/shared';
import { z } from 'zod';
import type { TPostgresTimeouts } from './db/client.ts';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

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
  MAIL_DAILY_LIMIT: z.coerce
    .number({ error: 'must be a number of mails' })
    .int({ error: 'must be a whole number of mails' })
    .min(0)
    .default(500),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  // Readable lines by default; JSON lines for a log collector, and by default in production.
  LOG_FORMAT: z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional(),
  NODE_ENV: z.string().optional(),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(4096).default(6),
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
  DEMO_PASSWORD: z.string().min(6, 'must be at least 6 characters').max(128).optional(),
  SEED_DEMO: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  SSO_ALLOW_HTTP_ISSUERS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  GOOGLE_MAPS_KEY: z.string().default(''),
  PENDO_KEY: z.string().default(''),
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

const ZConfigEnvironment = ZEnvironment.superRefine((values, context) => {
  // With SMTP the outbox holds mail really sent to real people; a page listing it would publish
  // their reset links and codes. Asking for both is a mistake better stopped at start than ignored.
  if (values.DEV_MAILBOX === 'true' && values.SMTP_URL) {
    context.addIssue({
      code: 'custom',
      path: ['DEV_MAILBOX'],
      message: 'the developer mailbox shows captured mail only; unset DEV_MAILBOX or SMTP_URL',
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
]);

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
  /** How many composer mails a company may send in 24 hours (MAIL_DAILY_LIMIT, 500 by default). */
  mailDailyLimit: number;
  logLevel: (typeof logLevels)[number];
  /** `pretty`: one readable line per entry; `json`: pino's JSON lines (platform/request-log.ts). */
  logFormat: 'pretty' | 'json';
  passwordPolicy: { minLength: number };
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
  /** Browser keys handed to signed-in users (docs/product.md §7); empty when not configured. */
  integrationKeys: { googleMaps: string; pendo: string };
  /**
   * Limits against mass sign-up and mail relaying: identity sign-ups and company registrations per
   * client address (SIGN_UP_LIMIT_PER_HOUR, 10 by default) and invitations, sent or resent, per
   * company (INVITE_LIMIT_PER_HOUR, 20 by default).
   */
  rateLimits: { signUpsPerHour: number; invitesPerHour: number };
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
    mailDailyLimit: values.MAIL_DAILY_LIMIT,
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT ?? (values.NODE_ENV === 'production' ? 'json' : 'pretty'),
    passwordPolicy: { minLength: values.PASSWORD_MIN_LENGTH },
    productionHost: values.PRODUCTION_HOST,
    trustProxy: values.TRUST_PROXY,
    demoPassword: values.DEMO_PASSWORD,
    seedDemo: values.SEED_DEMO === 'true',
    firstPlatformAdmin: values.FIRST_PLATFORM_ADMIN?.toLowerCase(),
    integrationKeys: { googleMaps: values.GOOGLE_MAPS_KEY, pendo: values.PENDO_KEY },
    rateLimits: {
      signUpsPerHour: values.SIGN_UP_LIMIT_PER_HOUR,
      invitesPerHour: values.INVITE_LIMIT_PER_HOUR,
    },
    fileMaxBytes: values.FILE_MAX_BYTES,
    chromiumPath: values.CHROMIUM_PATH,
    ssoAllowHttpIssuers: values.SSO_ALLOW_HTTP_ISSUERS === 'true',
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
