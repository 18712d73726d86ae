import { z } from 'zod';
import { ZCalendarDate } from './date-schemas.ts';

// A shipment's buy and sell lines (docs/decisions/043-shipments-model.md, charges): amounts are
// decimal strings, exact, never floating point.

export const chargeSides = ['buy', 'sell'] as const;
export type TChargeSide = (typeof chargeSides)[number];

/** What a line's quantity counts: a small fixed list, as forwarders quote. */
export const chargeUnits = ['shipment', 'container', 'kg', 'chargeable-kg', 'm3', 'piece'] as const;
export type TChargeUnit = (typeof chargeUnits)[number];
export const chargeUnitLabels: Record<TChargeUnit, string> = {
  shipment: 'per shipment',
  container: 'per container',
  kg: 'per kg',
  'chargeable-kg': 'per chargeable kg',
  m3: 'per m³',
  piece: 'per piece',
};

/** The company picklist the charge codes come from (master-data picklists, module and key). */
export const chargeCodePicklist = { module: 'freight', group: 'charge_code' } as const;

export const chargeRules = {
  linesMax: 200,
  descriptionMax: 200,
  quantityDecimals: 3,
  unitPriceDecimals: 4,
} as const;

const ZDecimalText = (wholeDigits: number, decimals: number, { isZeroAllowed }: { isZeroAllowed: boolean }) =>
  z
    .string({ error: 'must be a number written as text, like "125.50"' })
    .trim()
    .regex(
      new RegExp(`^\\d{1,${wholeDigits}}(\\.\\d{1,${decimals}})?$`),
      `must be a number of at most ${wholeDigits} digits and ${decimals} decimals, like "125.50"`,
    )
    .refine((value) => isZeroAllowed || /[1-9]/.test(value), 'must be more than 0');

/** One buy or sell line as written. */
export const ZChargeLineInput = z
  .object({
    side: z.enum(chargeSides, { error: 'must be buy or sell' }),
    chargeCode: z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters'),
    description: z
      .string()
      .trim()
      .max(chargeRules.descriptionMax, `must be at most ${chargeRules.descriptionMax} characters`)
      .default(''),
    partyId: z.uuid({ error: 'must be an id' }),
    quantity: ZDecimalText(9, chargeRules.quantityDecimals, { isZeroAllowed: false }),
    unit: z.enum(chargeUnits, { error: `must be one of ${chargeUnits.join(', ')}` }),
    unitPrice: ZDecimalText(12, chargeRules.unitPriceDecimals, { isZeroAllowed: true }),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code'),
    date: ZCalendarDate,
  })
  .strict();
export type TChargeLineInput = z.input<typeof ZChargeLineInput>;

/** PUT /shipments/:id/charges: the shipment's buy and sell lines, replaced as a whole. */
export const ZShipmentChargesInput = z
  .object({
    lines: z
      .array(ZChargeLineInput)
      .max(chargeRules.linesMax, `must have at most ${chargeRules.linesMax} lines`),
  })
  .strict();
export type TShipmentChargesInput = z.input<typeof ZShipmentChargesInput>;

/** The exchange rate copied onto a line when it was written: 1 `currency` is `rate` `baseCurrency`. */
export const ZChargeRateSnapshot = z.object({
  rate: z.string(),
  baseCurrency: z.string(),
  /** The effective date of the rate in force on the line's date (the line's date for the base currency). */
  effectiveDate: z.string(),
});
export type TChargeRateSnapshot = z.infer<typeof ZChargeRateSnapshot>;

export const ZChargeLine = z.object({
  side: z.enum(chargeSides),
  chargeCode: z.string(),
  description: z.string(),
  party: z.object({ _id: z.string(), name: z.string() }),
  quantity: z.string(),
  unit: z.enum(chargeUnits),
  unitPrice: z.string(),
  currency: z.string(),
  date: z.string(),
  /** quantity × unit price in the line's currency, rounded to its minor units. */
  amount: z.string(),
  exchangeRate: ZChargeRateSnapshot,
  /** The amount at the snapshot's rate, in its base currency, rounded to its minor units. */
  baseAmount: z.string(),
});
export type TChargeLine = z.infer<typeof ZChargeLine>;

/** GET /shipments/:id/charges: the lines and the totals in the company's base currency. */
export const ZShipmentCharges = z.object({
  baseCurrency: z.string().nullable(),
  lines: z.array(ZChargeLine),
  totals: z.object({
    /** Sell lines. */
    revenue: z.string(),
    /** Buy lines. */
    cost: z.string(),
    margin: z.string(),
    /** margin ÷ revenue × 100, two decimals; null without revenue. */
    marginPercent: z.string().nullable(),
    /** Lines whose snapshot is against an earlier base currency, left out of the totals. */
    linesInOtherBase: z.number(),
  }),
});
export type TShipmentCharges = z.infer<typeof ZShipmentCharges>;
