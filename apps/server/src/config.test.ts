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
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      passwordPolicy: { minLength: 6 },
      seedDemo: true,
      integrationKeys: { googleMaps: '', pendo: '' },
      fileMaxBytes: 25 * 1024 * 1024,
    });
    expect(config.dataDir).toMatch(/\/data$/);
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
    });
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
    [{ PASSWORD_MIN_LENGTH: '4' }, 'Invalid PASSWORD_MIN_LENGTH="4": Too small: expected number to be >=6'],
  ])('refuses %o with one clear line', (environment, message) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(message);
  });
});
