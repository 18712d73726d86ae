import { isCalendarDate, type TReportResult } from '@cargodesk/shared';
import type { TFormatter } from '@/lib/format/formatter.ts';
import { formatEnumValue } from '@/lib/format/words.ts';

type TColumnType = TReportResult['columns'][number]['type'];
type TCell = TReportResult['rows'][number][number];

/**
 * A result cell as its reader reads it, in their App settings: numbers with their separators,
 * moments in their zone and date format, a day (a date grouped by its day) as that day, stored
 * values of a fixed list as words ("active" → "Active"). The API and the CSV keep the stored
 * values and ISO dates.
 */
export const reportCellText = (
  format: TFormatter,
  type: TColumnType,
  value: TCell,
  /** The source's words for codes that are none (`fcl` → `FCL`). */
  valueLabels?: Readonly<Record<string, string>>,
) => {
  if (value === null) return '—';
  if (type === 'number' && typeof value === 'number') return format.formatNumber(value);
  if (type === 'date' && typeof value === 'string')
    return isCalendarDate(value) ? format.formatDay(value) : format.formatDateTime(value);
  if (type === 'enum') return valueLabels?.[String(value)] ?? formatEnumValue(String(value));
  return String(value);
};
