import { z } from 'zod';
import { progressStatuses } from './freight/index.ts';

// A shipment's tracking links (docs/decisions/051-shipment-tracking-links.md): a long random token
// that opens a public page of the shipment's route, containers and milestones, until it expires or
// is revoked. The public view carries nothing internal: no charges, notes, parties or people.

export const trackingLinkRules = {
  expiresInDaysDefault: 30,
  expiresInDaysMax: 365,
  /** Links a shipment keeps, revoked and expired ones included: the list stays one short read. */
  linksPerShipmentMax: 50,
  labelMax: 120,
} as const;

/** The token's shape: company and link ids (22 base64url each) and a 256-bit secret (43). */
export const trackingTokenPattern = /^[A-Za-z0-9_-]{87}$/;

/** POST /shipments/:id/tracking-links: whom the link is for (a note for the team) and how long it works. */
export const ZTrackingLinkInput = z
  .object({
    label: z
      .string()
      .trim()
      .max(trackingLinkRules.labelMax, `must be at most ${trackingLinkRules.labelMax} characters`)
      .nullable()
      .optional(),
    expiresInDays: z
      .number({ error: 'must be a whole number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1')
      .max(trackingLinkRules.expiresInDaysMax, `must be at most ${trackingLinkRules.expiresInDaysMax}`)
      .default(trackingLinkRules.expiresInDaysDefault),
  })
  .strict();
export type TTrackingLinkInput = z.input<typeof ZTrackingLinkInput>;

export const ZTrackingLinkParams = z
  .object({ id: z.uuid({ error: 'must be an id' }), linkId: z.uuid({ error: 'must be an id' }) })
  .strict();

export const trackingLinkStates = ['active', 'expired', 'revoked'] as const;

/** A link as the team sees it; the token itself only in the answer that made it. */
export const ZTrackingLink = z.object({
  _id: z.string(),
  label: z.string().nullable(),
  state: z.enum(trackingLinkStates),
  createdAt: z.string(),
  createdBy: z.object({ _id: z.string().nullable(), email: z.string().nullable() }),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type TTrackingLink = z.infer<typeof ZTrackingLink>;

/** The answer to creating a link: the link and, this once, its token and page path. */
export const ZCreatedTrackingLink = ZTrackingLink.extend({ token: z.string(), path: z.string() });
export type TCreatedTrackingLink = z.infer<typeof ZCreatedTrackingLink>;

export const ZTrackingTokenParams = z
  .object({ token: z.string().regex(trackingTokenPattern, 'must be a tracking link token') })
  .strict();

const ZPublicPlace = z.object({ code: z.string(), name: z.string(), timezone: z.string().nullable() });
const ZPublicMoment = z.object({ at: z.string(), timezone: z.string().nullable() }).nullable();

/** GET /tracking/:token: what the shipment's customer sees, and nothing else. */
export const ZPublicTracking = z.object({
  company: z.object({ name: z.string() }),
  shipment: z.object({
    reference: z.string(),
    mode: z.enum(['sea', 'air']),
    origin: ZPublicPlace.nullable(),
    destination: ZPublicPlace.nullable(),
  }),
  containers: z.array(z.object({ number: z.string(), sizeType: z.string().nullable() })),
  milestones: z.array(
    z.object({
      status: z.enum(progressStatuses),
      label: z.string(),
      place: ZPublicPlace.nullable(),
      planned: ZPublicMoment,
      estimated: ZPublicMoment,
      actual: ZPublicMoment,
    }),
  ),
  /** The arrival: actual once arrived, else the latest estimate, else the plan. */
  expectedArrival: z
    .object({
      at: z.string(),
      timezone: z.string().nullable(),
      kind: z.enum(['actual', 'estimated', 'planned']),
    })
    .nullable(),
  linkExpiresAt: z.string(),
});
export type TPublicTracking = z.infer<typeof ZPublicTracking>;

/** The public stream's event names: the whole view again on every change, and the link's end. */
export const trackingStreamEvents = { view: 'tracking', ended: 'ended' } as const;

export const trackingMessages = {
  notFound: 'This tracking link does not work: it may have expired or been revoked',
  linkNotFound: 'No such tracking link on this shipment',
  tooManyLinks: `This shipment already holds ${trackingLinkRules.linksPerShipmentMax} tracking links, the most one may`,
  tooManyLookups: 'Too many tracking requests from your address: try again later',
} as const;
