import { describe, expect, it } from 'vitest';
import {
  chargeableWeightKg,
  chargeableWeightOfLines,
  roundDimensionCm,
  roundUpToHalfKg,
  volumeWeightKg,
  volumeWeightOfLinesKg,
} from './chargeable-weight.ts';

describe('chargeable weight (IATA)', () => {
  it('computes volume weight at 6,000 cm³ per kg', () => {
    expect(volumeWeightKg({ lengthCm: 30, widthCm: 45, heightCm: 65 })).toBe(14.625);
    expect(volumeWeightKg({ lengthCm: 100, widthCm: 60, heightCm: 100 })).toBe(100);
    expect(volumeWeightKg({ lengthCm: 120, widthCm: 80, heightCm: 100, pieces: 3 })).toBe(480);
  });

  it('rounds each dimension to the nearest centimetre, a half up', () => {
    expect(roundDimensionCm(30.4)).toBe(30);
    expect(roundDimensionCm(30.5)).toBe(31);
    expect(volumeWeightKg({ lengthCm: 59.5, widthCm: 50.4, heightCm: 20 })).toBe(10); // 60 × 50 × 20
  });

  it('rounds the chargeable weight up to the next half kilogram, a half staying', () => {
    const cases: [number, number][] = [
      [14, 14],
      [14.01, 14.5],
      [14.4, 14.5],
      [14.5, 14.5],
      [14.51, 15],
      [14.99, 15],
      [0.1, 0.5],
      [0, 0],
    ];
    for (const [weight, rounded] of cases) expect(roundUpToHalfKg(weight), String(weight)).toBe(rounded);
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; it still rounds to 0.5, and 0.5 + 1e-15 stays 0.5.
    expect(roundUpToHalfKg(0.1 + 0.2)).toBe(0.5);
    expect(roundUpToHalfKg(0.5 + 1e-15)).toBe(0.5);
  });

  it('charges the greater of gross and volume weight', () => {
    expect(chargeableWeightKg({ grossKg: 14, volumeKg: 14.625 })).toBe(15);
    expect(chargeableWeightKg({ grossKg: 20.2, volumeKg: 14.625 })).toBe(20.5);
    expect(chargeableWeightKg({ grossKg: 10, volumeKg: 10 })).toBe(10);
  });

  it('sums several dimension lines before dividing', () => {
    const lines = [
      { lengthCm: 30, widthCm: 45, heightCm: 65 },
      { lengthCm: 120, widthCm: 80, heightCm: 100, pieces: 2 },
    ];
    expect(volumeWeightOfLinesKg(lines)).toBe((87_750 + 1_920_000) / 6000);
    expect(volumeWeightOfLinesKg([])).toBe(0);
    expect(chargeableWeightOfLines({ grossKg: 250, lines })).toEqual({
      grossKg: 250,
      volumeKg: 334.625,
      chargeableKg: 335,
      basis: 'volume',
    });
    expect(chargeableWeightOfLines({ grossKg: 400.2, lines })).toMatchObject({
      chargeableKg: 400.5,
      basis: 'gross',
    });
  });

  it('refuses dimensions and weights that cannot be measured', () => {
    expect(() => volumeWeightKg({ lengthCm: 0, widthCm: 10, heightCm: 10 })).toThrow(RangeError);
    expect(() => volumeWeightKg({ lengthCm: 10, widthCm: -1, heightCm: 10 })).toThrow(RangeError);
    expect(() => volumeWeightKg({ lengthCm: 10, widthCm: 10, heightCm: Number.NaN })).toThrow(RangeError);
    expect(() => volumeWeightKg({ lengthCm: 10, widthCm: 10, heightCm: 10, pieces: 1.5 })).toThrow(
      RangeError,
    );
    expect(() => volumeWeightKg({ lengthCm: 10, widthCm: 10, heightCm: 10, pieces: 0 })).toThrow(RangeError);
    expect(() => chargeableWeightKg({ grossKg: -1, volumeKg: 1 })).toThrow(RangeError);
    expect(() => chargeableWeightKg({ grossKg: 1, volumeKg: Number.POSITIVE_INFINITY })).toThrow(RangeError);
  });
});
