import { describe, expect, it } from 'vitest';
import type { TFormatSettings } from './format-settings.ts';
import { createFormatter } from './formatter.ts';

const base: TFormatSettings = {
  locale: 'en-GB',
  timeZone: 'UTC',
  dateFormat: 'language',
  numberFormat: 'language',
};
const at = '2026-11-24T23:30:00Z';

describe('the formatter', () => {
  it('writes days and moments in the language’s own way', () => {
    const gb = createFormatter(base);
    expect(gb.formatDate(at)).toBe('24 Nov 2026');
    expect(gb.formatDateTime(at)).toBe('24 Nov 2026, 23:30');
    const us = createFormatter({ ...base, locale: 'en-US' });
    expect(us.formatDate(at)).toBe('Nov 24, 2026');
    expect(us.formatDateTime(at)).toMatch(/^Nov 24, 2026, 11:30\sPM$/);
  });

  it('writes them in the chosen time zone, the day included', () => {
    const tokyo = createFormatter({ ...base, timeZone: 'Asia/Tokyo' });
    expect(tokyo.formatDate(at)).toBe('25 Nov 2026');
    expect(tokyo.formatDateTime(at)).toBe('25 Nov 2026, 08:30');
    expect(tokyo.formatIsoMinute(at)).toBe('2026-11-25 08:30');
  });

  it('writes a moment as a place’s clock shows it, and starts a day there', () => {
    const gb = createFormatter(base);
    expect(gb.formatDateTimeIn(at, 'Asia/Shanghai')).toBe('25 Nov 2026, 07:30');
    expect(gb.formatDateTimeIn(at, null)).toBe('24 Nov 2026, 23:30');
    expect(gb.formatDateTimeIn(at, 'Nowhere/Atlantis')).toBe('24 Nov 2026, 23:30');
    expect(gb.startOfDayIn('2030-03-01', 'Europe/Amsterdam')).toBe('2030-02-28T23:00:00.000Z');
    expect(gb.startOfDayIn('2030-03-01', undefined)).toBe('2030-03-01T00:00:00.000Z');
    expect(gb.middayIn('2030-03-01', 'Europe/Amsterdam')).toBe('2030-03-01T11:00:00.000Z');
    expect(gb.middayIn('2030-03-01', 'Asia/Shanghai')).toBe('2030-03-01T04:00:00.000Z');
    expect(gb.dayIn(at, 'Asia/Shanghai')).toBe('2026-11-25');
    expect(gb.dayIn(at, null)).toBe('2026-11-24');
  });

  it.each([
    ['dd/mm/yyyy', '24/11/2026'],
    ['mm/dd/yyyy', '11/24/2026'],
    ['yyyy-mm-dd', '2026-11-24'],
    ['dd.mm.yyyy', '24.11.2026'],
  ] as const)('writes %s days as %s, with the time after them', (dateFormat, day) => {
    const formatter = createFormatter({ ...base, dateFormat });
    expect(formatter.formatDate(at)).toBe(day);
    expect(formatter.formatDateTime(at)).toBe(`${day}, 23:30`);
  });

  it('writes a calendar day in the chosen format, on that day whatever the time zone', () => {
    const honolulu = { ...base, timeZone: 'Pacific/Honolulu' };
    expect(createFormatter({ ...honolulu, locale: 'en-US' }).formatDay('2026-11-27')).toBe('Nov 27, 2026');
    expect(createFormatter({ ...base, timeZone: 'Pacific/Kiritimati' }).formatDay('2026-11-27')).toBe(
      '27 Nov 2026',
    );
    expect(createFormatter({ ...honolulu, dateFormat: 'dd.mm.yyyy' }).formatDay('2026-01-05')).toBe(
      '05.01.2026',
    );
    expect(createFormatter(base).formatDay('not a day')).toBe('not a day');
  });

  it.each([
    // New Zealand summer (+13), the day clocks go forward (23 hours), the day they go back (25 hours).
    ['Pacific/Auckland', '2026-01-15', '2026-01-14T11:00:00.000Z', '2026-01-15T10:59:59.999Z'],
    ['Pacific/Auckland', '2026-09-27', '2026-09-26T12:00:00.000Z', '2026-09-27T10:59:59.999Z'],
    ['Pacific/Auckland', '2026-04-05', '2026-04-04T11:00:00.000Z', '2026-04-05T11:59:59.999Z'],
    ['America/Los_Angeles', '2026-07-04', '2026-07-04T07:00:00.000Z', '2026-07-05T06:59:59.999Z'],
    ['America/Los_Angeles', '2026-03-08', '2026-03-08T08:00:00.000Z', '2026-03-09T06:59:59.999Z'],
    ['America/Los_Angeles', '2026-11-01', '2026-11-01T07:00:00.000Z', '2026-11-02T07:59:59.999Z'],
    // Chile goes forward at midnight: the day starts at 01:00; and the day before ends just before.
    ['America/Santiago', '2026-09-06', '2026-09-06T04:00:00.000Z', '2026-09-07T02:59:59.999Z'],
    ['America/Santiago', '2026-09-05', '2026-09-05T04:00:00.000Z', '2026-09-06T03:59:59.999Z'],
    ['UTC', '2024-02-29', '2024-02-29T00:00:00.000Z', '2024-02-29T23:59:59.999Z'],
  ])('bounds the day in %s: %s runs from %s to %s', (timeZone, day, start, end) => {
    const formatter = createFormatter({ ...base, timeZone });
    expect(formatter.startOfDay(day)).toBe(start);
    expect(formatter.endOfDay(day)).toBe(end);
  });

  it('bounds a day by the chosen time zone, not the one the browser runs in', () => {
    // The same day is a different stretch of time on each side of the date line.
    const auckland = createFormatter({ ...base, timeZone: 'Pacific/Auckland' });
    const losAngeles = createFormatter({ ...base, timeZone: 'America/Los_Angeles' });
    const moment = '2026-06-30T20:00:00.000Z'; // 1 July 08:00 in Auckland, 30 June 13:00 in Los Angeles
    const isOn = (formatter: typeof auckland, day: string) =>
      formatter.startOfDay(day) <= moment && moment <= formatter.endOfDay(day);
    expect(isOn(auckland, '2026-07-01')).toBe(true);
    expect(isOn(auckland, '2026-06-30')).toBe(false);
    expect(isOn(losAngeles, '2026-06-30')).toBe(true);
    expect(isOn(losAngeles, '2026-07-01')).toBe(false);
  });

  it('leaves out a day the calendar skipped', () => {
    // Samoa crossed the date line in 2011: 30 December never happened there.
    const apia = createFormatter({ ...base, timeZone: 'Pacific/Apia' });
    expect(apia.startOfDay('2011-12-31')).toBe('2011-12-30T10:00:00.000Z');
    expect(apia.endOfDay('2011-12-29')).toBe('2011-12-30T09:59:59.999Z');
    expect(apia.endOfDay('2011-12-30') < apia.startOfDay('2011-12-30')).toBe(true);
  });

  it('gives nothing for no moment', () => {
    expect(createFormatter(base).formatDateTime(null)).toBeUndefined();
    expect(createFormatter(base).formatDateTime(undefined)).toBeUndefined();
  });

  it.each([
    ['language', '1,234,567.5', '€1,234.50'],
    ['1,234.56', '1,234,567.5', '€1,234.50'],
    ['1.234,56', '1.234.567,5', '€1.234,50'],
    ['1 234,56', '1\u00a0234\u00a0567,5', '€1\u00a0234,50'],
    ["1'234.56", "1'234'567.5", "€1'234.50"],
  ] as const)('writes numbers and money with %s separators', (numberFormat, number, money) => {
    const formatter = createFormatter({ ...base, numberFormat });
    expect(formatter.formatNumber(1_234_567.5)).toBe(number);
    expect(formatter.formatMoney(1234.5, 'EUR')).toBe(money);
  });

  it('keeps a currency’s minor units and shows an unknown code beside the amount', () => {
    const formatter = createFormatter(base);
    expect(formatter.formatMoney(1234, 'JPY')).toBe('JP¥1,234');
    expect(formatter.formatMoney(12.5, 'not a code')).toBe('12.50 not a code');
  });

  it('passes fraction digits through', () => {
    expect(createFormatter(base).formatNumber(2.345, { maximumFractionDigits: 1 })).toBe('2.3');
  });
});

describe('exact decimals sent as text', () => {
  it('keeps every digit and uses the user’s separators', () => {
    expect(createFormatter(base).formatDecimalText('1234567.123456789012')).toBe('1,234,567.123456789012');
    expect(createFormatter({ ...base, numberFormat: '1.234,56' }).formatDecimalText('-1234.5')).toBe(
      '-1.234,5',
    );
    expect(createFormatter(base).formatDecimalText('0.91')).toBe('0.91');
    expect(createFormatter(base).formatDecimalText('n/a')).toBe('n/a');
  });
});
