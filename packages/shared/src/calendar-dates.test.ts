import { describe, expect, it } from 'vitest';
import { ZAdminPlanChange } from './app-admin.ts';
import { ZAuditFilter } from './audit.ts';
import { isCalendarDate, isDateTime, parseCalendarDate, parseDateTime } from './calendar-dates.ts';
import { ZContactListQuery } from './contacts.ts';
import { ZExchangeRateAtQuery } from './countries-currencies.ts';
import { calendarDateSchema, ZCalendarDate, ZDateTime } from './date-schemas.ts';

describe('calendar dates', () => {
  it('takes real days, leap days included, from 1900 to 9999', () => {
    expect(parseCalendarDate('2026-01-31')).toEqual({ year: 2026, month: 1, day: 31 });
    for (const day of ['2024-02-29', '2000-02-29', '1900-01-01', '9999-12-31', '2026-04-30'])
      expect(isCalendarDate(day), day).toBe(true);
  });

  it('refuses days that do not exist, years outside the range and other spellings', () => {
    for (const day of [
      '2026-02-30',
      '2026-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-45',
      '2026-00-10',
      '2026-01-00',
      '0000-01-01',
      '0001-01-01',
      '1899-12-31',
      '10000-01-01',
      '2026-1-5',
      '2026-01-05T00:00:00Z',
      ' 2026-01-05',
      '２０２６-01-05',
      '',
    ])
      expect(isCalendarDate(day), day).toBe(false);
  });

  it('lets a field choose its own years', () => {
    expect(isCalendarDate('1850-06-01', { minYear: 1800, maxYear: 2100 })).toBe(true);
    expect(isCalendarDate('2200-06-01', { minYear: 1800, maxYear: 2100 })).toBe(false);
    expect(calendarDateSchema({ minYear: 2000, maxYear: 2099 }).safeParse('1999-12-31').success).toBe(false);
  });
});

describe('date-times', () => {
  it('takes ISO 8601 with its offset, as the instant it names', () => {
    expect(parseDateTime('2026-03-01T08:30:00+01:00')?.toISOString()).toBe('2026-03-01T07:30:00.000Z');
    expect(parseDateTime('2026-03-01T08:30Z')?.toISOString()).toBe('2026-03-01T08:30:00.000Z');
    expect(parseDateTime('2026-03-01T08:30:00.123456Z')?.toISOString()).toBe('2026-03-01T08:30:00.123Z');
    // East of UTC, the range's first day begins the evening before.
    expect(isDateTime('1900-01-01T00:00:00+01:00')).toBe(true);
    expect(isDateTime('2026-01-01T00:00:00+14:00')).toBe(true);
    expect(isDateTime('2026-01-01T00:00:00-12:00')).toBe(true);
  });

  it('refuses impossible days, times and offsets, a missing offset and instants past the range', () => {
    for (const value of [
      '2026-02-30T10:00:00Z',
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T23:60:00Z',
      '2026-01-01T23:59:60Z',
      '2026-01-01T10:00:00+24:00',
      // Beyond any zone in use, and beyond PostgreSQL's ±15:59.
      '2026-01-01T00:00:00+16:00',
      '2026-01-01T00:00:00+14:01',
      '2026-01-01T00:00:00-12:30',
      '2026-01-01T10:00:00',
      '2026-01-01T10:00:00+0100',
      '2026-01-01t10:00:00z',
      '2026-01-01 10:00:00Z',
      '9999-12-31T23:00:00-05:00',
      'yesterday',
    ])
      expect(isDateTime(value), value).toBe(false);
  });
});

describe('the schemas that take dates', () => {
  const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
    result.error?.issues.map((issue) => issue.path.join('.'));

  it('name the field of an impossible day or time', () => {
    expect(ZCalendarDate.safeParse('2026-02-30').success).toBe(false);
    expect(ZDateTime.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(fieldsOf(ZAdminPlanChange.safeParse({ expiresOn: '0000-01-01' }))).toEqual(['expiresOn']);
    expect(fieldsOf(ZAdminPlanChange.safeParse({ expiresOn: '0001-01-01' }))).toEqual(['expiresOn']);
    expect(fieldsOf(ZAuditFilter.safeParse({ from: '0000-01-01T00:00:00Z' }))).toEqual(['from']);
    expect(fieldsOf(ZContactListQuery.safeParse({ createdTo: '2026-13-45' }))).toEqual(['createdTo']);
    expect(fieldsOf(ZExchangeRateAtQuery.safeParse({ currency: 'USD', date: '0000-01-01' }))).toEqual([
      'date',
    ]);
  });

  it('still take what the web sends', () => {
    expect(ZAdminPlanChange.safeParse({ expiresOn: '2027-01-31' }).success).toBe(true);
    expect(
      ZAuditFilter.safeParse({ from: '2026-01-31T23:00:00.000Z', to: '2026-02-01T22:59:59.999Z' }).success,
    ).toBe(true);
    expect(ZContactListQuery.safeParse({ createdFrom: '2026-01-31' }).success).toBe(true);
  });
});
