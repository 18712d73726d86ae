// Air chargeable weight after the IATA rules (TACT): the greater of the gross weight and the
// volume weight, volume weight being the consignment's volume at 6,000 cm³ per kg.
// Rounding, as IATA has it for kilograms: each dimension to the nearest whole centimetre (half a
// centimetre or more up), and the weight up to the next half kilogram (14.1 → 14.5, 14.6 → 15,
// 14.5 stays). Rounding the greater weight up equals taking the greater of the rounded weights,
// so the rounding is applied once, at the end.

export const volumeDivisorCm3PerKg = 6000;

export type TDimensionLine = { lengthCm: number; widthCm: number; heightCm: number; pieces?: number };

const requirePositive = (value: number, name: string) => {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be a positive number`);
};

/** A measured dimension as IATA counts it: to the nearest centimetre, a half rounded up. */
export const roundDimensionCm = (cm: number) => Math.floor(cm + 0.5);

/** Up to the next half kilogram; a hair of floating-point noise above a half does not count. */
export const roundUpToHalfKg = (kg: number) => Math.ceil(kg * 2 - 1e-9) / 2 || 0;

const lineVolumeCm3 = ({ lengthCm, widthCm, heightCm, pieces = 1 }: TDimensionLine) => {
  requirePositive(lengthCm, 'Length');
  requirePositive(widthCm, 'Width');
  requirePositive(heightCm, 'Height');
  if (!Number.isInteger(pieces) || pieces < 1)
    throw new RangeError('Pieces must be a whole number, 1 or more');
  return roundDimensionCm(lengthCm) * roundDimensionCm(widthCm) * roundDimensionCm(heightCm) * pieces;
};

/** The volume weight of one dimension line, unrounded (30 × 45 × 65 cm → 14.625 kg). */
export const volumeWeightKg = (line: TDimensionLine) => lineVolumeCm3(line) / volumeDivisorCm3PerKg;

/** The volume weight of several dimension lines: their volumes summed, then divided once. */
export const volumeWeightOfLinesKg = (lines: readonly TDimensionLine[]) =>
  lines.reduce((sum, line) => sum + lineVolumeCm3(line), 0) / volumeDivisorCm3PerKg;

/** The greater of gross and volume weight, rounded up to the next half kilogram. */
export const chargeableWeightKg = ({ grossKg, volumeKg }: { grossKg: number; volumeKg: number }) => {
  if (!Number.isFinite(grossKg) || grossKg < 0) throw new RangeError('Gross weight must be 0 or more');
  if (!Number.isFinite(volumeKg) || volumeKg < 0) throw new RangeError('Volume weight must be 0 or more');
  return roundUpToHalfKg(Math.max(grossKg, volumeKg));
};

export type TChargeableWeight = {
  grossKg: number;
  volumeKg: number;
  chargeableKg: number;
  /** Which weight the charge follows; `gross` when they are equal. */
  basis: 'gross' | 'volume';
};

/** Chargeable weight of a consignment from its gross weight and dimension lines, with the breakdown. */
export const chargeableWeightOfLines = ({
  grossKg,
  lines,
}: {
  grossKg: number;
  lines: readonly TDimensionLine[];
}): TChargeableWeight => {
  const volumeKg = volumeWeightOfLinesKg(lines);
  return {
    grossKg,
    volumeKg,
    chargeableKg: chargeableWeightKg({ grossKg, volumeKg }),
    basis: volumeKg > grossKg ? 'volume' : 'gross',
  };
};
