import { issueSeverities, issueStatuses, type TIssueSeverity, type TIssueStatus } from '@cargodesk/shared';
import { ListFilterSelect } from '@/components/list-filter-select.tsx';
import type { TListStateResult } from '@/lib/list/use-list-state.ts';
import { severityLabels, statusLabels } from '../issue-labels.ts';

type TIssueFilterState = { status: TIssueStatus; severity: TIssueSeverity };

/** The status and severity filters of both issue lists: the company's and the platform console's. */
export const IssueFilterSelects = <TFilters extends TIssueFilterState>({
  list,
}: {
  list: TListStateResult<TFilters, never>;
}) => (
  <>
    <ListFilterSelect
      list={list}
      name="status"
      label="Filter by status"
      placeholder="All statuses"
      width={160}
      options={issueStatuses.map((value) => ({ value, label: statusLabels[value] }))}
    />
    <ListFilterSelect
      list={list}
      name="severity"
      label="Filter by severity"
      placeholder="All severities"
      width={160}
      options={issueSeverities.map((value) => ({ value, label: severityLabels[value] }))}
    />
  </>
);
