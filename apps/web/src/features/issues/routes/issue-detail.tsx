import { issueTransitions } from '@cargodesk/shared';
import { Button, Card, Flex, Popconfirm, Space, Spin, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { QueryErrorAlert } from '@/components/query-error-alert.tsx';
import { paths } from '@/config/paths.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useCommentOnIssue, useDeleteIssue, useIssue, useUpdateIssue } from '../api/issues.ts';
import { AssigneePicker } from '../components/assignee-picker.tsx';
import { CommentForm, IssueComments, IssueFacts } from '../components/issue-facts.tsx';
import { transitionLabels } from '../issue-labels.ts';

/** /issues/:id: one reported problem, its comments, and the status buttons its managers may use. */
export const IssueDetailRoute = () => {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const issue = useIssue(id);
  const update = useUpdateIssue(id);
  const comment = useCommentOnIssue(id);
  const remove = useDeleteIssue(id);

  if (issue.isLoading) return <Spin aria-label="Loading the issue" />;
  if (!issue.data) return <QueryErrorAlert query={issue} />;
  const { data } = issue;

  return (
    <Card>
      <Flex justify="space-between" align="start" wrap gap={12}>
        <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
          {data.title}
        </Typography.Title>
        <Space wrap>
          {data.canManage && <AssigneePicker issue={data} />}
          {data.canManage &&
            issueTransitions[data.status].map((status) => (
              <Button
                key={status}
                type={status === 'resolved' ? 'primary' : 'default'}
                loading={update.isPending && update.variables?.status === status}
                onClick={() =>
                  void update.mutateAsync({ status }).then(() => notifySuccess('Status changed'))
                }
              >
                {transitionLabels[status]}
              </Button>
            ))}
          {data.canDelete && (
            <Popconfirm
              title="Delete this issue?"
              description="Its comments go with it."
              okText="Delete"
              onConfirm={() =>
                remove.mutateAsync().then(() => {
                  notifySuccess('Issue deleted');
                  navigate(paths.issues.href());
                })
              }
            >
              <Button danger>Delete</Button>
            </Popconfirm>
          )}
        </Space>
      </Flex>
      {data.description && (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{data.description}</Typography.Paragraph>
      )}
      <IssueFacts issue={data} />
      <IssueComments issue={data} />
      <CommentForm
        label="Your comment"
        isPending={comment.isPending}
        onSubmit={(body) => comment.mutateAsync({ body })}
      />
    </Card>
  );
};
