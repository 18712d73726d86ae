import type {
  TChargeLine,
  TChargeSide,
  TChargeUnit,
  TDropdownValue,
  TShipmentChargesInput,
} from '@cargodesk/shared';

// A shipment's charge lines between the API and the screen: the form's values, the words a line
// is read by, and the exact amounts written with the user's separators.

/** One line as the charges form holds it. */
export type TChargeLineValues = {
  side: TChargeSide;
  chargeCode?: string;
  description?: string;
  partyId?: string;
  quantity?: string;
  unit: TChargeUnit;
  unitPrice?: string;
  currency?: string;
  date?: string;
};

export const chargeSideLabels: Record<TChargeSide, string> = { sell: 'Sell', buy: 'Buy' };

/**
 * A decimal as the API takes it: "125,50" typed with a decimal comma becomes "125.50". Text with
 * both separators, or anything else, goes as typed, for the check to refuse rather than guess.
 */
export const decimalTextOf = (typed: string) => {
  const trimmed = typed.trim();
  return /^\d+,\d+$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
};

/** A line the server sent, as the form edits it. */
export const lineValuesOf = (line: TChargeLine): TChargeLineValues => ({
  side: line.side,
  chargeCode: line.chargeCode,
  description: line.description,
  partyId: line.party._id,
  quantity: line.quantity,
  unit: line.unit,
  unitPrice: line.unitPrice,
  currency: line.currency,
  date: line.date,
});

/** The form's lines as PUT /shipments/:id/charges takes them, in the form's order. */
export const chargesInputOf = (lines: TChargeLineValues[]): TShipmentChargesInput => ({
  lines: lines.map((line) => ({
    side: line.side,
    chargeCode: line.chargeCode ?? '',
    description: line.description?.trim() ?? '',
    partyId: line.partyId ?? '',
    quantity: decimalTextOf(line.quantity ?? ''),
    unit: line.unit,
    unitPrice: decimalTextOf(line.unitPrice ?? ''),
    currency: line.currency ?? '',
    date: line.date ?? '',
  })),
});

/** "THC-O – Terminal handling, origin"; the code alone when the list no longer has it. */
export const chargeCodeLabelOf = (code: string, codes: readonly TDropdownValue[]) => {
  const known = codes.find((value) => value.value === code);
  return known ? `${code} – ${known.label}` : code;
};

/**
 * The charge codes a line may take: the list's active ones, then any a line already has that the
 * list no longer offers (the server keeps accepting those).
 */
export const chargeCodeOptionsOf = (codes: readonly TDropdownValue[], used: readonly string[]) => [
  ...codes.map((value) => ({ value: value.value, label: `${value.value} – ${value.label}` })),
  ...[...new Set(used)]
    .filter((code) => code && !codes.some((value) => value.value === code))
    .map((code) => ({ value: code, label: code })),
];

/** The currencies a line may take: those in use, then the base and the lines' own if missing. */
export const currencyOptionsOf = (
  inUse: readonly { code: string; name: string }[],
  extra: readonly (string | null | undefined)[],
) => [
  ...inUse.map((currency) => ({ value: currency.code, label: `${currency.code} – ${currency.name}` })),
  ...[...new Set(extra)]
    .filter((code): code is string => Boolean(code) && !inUse.some((currency) => currency.code === code))
    .map((code) => ({ value: code, label: code })),
];

/** An exact amount the API sends as text, with the user's separators and the currency's code. */
export const moneyText = (
  formatDecimalText: (text: string) => string,
  amount: string,
  currency: string | null,
) => (currency ? `${formatDecimalText(amount)} ${currency}` : formatDecimalText(amount));
