import { z } from 'zod';
import { dateMessages, dateRules, isCalendarDate, isDateTime, type TYearRange } from './calendar-dates.ts';

// Every date the API takes is one of these two (calendar-dates.ts says why): a body, query or
// parameter that names a day or an instant uses them, never z.iso.* or a pattern of its own, so an
// impossible date is a 400 naming the field wherever it is sent.

/** A real calendar day written `YYYY-MM-DD`, in `range` (1900 to 9999 unless the field says otherwise). */
export const calendarDateSchema = (range: TYearRange = dateRules) =>
  z
    .string()
    .refine((value) => isCalendarDate(value, range), dateMessages.calendarDate(range))
    // The API reference still says what the field is: a refinement has no JSON Schema of its own.
    .meta({ format: 'date', description: `A real day, ${range.minYear} to ${range.maxYear}` });

/** A real ISO 8601 date-time with its offset (`Z` or `±HH:MM`), in `range`. */
export const dateTimeSchema = (range: TYearRange = dateRules) =>
  z
    .string()
    .refine((value) => isDateTime(value, range), dateMessages.dateTime(range))
    .meta({
      format: 'date-time',
      description: `A real ISO 8601 time with its offset, ${range.minYear} to ${range.maxYear}`,
    });

export const ZCalendarDate = calendarDateSchema();
export type TCalendarDateText = z.infer<typeof ZCalendarDate>;

export const ZDateTime = dateTimeSchema();
export type TDateTimeText = z.infer<typeof ZDateTime>;
