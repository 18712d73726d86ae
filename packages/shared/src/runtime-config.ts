import { z } from 'zod';

export const ZIdentityProjectName = z.enum(['production', 'test']);

/**
 * The third-party services the production host's page starts (docs/product.md §1), each present only
 * when configured and only in the production host's config: every other host gets `{}`. The maps and
 * product analytics keys come from their own calls after login (docs/product.md §7).
 */
export const ZRuntimeIntegrations = z.object({
  /** Error reporting with session replay (Sentry protocol). */
  errorReporting: z.object({ dsn: z.string(), environment: z.string() }).optional(),
  /** A Plausible- or Umami-style script: `<script defer {siteAttribute}={siteId} src={scriptUrl}>`. */
  webAnalytics: z
    .object({
      scriptUrl: z.string(),
      siteId: z.string(),
      siteAttribute: z.enum(['data-domain', 'data-website-id']),
    })
    .optional(),
  /** The support chat widget. */
  chat: z.object({ provider: z.literal('crisp'), websiteId: z.string() }).optional(),
});

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
    /** The same-origin path the SDK posts ID tokens to (authTokenSyncURL); absent when not configured. */
    tokenSyncUrl: z.string().optional(),
  }),
  apiBase: z.object({
    /** Page host → API origin (docs/product.md §7). */
    byHost: z.record(z.string(), z.string()),
    /** API origin for hosts not in `byHost`; an empty string means the page's own origin. */
    fallback: z.string(),
    /** Path under the origin, with `{service}` to fill in. */
    path: z.string(),
  }),
  brand: z.literal('cargodesk'),
  /**
   * The `token` cookie's domain for this page's host (docs/product.md §9): the registrable domain by
   * the public suffix list (`x.cargodesk.co.uk` → `cargodesk.co.uk`, never `co.uk`) when the host
   * carries the brand; null for a host-only cookie.
   */
  cookieDomain: z.string().nullable(),
  productionHost: z.string(),
  /** The capture mail transport is on, so the developer mailbox at /dev/mail exists. */
  devMailbox: z.boolean(),
  integrations: ZRuntimeIntegrations,
});

export type TRuntimeConfig = z.infer<typeof ZRuntimeConfig>;
export type TRuntimeIntegrations = z.infer<typeof ZRuntimeIntegrations>;
export type TIdentityProjectName = z.infer<typeof ZIdentityProjectName>;
