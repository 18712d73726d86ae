import { issueSeverities, issueStatuses, type TIssueSeverity, type TIssueStatus } from '@cargodesk/shared';
import { ListFilterSelects, labelledOptions } from '@/components/list-filter-select.tsx';
import { oneOf } from '@/lib/list/list-url.ts';
import type { TListStateResult } from '@/lib/list/use-list-state.ts';
import { severityLabels, statusLabels } from '../issue-labels.ts';

/** The filters both issue lists have, and how each is read from the address. */
export type TIssueFilterState = { status: TIssueStatus; severity: TIssueSeverity };
export const issueFilterParsers = { status: oneOf(issueStatuses), severity: oneOf(issueSeverities) };

const statusOptions = labelledOptions(issueStatuses, statusLabels);
const severityOptions = labelledOptions(issueSeverities, severityLabels);

/** The status and severity filters of both issue lists: the company's and the platform console's. */
export const IssueFilterSelects = <TFilters extends TIssueFilterState>({
  list,
}: {
  list: TListStateResult<TFilters, never>;
}) => (
  <ListFilterSelects<TIssueFilterState>
    list={list}
    filters={[
      { name: 'status', by: 'status', placeholder: 'All statuses', width: 160, options: statusOptions },
      {
        name: 'severity',
        by: 'severity',
        placeholder: 'All severities',
        width: 160,
        options: severityOptions,
      },
    ]}
  />
);
