import { type TIdentityProjectName, type TRuntimeConfig, ZRuntimeConfig } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import { jwksPath } from '../identity/identity-plugin.ts';
import { projectNameForHost } from '../identity/projects.ts';

export { type TRuntimeConfig, ZRuntimeConfig };

type TIdentityProject = { name: TIdentityProjectName; projectId: string; apiKey: string };

/** What the runtime config is made of: the app's configuration, identity projects and mail mode. */
export type TRuntimeConfigSources = {
  config: Pick<FastifyInstance['config'], 'productionHost' | 'publicUrl'>;
  identity: { projects: TIdentityProject[] };
  mailer: { hasDevMailbox: boolean };
};

/** The runtime config for a page served on `host` (a host name without port). */
export const buildRuntimeConfig = (
  { config, identity, mailer }: TRuntimeConfigSources,
  host: string,
): TRuntimeConfig => {
  const productionHost = config.productionHost.toLowerCase();
  const jwksUri = `${config.publicUrl}${jwksPath}`;

  return {
    identity: {
      projects: identity.projects.map(({ name, apiKey, projectId }) => ({
        name,
        apiKey,
        projectId,
        jwksUri,
      })),
      productionHost,
      projectForHost: projectNameForHost(host, productionHost),
    },
    // One origin serves every service (DESIGN §1), so no host needs an API host of its own.
    apiBase: { byHost: {}, fallback: '', path: '/{service}/api/v1' },
    brand: 'cargodesk',
    productionHost,
    devMailbox: mailer.hasDevMailbox,
    integrations: {},
  };
};
