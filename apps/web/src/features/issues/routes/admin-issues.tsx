import { issueTransitions, type TPlatformIssueSummary } from '@cargodesk/shared';
import { Button, Drawer, Space, Spin, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { ListPage } from '@/components/list-page.tsx';
import { useFormat } from '@/lib/format/format-store.ts';
import { useListState } from '@/lib/list/use-list-state.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useAnswerIssue, usePlatformIssue, usePlatformIssues } from '../api/issues.ts';
import { issueLastChangeColumn, issueListWords, issueStateColumns } from '../components/issue-columns.tsx';
import { CommentForm, IssueComments, IssueFacts } from '../components/issue-facts.tsx';
import {
  IssueFilterSelects,
  issueFilterParsers,
  type TIssueFilterState,
} from '../components/issue-filter-selects.tsx';
import { transitionLabels } from '../issue-labels.ts';

/** One company's issue in the console: what was reported, and support's answer. */
const PlatformIssueDrawer = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const issue = usePlatformIssue(id);
  const answer = useAnswerIssue(id);
  const data = issue.data;
  return (
    <Drawer open onClose={onClose} width={640} title={data ? data.title : 'Issue'}>
      {!data ? (
        <Spin aria-label="Loading the issue" />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Typography.Text>
            <strong>{data.companyName}</strong>
          </Typography.Text>
          {data.description && (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{data.description}</Typography.Paragraph>
          )}
          <Space wrap>
            {issueTransitions[data.status].map((status) => (
              <Button
                key={status}
                type={status === 'resolved' ? 'primary' : 'default'}
                onClick={() =>
                  void answer.mutateAsync({ status }).then(() => notifySuccess('Status changed'))
                }
              >
                {transitionLabels[status]}
              </Button>
            ))}
          </Space>
          <IssueFacts issue={data} />
          <IssueComments issue={data} />
          <CommentForm
            label="Answer as Cargodesk support"
            isPending={answer.isPending}
            onSubmit={(comment) => answer.mutateAsync({ comment })}
          />
        </Space>
      )}
    </Drawer>
  );
};

/**
 * /admin/issues: the platform console's issues, inside the console's layout, which opens only for
 * platform admins. The session's flag only hides the screen; the server refuses anyone else.
 */
export const AdminIssuesRoute = () => {
  const { formatDateTime } = useFormat();
  const [openId, setOpenId] = useState<string>();
  const list = useListState<TIssueFilterState, never>({
    filters: issueFilterParsers,
    sortFields: [],
  });
  const issues = usePlatformIssues(list.query);

  const columns: TableProps<TPlatformIssueSummary>['columns'] = [
    {
      key: 'title',
      title: 'Title',
      render: (_, issue) => (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
          onClick={() => setOpenId(issue._id)}
        >
          {issue.title}
        </Button>
      ),
    },
    { key: 'company', title: 'Company', render: (_, issue) => issue.companyName },
    ...issueStateColumns<TPlatformIssueSummary>(),
    issueLastChangeColumn(formatDateTime),
  ];

  return (
    <>
      <ListPage<TPlatformIssueSummary, TIssueFilterState, never>
        title="Support: reported problems"
        intro={<p>Every company’s reported problems. Your answers are signed “Cargodesk support”.</p>}
        {...issueListWords}
        filters={<IssueFilterSelects list={list} />}
        list={list}
        query={issues}
        columns={columns}
        tableMinWidth={900}
        notAllowed={{ what: 'the platform console' }}
      />
      {openId && <PlatformIssueDrawer id={openId} onClose={() => setOpenId(undefined)} />}
    </>
  );
};
