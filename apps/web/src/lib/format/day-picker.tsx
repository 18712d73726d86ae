import type { TDateFormat } from '@cargodesk/shared';
import { DatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFormatSettings } from './format-settings.ts';
import { useFormat } from './format-store.ts';

// antd's date picker, showing and reading days in the user's date format, while the value the form
// and the API see stays a YYYY-MM-DD day. The picker works with dayjs values; this module is the only
// bridge to them (features/formatting-convention.test.ts keeps dayjs out of the rest of the app).

/** The picker's patterns for each fixed date format of App settings. */
const fixedPatterns: Record<Exclude<TDateFormat, 'language'>, string> = {
  'dd/mm/yyyy': 'DD/MM/YYYY',
  'mm/dd/yyyy': 'MM/DD/YYYY',
  'yyyy-mm-dd': 'YYYY-MM-DD',
  'dd.mm.yyyy': 'DD.MM.YYYY',
};

const isoPattern = 'YYYY-MM-DD';

/**
 * The language's own medium day ("Jan 5, 2026", "5 Jan 2026", "05.01.2026") as a picker pattern,
 * read from how Intl writes a day whose day and month are single digits, so padding shows.
 */
const languagePatternOf = (locale: string) => {
  const sample = new Date(Date.UTC(2026, 0, 5));
  const parts = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).formatToParts(
    sample,
  );
  const isEnglish = new Intl.Locale(locale).language === 'en';
  let pattern = '';
  for (const part of parts) {
    if (part.type === 'day') pattern += part.value.length === 2 ? 'DD' : 'D';
    else if (part.type === 'year') pattern += 'YYYY';
    else if (part.type === 'month') {
      // The picker knows English month names only; another language's names would not read back.
      if (!/^\d+$/.test(part.value) && !isEnglish) return isoPattern;
      pattern += /^\d+$/.test(part.value) ? (part.value.length === 2 ? 'MM' : 'M') : 'MMM';
    } else if (part.type === 'literal') pattern += /[a-z]/i.test(part.value) ? `[${part.value}]` : part.value;
    else return isoPattern;
  }
  return pattern;
};

/**
 * The patterns the picker shows a day in (the first) and reads a typed day in (any): the user's
 * format, and YYYY-MM-DD besides, which anyone may type.
 */
export const dayPickerPatternsOf = ({
  dateFormat,
  locale,
}: Pick<TFormatSettings, 'dateFormat' | 'locale'>) => {
  const shown = dateFormat === 'language' ? languagePatternOf(locale) : fixedPatterns[dateFormat];
  return shown === isoPattern ? [isoPattern] : [shown, isoPattern];
};

/** A YYYY-MM-DD day as the picker's value; anything else is no value. */
export const toPickerDay = (day: string | null | undefined): Dayjs | null => {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  // dayjs reads YYYY-MM-DD as that day's local midnight; an impossible day (02-30) rolls over and is refused.
  const value = dayjs(day);
  return value.isValid() && value.format(isoPattern) === day ? value : null;
};

/** The picker's value as a YYYY-MM-DD day. */
export const fromPickerDay = (value: Dayjs | null | undefined) =>
  value ? value.format(isoPattern) : undefined;

type TDayPickerProps = Omit<
  DatePickerProps,
  'value' | 'onChange' | 'format' | 'minDate' | 'maxDate' | 'picker' | 'showTime'
> & {
  /** The day, YYYY-MM-DD (a Form.Item hands it in). */
  value?: string | null;
  /** The day chosen, YYYY-MM-DD, or undefined when cleared. */
  onChange?: (day: string | undefined) => void;
  /** The first and last day that may be chosen, YYYY-MM-DD. */
  min?: string;
  max?: string;
};

/** A day field in the user's date format; a form or the API sees YYYY-MM-DD. */
export const DayPicker = ({ value, onChange, min, max, placeholder, ...rest }: TDayPickerProps) => {
  const { settings, formatDay } = useFormat();
  const patterns = dayPickerPatternsOf(settings);
  return (
    <DatePicker
      {...rest}
      format={patterns}
      // A sample of the format, so a person typing knows the order of the parts.
      placeholder={
        placeholder ?? (settings.dateFormat === 'language' ? formatDay('2026-01-31') : settings.dateFormat)
      }
      value={toPickerDay(value)}
      minDate={toPickerDay(min) ?? undefined}
      maxDate={toPickerDay(max) ?? undefined}
      // One day, never several: the picker is not `multiple`.
      onChange={(next) => onChange?.(fromPickerDay(Array.isArray(next) ? next[0] : next))}
    />
  );
};
