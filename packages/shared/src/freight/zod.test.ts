import { describe, expect, it } from 'vitest';
import {
  ZAirWaybillNumber,
  ZBookingStatus,
  ZContainerNumber,
  ZDimensionLine,
  ZHsCode,
  ZImoNumber,
  ZIncotermRule,
  ZPackageTypeCode,
  ZSizeTypeCode,
} from './zod.ts';

const firstIssue = (result: { success: boolean; error?: { issues: unknown[] } }) => result.error?.issues[0];

describe('freight schemas', () => {
  it('transform each value to its normalised form', () => {
    expect(ZContainerNumber.parse('msku 907032-3')).toBe('MSKU9070323');
    expect(ZAirWaybillNumber.parse('17612345675')).toBe('176-12345675');
    expect(ZImoNumber.parse('9074729')).toBe('IMO 9074729');
    expect(ZHsCode.parse('8471.30')).toBe('847130');
    expect(ZSizeTypeCode.parse('45g1')).toBe('45G1');
    expect(ZIncotermRule.parse(' fob ')).toBe('FOB');
    expect(ZPackageTypeCode.parse('px')).toBe('PX');
    expect(ZBookingStatus.parse('CONFIRMED')).toBe('CONFIRMED');
  });

  it('carry the message, the expected digit and the suggestions of a check-digit refusal', () => {
    expect(firstIssue(ZContainerNumber.safeParse('MSKU9070320'))).toMatchObject({
      code: 'custom',
      message: 'MSKU9070320 does not check: its check digit should be 3 (did you mean MSKU9070323?)',
      params: {
        problem: 'check-digit',
        expectedDigit: 3,
        suggestions: ['MSKU9070323', 'MSKU9071320', 'MSKU9070220'],
      },
    });
    expect(firstIssue(ZAirWaybillNumber.safeParse('176-12345678'))).toMatchObject({
      params: { problem: 'check-digit', expectedDigit: 5, suggestions: ['176-12345675'] },
    });
    expect(firstIssue(ZImoNumber.safeParse('IMO 9074728'))).toMatchObject({
      params: { problem: 'check-digit', expectedDigit: 9, suggestions: ['IMO 9074729'] },
    });
  });

  it('carry the kind of problem for every other refusal', () => {
    expect(firstIssue(ZContainerNumber.safeParse('MSKA9070323'))).toMatchObject({
      params: { problem: 'category' },
    });
    expect(firstIssue(ZContainerNumber.safeParse('MSKA9070323'))).not.toHaveProperty('params.expectedDigit');
    expect(firstIssue(ZHsCode.safeParse('8471'))).toMatchObject({ params: { problem: 'length' } });
    expect(firstIssue(ZSizeTypeCode.safeParse('22X1'))).toMatchObject({ params: { problem: 'type' } });
    expect(firstIssue(ZIncotermRule.safeParse('DAT'))).toMatchObject({
      message:
        'DAT is not an Incoterms 2020 rule: use one of EXW, FCA, CPT, CIP, DAP, DPU, DDP, FAS, FOB, CFR, CIF',
      params: { problem: 'unknown' },
    });
    expect(firstIssue(ZPackageTypeCode.safeParse('PAL'))).toMatchObject({ params: { problem: 'unknown' } });
    expect(ZBookingStatus.safeParse('BOOKED').success).toBe(false);
    expect(ZContainerNumber.safeParse(42).success).toBe(false);
  });

  it('take a dimension line of positive measures and whole pieces', () => {
    expect(ZDimensionLine.parse({ lengthCm: 120, widthCm: 80, heightCm: 100 })).toEqual({
      lengthCm: 120,
      widthCm: 80,
      heightCm: 100,
      pieces: 1,
    });
    expect(ZDimensionLine.safeParse({ lengthCm: 0, widthCm: 80, heightCm: 100 }).success).toBe(false);
    expect(ZDimensionLine.safeParse({ lengthCm: 1, widthCm: 80, heightCm: 100, pieces: 1.5 }).success).toBe(
      false,
    );
  });
});
