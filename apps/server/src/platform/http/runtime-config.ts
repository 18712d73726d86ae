import { type TIdentityProjectName, type TRuntimeConfig, ZRuntimeConfig } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import { getDomain } from 'tldts';
import { runtimeIntegrationsFor } from './integrations.ts';

export { type TRuntimeConfig, ZRuntimeConfig };

type TIdentityProject = { name: TIdentityProjectName; projectId: string; apiKey: string };

/** What the runtime config is made of: the app's configuration, identity projects and mail mode. */
export type TRuntimeConfigSources = {
  config: Pick<FastifyInstance['config'], 'productionHost' | 'apiBase' | 'integrations'>;
  identity: {
    projects: TIdentityProject[];
    jwksUri: string;
    projectForHost: (host: string) => TIdentityProjectName;
    tokenSyncUrl?: string | undefined;
  };
  mailer: { hasDevMailbox: boolean };
};

const brand = 'cargodesk';

/**
 * The registrable domain of a host that carries the brand, by the public suffix list, so sibling
 * hosts share the session: `app.cargodesk.com` → `cargodesk.com`, `x.cargodesk.co.uk` →
 * `cargodesk.co.uk`. Private suffixes count (`cargodesk.github.io` stays whole), as browsers refuse a
 * cookie for a public suffix anyway. Null for other hosts, IP addresses and `localhost`.
 */
export const cookieDomainFor = (host: string) =>
  host.includes(brand) ? getDomain(host, { allowPrivateDomains: true }) : null;

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
      ...(identity.tokenSyncUrl ? { tokenSyncUrl: identity.tokenSyncUrl } : {}),
    },
    // One origin serves every service, so by default every page calls its own; a deployment may send
    // some page hosts to another API origin (docs/decisions/022-api-base-by-host.md).
    apiBase: { ...config.apiBase, path: '/{service}/api/v1' },
    brand,
    cookieDomain: cookieDomainFor(host),
    productionHost,
    devMailbox: mailer.hasDevMailbox,
    // Third-party services start on the production host only (docs/product.md §1): no other host
    // even learns they exist.
    integrations:
      productionHost !== '' && host.toLowerCase() === productionHost ? runtimeIntegrationsFor(config) : {},
  };
};
