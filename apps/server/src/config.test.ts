import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has defaults for the embedded single-machine setup', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      smtpUrl: undefined,
      devMailbox: false,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      passwordPolicy: { minLength: 6 },
      seedDemo: true,
      integrationKeys: { googleMaps: '', pendo: '' },
      fileMaxBytes: 25 * 1024 * 1024,
      fileStore: { kind: 'local' },
      mailRecipientLimits: { daily: 2000, firstDay: 100, rampDays: 14 },
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('logs readable lines, and JSON lines in production or when asked', () => {
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'production' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(ConfigError);
  });

  const s3Environment = {
    FILE_STORE: 's3',
    S3_ENDPOINT: 'http://127.0.0.1:9000/',
    S3_BUCKET: 'cargodesk-files',
    S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  };

  it('selects an S3-compatible store with path-style addressing in us-east-1 by default', () => {
    expect(loadConfig(s3Environment).fileStore).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'cargodesk-files',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      forcePathStyle: true,
    });
    expect(
      loadConfig({
        ...s3Environment,
        S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
        S3_REGION: 'eu-central-1',
        S3_FORCE_PATH_STYLE: 'false',
      }).fileStore,
    ).toMatchObject({
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      region: 'eu-central-1',
      forcePathStyle: false,
    });
    // The S3 variables mean nothing to the local store.
    expect(loadConfig({ ...s3Environment, FILE_STORE: 'local' }).fileStore).toEqual({ kind: 'local' });
  });

  it.each(['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])(
    'names %s in one line when FILE_STORE=s3 lacks it',
    (variable) => {
      const environment = { ...s3Environment, [variable]: '' };
      expect(() => loadConfig(environment)).toThrow(ConfigError);
      expect(() => loadConfig(environment)).toThrow(`Invalid ${variable}: is required when FILE_STORE=s3`);
    },
  );

  it('never echoes an S3 credential or endpoint in a config error', () => {
    const attempts = [
      { ...s3Environment, S3_ENDPOINT: 'ftp://user:secret@files' },
      { ...s3Environment, S3_BUCKET: 'Bad_Bucket' },
    ];
    for (const environment of attempts) {
      let message = '';
      try {
        loadConfig(environment);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^Invalid S3_/);
      expect(message).not.toMatch(/secret|AKIDEXAMPLE|EXAMPLEKEY/);
    }
  });

  it('reads the password policy options and the token-sync switch, all off by default', () => {
    expect(loadConfig({}).passwordPolicy).toEqual({
      minLength: 6,
      maxLength: 4096,
      requireLowercase: false,
      requireUppercase: false,
      requireDigit: false,
      requireSymbol: false,
    });
    expect(loadConfig({}).identityTokenSync).toBe(false);
    const strict = loadConfig({
      PASSWORD_MIN_LENGTH: '12',
      PASSWORD_MAX_LENGTH: '64',
      PASSWORD_REQUIRE_LOWERCASE: 'true',
      PASSWORD_REQUIRE_UPPERCASE: 'true',
      PASSWORD_REQUIRE_DIGIT: 'true',
      PASSWORD_REQUIRE_SYMBOL: 'true',
      IDENTITY_TOKEN_SYNC: 'true',
    });
    expect(strict.passwordPolicy).toEqual({
      minLength: 12,
      maxLength: 64,
      requireLowercase: true,
      requireUppercase: true,
      requireDigit: true,
      requireSymbol: true,
    });
    expect(strict.identityTokenSync).toBe(true);
    expect(() => loadConfig({ PASSWORD_MIN_LENGTH: '12', PASSWORD_MAX_LENGTH: '8' })).toThrow(
      'Invalid PASSWORD_MAX_LENGTH="8": must be at least PASSWORD_MIN_LENGTH (12)',
    );
    expect(() => loadConfig({ PASSWORD_REQUIRE_DIGIT: 'yes' })).toThrow(
      'Invalid PASSWORD_REQUIRE_DIGIT="yes": must be true or false',
    );
  });

  it('reads the name servers for single sign-on domain proofs, the system’s by default', () => {
    expect(loadConfig({}).ssoDnsServers).toEqual([]);
    expect(loadConfig({ SSO_DNS_SERVERS: '127.0.0.1:5353, 1.1.1.1,[::1]:53' }).ssoDnsServers).toEqual([
      '127.0.0.1:5353',
      '1.1.1.1',
      '[::1]:53',
    ]);
    expect(() => loadConfig({ SSO_DNS_SERVERS: 'dns.example.com' })).toThrow(
      'Invalid SSO_DNS_SERVERS="dns.example.com": must be IP addresses (with an optional :port) separated by commas',
    );
  });

  it('reads every variable and treats empty ones as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/cargodesk',
      DATABASE_URL: 'postgres://cargodesk@db:5432/cargodesk',
      PUBLIC_URL: 'https://app.example.com/',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Ops <ops@example.com>',
      LOG_LEVEL: 'debug',
      SEED_DEMO: 'false',
      PASSWORD_MIN_LENGTH: '',
      GOOGLE_MAPS_KEY: 'maps-key',
      PENDO_KEY: 'pendo-key',
      FILE_MAX_BYTES: '1048576',
      SIGN_UP_LIMIT_PER_HOUR: '3',
      INVITE_LIMIT_PER_HOUR: '50',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/cargodesk',
      databaseUrl: 'postgres://cargodesk@db:5432/cargodesk',
      publicUrl: 'https://app.example.com',
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Ops <ops@example.com>',
      logLevel: 'debug',
      seedDemo: false,
      passwordPolicy: { minLength: 6 },
      integrationKeys: { googleMaps: 'maps-key', pendo: 'pendo-key' },
      fileMaxBytes: 1048576,
      rateLimits: { signUpsPerHour: 3, invitesPerHour: 50 },
    });
    expect(loadConfig({}).rateLimits).toEqual({ signUpsPerHour: 10, invitesPerHour: 20 });
  });

  it.each([
    [{ PORT: '70000' }, 'Invalid PORT="70000": must be a port number from 0 to 65535'],
    [
      { HOST: 'not a host' },
      'Invalid HOST="not a host": must be a host name or IP address such as 127.0.0.1 or 0.0.0.0',
    ],
    [
      { FILE_MAX_BYTES: '25MB' },
      'Invalid FILE_MAX_BYTES="25MB": must be a number of bytes, e.g. 26214400 for 25 MB',
    ],
    [{ INVITE_LIMIT_PER_HOUR: '0' }, 'Invalid INVITE_LIMIT_PER_HOUR="0": must be at least 1'],
    [
      { SIGN_UP_LIMIT_PER_HOUR: 'many' },
      'Invalid SIGN_UP_LIMIT_PER_HOUR="many": must be a number of sign-ups',
    ],
    [{ PUBLIC_URL: 'ftp://files' }, 'Invalid PUBLIC_URL="ftp://files": must be an http:// or https:// URL'],
    [
      { LOG_LEVEL: 'loud' },
      'Invalid LOG_LEVEL="loud": must be one of fatal, error, warn, info, debug, trace, silent',
    ],
    [
      { DATABASE_URL: 'mysql://root:secret@db/x' },
      'Invalid DATABASE_URL: must start with postgres:// or postgresql://',
    ],
    [{ SMTP_URL: 'http://mail' }, 'Invalid SMTP_URL: must start with smtp:// or smtps://'],
    [{ FILE_STORE: 'gcs' }, 'Invalid FILE_STORE="gcs": must be local or s3'],
    [
      { FILE_STORE: 's3', S3_ENDPOINT: 'ftp://user:secret@files' },
      'Invalid S3_ENDPOINT: must be an http:// or https:// URL, e.g. https://s3.eu-central-1.amazonaws.com',
    ],
    [
      { S3_BUCKET: 'Bad_Bucket' },
      'Invalid S3_BUCKET="Bad_Bucket": must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
    ],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, 'Invalid S3_FORCE_PATH_STYLE="yes": must be true or false'],
    [{ FILE_STORE: 's3' }, 'Invalid S3_ENDPOINT: is required when FILE_STORE=s3'],
    [{ PASSWORD_MIN_LENGTH: '4' }, 'Invalid PASSWORD_MIN_LENGTH="4": Too small: expected number to be >=6'],
    [{ DEV_MAILBOX: 'yes' }, 'Invalid DEV_MAILBOX="yes": must be true or false'],
    // It counted mails; a number of mails read as a number of recipients would be a silent change.
    [
      { MAIL_DAILY_LIMIT: '500' },
      'Invalid MAIL_DAILY_LIMIT="500": is no longer read: the daily limit counts recipients now; set MAIL_DAILY_RECIPIENT_LIMIT, then unset it',
    ],
    [
      { MAIL_DAILY_RECIPIENT_LIMIT: 'many' },
      'Invalid MAIL_DAILY_RECIPIENT_LIMIT="many": must be a number of recipients',
    ],
    [
      { DEV_MAILBOX: 'true', SMTP_URL: 'smtp://mail:25' },
      'Invalid DEV_MAILBOX="true": the developer mailbox shows captured mail only; unset DEV_MAILBOX or SMTP_URL',
    ],
  ])('refuses %o with one clear line', (environment, message) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(message);
  });
  it('configures each integration only when its variables are set, and never echoes a DSN', () => {
    expect(loadConfig({}).integrations).toEqual({
      errorReporting: { serverDsn: undefined, browserDsn: undefined, environment: 'production' },
      webAnalytics: undefined,
      chat: undefined,
    });
    const dsn = 'https://public@errors.example.net/3';
    expect(
      loadConfig({
        SENTRY_DSN: dsn,
        WEB_ANALYTICS_SCRIPT_URL: 'https://stats.example.org/script.js',
        WEB_ANALYTICS_SITE_ID: 'site-1',
        CRISP_WEBSITE_ID: 'crisp-id-1',
      }).integrations,
    ).toEqual({
      errorReporting: { serverDsn: dsn, browserDsn: dsn, environment: 'production' },
      webAnalytics: {
        scriptUrl: 'https://stats.example.org/script.js',
        siteId: 'site-1',
        siteAttribute: 'data-domain',
      },
      chat: { crispWebsiteId: 'crisp-id-1' },
    });
    expect(
      loadConfig({ SENTRY_DSN: dsn, SENTRY_BROWSER_DSN: 'https://k@b.example.net/4' }).integrations
        .errorReporting,
    ).toMatchObject({ serverDsn: dsn, browserDsn: 'https://k@b.example.net/4' });
    expect(() => loadConfig({ WEB_ANALYTICS_SITE_ID: 'site-1' })).toThrow(
      'Invalid WEB_ANALYTICS_SCRIPT_URL: is required with WEB_ANALYTICS_SCRIPT_URL and WEB_ANALYTICS_SITE_ID (set both or neither)',
    );
    expect(() =>
      loadConfig({ WEB_ANALYTICS_SCRIPT_URL: 'http://stats.example.org/s.js', WEB_ANALYTICS_SITE_ID: 'x' }),
    ).toThrow(/^Invalid WEB_ANALYTICS_SCRIPT_URL=.*must be an https:\/\/ URL/);
    expect(() => loadConfig({ SENTRY_DSN: 'not a dsn' })).toThrow(/^Invalid SENTRY_DSN: must be a DSN/);
  });
});
