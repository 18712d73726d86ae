import { issueRules, type TIssue } from '@cargodesk/shared';
import { Button, Descriptions, Form, Input, List, Tag, Typography } from 'antd';
import { useFormat } from '@/lib/format/format-store.ts';
import { notifyFailure } from '@/lib/notify.ts';
import { downloadAttachment } from '../api/issues.ts';
import { severityColors, severityLabels, statusColors, statusLabels } from '../issue-labels.ts';

// What the company's detail screen and the platform console both show of an issue.

export const IssueFacts = ({ issue }: { issue: TIssue }) => {
  const { formatDateTime } = useFormat();
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label="Status">
        <Tag color={statusColors[issue.status]}>{statusLabels[issue.status]}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label="Severity">
        <Tag color={severityColors[issue.severity]}>{severityLabels[issue.severity]}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label="Reported by">
        {issue.reporter?.name ?? '—'} on {formatDateTime(issue.createdAt)}
      </Descriptions.Item>
      <Descriptions.Item label="Assignee">{issue.assignee?.name ?? 'Nobody yet'}</Descriptions.Item>
      <Descriptions.Item label="Page">
        <span style={{ wordBreak: 'break-all' }}>{issue.pageUrl || '—'}</span>
      </Descriptions.Item>
      <Descriptions.Item label="Browser">
        <span style={{ wordBreak: 'break-all' }}>{issue.userAgent || '—'}</span>
      </Descriptions.Item>
      <Descriptions.Item label="Attachment">
        {issue.attachment ? (
          <Button
            type="link"
            style={{ padding: 0 }}
            onClick={() =>
              void downloadAttachment(issue.attachment ?? { _id: '', name: '' }).catch(notifyFailure)
            }
          >
            Download {issue.attachment.name}
          </Button>
        ) : (
          'None'
        )}
      </Descriptions.Item>
    </Descriptions>
  );
};

export const IssueComments = ({ issue }: { issue: TIssue }) => {
  const { formatDateTime } = useFormat();
  return (
    <List
      header={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          Comments
        </Typography.Title>
      }
      // The list's own empty text is too pale to read (AA contrast).
      locale={{ emptyText: <Typography.Text>No comments yet.</Typography.Text> }}
      dataSource={issue.comments}
      renderItem={(comment) => (
        <List.Item key={comment._id}>
          <List.Item.Meta
            title={
              <>
                {comment.authorName}{' '}
                <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                  {formatDateTime(comment.createdAt)}
                </Typography.Text>
              </>
            }
            description={<span style={{ whiteSpace: 'pre-wrap', color: 'inherit' }}>{comment.body}</span>}
          />
        </List.Item>
      )}
    />
  );
};

/** A comment box that empties once its comment is saved. */
export const CommentForm = ({
  label,
  isPending,
  onSubmit,
}: {
  label: string;
  isPending: boolean;
  onSubmit: (body: string) => Promise<unknown>;
}) => {
  const [form] = Form.useForm<{ body: string }>();
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={({ body }) =>
        void onSubmit(body)
          .then(() => form.resetFields())
          .catch(() => undefined)
      }
    >
      <Form.Item
        name="body"
        label={label}
        rules={[{ required: true, whitespace: true, message: 'Write a comment first' }]}
      >
        <Input.TextArea rows={3} maxLength={issueRules.maxCommentLength} />
      </Form.Item>
      <Button htmlType="submit" loading={isPending}>
        Add comment
      </Button>
    </Form>
  );
};
