import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { projectNameForHost } from '../identity/projects.ts';
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
