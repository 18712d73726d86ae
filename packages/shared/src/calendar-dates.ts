// The one reading of the dates the API takes (docs/security.md, input validation). Both ways a
// date went wrong ended as a 500: JavaScript's Date rolls 2026-02-30 over into March and reads
// "0001-01-01 …" as 2001, while PostgreSQL refuses year 0 and 2026-13-45 outright. A date is
// therefore taken only when it names a real day of the Gregorian calendar within a year range
// PostgreSQL, JavaScript and a person all read the same way. No zod here: the web's first chunks
// use these checks, and zod stays out of them (date-schemas.ts holds the schemas).

export type TYearRange = { minYear: number; maxYear: number };

/** The years any date the API takes falls in, unless a field says otherwise. */
export const dateRules: TYearRange = { minYear: 1900, maxYear: 9999 };

export type TCalendarDate = { year: number; month: number; day: number };

const calendarDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
// ISO 8601 as the API writes it: a time to the minute at least, and always its offset, so that an
// instant never depends on the server's own time zone.
const dateTimePattern =
  /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const daysInMonth = (year: number, month: number) =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

const isInRange = (year: number, { minYear, maxYear }: TYearRange) => year >= minYear && year <= maxYear;

/** A `YYYY-MM-DD` text as its year, month and day, or undefined when it is no real day in the range. */
export const parseCalendarDate = (
  value: string,
  range: TYearRange = dateRules,
): TCalendarDate | undefined => {
  const match = calendarDatePattern.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isInRange(year, range) || month < 1 || month > 12) return undefined;
  if (day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
};

/** Whether `value` is a real calendar day written `YYYY-MM-DD`, in the range. */
export const isCalendarDate = (value: string, range: TYearRange = dateRules) =>
  parseCalendarDate(value, range) !== undefined;

/**
 * An ISO 8601 date-time with its offset (`2026-03-01T08:30:00Z`, `…+01:00`) as the instant it
 * names, or undefined when its day, time or offset does not exist or its day is outside the range.
 * The instant may not pass the range's last year either: a year-9999 time west of UTC is already
 * year 10000, which JavaScript writes as +010000 and PostgreSQL cannot read. (East of UTC, the
 * first day of the range may begin the evening before: still a year both read alike.)
 */
export const parseDateTime = (value: string, range: TYearRange = dateRules): Date | undefined => {
  const match = dateTimePattern.exec(value);
  if (!match) return undefined;
  const [, date = '', hours, minutes, seconds = '0', sign, offsetHours = '0', offsetMinutes = '0'] = match;
  if (!parseCalendarDate(date, range)) return undefined;
  // 24:00 and leap seconds are ISO but not PostgreSQL's nor JavaScript's: refused rather than rolled.
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return undefined;
  // Offsets in use run from -12:00 to +14:00; PostgreSQL refuses any beyond ±15:59.
  const offset = Number(offsetHours) * 60 + Number(offsetMinutes);
  if (sign && (Number(offsetMinutes) > 59 || offset > (sign === '-' ? 12 * 60 : 14 * 60))) return undefined;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime()) || instant.getUTCFullYear() > range.maxYear) return undefined;
  return instant;
};

/** Whether `value` is a real ISO 8601 date-time with an offset, in the range. */
export const isDateTime = (value: string, range: TYearRange = dateRules) =>
  parseDateTime(value, range) !== undefined;

export const dateMessages = {
  calendarDate: ({ minYear, maxYear }: TYearRange = dateRules) =>
    `must be a real date written YYYY-MM-DD, in the years ${minYear} to ${maxYear}`,
  dateTime: ({ minYear, maxYear }: TYearRange = dateRules) =>
    `must be a real ISO 8601 time with its offset (2026-01-31T09:30:00Z), in the years ${minYear} to ${maxYear}`,
  /** A value that may be either, as a report's date filter takes. */
  dateOrDateTime: ({ minYear, maxYear }: TYearRange = dateRules) =>
    `must be a real date (YYYY-MM-DD) or ISO 8601 time with its offset, in the years ${minYear} to ${maxYear}`,
} as const;
