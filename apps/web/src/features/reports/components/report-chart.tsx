import type { TReportChartType, TReportResult } from '@cargodesk/shared';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useMemo, useRef } from 'react';
import { useFormat } from '@/lib/format/format-store.ts';
import { reportCellText } from './report-cell.ts';

// Chart.js, tree-shaken to the three charts a report draws (docs/decisions/019-report-charts.md).
// This module is imported by the report builder alone, so the library loads with that screen.
Chart.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  Tooltip,
);

const palette = ['#13756b', '#1677ff', '#d4380d', '#722ed1', '#d48806', '#08979c', '#c41d7f', '#389e0d'];

/** What a result draws: the first non-number columns label the points, each number column is a series. */
export const chartDataOf = (
  result: TReportResult,
  /** A label's part as the reader reads it; the stored value unless told. */
  textOf: (column: TReportResult['columns'][number], value: string | number) => string = (_, value) =>
    String(value),
) => {
  const labelIndexes = result.columns.flatMap((column, index) => (column.type === 'number' ? [] : [index]));
  const seriesIndexes = result.columns.flatMap((column, index) => (column.type === 'number' ? [index] : []));
  return {
    labels: result.rows.map((row) =>
      labelIndexes
        .map((index) => {
          const value = row[index] ?? null;
          const column = result.columns[index];
          return value === null || !column ? '(empty)' : textOf(column, value);
        })
        .join(' · '),
    ),
    series: seriesIndexes.map((index) => ({
      label: result.columns[index]?.label ?? '',
      values: result.rows.map((row) => Number(row[index] ?? 0)),
    })),
  };
};

export const ReportChart = ({
  result,
  type,
  title,
}: {
  result: TReportResult;
  type: Exclude<TReportChartType, 'table'>;
  title: string;
}) => {
  const format = useFormat();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { labels, series } = useMemo(
    () =>
      chartDataOf(result, (column, value) => reportCellText(format, column.type, value, column.valueLabels)),
    [result, format],
  );
  const summary = `${title}: ${type} chart of ${series.map((one) => one.label).join(', ')} over ${labels.length} ${labels.length === 1 ? 'group' : 'groups'}. The table below holds the same figures.`;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || series.length === 0) return;
    const chart = new Chart(canvas, {
      type,
      data: {
        labels,
        datasets: series.map((one, index) => ({
          label: one.label,
          data: one.values,
          backgroundColor:
            type === 'pie'
              ? labels.map((_, at) => palette[at % palette.length])
              : palette[index % palette.length],
          borderColor: type === 'line' ? palette[index % palette.length] : undefined,
          maxBarThickness: 72,
        })),
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        plugins: { legend: { display: type === 'pie' || series.length > 1 } },
      },
    });
    return () => chart.destroy();
  }, [type, labels, series]);

  if (series.length === 0)
    return <p className="report-chart__empty">Group the rows or add a number column to draw a chart.</p>;
  return (
    <div className="report-chart">
      <canvas ref={canvasRef} role="img" aria-label={summary} />
    </div>
  );
};
