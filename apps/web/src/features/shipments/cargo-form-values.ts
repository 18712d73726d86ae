import {
  chargeableWeightKg,
  checkContainerNumber,
  type TChargeableWeight,
  type TDimensionLine,
  type TShipment,
  type TShipmentCargo,
  volumeDivisorCm3PerKg,
  volumeWeightOfLinesKg,
} from '@cargodesk/shared';
import { parseDecimal } from '@/lib/forms/decimal.ts';
import { formNamePathOf } from '@/lib/forms/server-field-errors.ts';

// The cargo form's values and the body of PUT /shipments/:id/cargo, each made from the other.
// Numbers are held as typed text and read by `parseDecimal`, so "12,5" means what the user meant.

export type TDimensionValues = { pieces?: string; lengthCm?: string; widthCm?: string; heightCm?: string };

export type TCargoLineValues = {
  packageCount?: string;
  packageType?: string;
  description?: string;
  hsCode?: string;
  grossWeightKg?: string;
  volumeM3?: string;
  dangerousGoodsUnNumber?: string;
  dangerousGoodsClass?: string | null;
  dimensions?: TDimensionValues[];
};

export type TContainerValues = {
  number?: string;
  sizeType?: string;
  /** Seal numbers separated by commas or spaces. */
  seals?: string;
  tareKg?: string;
  verifiedGrossMassKg?: string;
};

export type TCargoValues = { lines: TCargoLineValues[]; containers: TContainerValues[] };

/** A stored number as the user types numbers: their decimal separator, no thousands. */
export const decimalTextOf = (value: number | null, decimalSeparator: string) =>
  value === null ? '' : String(value).replace('.', decimalSeparator);

/** The form's values for a shipment's cargo as stored. */
export const cargoValuesOf = (
  shipment: Pick<TShipment, 'cargoLines' | 'containers'>,
  decimalSeparator: string,
): TCargoValues => {
  const text = (value: number | null) => decimalTextOf(value, decimalSeparator);
  return {
    lines: shipment.cargoLines.map((line) => ({
      packageCount: String(line.packageCount),
      packageType: line.packageType,
      description: line.description,
      hsCode: line.hsCode ?? '',
      grossWeightKg: text(line.grossWeightKg),
      volumeM3: text(line.volumeM3),
      dangerousGoodsUnNumber: line.dangerousGoodsUnNumber ?? '',
      dangerousGoodsClass: line.dangerousGoodsClass,
      dimensions: line.dimensions.map((dimension) => ({
        pieces: String(dimension.pieces),
        lengthCm: text(dimension.lengthCm),
        widthCm: text(dimension.widthCm),
        heightCm: text(dimension.heightCm),
      })),
    })),
    containers: shipment.containers.map((container) => ({
      number: container.number,
      sizeType: container.sizeType,
      seals: container.seals.join(', '),
      tareKg: text(container.tareKg),
      verifiedGrossMassKg: text(container.verifiedGrossMassKg),
    })),
  };
};

const textOrNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

// The form's rules have read every number already; a text that slipped past them is sent as NaN
// and refused by the server on its field rather than guessed at here.
const numberOrNull = (text: string | undefined) => (text?.trim() ? (parseDecimal(text) ?? Number.NaN) : null);

/** The body of PUT …/cargo: by air the dimension lines and no containers, by sea the containers. */
export const cargoInputOf = (values: TCargoValues, mode: TShipment['mode']): TShipmentCargo => ({
  lines: (values.lines ?? []).map((line) => ({
    packageCount: numberOrNull(line.packageCount) ?? Number.NaN,
    packageType: line.packageType ?? '',
    description: line.description?.trim() ?? '',
    hsCode: textOrNull(line.hsCode),
    grossWeightKg: numberOrNull(line.grossWeightKg) ?? Number.NaN,
    volumeM3: numberOrNull(line.volumeM3),
    dangerousGoodsUnNumber: textOrNull(line.dangerousGoodsUnNumber),
    dangerousGoodsClass: textOrNull(line.dangerousGoodsClass),
    ...(mode === 'air'
      ? {
          dimensions: (line.dimensions ?? []).map((dimension) => ({
            pieces: numberOrNull(dimension.pieces) ?? 1,
            lengthCm: numberOrNull(dimension.lengthCm) ?? Number.NaN,
            widthCm: numberOrNull(dimension.widthCm) ?? Number.NaN,
            heightCm: numberOrNull(dimension.heightCm) ?? Number.NaN,
          })),
        }
      : {}),
  })),
  containers:
    mode === 'sea'
      ? (values.containers ?? []).map((container) => ({
          number: container.number?.trim() ?? '',
          sizeType: container.sizeType ?? '',
          seals: (container.seals ?? '').split(/[\s,;]+/).filter(Boolean),
          tareKg: numberOrNull(container.tareKg),
          verifiedGrossMassKg: numberOrNull(container.verifiedGrossMassKg),
        }))
      : [],
});

const positiveNumber = (text: string | undefined) => {
  const value = text?.trim() ? parseDecimal(text) : undefined;
  return value !== undefined && value > 0 ? value : undefined;
};

/** A dimension line as typed, when all of it reads as a measured piece; pieces default to one. */
const measuredDimension = (dimension: TDimensionValues): TDimensionLine | undefined => {
  const lengthCm = positiveNumber(dimension.lengthCm);
  const widthCm = positiveNumber(dimension.widthCm);
  const heightCm = positiveNumber(dimension.heightCm);
  const pieces = dimension.pieces?.trim() ? parseDecimal(dimension.pieces) : 1;
  if (!lengthCm || !widthCm || !heightCm || !pieces || !Number.isInteger(pieces) || pieces < 1)
    return undefined;
  return { lengthCm, widthCm, heightCm, pieces };
};

/** Sums to the gram, as the server's totals do. */
const toGram = (kg: number) => Math.round(kg * 1000) / 1000;

/**
 * The air chargeable weight of the lines as typed, the way the server totals them (decision 043):
 * measured pieces give a line's volume weight, a line without them its volume at 6,000 cm³ per kg.
 * Parts not yet readable count as nothing; nothing readable at all gives undefined.
 */
export const liveChargeableWeightOf = (lines: readonly TCargoLineValues[]): TChargeableWeight | undefined => {
  let grossKg = 0;
  let volumeKg = 0;
  for (const line of lines) {
    grossKg += positiveNumber(line.grossWeightKg) ?? 0;
    const measured = (line.dimensions ?? []).flatMap((dimension) => measuredDimension(dimension) ?? []);
    volumeKg +=
      measured.length > 0
        ? volumeWeightOfLinesKg(measured)
        : ((positiveNumber(line.volumeM3) ?? 0) * 1_000_000) / volumeDivisorCm3PerKg;
  }
  if (grossKg === 0 && volumeKg === 0) return undefined;
  const gross = toGram(grossKg);
  const volume = toGram(volumeKg);
  return {
    grossKg: gross,
    volumeKg: volume,
    chargeableKg: chargeableWeightKg({ grossKg: gross, volumeKg: volume }),
    basis: volume > gross ? 'volume' : 'gross',
  };
};

/** A container number one character off, with the check digit that fits and the likeliest number. */
export type TContainerSuggestion = { expectedDigit: number; suggestion: string };

/** The "did you mean" of a number typed with a wrong check digit; none while it is short or right. */
export const containerSuggestionOf = (text: string | undefined): TContainerSuggestion | undefined => {
  if (!text?.trim()) return undefined;
  const check = checkContainerNumber(text);
  if (check.ok || check.problem !== 'check-digit') return undefined;
  const suggestion = check.suggestions?.[0];
  return suggestion && check.expectedDigit !== undefined
    ? { expectedDigit: check.expectedDigit, suggestion }
    : undefined;
};

/** The same from a server refusal's `params` (`{ problem: 'check-digit', expectedDigit, suggestions }`). */
export const containerSuggestionOfParams = (
  params: Record<string, unknown> | undefined,
): TContainerSuggestion | undefined => {
  const suggestion = Array.isArray(params?.suggestions) ? params.suggestions[0] : undefined;
  const expectedDigit = params?.expectedDigit;
  return params?.problem === 'check-digit' &&
    typeof suggestion === 'string' &&
    typeof expectedDigit === 'number'
    ? { expectedDigit, suggestion }
    : undefined;
};

/** The words under a container number whose check digit is wrong. */
export const containerSuggestionText = ({ expectedDigit, suggestion }: TContainerSuggestion) =>
  `Check digit should be ${expectedDigit}: did you mean ${suggestion}?`;

const lineFields = new Set([
  'packageCount',
  'packageType',
  'description',
  'hsCode',
  'grossWeightKg',
  'volumeM3',
  'dangerousGoodsUnNumber',
  'dangerousGoodsClass',
]);
const dimensionFields = new Set(['pieces', 'lengthCm', 'widthCm', 'heightCm']);
const containerFields = new Set(['number', 'sizeType', 'seals', 'tareKg', 'verifiedGrossMassKg']);

/**
 * Where a server refusal (`containers.0.number`) lands on the cargo form; none for a refusal of
 * the whole (`containers` on an air shipment, too many lines), which the form shows above itself.
 * A refused seal lands on the one seals field.
 */
export const cargoFieldPathOf = (field: string): (string | number)[] | undefined => {
  const [list, index, name, subIndex, subName] = formNamePathOf(field);
  if (typeof index !== 'number' || typeof name !== 'string') return undefined;
  if (list === 'lines' && lineFields.has(name) && subIndex === undefined) return ['lines', index, name];
  if (list === 'lines' && name === 'dimensions' && typeof subIndex === 'number')
    return typeof subName === 'string' && dimensionFields.has(subName)
      ? ['lines', index, 'dimensions', subIndex, subName]
      : undefined;
  if (list === 'containers' && containerFields.has(name)) return ['containers', index, name];
  return undefined;
};
