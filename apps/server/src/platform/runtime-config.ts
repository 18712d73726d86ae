import { type TIdentityProjectName, type TRuntimeConfig, ZRuntimeConfig } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import { jwksPath } from '../identity/identity-plugin.ts';
import { projectNameForHost } from '../identity/projects.ts';

export { type TRuntimeConfig, ZRuntimeConfig };

type TIdentityProject = { name: TIdentityProjectName; projectId: string; apiKey: string };

/** Decorators of the identity and mail modules, read optionally so this works with or without them. */
type TOptionalDecorators = {
  identity?: { projects: TIdentityProject[] };
  mailer?: { hasDevMailbox: boolean };
};

/** The runtime config for a page served on `host` (a host name without port). */
export const buildRuntimeConfig = (app: FastifyInstance, host: string): TRuntimeConfig => {
  const { config } = app;
  const { identity, mailer } = app as FastifyInstance & TOptionalDecorators;
  const productionHost = config.productionHost.toLowerCase();
  const jwksUri = `${config.publicUrl}${jwksPath}`;

  return {
    identity: {
      projects: (identity?.projects ?? []).map(({ name, apiKey, projectId }) => ({
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
    devMailbox: mailer?.hasDevMailbox === true,
    integrations: {},
  };
};
