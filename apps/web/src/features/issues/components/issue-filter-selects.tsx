import { issueSeverities, issueStatuses, type TIssueSeverity, type TIssueStatus } from '@cargodesk/shared';
import { Select } from 'antd';
import type { TListStateResult } from '../../../lib/list/use-list-state.ts';
import { severityLabels, statusLabels } from '../issue-labels.ts';

type TIssueFilterState = { status: TIssueStatus; severity: TIssueSeverity };

/** The status and severity filters of both issue lists: the company's and the platform console's. */
export const IssueFilterSelects = <TFilters extends TIssueFilterState>({
  list,
}: {
  list: TListStateResult<TFilters, never>;
}) => (
  <>
    <Select
      allowClear
      aria-label="Filter by status"
      placeholder="All statuses"
      style={{ width: 160 }}
      value={list.filters.status}
      onChange={(value?: TIssueStatus) => list.setFilter('status', value as TFilters['status'])}
      options={issueStatuses.map((value) => ({ value, label: statusLabels[value] }))}
    />
    <Select
      allowClear
      aria-label="Filter by severity"
      placeholder="All severities"
      style={{ width: 160 }}
      value={list.filters.severity}
      onChange={(value?: TIssueSeverity) => list.setFilter('severity', value as TFilters['severity'])}
      options={issueSeverities.map((value) => ({ value, label: severityLabels[value] }))}
    />
  </>
);
