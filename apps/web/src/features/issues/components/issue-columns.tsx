import type { TIssueSummary } from '@cargodesk/shared';
import { type TableProps, Tag } from 'antd';
import { severityColors, severityLabels, statusColors, statusLabels } from '../issue-labels.ts';

// What both issue lists, the company's and the platform console's, show of an issue the same way.

type TIssueRow = Pick<TIssueSummary, 'status' | 'severity' | 'reporter' | 'updatedAt'>;
type TIssueColumn<TRow extends TIssueRow> = NonNullable<TableProps<TRow>['columns']>[number];

const statusColumn = <TRow extends TIssueRow>(): TIssueColumn<TRow> => ({
  key: 'status',
  title: 'Status',
  width: 130,
  render: (_, issue) => <Tag color={statusColors[issue.status]}>{statusLabels[issue.status]}</Tag>,
});

const severityColumn = <TRow extends TIssueRow>(): TIssueColumn<TRow> => ({
  key: 'severity',
  title: 'Severity',
  width: 110,
  render: (_, issue) => <Tag color={severityColors[issue.severity]}>{severityLabels[issue.severity]}</Tag>,
});

const reporterColumn = <TRow extends TIssueRow>(): TIssueColumn<TRow> => ({
  key: 'reporter',
  title: 'Reported by',
  render: (_, issue) => issue.reporter?.name,
});

/** Status, severity and who reported it, side by side in both lists. */
export const issueStateColumns = <TRow extends TIssueRow>(): TIssueColumn<TRow>[] => [
  statusColumn<TRow>(),
  severityColumn<TRow>(),
  reporterColumn<TRow>(),
];

export const issueLastChangeColumn = <TRow extends TIssueRow>(
  formatDateTime: (value: string) => string,
): TIssueColumn<TRow> => ({
  key: 'updatedAt',
  title: 'Last change',
  width: 170,
  render: (_, issue) => formatDateTime(issue.updatedAt),
});

/** The list's words: both lists search, count and fall empty alike. */
export const issueListWords = {
  search: { label: 'Search problems', placeholder: 'Title', regionLabel: 'Find problems', width: 260 },
  noun: { one: 'problem', other: 'problems' },
  empty: { unfiltered: 'No problems reported yet.' },
} as const;
