import { describe, expect, it } from 'vitest';
import { isPackageTypeCode, packageTypeCodes, packageTypes } from './package-types.ts';

describe('package types (UN/ECE Recommendation 21)', () => {
  it('uses the recommendation’s codes: PX pallet, PL pail, CT carton, PK package', () => {
    expect(packageTypes.PX).toBe('Pallet');
    expect(packageTypes.PL).toBe('Pail');
    expect(packageTypes.CT).toBe('Carton');
    expect(packageTypes.PK).toBe('Package');
    expect(packageTypeCodes.length).toBeGreaterThanOrEqual(30);
  });

  it('recognises the codes it offers, exactly', () => {
    for (const code of ['CT', 'PX', 'BX', 'BG', 'DR', 'CR', 'CS', 'BL', 'RL', 'SA', '8A'])
      expect(isPackageTypeCode(code), code).toBe(true);
    for (const code of ['ct', 'PAL', 'XX', '', 'toString']) expect(isPackageTypeCode(code), code).toBe(false);
  });
});
