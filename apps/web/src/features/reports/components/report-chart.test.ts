import type { TReportResult } from '@cargodesk/shared';
import { describe, expect, it } from 'vitest';
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
