import { describe, expect, it } from 'vitest';
import {
  cargoFieldPathOf,
  cargoInputOf,
  cargoValuesOf,
  containerSuggestionOf,
  containerSuggestionOfParams,
  containerSuggestionText,
  liveChargeableWeightOf,
} from './cargo-form-values.ts';

describe('the cargo form’s values', () => {
  const stored = {
    cargoLines: [
      {
        packageCount: 3,
        packageType: 'CT',
        description: 'Bicycle parts',
        hsCode: '871491',
        grossWeightKg: 40.5,
        volumeM3: null,
        dangerousGoodsUnNumber: null,
        dangerousGoodsClass: null,
        dimensions: [{ pieces: 3, lengthCm: 30, widthCm: 45.5, heightCm: 65 }],
      },
    ],
    containers: [
      {
        number: 'MSKU9070323',
        sizeType: '22G1',
        seals: ['SL1', 'SL2'],
        tareKg: 2200,
        verifiedGrossMassKg: null,
      },
    ],
  };

  it('shows stored numbers with the user’s decimal separator and reads them back', () => {
    const values = cargoValuesOf(stored, ',');
    expect(values.lines[0]).toMatchObject({ grossWeightKg: '40,5', volumeM3: '', hsCode: '871491' });
    expect(values.lines[0]?.dimensions?.[0]).toEqual({
      pieces: '3',
      lengthCm: '30',
      widthCm: '45,5',
      heightCm: '65',
    });
    expect(values.containers[0]).toMatchObject({
      seals: 'SL1, SL2',
      tareKg: '2200',
      verifiedGrossMassKg: '',
    });
    expect(cargoInputOf(values, 'air')).toEqual({
      lines: [
        {
          packageCount: 3,
          packageType: 'CT',
          description: 'Bicycle parts',
          hsCode: '871491',
          grossWeightKg: 40.5,
          volumeM3: null,
          dangerousGoodsUnNumber: null,
          dangerousGoodsClass: null,
          dimensions: [{ pieces: 3, lengthCm: 30, widthCm: 45.5, heightCm: 65 }],
        },
      ],
      containers: [],
    });
  });

  it('sends containers and no dimensions by sea, seals split on commas and spaces', () => {
    const input = cargoInputOf(
      {
        lines: [{ packageCount: '1', grossWeightKg: '10' }],
        containers: [{ number: ' msku9070323 ', sizeType: '22G1', seals: 'a1, b2 c3' }],
      },
      'sea',
    );
    expect(input.lines[0]).not.toHaveProperty('dimensions');
    expect(input.containers).toEqual([
      {
        number: 'msku9070323',
        sizeType: '22G1',
        seals: ['a1', 'b2', 'c3'],
        tareKg: null,
        verifiedGrossMassKg: null,
      },
    ]);
  });
});

describe('the live chargeable weight', () => {
  it('follows the volume when one 120 × 100 × 100 cm piece weighs 50 kg', () => {
    expect(
      liveChargeableWeightOf([
        {
          grossWeightKg: '50',
          dimensions: [{ pieces: '1', lengthCm: '120', widthCm: '100', heightCm: '100' }],
        },
      ]),
    ).toEqual({ grossKg: 50, volumeKg: 200, chargeableKg: 200, basis: 'volume' });
  });

  it('counts a line without dimensions by its volume, and rounds up to the next half kilogram', () => {
    expect(
      liveChargeableWeightOf([
        { grossWeightKg: '120,2', volumeM3: '0.3' },
        { grossWeightKg: '10', volumeM3: '0.06' },
      ]),
    ).toEqual({
      grossKg: 130.2,
      volumeKg: 60,
      chargeableKg: 130.5,
      basis: 'gross',
    });
  });

  it('leaves out what is not typed yet, and shows nothing for nothing', () => {
    expect(liveChargeableWeightOf([])).toBeUndefined();
    expect(
      liveChargeableWeightOf([{ grossWeightKg: 'abc', dimensions: [{ lengthCm: '120' }] }]),
    ).toBeUndefined();
    expect(
      liveChargeableWeightOf([
        {
          grossWeightKg: '40',
          dimensions: [{ pieces: '3', lengthCm: '30', widthCm: '45', heightCm: '65' }, { lengthCm: '10' }],
        },
      ]),
    ).toMatchObject({ volumeKg: 43.875, chargeableKg: 44, basis: 'volume' });
  });
});

describe('a container number’s suggestion', () => {
  it('names the check digit and the number one character away', () => {
    const suggestion = containerSuggestionOf('MSKU9070320');
    expect(suggestion).toEqual({ expectedDigit: 3, suggestion: 'MSKU9070323' });
    expect(suggestion && containerSuggestionText(suggestion)).toBe(
      'Check digit should be 3: did you mean MSKU9070323?',
    );
  });

  it('says nothing for a number that checks, is still short, or is empty', () => {
    for (const text of ['MSKU9070323', 'msku 907032-3', 'MSKU907', '', undefined])
      expect(containerSuggestionOf(text), String(text)).toBeUndefined();
  });

  it('reads the server’s suggestion from a refusal’s params', () => {
    expect(
      containerSuggestionOfParams({
        problem: 'check-digit',
        expectedDigit: 3,
        suggestions: ['MSKU9070323', 'MSKU9070343'],
      }),
    ).toEqual({ expectedDigit: 3, suggestion: 'MSKU9070323' });
    expect(containerSuggestionOfParams({ problem: 'shape' })).toBeUndefined();
    expect(containerSuggestionOfParams(undefined)).toBeUndefined();
  });
});

describe('where a server refusal lands', () => {
  it('puts a line’s, a dimension’s, a container’s or a seal’s refusal on its field', () => {
    expect(cargoFieldPathOf('lines.0.hsCode')).toEqual(['lines', 0, 'hsCode']);
    expect(cargoFieldPathOf('lines.2.dimensions.1.lengthCm')).toEqual([
      'lines',
      2,
      'dimensions',
      1,
      'lengthCm',
    ]);
    expect(cargoFieldPathOf('containers.0.number')).toEqual(['containers', 0, 'number']);
    expect(cargoFieldPathOf('containers.1.seals.3')).toEqual(['containers', 1, 'seals']);
  });

  it('leaves a refusal of the whole to be shown above the form', () => {
    for (const field of ['containers', 'lines', 'lines.0', 'lines.0.dimensions', 'lines.0.unknown', ''])
      expect(cargoFieldPathOf(field), field).toBeUndefined();
  });
});
