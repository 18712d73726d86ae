import type { TDateFormat, TNumberFormat } from '@cargodesk/shared';
import type { TFormatSettings } from './format-settings.ts';

// The one place the app turns moments and numbers into text. Each formatter is built for one set of
// settings and keeps its Intl objects, which are slow to make and quick to use.

/** Thousands and decimal separators of each fixed number format; `language` keeps the locale's. */
const separators: Record<Exclude<TNumberFormat, 'language'>, { group: string; decimal: string }> = {
  '1,234.56': { group: ',', decimal: '.' },
  '1.234,56': { group: '.', decimal: ',' },
  // A no-break space, so a number never wraps between its thousands.
  '1 234,56': { group: '\u00a0', decimal: ',' },
  "1'234.56": { group: "'", decimal: '.' },
};

type TDayParts = { day: string; month: string; year: string };
const datePatterns: Record<Exclude<TDateFormat, 'language'>, (parts: TDayParts) => string> = {
  'dd/mm/yyyy': ({ day, month, year }) => `${day}/${month}/${year}`,
  'mm/dd/yyyy': ({ day, month, year }) => `${month}/${day}/${year}`,
  'yyyy-mm-dd': ({ day, month, year }) => `${year}-${month}-${day}`,
  'dd.mm.yyyy': ({ day, month, year }) => `${day}.${month}.${year}`,
};

export type TNumberOptions = Pick<
  Intl.NumberFormatOptions,
  'minimumFractionDigits' | 'maximumFractionDigits' | 'style' | 'unit' | 'unitDisplay'
>;

export type TFormatter = {
  settings: TFormatSettings;
  /** A moment, day and minute ("24 Nov 2026, 09:15"); none gives none. */
  formatDateTime: {
    (iso: string | Date): string;
    (iso: string | Date | null | undefined): string | undefined;
  };
  /** A day ("24 Nov 2026", "24/11/2026"), in the user's time zone. */
  formatDate: (iso: string | Date) => string;
  /**
   * A calendar day the API sends as YYYY-MM-DD (a rate's effective date, a plan's last day) in the
   * user's date format. A day is the same day everywhere, so no time zone moves it; text that is not
   * such a day comes back as it is.
   */
  formatDay: (day: string) => string;
  /**
   * The first instant of a YYYY-MM-DD day in the user's time zone, as ISO 8601 (for a filter "from
   * this day"). A day whose midnight a clock change skips starts at the change.
   */
  startOfDay: (day: string) => string;
  /**
   * The last millisecond of a YYYY-MM-DD day in the user's time zone, as ISO 8601 (for a filter "to
   * this day", the day included), a day of 23 or 25 hours too.
   */
  endOfDay: (day: string) => string;
  /**
   * A moment as a place's clock shows it (a port's departure, an airport's arrival), in the user's
   * formats; the user's time zone when the place's zone is unknown or not one this browser knows.
   */
  formatDateTimeIn: (iso: string | Date, timeZone: string | null | undefined) => string;
  /**
   * Midday of a YYYY-MM-DD day in a place's time zone (the user's when unknown), as ISO 8601: a day
   * planned at a port, which then reads as the same day wherever the reader is, within twelve hours.
   */
  middayIn: (day: string, timeZone: string | null | undefined) => string;
  /** The YYYY-MM-DD day a moment falls on in a place's time zone (the user's when unknown). */
  dayIn: (iso: string | Date, timeZone: string | null | undefined) => string;
  /** The first instant of a YYYY-MM-DD day in a place's time zone (the user's when unknown), as ISO 8601. */
  startOfDayIn: (day: string, timeZone: string | null | undefined) => string;
  /** A moment as YYYY-MM-DD HH:mm in the user's time zone, beside dates typed that way. */
  formatIsoMinute: (iso: string | Date) => string;
  /** A number with the user's separators ("1,234.5", "1.234,5"). */
  formatNumber: (value: number, options?: TNumberOptions) => string;
  /** An amount in a currency, with its symbol and minor units ("€1,234.50"). */
  formatMoney: (amount: number, currency: string) => string;
  /**
   * An exact decimal the API sends as text (an exchange rate, "1234.56789"), every digit kept, with
   * the user's separators; text that is not a decimal comes back as it is.
   */
  formatDecimalText: (text: string) => string;
};

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

export const createFormatter = (settings: TFormatSettings): TFormatter => {
  const { locale, timeZone, dateFormat, numberFormat } = settings;
  const dateTimeLanguage = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  const dateLanguage = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone });
  // A calendar day is read and written at UTC midnight, where it is exactly that day.
  const dayLanguage = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  // Numeric parts in the zone, read by type so the locale's order does not matter.
  const numericOptions: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  const numericParts = new Intl.DateTimeFormat('en-US', { ...numericOptions, timeZone });
  const utcNumericParts = new Intl.DateTimeFormat('en-US', { ...numericOptions, timeZone: 'UTC' });
  const partsOf = (at: Date, format = numericParts) => {
    const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
    return {
      day: parts.day ?? '',
      month: parts.month ?? '',
      year: parts.year ?? '',
      hour: parts.hour ?? '',
      minute: parts.minute ?? '',
    };
  };

  const formatDate = (iso: string | Date) => {
    const at = toDate(iso);
    return dateFormat === 'language' ? dateLanguage.format(at) : datePatterns[dateFormat](partsOf(at));
  };

  const formatDay = (day: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
    const at = new Date(`${day}T00:00:00Z`);
    if (Number.isNaN(at.getTime())) return day;
    return dateFormat === 'language'
      ? dayLanguage.format(at)
      : datePatterns[dateFormat](partsOf(at, utcNumericParts));
  };

  // The zone's wall clock at an instant, read as if it were UTC: the difference is the zone's offset.
  const wallClockParts = new Intl.DateTimeFormat('en-US', { ...numericOptions, second: '2-digit', timeZone });
  const wallClockAt = (at: number) => {
    const { year, month, day, hour, minute, second } = Object.fromEntries(
      wallClockParts.formatToParts(at).map((part) => [part.type, Number(part.value)]),
    );
    const milliseconds = ((at % 1000) + 1000) % 1000;
    return (
      Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0) + milliseconds
    );
  };
  const dayLength = 86_400_000;
  /** The first instant whose wall clock reads the day's midnight or later, in epoch milliseconds. */
  const startOfDayAt = (day: string) => {
    const midnight = new Date(`${day}T00:00:00Z`).getTime();
    // Offsets are under a day, so the ones in force a day before and after cover every candidate.
    const offsets = new Set(
      [midnight - dayLength, midnight, midnight + dayLength].map((at) => wallClockAt(at) - at),
    );
    const candidates = [...offsets].map((offset) => midnight - offset).sort((a, b) => a - b);
    // The earliest: a midnight a clock change repeats starts the day the first time.
    const exact = candidates.find((at) => wallClockAt(at) === midnight);
    if (exact !== undefined || candidates.length < 2) return exact ?? candidates[0] ?? midnight;
    // Midnight falls in a gap (clocks go forward over it): the day starts where the gap ends.
    let [before, after] = [candidates[0] ?? midnight, candidates.at(-1) ?? midnight];
    while (after - before > 1) {
      const middle = Math.floor((before + after) / 2);
      if (wallClockAt(middle) >= midnight) after = middle;
      else before = middle;
    }
    return after;
  };
  const startOfDay = (day: string) => new Date(startOfDayAt(day)).toISOString();
  const endOfDay = (day: string) => {
    const nextDay = new Date(new Date(`${day}T00:00:00Z`).getTime() + dayLength).toISOString().slice(0, 10);
    return new Date(startOfDayAt(nextDay) - 1).toISOString();
  };

  function formatDateTime(iso: string | Date): string;
  function formatDateTime(iso: string | Date | null | undefined): string | undefined;
  function formatDateTime(iso: string | Date | null | undefined) {
    if (!iso) return undefined;
    const at = toDate(iso);
    return dateFormat === 'language' ? dateTimeLanguage.format(at) : `${formatDate(at)}, ${time.format(at)}`;
  }

  const formatIsoMinute = (iso: string | Date) => {
    const { year, month, day, hour, minute } = partsOf(toDate(iso));
    return `${year}-${month}-${day} ${hour}:${minute}`;
  };

  const numberFormats = new Map<string, Intl.NumberFormat>();
  const numberFormatOf = (options: Intl.NumberFormatOptions) => {
    const key = JSON.stringify(options);
    let format = numberFormats.get(key);
    if (!format) {
      // A fixed format takes its parts from en-US and swaps the separators below.
      format = new Intl.NumberFormat(numberFormat === 'language' ? locale : 'en-US', options);
      numberFormats.set(key, format);
    }
    return format;
  };
  const write = (value: number | bigint, options: Intl.NumberFormatOptions) => {
    const format = numberFormatOf(options);
    if (numberFormat === 'language') return format.format(value);
    const { group, decimal } = separators[numberFormat];
    return format
      .formatToParts(value)
      .map((part) => (part.type === 'group' ? group : part.type === 'decimal' ? decimal : part.value))
      .join('');
  };

  const formatNumber = (value: number, options: TNumberOptions = {}) => write(value, options);
  const formatMoney = (amount: number, currency: string) => {
    try {
      return write(amount, { style: 'currency', currency });
    } catch {
      // A code this browser's Intl does not know: the amount with the code beside it.
      return `${write(amount, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
    }
  };

  const decimalSeparator =
    numberFormat === 'language'
      ? (numberFormatOf({ minimumFractionDigits: 1 })
          .formatToParts(1.5)
          .find((part) => part.type === 'decimal')?.value ?? '.')
      : separators[numberFormat].decimal;
  const formatDecimalText = (text: string) => {
    const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
    if (!match) return text;
    const [, sign = '', whole = '0', fraction] = match;
    // BigInt keeps every digit of the whole part, however long.
    const grouped = write(BigInt(whole), {});
    return `${sign}${grouped}${fraction ? `${decimalSeparator}${fraction}` : ''}`;
  };

  const zoned = new Map<string, TFormatter>();
  const inZone = (zone: string | null | undefined): TFormatter | undefined => {
    if (!zone || zone === timeZone) return undefined;
    if (!zoned.has(zone)) {
      try {
        zoned.set(zone, createFormatter({ ...settings, timeZone: zone }));
      } catch {
        // A zone this browser does not know: the user's own.
        return undefined;
      }
    }
    return zoned.get(zone);
  };
  const formatDateTimeIn = (iso: string | Date, zone: string | null | undefined) =>
    inZone(zone)?.formatDateTime(iso) ?? formatDateTime(iso);
  const startOfDayIn = (day: string, zone: string | null | undefined) =>
    inZone(zone)?.startOfDay(day) ?? startOfDay(day);
  const middayIn = (day: string, zone: string | null | undefined) =>
    new Date(new Date(startOfDayIn(day, zone)).getTime() + dayLength / 2).toISOString();
  const dayIn = (iso: string | Date, zone: string | null | undefined) =>
    (inZone(zone)?.formatIsoMinute(iso) ?? formatIsoMinute(iso)).slice(0, 10);

  return {
    settings,
    formatDateTime,
    formatDateTimeIn,
    startOfDayIn,
    middayIn,
    dayIn,
    formatDate,
    formatDay,
    startOfDay,
    endOfDay,
    formatIsoMinute,
    formatNumber,
    formatMoney,
    formatDecimalText,
  };
};
