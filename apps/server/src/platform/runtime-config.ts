import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { jwksPath } from '../identity/identity-plugin.ts';
import { projectNameForHost } from '../identity/projects.ts';

const ZIdentityProjectName = z.enum(['production', 'test']);

/** Public by design: everything here ends up in every page the SPA serves. */
export const ZRuntimeConfig = z.object({
  identity: z.object({
    projects: z.array(
      z.object({
        name: ZIdentityProjectName,
        apiKey: z.string(),
        projectId: z.string(),
        jwksUri: z.string(),
      }),
    ),
    productionHost: z.string(),
    projectForHost: ZIdentityProjectName,
  }),
  apiBase: z.object({
    /** Page host → API origin (spec §7). */
    byHost: z.record(z.string(), z.string()),
    /** API origin for hosts not in `byHost`; an empty string means the page's own origin. */
    fallback: z.string(),
    path: z.string(),
  }),
  brand: z.literal('cargodesk'),
  productionHost: z.string(),
  devMailbox: z.boolean(),
  integrations: z.record(z.string(), z.unknown()),
});

export type TRuntimeConfig = z.infer<typeof ZRuntimeConfig>;

type TIdentityProject = { name: z.infer<typeof ZIdentityProjectName>; projectId: string; apiKey: string };

/** Decorators of the identity and mail modules, read optionally so this works with or without them. */
type TOptionalDecorators = {
  identity?: { projects: TIdentityProject[] };
  mailer?: { isCapturing: boolean };
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
    devMailbox: mailer?.isCapturing === true,
    integrations: {},
  };
};
