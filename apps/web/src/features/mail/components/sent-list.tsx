import type { TSentMail } from '@cargodesk/shared';
import { Button, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify.ts';
import { sentPageSize, useRetryMail, useSentMails } from '../api/mail.ts';

const statusColors: Record<TSentMail['status'], string> = { queued: 'blue', sent: 'green', failed: 'red' };

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The signed-in user's sent mails with their delivery status; a failed one can be sent again. */
export const SentList = () => {
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useSentMails(page);
  const retry = useRetryMail();

  const onRetry = (mail: TSentMail) =>
    retry.mutate(mail._id, {
      onSuccess: () => notifySuccess('The mail is queued again.'),
    });

  if (error) return <Typography.Paragraph type="danger">{error.message}</Typography.Paragraph>;
  return (
    <Table<TSentMail>
      rowKey="_id"
      size="small"
      loading={isLoading}
      dataSource={data?.data ?? []}
      locale={{ emptyText: 'You have not sent any mail yet.' }}
      pagination={{
        current: page,
        pageSize: sentPageSize,
        total: data?.meta.total ?? 0,
        onChange: setPage,
        hideOnSinglePage: true,
      }}
      columns={[
        {
          title: 'Subject',
          dataIndex: 'subject',
          render: (subject: string, mail) => (
            <>
              <div>{subject}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                To {mail.to.join(', ')}
                {mail.attachments.length > 0 &&
                  ` · ${mail.attachments.map((attachment) => attachment.filename).join(', ')}`}
              </Typography.Text>
            </>
          ),
        },
        {
          title: 'Status',
          dataIndex: 'status',
          width: 200,
          render: (status: TSentMail['status'], mail) => (
            <>
              <Tag color={statusColors[status]}>{status}</Tag>
              {mail.failReason && (
                <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
                  {mail.failReason}
                </Typography.Text>
              )}
            </>
          ),
        },
        {
          title: 'Date',
          dataIndex: 'createdAt',
          width: 150,
          render: (createdAt: string) => <time dateTime={createdAt}>{formatTime(createdAt)}</time>,
        },
        {
          title: <span className="visually-hidden">Actions</span>,
          key: 'actions',
          width: 90,
          render: (_, mail) =>
            mail.status === 'failed' && (
              <Button size="small" onClick={() => onRetry(mail)} loading={retry.isPending}>
                Retry
              </Button>
            ),
        },
      ]}
    />
  );
};
