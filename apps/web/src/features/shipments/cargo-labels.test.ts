import { describe, expect, it } from 'vitest';
import {
  containersBySizeTypeText,
  dangerousGoodsText,
  packageTypeName,
  packageTypeOptions,
  sizeTypeDescription,
  sizeTypeOptionsWith,
} from './cargo-labels.ts';

describe('the cargo codes’ words', () => {
  it('names package types after UN/ECE Rec. 21, searchable by name and code', () => {
    expect(packageTypeName('PX')).toBe('Pallet');
    expect(packageTypeName('ZZ')).toBe('ZZ');
    expect(packageTypeOptions.find((option) => option.value === 'CT')?.label).toBe('Carton (CT)');
  });

  it('describes size-types, keeping a held code the common list lacks', () => {
    expect(sizeTypeDescription('45G1')).toBe("40' high cube general purpose");
    expect(sizeTypeDescription('99Q9')).toBe('');
    const options = sizeTypeOptionsWith(['22G1', '42GP']);
    expect(options.filter((option) => option.value === '22G1')).toHaveLength(1);
    expect(options.at(-1)?.value).toBe('42GP');
  });

  it('writes dangerous goods and containers by size-type as a forwarder reads them', () => {
    expect(dangerousGoodsText('1263', '3')).toBe('UN 1263, class 3');
    expect(dangerousGoodsText(null, null)).toBe('');
    expect(containersBySizeTypeText({ '45G1': 1, '22G1': 2 })).toBe('2 × 22G1, 1 × 45G1');
  });
});
