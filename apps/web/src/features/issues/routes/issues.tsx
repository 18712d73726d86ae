import {
  issueSeverities,
  issueStatuses,
  type TIssueSeverity,
  type TIssueStatus,
  type TIssueSummary,
} from '@cargodesk/shared';
import { Checkbox, type TableProps, Tag } from 'antd';
import { Link } from 'react-router';
import { ListPage } from '@/components/list-page.tsx';
import { paths } from '@/config/paths.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { oneOf } from '@/lib/list/list-url.ts';
import { useListState } from '@/lib/list/use-list-state.ts';
import { useIssues } from '../api/issues.ts';
import { IssueFilterSelects } from '../components/issue-filter-selects.tsx';
import { severityColors, severityLabels, statusColors, statusLabels } from '../issue-labels.ts';

type TIssueFilters = { status: TIssueStatus; severity: TIssueSeverity; mine: 'true' };

/** /issues: the problems the user reported or was given, or every one of the company for a manager. */
export const IssuesRoute = () => {
  const { formatDateTime } = useFormat();
  const canManage = useCan('issues:write');
  const list = useListState<TIssueFilters, never>({
    filters: {
      status: oneOf(issueStatuses),
      severity: oneOf(issueSeverities),
      mine: oneOf(['true'] as const),
    },
    sortFields: [],
  });
  const issues = useIssues(list.query);

  const columns: TableProps<TIssueSummary>['columns'] = [
    {
      key: 'title',
      title: 'Title',
      render: (_, issue) => <Link to={paths.issueDetail.href({ id: issue._id })}>{issue.title}</Link>,
    },
    {
      key: 'status',
      title: 'Status',
      width: 130,
      render: (_, issue) => <Tag color={statusColors[issue.status]}>{statusLabels[issue.status]}</Tag>,
    },
    {
      key: 'severity',
      title: 'Severity',
      width: 110,
      render: (_, issue) => (
        <Tag color={severityColors[issue.severity]}>{severityLabels[issue.severity]}</Tag>
      ),
    },
    { key: 'reporter', title: 'Reported by', render: (_, issue) => issue.reporter?.name },
    { key: 'assignee', title: 'Assignee', render: (_, issue) => issue.assignee?.name },
    { key: 'comments', title: 'Comments', width: 110, render: (_, issue) => issue.commentCount },
    {
      key: 'updatedAt',
      title: 'Last change',
      width: 170,
      render: (_, issue) => formatDateTime(issue.updatedAt),
    },
  ];

  return (
    <ListPage<TIssueSummary, TIssueFilters, never>
      title="Reported problems"
      intro={
        <p>
          {canManage
            ? 'Every problem your colleagues reported. Report one yourself from your avatar menu.'
            : 'The problems you reported or were asked to look at. Report one from your avatar menu.'}
        </p>
      }
      search={{ label: 'Search problems', placeholder: 'Title', regionLabel: 'Find problems', width: 260 }}
      filters={
        <>
          <IssueFilterSelects list={list} />
          {canManage && (
            <Checkbox
              checked={list.filters.mine === 'true'}
              onChange={(event) => list.setFilter('mine', event.target.checked ? 'true' : undefined)}
            >
              Reported by me
            </Checkbox>
          )}
        </>
      }
      list={list}
      query={issues}
      columns={columns}
      tableMinWidth={900}
      noun={{ one: 'problem', other: 'problems' }}
      empty={{
        unfiltered: 'No problems reported yet.',
      }}
      notAllowed={{ what: 'the reported problems' }}
    />
  );
};
