import { z } from 'zod';

export const ZIdentityProjectName = z.enum(['production', 'test']);

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
  integrations: z.record(z.string(), z.unknown()),
});

export type TRuntimeConfig = z.infer<typeof ZRuntimeConfig>;
export type TIdentityProjectName = z.infer<typeof ZIdentityProjectName>;
