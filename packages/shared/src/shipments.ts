import { z } from 'zod';
import { ZCalendarDate, ZDateTime } from './date-schemas.ts';
import {
  bookingStatuses,
  incotermRules,
  progressStatuses,
  ZAirWaybillNumber,
  ZContainerNumber,
  ZDangerousGoodsClass,
  ZDimensionLine,
  ZHsCode,
  ZImoNumber,
  ZPackageTypeCode,
  ZSizeTypeCode,
  ZUnNumber,
} from './freight/index.ts';
import { ZPageQuery } from './lists.ts';
import { savedFilterInputOf } from './saved-filters.ts';

// Shipments (docs/decisions/043-shipments-model.md): the freight service's records, by sea and air.
// The identifiers' check digits and the standards' code lists come from ./freight/; the service
// applies the rules that join two fields (a load type or an Incoterms rule of the mode).

/** Road is reserved: the model has room for it, the API refuses it until it has its fields. */
export const shipmentModes = ['sea', 'air', 'road'] as const;
export type TShipmentMode = (typeof shipmentModes)[number];

export const shipmentDirections = ['export', 'import', 'cross-trade'] as const;
export type TShipmentDirection = (typeof shipmentDirections)[number];

export const shipmentLoadTypes = ['fcl', 'lcl', 'break-bulk', 'loose', 'uld'] as const;
export type TShipmentLoadType = (typeof shipmentLoadTypes)[number];

/** The load types each mode takes: full or shared containers or break bulk by sea; loose or ULD by air. */
export const loadTypesOfMode: Record<TShipmentMode, readonly TShipmentLoadType[]> = {
  sea: ['fcl', 'lcl', 'break-bulk'],
  air: ['loose', 'uld'],
  road: [],
};

/** Each role a shipment gives a contact; the customer is the one billed. */
export const shipmentPartyRoles = [
  'customer',
  'shipper',
  'consignee',
  'notifyParty',
  'originAgent',
  'destinationAgent',
  'carrier',
] as const;
export type TShipmentPartyRole = (typeof shipmentPartyRoles)[number];

/**
 * Derived from the booking status and the actual events (decisions 043 and 048); never stored. The
 * steps between booked and delivered are freight/milestones.ts's `progressStatuses`.
 */
export const operationalStatuses = [...progressStatuses, 'on-hold', 'completed', 'cancelled'] as const;
export type TOperationalStatus = (typeof operationalStatuses)[number];

/**
 * How a shipment stands in a consolidation (decision 043): a direct shipment is a master alone; a
 * master (MBL, MAWB) carries houses (HBL, HAWB) consolidated under it.
 */
export const shipmentConsolidations = ['direct', 'master', 'house'] as const;
export type TShipmentConsolidation = (typeof shipmentConsolidations)[number];

export const shipmentRules = {
  incotermPlaceMax: 100,
  vesselNameMax: 100,
  voyageNumberMax: 20,
  documentNumberMax: 35,
  notesMax: 5000,
  marksMax: 2000,
  cargoLinesMax: 200,
  containersMax: 200,
  cargoDescriptionMax: 500,
  dimensionLinesMax: 50,
  sealsMax: 5,
  sealMax: 20,
  packageCountMax: 1_000_000,
  weightKgMax: 10_000_000,
  volumeM3Max: 100_000,
  /** A consolidation of more is a data error; the bound keeps a master's read and history small. */
  housesPerMasterMax: 500,
} as const;

const ZId = z.uuid({ error: 'must be an id' });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/**
 * A number with a check digit, or none: empty means none, anything else must check. A refusal names
 * the digit that fits in its field's `params`, as a container number's does.
 */
const optionalChecked = (schema: typeof ZImoNumber) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(schema.nullable())
    .nullable()
    .optional();

/** A UN/LOCODE (country and three characters) or an IATA airport code, checked against the catalogues. */
export const ZLocationCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([A-Z]{2}[A-Z2-9]{3}|[A-Z]{3})$/, {
    error: 'must be a UN/LOCODE (like NLRTM) or an IATA airport code (like AMS)',
  });

/** An IATA flight: the airline's two-character designator, 1 to 4 digits, an optional suffix letter. */
export const ZFlightNumber = z
  .string()
  .trim()
  .toUpperCase()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(
    z.string().regex(/^[A-Z0-9]{2}\d{1,4}[A-Z]?$/, {
      error: 'must be a flight number: the airline code and 1 to 4 digits, like LH8160',
    }),
  );

export const ZShipmentParty = z
  .object({
    /** An organisation of the company's contacts. */
    organisationId: ZId,
    /** Optionally one of its people. */
    personId: ZId.nullable().optional(),
  })
  .strict();
export type TShipmentPartyInput = z.input<typeof ZShipmentParty>;

export const ZShipmentParties = z
  .object(
    Object.fromEntries(
      shipmentPartyRoles.map((role) => [role, ZShipmentParty.nullable().optional()]),
    ) as Record<TShipmentPartyRole, z.ZodOptional<z.ZodNullable<typeof ZShipmentParty>>>,
  )
  .strict();

/** The fields a shipment's create and update share; check digits and catalogue codes are checked by the service. */
const shipmentFields = {
  direction: z.enum(shipmentDirections),
  loadType: z.enum(shipmentLoadTypes),
  incoterm: z.enum(incotermRules).nullable().optional(),
  incotermPlace: optionalText(shipmentRules.incotermPlaceMax),
  parties: ZShipmentParties.optional(),
  placeOfReceipt: ZLocationCode.nullable().optional(),
  portOfLoading: ZLocationCode.nullable().optional(),
  portOfDischarge: ZLocationCode.nullable().optional(),
  placeOfDelivery: ZLocationCode.nullable().optional(),
  vesselName: optionalText(shipmentRules.vesselNameMax),
  /** `IMO 9074729` or its seven digits; the check digit is verified. */
  vesselImo: optionalChecked(ZImoNumber),
  voyageNumber: optionalText(shipmentRules.voyageNumberMax),
  flightNumber: ZFlightNumber.nullable().optional(),
  billOfLadingNumber: optionalText(shipmentRules.documentNumberMax),
  /** `176-12345675`; the check digit is verified. */
  airWaybillNumber: optionalChecked(ZAirWaybillNumber),
  plannedDeparture: ZDateTime.nullable().optional(),
  actualDeparture: ZDateTime.nullable().optional(),
  plannedArrival: ZDateTime.nullable().optional(),
  actualArrival: ZDateTime.nullable().optional(),
  /** Internal: never printed on a document. */
  notes: optionalText(shipmentRules.notesMax),
  marks: optionalText(shipmentRules.marksMax),
};

export const ZShipmentCreate = z
  .object({
    /** Road is refused until it has its own fields. */
    mode: z.enum(['sea', 'air'], { error: 'must be sea or air' }),
    /** A master (MBL, MAWB) to consolidate houses under, or a direct shipment (the default). */
    consolidation: z.enum(['direct', 'master'], { error: 'must be direct or master' }).optional(),
    ...shipmentFields,
  })
  .strict();
export type TShipmentCreate = z.input<typeof ZShipmentCreate>;

/** The mode stays: the reference was taken from the mode's sequence. */
export const ZShipmentUpdate = z.object(shipmentFields).partial().strict();
export type TShipmentUpdate = z.input<typeof ZShipmentUpdate>;

const ZCount = (max: number) =>
  z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max.toLocaleString('en')}`);

const ZAmount = (max: number, unit: string, { isZeroAllowed = true } = {}) =>
  z
    .number({ error: 'must be a number' })
    .min(0, 'must be 0 or more')
    .refine((value) => isZeroAllowed || value > 0, 'must be more than 0')
    .refine((value) => value <= max, `must be at most ${max.toLocaleString('en')} ${unit}`);

/** One cargo line: packages of one type and description; by air, the dimension lines of its pieces. */
export const ZCargoLine = z
  .object({
    packageCount: ZCount(shipmentRules.packageCountMax),
    /** A UN/ECE Recommendation 21 code (`CT` carton, `PX` pallet). */
    packageType: ZPackageTypeCode,
    description: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(
        shipmentRules.cargoDescriptionMax,
        `must be at most ${shipmentRules.cargoDescriptionMax} characters`,
      ),
    /** 6 to 10 digits, dots and spaces aside; stored as digits. */
    hsCode: ZHsCode.nullable().optional(),
    grossWeightKg: ZAmount(shipmentRules.weightKgMax, 'kg', { isZeroAllowed: false }),
    volumeM3: ZAmount(shipmentRules.volumeM3Max, 'm³').nullable().optional(),
    /** Four digits (`UN 1203` → `1203`); with a class, or neither. */
    dangerousGoodsUnNumber: ZUnNumber.nullable().optional(),
    /** 1.1 to 9 with the divisions (2.1, 5.2 …). */
    dangerousGoodsClass: ZDangerousGoodsClass.nullable().optional(),
    /** Air: pieces × length × width × height in cm, from which the volume weight comes. */
    dimensions: z
      .array(ZDimensionLine)
      .max(shipmentRules.dimensionLinesMax, `must have at most ${shipmentRules.dimensionLinesMax} lines`)
      .optional(),
  })
  .strict();
export type TCargoLineInput = z.input<typeof ZCargoLine>;

/** A container of a sea shipment: its ISO 6346 number, check digit verified, is unique in the shipment. */
export const ZShipmentContainer = z
  .object({
    number: ZContainerNumber,
    sizeType: ZSizeTypeCode,
    seals: z
      .array(
        z
          .string()
          .trim()
          .toUpperCase()
          .min(1, 'must not be empty')
          .max(shipmentRules.sealMax, `must be at most ${shipmentRules.sealMax} characters`),
      )
      .max(shipmentRules.sealsMax, `must have at most ${shipmentRules.sealsMax} seals`)
      .optional(),
    tareKg: ZAmount(shipmentRules.weightKgMax, 'kg').nullable().optional(),
    /** SOLAS verified gross mass: cargo, packing and the container's tare. */
    verifiedGrossMassKg: ZAmount(shipmentRules.weightKgMax, 'kg').nullable().optional(),
  })
  .strict();
export type TShipmentContainerInput = z.input<typeof ZShipmentContainer>;

/** PUT /shipments/:id/cargo: the shipment's cargo lines and containers, replaced as a whole. */
export const ZShipmentCargo = z
  .object({
    lines: z
      .array(ZCargoLine)
      .max(shipmentRules.cargoLinesMax, `must have at most ${shipmentRules.cargoLinesMax} lines`),
    containers: z
      .array(ZShipmentContainer)
      .max(shipmentRules.containersMax, `must have at most ${shipmentRules.containersMax} containers`)
      .default([]),
  })
  .strict();
export type TShipmentCargo = z.input<typeof ZShipmentCargo>;

/** PUT /shipments/:id/master: consolidates the shipment as a house under a master of its mode. */
export const ZShipmentMasterLink = z.object({ masterId: ZId }).strict();
export type TShipmentMasterLink = z.input<typeof ZShipmentMasterLink>;

export const ZShipmentBookingMove = z.object({ status: z.enum(bookingStatuses) }).strict();
export type TShipmentBookingMove = z.input<typeof ZShipmentBookingMove>;

export const ZShipmentIdParams = z.object({ id: ZId }).strict();

const ZNamed = z.object({ _id: z.string(), name: z.string() });

export const ZShipmentPartyView = z.object({
  organisation: ZNamed,
  person: ZNamed.nullable(),
});
export type TShipmentPartyView = z.infer<typeof ZShipmentPartyView>;

export const ZShipmentLocation = z.object({
  code: z.string(),
  kind: z.enum(['oceanport', 'airport']),
  name: z.string(),
  countryCode: z.string(),
  /** The IANA time zone, when the catalogue knows it. */
  timezone: z.string().nullable(),
});
export type TShipmentLocation = z.infer<typeof ZShipmentLocation>;

export const ZCargoLineView = z.object({
  packageCount: z.number(),
  packageType: z.string(),
  description: z.string(),
  hsCode: z.string().nullable(),
  grossWeightKg: z.number(),
  volumeM3: z.number().nullable(),
  dangerousGoodsUnNumber: z.string().nullable(),
  dangerousGoodsClass: z.string().nullable(),
  dimensions: z.array(
    z.object({ pieces: z.number(), lengthCm: z.number(), widthCm: z.number(), heightCm: z.number() }),
  ),
});
export type TCargoLineView = z.infer<typeof ZCargoLineView>;

export const ZShipmentContainerView = z.object({
  number: z.string(),
  sizeType: z.string(),
  seals: z.array(z.string()),
  tareKg: z.number().nullable(),
  verifiedGrossMassKg: z.number().nullable(),
});
export type TShipmentContainerView = z.infer<typeof ZShipmentContainerView>;

/**
 * Summed when read (decision 043): a master's totals are its own lines' and its houses'. By air,
 * the chargeable weight follows IATA: the greater of gross and volume weight (6,000 cm³ per kg),
 * up to the next half kilogram; `null` by sea.
 */
export const ZShipmentTotals = z.object({
  packages: z.number(),
  grossWeightKg: z.number(),
  volumeM3: z.number(),
  /** Containers by ISO size-type code, e.g. `{ "22G1": 2, "45G1": 1 }`. */
  containersBySizeType: z.record(z.string(), z.number()),
  containerCount: z.number(),
  volumeWeightKg: z.number().nullable(),
  chargeableWeightKg: z.number().nullable(),
  /** Which weight the air charge follows. */
  chargeableBasis: z.enum(['gross', 'volume']).nullable(),
});
export type TShipmentTotals = z.infer<typeof ZShipmentTotals>;

export const ZShipmentLink = z.object({ _id: z.string(), reference: z.string() });
export type TShipmentLink = z.infer<typeof ZShipmentLink>;

const shipmentCommon = {
  _id: z.string(),
  reference: z.string(),
  mode: z.enum(shipmentModes),
  direction: z.enum(shipmentDirections),
  loadType: z.enum(shipmentLoadTypes),
  bookingStatus: z.enum(bookingStatuses),
  operationalStatus: z.enum(operationalStatuses),
  consolidation: z.enum(shipmentConsolidations),
  plannedDeparture: z.string().nullable(),
  actualDeparture: z.string().nullable(),
  plannedArrival: z.string().nullable(),
  actualArrival: z.string().nullable(),
  /** Planned arrival passed with no actual arrival, on a shipment still under way. */
  isLate: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const ZShipmentSummary = z.object({
  ...shipmentCommon,
  customer: ZNamed.nullable(),
  portOfLoading: z.string().nullable(),
  portOfDischarge: z.string().nullable(),
  billOfLadingNumber: z.string().nullable(),
  airWaybillNumber: z.string().nullable(),
});
export type TShipmentSummary = z.infer<typeof ZShipmentSummary>;

export const ZShipment = z.object({
  ...shipmentCommon,
  incoterm: z.enum(incotermRules).nullable(),
  incotermPlace: z.string().nullable(),
  parties: z.object(
    Object.fromEntries(shipmentPartyRoles.map((role) => [role, ZShipmentPartyView.nullable()])) as Record<
      TShipmentPartyRole,
      z.ZodNullable<typeof ZShipmentPartyView>
    >,
  ),
  placeOfReceipt: ZShipmentLocation.nullable(),
  portOfLoading: ZShipmentLocation.nullable(),
  portOfDischarge: ZShipmentLocation.nullable(),
  placeOfDelivery: ZShipmentLocation.nullable(),
  vesselName: z.string().nullable(),
  vesselImo: z.string().nullable(),
  voyageNumber: z.string().nullable(),
  flightNumber: z.string().nullable(),
  billOfLadingNumber: z.string().nullable(),
  airWaybillNumber: z.string().nullable(),
  notes: z.string().nullable(),
  marks: z.string().nullable(),
  /** The booking statuses DCSA Booking 2.0 allows from this one. */
  bookingMoves: z.array(z.enum(bookingStatuses)),
  /** A house's master. */
  master: ZShipmentLink.nullable(),
  /** A master's houses, by reference. */
  houses: z.array(ZShipmentLink),
  cargoLines: z.array(ZCargoLineView),
  containers: z.array(ZShipmentContainerView),
  totals: ZShipmentTotals,
});
export type TShipment = z.infer<typeof ZShipment>;

const ZBooleanFlag = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();

export const shipmentSortFields = [
  'reference',
  'createdAt',
  'updatedAt',
  'plannedDeparture',
  'plannedArrival',
] as const;

/** GET /freightserver/api/v1/shipments: search by reference, party name, container, bill or air waybill number. */
export const ZShipmentListQuery = ZPageQuery.extend({
  mode: z.enum(shipmentModes).optional(),
  direction: z.enum(shipmentDirections).optional(),
  /** Masters only, say, for the picker a house is consolidated from. */
  consolidation: z.enum(shipmentConsolidations).optional(),
  bookingStatus: z.enum(bookingStatuses).optional(),
  portOfLoading: ZLocationCode.optional(),
  portOfDischarge: ZLocationCode.optional(),
  /** Shipments where this organisation or person holds any role. */
  partyId: ZId.optional(),
  departureFrom: ZDateTime.optional(),
  departureTo: ZDateTime.optional(),
  arrivalFrom: ZDateTime.optional(),
  arrivalTo: ZDateTime.optional(),
  /** Planned or actual arrival in the company's current week, Monday to Sunday. */
  arrivingThisWeek: ZBooleanFlag,
  /** Planned or actual departure in the company's current week, Monday to Sunday. */
  departingThisWeek: ZBooleanFlag,
  isLate: ZBooleanFlag,
}).strict();
export type TShipmentListQuery = z.input<typeof ZShipmentListQuery>;

const ZFlagText = z.enum(['true'], { error: 'must be true' }).optional();

/**
 * The part of the list's query a saved shipments filter keeps, as the list's address carries it:
 * everything but the page, departure and arrival as days (bounded in the reader's zone when applied).
 */
export const ZShipmentSavedQuery = ZShipmentListQuery.omit({
  page: true,
  pageSize: true,
  departureFrom: true,
  departureTo: true,
  arrivalFrom: true,
  arrivalTo: true,
  arrivingThisWeek: true,
  departingThisWeek: true,
  isLate: true,
})
  .extend({
    sort: z.enum(shipmentSortFields.flatMap((field) => [field, `-${field}`] as const)).optional(),
    departureFrom: ZCalendarDate.optional(),
    departureTo: ZCalendarDate.optional(),
    arrivalFrom: ZCalendarDate.optional(),
    arrivalTo: ZCalendarDate.optional(),
    arrivingThisWeek: ZFlagText,
    departingThisWeek: ZFlagText,
    isLate: ZFlagText,
  })
  .strict();

export const ZShipmentSavedFilterInput = savedFilterInputOf(ZShipmentSavedQuery);
export type TShipmentSavedFilterInput = z.input<typeof ZShipmentSavedFilterInput>;

/**
 * GET /freightserver/api/v1/shipments/counts: the dashboard's numbers in one answer, each exact and
 * counted by the same rules as the list's filters (this week in the company's time zone, late).
 */
export const ZShipmentCounts = z.object({
  arrivingThisWeek: z.number(),
  departingThisWeek: z.number(),
  late: z.number(),
  /** Every booking status, 0 where none is in it. */
  byBookingStatus: z.object(
    Object.fromEntries(bookingStatuses.map((status) => [status, z.number()])) as Record<
      (typeof bookingStatuses)[number],
      z.ZodNumber
    >,
  ),
  total: z.number(),
});
export type TShipmentCounts = z.infer<typeof ZShipmentCounts>;

/** The counts take no parameters: the week is the company's, the time is now. */
export const ZShipmentCountsQuery = z.object({}).strict();
