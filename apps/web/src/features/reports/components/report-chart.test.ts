import type { TReportResult } from '@cargodesk/shared';
import { describe, expect, it } from 'vitest';
import { createFormatter } from '@/lib/format/formatter.ts';
import { reportCellText } from './report-cell.ts';
import { chartDataOf } from './report-chart.tsx';

describe('chartDataOf', () => {
  it('labels the points by the grouped columns and draws each number column as a series', () => {
    const result: TReportResult = {
      columns: [
        { key: 'occurredAt', label: 'When', type: 'date' },
        { key: 'action', label: 'Action', type: 'text' },
        { key: 'count', label: 'Count', type: 'number' },
        { key: 'sum_size', label: 'Sum of size', type: 'number' },
      ],
      rows: [
        ['2026-11-23', 'create', 4, 10],
        ['2026-11-24', null, 1, null],
      ],
      isTruncated: false,
    };
    expect(chartDataOf(result)).toEqual({
      labels: ['2026-11-23 · create', '2026-11-24 · (empty)'],
      series: [
        { label: 'Count', values: [4, 1] },
        { label: 'Sum of size', values: [10, 0] },
      ],
    });
  });

  it('has no series to draw for a result without numbers', () => {
    const result: TReportResult = {
      columns: [{ key: 'email', label: 'E-mail', type: 'text' }],
      rows: [['ada@example.com']],
      isTruncated: false,
    };
    expect(chartDataOf(result).series).toEqual([]);
  });
});

describe('chartDataOf with the reader’s formats', () => {
  it('labels the points as the table writes them', () => {
    const format = createFormatter({
      locale: 'en-US',
      timeZone: 'UTC',
      dateFormat: 'dd.mm.yyyy',
      numberFormat: 'language',
    });
    const result: TReportResult = {
      columns: [
        { key: 'createdAt', label: 'Created', type: 'date' },
        { key: 'status', label: 'Status', type: 'enum' },
        { key: 'count', label: 'Count', type: 'number' },
      ],
      rows: [['2026-11-27', 'active', 2]],
      isTruncated: false,
    };
    expect(chartDataOf(result, (column, value) => reportCellText(format, column.type, value)).labels).toEqual(
      ['27.11.2026 · Active'],
    );
  });
});
