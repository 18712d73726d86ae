import {
  issueSeverities,
  issueStatuses,
  issueTransitions,
  type TIssueSeverity,
  type TIssueStatus,
  type TPlatformIssueSummary,
} from '@cargodesk/shared';
import { Button, Drawer, Select, Space, Spin, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ListPage } from '../../../components/list-page.tsx';
import { NotAllowedCard } from '../../../components/require-permission.tsx';
import { useSession } from '../../../lib/auth/session-store.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { oneOf } from '../../../lib/list/list-url.ts';
import { useListState } from '../../../lib/list/use-list-state.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAnswerIssue, usePlatformIssue, usePlatformIssues } from '../api/issues.ts';
import { CommentForm, IssueComments, IssueFacts } from '../components/issue-facts.tsx';
import {
  severityColors,
  severityLabels,
  statusColors,
  statusLabels,
  transitionLabels,
} from '../issue-labels.ts';

type TIssueFilters = { status: TIssueStatus; severity: TIssueSeverity };

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

const AdminIssuesScreen = () => {
  const [openId, setOpenId] = useState<string>();
  const list = useListState<TIssueFilters, never>({
    filters: { status: oneOf(issueStatuses), severity: oneOf(issueSeverities) },
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
    {
      key: 'updatedAt',
      title: 'Last change',
      width: 170,
      render: (_, issue) => formatDateTime(issue.updatedAt),
    },
  ];

  return (
    <>
      <ListPage<TPlatformIssueSummary, TIssueFilters, never>
        title="Support: reported problems"
        intro={<p>Every company’s reported problems. Your answers are signed “Cargodesk support”.</p>}
        search={{ label: 'Search problems', placeholder: 'Title', regionLabel: 'Find problems', width: 260 }}
        filters={
          <>
            <Select
              allowClear
              aria-label="Filter by status"
              placeholder="All statuses"
              style={{ width: 160 }}
              value={list.filters.status}
              onChange={(value?: TIssueStatus) => list.setFilter('status', value)}
              options={issueStatuses.map((value) => ({ value, label: statusLabels[value] }))}
            />
            <Select
              allowClear
              aria-label="Filter by severity"
              placeholder="All severities"
              style={{ width: 160 }}
              value={list.filters.severity}
              onChange={(value?: TIssueSeverity) => list.setFilter('severity', value)}
              options={issueSeverities.map((value) => ({ value, label: severityLabels[value] }))}
            />
          </>
        }
        list={list}
        query={issues}
        columns={columns}
        rowKey="_id"
        tableMinWidth={900}
        noun={{ one: 'problem', other: 'problems' }}
        empty={{
          filtered: 'No problems match your search or filters.',
          unfiltered: 'No problems reported yet.',
        }}
        notAllowed={{ what: 'the platform console' }}
      />
      {openId && <PlatformIssueDrawer id={openId} onClose={() => setOpenId(undefined)} />}
    </>
  );
};

/**
 * /admin/issues: the platform console's issues, for platform admins only. The session's flag only
 * hides the screen; the server refuses anyone else.
 */
export const AdminIssuesRoute = () => {
  const { isSuperAdmin } = useSession();
  if (!isSuperAdmin) return <NotAllowedCard title="Support" what="the platform console" />;
  return <AdminIssuesScreen />;
};
