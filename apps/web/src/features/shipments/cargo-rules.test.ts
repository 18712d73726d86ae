import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import {
  cargoRules,
  containerNumberRule,
  dangerousGoodsRules,
  uniqueContainerNumberRule,
} from './cargo-rules.ts';

// The rule as antd calls it: the validator's promise resolves for a valid value, else rejects.
const check = async (rule: RuleObject, value: unknown) => {
  try {
    await rule.validator?.(rule, value, () => {});
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('the cargo form’s rules', () => {
  it('reads weights typed with a point or a comma, and refuses what the server would', async () => {
    expect(await check(cargoRules.grossWeightKg, '12,5')).toBe('ok');
    expect(await check(cargoRules.grossWeightKg, '')).toBe('Enter the gross weight in kg.');
    expect(await check(cargoRules.grossWeightKg, '0')).toBe('Gross weight must be more than 0');
    expect(await check(cargoRules.grossWeightKg, 'heavy')).toBe(
      'Gross weight must be a number, like 12.5 or 12,5',
    );
    expect(await check(cargoRules.volumeM3, '')).toBe('ok');
    expect(await check(cargoRules.packageCount, '2.5')).toBe('Packages must be a whole number');
    expect(await check(cargoRules.lengthCm, '0')).toBe('Length must be more than 0');
  });

  it('takes package types from the list and HS codes of 6 to 10 digits', async () => {
    expect(await check(cargoRules.packageType, 'PX')).toBe('ok');
    expect(await check(cargoRules.packageType, undefined)).toBe('Choose the package type.');
    expect(await check(cargoRules.hsCode, '8714.91')).toBe('ok');
    expect(await check(cargoRules.hsCode, '')).toBe('ok');
    expect(await check(cargoRules.hsCode, '8471')).toContain('it has 4 digits');
  });

  it('offers the right number for a wrong check digit, and explains a wrong shape', async () => {
    expect(await check(containerNumberRule, 'MSKU9070323')).toBe('ok');
    expect(await check(containerNumberRule, 'MSKU9070320')).toBe(
      'Check digit should be 3: did you mean MSKU9070323?',
    );
    expect(await check(containerNumberRule, 'MSKU907')).toContain('4 letters and 7 digits');
    expect(await check(containerNumberRule, '')).toBe('Enter the container number, like MSKU9070323.');
  });

  it('refuses a container number already in the shipment, however it is typed', async () => {
    const form = { getFieldValue: () => [{ number: 'MSKU9070323' }, { number: 'msku 907032-3' }] };
    expect(await check(uniqueContainerNumberRule(form, 0), 'MSKU9070323')).toBe('ok');
    expect(await check(uniqueContainerNumberRule(form, 1), 'msku 907032-3')).toBe(
      'MSKU9070323 is already container 1.',
    );
  });

  it('wants dangerous goods’ UN number and class together, or neither', async () => {
    const withValues = (unNumber: string, dangerousClass: string | null) =>
      dangerousGoodsRules(
        {
          getFieldValue: (name: (string | number)[]) =>
            name.at(-1) === 'dangerousGoodsClass' ? dangerousClass : unNumber,
        } as never,
        0,
      );
    const neither = withValues('', null);
    expect(await check(neither.unNumber, '')).toBe('ok');
    expect(await check(neither.dangerousClass, null)).toBe('ok');
    const onlyClass = withValues('', '3');
    expect(await check(onlyClass.unNumber, '')).toBe(
      'Enter the UN number of these class 3 goods, or clear the class.',
    );
    const onlyNumber = withValues('UN 1263', null);
    expect(await check(onlyNumber.dangerousClass, null)).toBe(
      'Choose the class of these dangerous goods, or clear the UN number.',
    );
    expect(await check(withValues('12345', '3').unNumber, '12345')).toContain('four digits');
  });
});
