import type { TIssueSummary } from '@cargodesk/shared';
import { Checkbox, type TableProps } from 'antd';
import { Link } from 'react-router';
import { ListPage } from '@/components/list-page.tsx';
import { paths } from '@/config/paths.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { oneOf } from '@/lib/list/list-url.ts';
import { useListState } from '@/lib/list/use-list-state.ts';
import { useIssues } from '../api/issues.ts';
import { issueLastChangeColumn, issueListWords, issueStateColumns } from '../components/issue-columns.tsx';
import {
  IssueFilterSelects,
  issueFilterParsers,
  type TIssueFilterState,
} from '../components/issue-filter-selects.tsx';

type TIssueFilters = TIssueFilterState & { mine: 'true' };

/** /issues: the problems the user reported or was given, or every one of the company for a manager. */
export const IssuesRoute = () => {
  const { formatDateTime } = useFormat();
  const canManage = useCan('issues:write');
  const list = useListState<TIssueFilters, never>({
    filters: {
      ...issueFilterParsers,
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
    ...issueStateColumns<TIssueSummary>(),
    { key: 'assignee', title: 'Assignee', render: (_, issue) => issue.assignee?.name },
    { key: 'comments', title: 'Comments', width: 110, render: (_, issue) => issue.commentCount },
    issueLastChangeColumn(formatDateTime),
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
      {...issueListWords}
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
      notAllowed={{ what: 'the reported problems' }}
    />
  );
};
