import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { projectNameForHost } from '../../identity/projects.ts';
import { buildRuntimeConfig, cookieDomainFor, ZRuntimeConfig } from './runtime-config.ts';

const sourcesWith = (environment: Record<string, string> = {}) => {
  const config = loadConfig({ PUBLIC_URL: 'https://desk.example.com', ...environment });
  return {
    config,
    identity: {
      jwksUri: `${config.publicUrl}/identity/jwks.json`,
      projectForHost: (host: string) => projectNameForHost(host, config.productionHost),
      projects: [
        {
          name: 'production' as const,
          projectId: 'cargodesk-prod',
          apiKey: 'key-prod',
          privateKey: 'secret',
        },
        { name: 'test' as const, projectId: 'cargodesk-test', apiKey: 'key-test', privateKey: 'secret' },
      ],
    },
    mailer: { hasDevMailbox: true },
  };
};

describe('buildRuntimeConfig', () => {
  it('is valid for the SPA and names no developer mailbox when mail goes out by SMTP', () => {
    const config = buildRuntimeConfig({ ...sourcesWith(), mailer: { hasDevMailbox: false } }, 'localhost');
    expect(ZRuntimeConfig.parse(config)).toEqual(config);
    expect(config.identity.projectForHost).toBe('test');
    expect(config.devMailbox).toBe(false);
  });

  it('sends each configured page host to its API origin, and others to their own origin or the dev API', () => {
    const apiHosts =
      'app.cargodesk.com=https://api.cargodesk.com, dev.cargodesk.com=https://api.dev.cargodesk.com/';
    const own = buildRuntimeConfig(sourcesWith({ API_HOSTS: apiHosts }), 'localhost');
    expect(own.apiBase).toEqual({
      byHost: {
        'app.cargodesk.com': 'https://api.cargodesk.com',
        'dev.cargodesk.com': 'https://api.dev.cargodesk.com',
      },
      fallback: '',
      path: '/{service}/api/v1',
    });
    const dev = buildRuntimeConfig(
      sourcesWith({ API_HOSTS: apiHosts, USE_DEV_API: 'true', DEV_API_ORIGIN: 'http://localhost:{port}' }),
      'localhost',
    );
    expect(dev.apiBase.fallback).toBe('http://localhost:{port}');
    // Without the flag the dev API is named but not used.
    expect(
      buildRuntimeConfig(sourcesWith({ DEV_API_ORIGIN: 'https://api.dev.cargodesk.com' }), 'x').apiBase
        .fallback,
    ).toBe('');
  });

  it.each([
    ['API_HOSTS', 'app.cargodesk.com'],
    ['API_HOSTS', 'app.cargodesk.com=https://api.cargodesk.com/v1'],
    ['API_HOSTS', 'app cargodesk=https://api.cargodesk.com'],
    ['DEV_API_ORIGIN', 'ftp://api.example.com'],
    ['API_CORS_ORIGINS', 'https://app.cargodesk.com/path'],
  ])('refuses %s=%s at start, in words', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(`Invalid ${variable}`));
  });

  it('refuses the dev API flag without the dev API origin', () => {
    expect(() => loadConfig({ USE_DEV_API: 'true' })).toThrow(/USE_DEV_API.*DEV_API_ORIGIN/);
  });

  it('names the token-sync URL only when one is configured', () => {
    expect(buildRuntimeConfig(sourcesWith(), 'localhost').identity).not.toHaveProperty('tokenSyncUrl');
    const sources = sourcesWith();
    const config = buildRuntimeConfig(
      { ...sources, identity: { ...sources.identity, tokenSyncUrl: '/identity/token-sync' } },
      'localhost',
    );
    expect(ZRuntimeConfig.parse(config).identity.tokenSyncUrl).toBe('/identity/token-sync');
  });

  it('gives the token cookie the registrable domain of a branded host, by the public suffix list', () => {
    expect(cookieDomainFor('app.cargodesk.com')).toBe('cargodesk.com');
    expect(cookieDomainFor('x.cargodesk.co.uk')).toBe('cargodesk.co.uk');
    expect(cookieDomainFor('eu.app.cargodesk.com.au')).toBe('cargodesk.com.au');
    // A private suffix is a suffix too: never the whole github.io.
    expect(cookieDomainFor('cargodesk.github.io')).toBe('cargodesk.github.io');
    // Hosts without the brand, IP addresses and localhost get a host-only cookie.
    expect(cookieDomainFor('desk.example.com')).toBeNull();
    expect(cookieDomainFor('localhost')).toBeNull();
    expect(cookieDomainFor('127.0.0.1')).toBeNull();
    expect(buildRuntimeConfig(sourcesWith(), 'x.cargodesk.co.uk').cookieDomain).toBe('cargodesk.co.uk');
  });

  it('publishes each identity project with the JWKS address, never more', () => {
    const sources = sourcesWith({ PRODUCTION_HOST: 'Desk.Example.com' });
    const config = buildRuntimeConfig(sources, 'desk.example.com');

    expect(config.identity).toEqual({
      projects: [
        {
          name: 'production',
          projectId: 'cargodesk-prod',
          apiKey: 'key-prod',
          jwksUri: 'https://desk.example.com/identity/jwks.json',
        },
        {
          name: 'test',
          projectId: 'cargodesk-test',
          apiKey: 'key-test',
          jwksUri: 'https://desk.example.com/identity/jwks.json',
        },
      ],
      productionHost: 'desk.example.com',
      projectForHost: 'production',
    });
    expect(config.devMailbox).toBe(true);
    expect(buildRuntimeConfig(sources, 'staging.example.com').identity.projectForHost).toBe('test');
  });
});
