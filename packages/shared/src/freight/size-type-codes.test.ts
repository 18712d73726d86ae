import { describe, expect, it } from 'vitest';
import { checkSizeTypeCode, commonSizeTypeCodes } from './size-type-codes.ts';

describe('ISO 6346 size-type codes', () => {
  it('knows the common codes, whatever the case', () => {
    expect(checkSizeTypeCode('22G1')).toEqual({
      ok: true,
      value: '22G1',
      description: "20' general purpose",
      isCommon: true,
    });
    expect(checkSizeTypeCode(' 45g1 ')).toMatchObject({
      ok: true,
      value: '45G1',
      description: "40' high cube general purpose",
    });
    for (const code of Object.keys(commonSizeTypeCodes))
      expect(checkSizeTypeCode(code), code).toMatchObject({ ok: true, isCommon: true });
  });

  it('takes a well-formed code outside the list and describes it from its parts', () => {
    expect(checkSizeTypeCode('L5R1')).toEqual({
      ok: true,
      value: 'L5R1',
      description: "45', 9'6\" high (high cube), reefer (type R1)",
      isCommon: false,
    });
    expect(checkSizeTypeCode('22GP')).toMatchObject({
      ok: true,
      description: "20', 8'6\" high, general purpose",
    });
    expect(checkSizeTypeCode('45RT')).toMatchObject({ ok: true, isCommon: false });
  });

  it('refuses another shape', () => {
    for (const text of ['', '22G', '22G11', '2-G1', '22.1', 'G122'])
      expect(checkSizeTypeCode(text), text).toMatchObject({ ok: false, problem: 'shape' });
  });

  it('names the length, height or type that is not in the standard', () => {
    expect(checkSizeTypeCode('92G1')).toMatchObject({ ok: false, problem: 'length' });
    expect(checkSizeTypeCode('2ZG1')).toMatchObject({ ok: false, problem: 'height' });
    expect(checkSizeTypeCode('22X1')).toMatchObject({ ok: false, problem: 'type' });
    expect(checkSizeTypeCode('22GX')).toMatchObject({ ok: false, problem: 'type' });
    const result = checkSizeTypeCode('22X1');
    expect(result.ok === false && result.message).toContain('X1 is no ISO 6346 type');
  });
});
