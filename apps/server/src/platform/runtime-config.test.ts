import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { buildRuntimeConfig, ZRuntimeConfig } from './runtime-config.ts';

const buildBareApp = (environment: Record<string, string> = {}) => {
  const app = Fastify();
  app.decorate('config', loadConfig({ PUBLIC_URL: 'https://desk.example.com', ...environment }));
  return app;
};

describe('buildRuntimeConfig', () => {
  it('works before the identity and mail modules decorate the app', () => {
    const config = buildRuntimeConfig(buildBareApp(), 'localhost');

    expect(ZRuntimeConfig.parse(config)).toEqual(config);
    expect(config.identity).toEqual({ projects: [], productionHost: '', projectForHost: 'test' });
    expect(config.devMailbox).toBe(false);
  });

  it('publishes each identity project with the JWKS address, never more', () => {
    const app = buildBareApp({ PRODUCTION_HOST: 'Desk.Example.com' });
    // Loosely typed on purpose: the real decorators carry more than this test needs.
    app.decorate('identity' as string, {
      projects: [
        { name: 'production', projectId: 'cargodesk-prod', apiKey: 'key-prod', privateKey: 'secret' },
        { name: 'test', projectId: 'cargodesk-test', apiKey: 'key-test', privateKey: 'secret' },
      ],
    });
    app.decorate('mailer' as string, { hasDevMailbox: true });

    const config = buildRuntimeConfig(app, 'desk.example.com');

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
    expect(buildRuntimeConfig(app, 'staging.example.com').identity.projectForHost).toBe('test');
  });
});
