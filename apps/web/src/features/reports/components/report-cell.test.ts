import { describe, expect, it } from 'vitest';
import { createFormatter } from '@/lib/format/formatter.ts';
import { reportCellText } from './report-cell.ts';

const format = createFormatter({
  locale: 'en-GB',
  timeZone: 'Asia/Tokyo',
  dateFormat: 'dd/mm/yyyy',
  numberFormat: '1.234,56',
});

describe('a report cell as its reader reads it', () => {
  it('writes a moment in the reader’s zone and date format, never as stored', () => {
    expect(reportCellText(format, 'date', '2026-11-27T20:11:58.873Z')).toBe('28/11/2026, 05:11');
  });

  it('writes a grouped day as that day, whatever the zone', () => {
    expect(reportCellText(format, 'date', '2026-11-27')).toBe('27/11/2026');
  });

  it('writes numbers with the reader’s separators and enumerations as words', () => {
    expect(reportCellText(format, 'number', 1234.5)).toBe('1.234,5');
    expect(reportCellText(format, 'enum', 'active')).toBe('Active');
    expect(reportCellText(format, 'enum', 'in_progress')).toBe('In progress');
    // A code that is no word, as its source writes it.
    expect(reportCellText(format, 'enum', 'fcl', { fcl: 'FCL' })).toBe('FCL');
    expect(reportCellText(format, 'enum', 'break-bulk', { fcl: 'FCL' })).toBe('Break bulk');
  });

  it('keeps text as it is and marks an empty cell', () => {
    expect(reportCellText(format, 'text', 'ada@example.com')).toBe('ada@example.com');
    expect(reportCellText(format, 'text', null)).toBe('—');
  });
});
