import {
  chargeableWeightKg,
  type TShipmentMode,
  type TShipmentTotals,
  volumeDivisorCm3PerKg,
  volumeWeightOfLinesKg,
} from '@cargodesk/shared';
import type { TCargoLineRow, TContainerRow } from './repository.ts';

// A shipment's totals, summed when read (decision 043): for a master, over its own lines and
// containers and its houses'. Nothing is stored, so attaching, moving or detaching a house, or
// changing its cargo, can never leave a master's totals stale.

const cm3PerM3 = 1_000_000;

/** Floating-point sums to the gram and the litre, as a forwarder reads them. */
const rounded = (value: number) => Math.round(value * 1000) / 1000;

export const totalsOf = (
  mode: TShipmentMode,
  lines: readonly TCargoLineRow[],
  containers: readonly TContainerRow[],
): TShipmentTotals => {
  let packages = 0;
  let grossWeightKg = 0;
  let volumeM3 = 0;
  let volumeWeightKg = 0;
  for (const line of lines) {
    packages += line.packageCount;
    grossWeightKg += line.grossWeightKg;
    // Measured pieces give the volume weight (IATA rounds each dimension); a line with only its
    // volume counts that volume at the same 6,000 cm³ per kg.
    const measured = line.dimensions.length > 0 ? volumeWeightOfLinesKg(line.dimensions) : null;
    volumeWeightKg += measured ?? ((line.volumeM3 ?? 0) * cm3PerM3) / volumeDivisorCm3PerKg;
    volumeM3 += line.volumeM3 ?? (measured === null ? 0 : (measured * volumeDivisorCm3PerKg) / cm3PerM3);
  }
  const containersBySizeType: Record<string, number> = {};
  for (const container of containers)
    containersBySizeType[container.sizeType] = (containersBySizeType[container.sizeType] ?? 0) + 1;
  const isAir = mode === 'air';
  const chargeable = isAir
    ? chargeableWeightKg({ grossKg: grossWeightKg, volumeKg: rounded(volumeWeightKg) })
    : null;
  return {
    packages,
    grossWeightKg: rounded(grossWeightKg),
    volumeM3: rounded(volumeM3),
    containersBySizeType,
    containerCount: containers.length,
    volumeWeightKg: isAir ? rounded(volumeWeightKg) : null,
    chargeableWeightKg: chargeable,
    chargeableBasis: isAir ? (volumeWeightKg > grossWeightKg ? 'volume' : 'gross') : null,
  };
};
