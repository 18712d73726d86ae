import { type TIdentityProjectName, type TRuntimeConfig, ZRuntimeConfig } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import { getDomain } from 'tldts';

export { type TRuntimeConfig, ZRuntimeConfig };

type TIdentityProject = { name: TIdentityProjectName; projectId: string; apiKey: string };

/** What the runtime config is made of: the app's configuration, identity projects and mail mode. */
export type TRuntimeConfigSources = {
  config: Pick<FastifyInstance['config'], 'productionHost'>;
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
    // One origin serves every service (docs/architecture.md), so no host needs an API host of its own.
    apiBase: { byHost: {}, fallback: '', path: '/{service}/api/v1' },
    brand,
    cookieDomain: cookieDomainFor(host),
    productionHost,
    devMailbox: mailer.hasDevMailbox,
    integrations: {},
  };
};
