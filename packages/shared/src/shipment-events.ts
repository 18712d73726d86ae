import { z } from 'zod';
import { ZDateTime } from './date-schemas.ts';
import { milestoneClassifiers, milestoneCodes, progressStatuses, ZContainerNumber } from './freight/index.ts';

// A shipment's events (docs/decisions/048-shipment-events.md): DCSA Track & Trace codes by sea,
// IATA status codes by air, each planned, estimated or actual. Events are never changed: a
// correction is a retraction that points at the event it takes back.

export const shipmentEventSources = ['person', 'import', 'api'] as const;
export type TShipmentEventSource = (typeof shipmentEventSources)[number];

export const shipmentEventRules = {
  /** An event's note, e.g. why an estimate moved. */
  noteMax: 500,
  /** The most events a shipment keeps, retractions included: its timeline stays one read. */
  eventsPerShipmentMax: 1000,
  piecesMax: 99_999,
} as const;

const ZPlaceCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([A-Z]{2}[A-Z2-9]{3}|[A-Z]{3})$/, 'must be a UN/LOCODE (NLRTM) or an IATA airport code (AMS)');

/** POST /shipments/:id/events: one event as a person or a system records it. */
export const ZShipmentEventInput = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .refine((code) => milestoneCodes.has(code), 'must be a DCSA event code or an IATA status code'),
    classifier: z.enum(milestoneClassifiers, { error: 'must be PLN, EST or ACT' }),
    /** When it happened or is to happen, with its offset; shown in the place's time zone. */
    eventAt: ZDateTime,
    /** The port or airport it happens at; a shipment event (a booking's) may have none. */
    location: ZPlaceCode.nullable().optional(),
    /** The container an equipment event is about: one of the shipment's containers. */
    containerNumber: ZContainerNumber.nullable().optional(),
    /** By air, how many pieces the status is about, when not all. */
    pieces: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(shipmentEventRules.piecesMax, `must be at most ${shipmentEventRules.piecesMax}`)
      .nullable()
      .optional(),
    note: z
      .string()
      .trim()
      .max(shipmentEventRules.noteMax, `must be at most ${shipmentEventRules.noteMax} characters`)
      .nullable()
      .optional(),
  })
  .strict();
export type TShipmentEventInput = z.input<typeof ZShipmentEventInput>;

/** POST /shipments/:id/events/:eventId/retraction: takes an event back, saying why. */
export const ZShipmentEventRetraction = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(shipmentEventRules.noteMax, `must be at most ${shipmentEventRules.noteMax} characters`),
  })
  .strict();
export type TShipmentEventRetraction = z.input<typeof ZShipmentEventRetraction>;

export const ZShipmentEventParams = z
  .object({ id: z.uuid({ error: 'must be an id' }), eventId: z.uuid({ error: 'must be an id' }) })
  .strict();

export const ZShipmentEventLocation = z.object({
  code: z.string(),
  name: z.string(),
  /** The IANA zone the event's time shows in, when the catalogue knows it. */
  timezone: z.string().nullable(),
});

export const ZShipmentEvent = z.object({
  _id: z.string(),
  code: z.string(),
  label: z.string(),
  eventType: z.enum(['TRANSPORT', 'EQUIPMENT', 'SHIPMENT', 'AIR']),
  classifier: z.enum(milestoneClassifiers),
  eventAt: z.string(),
  location: ZShipmentEventLocation.nullable(),
  containerNumber: z.string().nullable(),
  pieces: z.number().nullable(),
  note: z.string().nullable(),
  source: z.enum(shipmentEventSources),
  recordedAt: z.string(),
  recordedBy: z.object({ _id: z.string().nullable(), email: z.string().nullable() }),
  /** Set on a retraction: the event it takes back. */
  retractsEventId: z.string().nullable(),
  /** Set on a retracted event: the retraction that took it back. */
  retractedByEventId: z.string().nullable(),
});
export type TShipmentEvent = z.infer<typeof ZShipmentEvent>;

const ZStepMoment = z
  .object({ eventId: z.string().nullable(), eventAt: z.string(), timezone: z.string().nullable() })
  .nullable();

/** One step of the journey: its latest planned, estimated and actual times, retracted ones left out. */
export const ZShipmentTimelineStep = z.object({
  status: z.enum(progressStatuses),
  code: z.string(),
  label: z.string(),
  /** The shipment's place the step happens at, offered when recording it. */
  place: ZShipmentEventLocation.nullable(),
  planned: ZStepMoment,
  estimated: ZStepMoment,
  actual: ZStepMoment,
});
export type TShipmentTimelineStep = z.infer<typeof ZShipmentTimelineStep>;

/** GET /shipments/:id/events: the steps, and every event newest first (retractions included). */
export const ZShipmentTimeline = z.object({
  steps: z.array(ZShipmentTimelineStep),
  events: z.array(ZShipmentEvent),
  /** The shipment's containers an equipment event may name. */
  containerNumbers: z.array(z.string()),
});
export type TShipmentTimeline = z.infer<typeof ZShipmentTimeline>;
