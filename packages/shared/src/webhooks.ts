import { z } from 'zod';

// A company's webhooks (docs/decisions/052-webhooks.md): https endpoints that receive its shipment
// events in DCSA Track & Trace 2.2's shape, signed, retried, and logged for the admin to read and replay.

/** The event types an endpoint may ask for: DCSA Track & Trace's three. */
export const webhookEventTypes = ['TRANSPORT', 'EQUIPMENT', 'SHIPMENT'] as const;
export type TWebhookEventType = (typeof webhookEventTypes)[number];

export const webhookRules = {
  urlMax: 2000,
  descriptionMax: 200,
  /** Endpoints a company keeps at most: each one is a delivery per event. */
  endpointsPerCompanyMax: 20,
} as const;

export const webhookMessages = {
  httpsOnly: 'must be an https:// address',
  noCredentials: 'must not carry a user name or password',
  privateAddress: 'is not on a public address: webhooks are delivered only to the public internet',
  tooManyEndpoints: `A company keeps at most ${webhookRules.endpointsPerCompanyMax} webhook endpoints`,
  endpointNotFound: 'No such webhook endpoint in your company',
  deliveryNotFound: 'No such delivery of this endpoint',
} as const;

const ZId = z.uuid({ error: 'must be an id' });

const ZEventTypes = z
  .array(z.enum(webhookEventTypes, { error: 'must be TRANSPORT, EQUIPMENT or SHIPMENT' }))
  .min(1, 'must name at least one event type')
  .max(webhookEventTypes.length)
  .transform((types) => [...new Set(types)]);

/** The address as typed; the server checks the scheme (https unless tests allow http) and the host. */
const ZUrl = z
  .string()
  .trim()
  .max(webhookRules.urlMax, `must be at most ${webhookRules.urlMax} characters`)
  .pipe(z.url({ error: 'must be a URL such as https://example.com/hooks' }));

export const ZWebhookEndpointInput = z
  .object({
    url: ZUrl,
    eventTypes: ZEventTypes,
    description: z.string().trim().max(webhookRules.descriptionMax).optional().default(''),
    isActive: z.boolean().optional().default(true),
  })
  .strict();
export type TWebhookEndpointInput = z.input<typeof ZWebhookEndpointInput>;

export const ZWebhookEndpointUpdate = z
  .object({
    url: ZUrl.optional(),
    eventTypes: ZEventTypes.optional(),
    description: z.string().trim().max(webhookRules.descriptionMax).optional(),
    isActive: z.boolean().optional(),
  })
  .strict();
export type TWebhookEndpointUpdate = z.input<typeof ZWebhookEndpointUpdate>;

export const ZWebhookEndpoint = z.object({
  _id: z.string(),
  url: z.string(),
  eventTypes: z.array(z.enum(webhookEventTypes)),
  description: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** The answer to creating an endpoint or rotating its secret: the only time the secret is shown. */
export const ZWebhookEndpointWithSecret = ZWebhookEndpoint.extend({ secret: z.string() });
export type TWebhookEndpointWithSecret = z.infer<typeof ZWebhookEndpointWithSecret>;

export const webhookDeliveryStatuses = ['queued', 'delivering', 'delivered', 'failed'] as const;
export type TWebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export const ZWebhookAttempt = z.object({
  _id: z.string(),
  attemptedAt: z.string(),
  durationMs: z.number().int(),
  /** The receiver's HTTP status; null when it never answered (timeout, refused, private address). */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  isSuccess: z.boolean(),
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

export const ZWebhookDelivery = z.object({
  /** Sent as `Webhook-Id`: the same for every retry and replay, so a receiver can deduplicate. */
  _id: z.string(),
  eventId: z.string(),
  eventType: z.enum(webhookEventTypes),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** Every attempt, newest first. */
  attemptLog: z.array(ZWebhookAttempt),
  /** The body sent, DCSA Track & Trace 2.2's event. */
  payload: z.record(z.string(), z.unknown()),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookEndpointParams = z.object({ id: ZId }).strict();
export const ZWebhookDeliveryParams = z.object({ id: ZId, deliveryId: ZId }).strict();

export const ZWebhookDeliveryQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

const commaList = <T extends string>(values: readonly [T, ...T[]], name: string) =>
  z
    .string()
    .trim()
    .transform((value) => value.split(',').map((entry) => entry.trim().toUpperCase()))
    .pipe(z.array(z.enum(values, { error: `must be ${name}, separated by commas` })));

const ZCodeList = z
  .string()
  .trim()
  .transform((value) => value.split(',').map((entry) => entry.trim().toUpperCase()))
  .pipe(
    z.array(z.string().regex(/^[A-Z]{4}$/, 'must be four-letter DCSA codes, separated by commas')).max(30),
  );

/**
 * GET /events: the company's sea events in DCSA Track & Trace 2.2's shape, oldest recorded first,
 * with DCSA's filters (comma lists are ORed, different filters ANDed) and a cursor.
 */
export const ZDcsaEventQuery = z
  .object({
    eventType: commaList(webhookEventTypes, 'TRANSPORT, EQUIPMENT or SHIPMENT').optional(),
    transportEventTypeCode: ZCodeList.optional(),
    equipmentEventTypeCode: ZCodeList.optional(),
    shipmentEventTypeCode: ZCodeList.optional(),
    equipmentReference: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{4}\d{7}$/, 'must be an ISO 6346 container number')
      .optional(),
    'eventCreatedDateTime:gte': z.iso
      .datetime({ offset: true, error: 'must be a date-time with its offset' })
      .optional(),
    'eventCreatedDateTime:lte': z.iso
      .datetime({ offset: true, error: 'must be a date-time with its offset' })
      .optional(),
    limit: z.coerce.number().int().min(1).max(100).default(100),
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be a cursor this API answered')
      .optional(),
  })
  .strict();
