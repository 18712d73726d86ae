import { describe, expect, it } from 'vitest';
import { dailyRecipientAllowance } from './recipient-budget.ts';

const day = 24 * 60 * 60 * 1000;
const now = new Date('2026-03-20T12:00:00Z');
const agedDays = (days: number) => ({ companyCreatedAt: new Date(now.getTime() - days * day), now });
const limits = { daily: 2000, firstDay: 100, rampDays: 14 };

describe('a company’s daily recipient allowance', () => {
  it('starts at the first-day allowance and grows by whole days to the full limit', () => {
    expect(dailyRecipientAllowance(limits, agedDays(0))).toBe(100);
    expect(dailyRecipientAllowance(limits, agedDays(0.99))).toBe(100);
    expect(dailyRecipientAllowance(limits, agedDays(1))).toBe(235);
    expect(dailyRecipientAllowance(limits, agedDays(7))).toBe(1050);
    expect(dailyRecipientAllowance(limits, agedDays(13.9))).toBe(1864);
    expect(dailyRecipientAllowance(limits, agedDays(14))).toBe(2000);
    expect(dailyRecipientAllowance(limits, agedDays(400))).toBe(2000);
  });

  it('never starts above the full limit, and without a ramp is the full limit at once', () => {
    expect(dailyRecipientAllowance({ daily: 50, firstDay: 100, rampDays: 14 }, agedDays(0))).toBe(50);
    expect(dailyRecipientAllowance({ daily: 2000, firstDay: 100, rampDays: 0 }, agedDays(0))).toBe(2000);
    // A clock behind the company's creation (another instance's) counts as its first day.
    expect(dailyRecipientAllowance(limits, agedDays(-1))).toBe(100);
  });
});
