import { type TIdentityProjectName, type TRuntimeConfig, ZRuntimeConfig } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';

export { type TRuntimeConfig, ZRuntimeConfig };

type TIdentityProject = { name: TIdentityProjectName; projectId: string; apiKey: string };

/** What the runtime config is made of: the app's configuration, identity projects and mail mode. */
export type TRuntimeConfigSources = {
  config: Pick<FastifyInstance['config'], 'productionHost'>;
  identity: {
    projects: TIdentityProject[];
    jwksUri: string;
    projectForHost: (host: string) => TIdentityProjectName;
  };
  mailer: { hasDevMailbox: boolean };
};

/** The runtime config for a page served on `host` (a host name without port). */
export const buildRuntimeConfig = (
  { config, identity, mailer }: TRuntimeConfigSources,
  host: string,
): TRuntimeConfig => {
  const productionHost = config.productionHost.toLowerCase();
  const { jwksUri } = identity;

  return {
    identity: {
      projects: identity.projects.map(({ name, apiKey, projectId }) => ({
        name,
        apiKey,
        projectId,
        jwksUri,
      })),
      productionHost,
      projectForHost: identity.projectForHost(host),
    },
    // One origin serves every service (docs/architecture.md), so no host needs an API host of its own.
    apiBase: { byHost: {}, fallback: '', path: '/{service}/api/v1' },
    brand: 'cargodesk',
    productionHost,
    devMailbox: mailer.hasDevMailbox,
    integrations: {},
  };
};
