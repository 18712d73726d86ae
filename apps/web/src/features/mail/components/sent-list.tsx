import type { TSentMail, TSentMailQuery, TSentMailStatus } from '@cargodesk/shared';
import { Button, type TableProps, Tag, Typography } from 'antd';
import { ListFilterSelects, type TListFilter } from '@/components/list-filter-select.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { useFormat } from '@/lib/format/format-store.ts';
import { oneOf } from '@/lib/list/list-url.ts';
import { useListState } from '@/lib/list/use-list-state.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { getSentMails, sentPageSize, useRetryMail, useSentMails } from '../api/mail.ts';

type TSentFilters = { status: TSentMailStatus };

// antd's status presets take the theme's AA-contrast green and red; its plain "green" falls short.
const statusColors: Record<TSentMailStatus, string> = { queued: 'blue', sent: 'success', failed: 'error' };
// Spelled out rather than imported: shared's values would bring zod, which the page's CSP refuses.
const statuses: readonly TSentMailStatus[] = ['queued', 'sent', 'failed'];
const statusOptions = statuses.map((status) => ({ value: status, label: status }));

const filters: TListFilter<TSentFilters>[] = [
  { name: 'status', by: 'status', placeholder: 'All statuses', width: 150, options: statusOptions },
];

/** The signed-in user's sent mails with their delivery status; a failed one can be sent again. */
export const SentList = () => {
  const { formatDateTime } = useFormat();
  // The list sits in the mail modal, which opens over any page: its search and filter stay in the
  // modal rather than in that page's URL (docs/architecture.md, list kit).
  const list = useListState<TSentFilters, never>({
    filters: { status: oneOf(statuses) },
    sortFields: [],
    defaultPageSize: sentPageSize,
    storage: 'local',
  });
  const query = list.query as TSentMailQuery;
  const sent = useSentMails(query);
  const retry = useRetryMail();

  const onRetry = (mail: TSentMail) =>
    retry.mutate(mail._id, {
      onSuccess: () => notifySuccess('The mail is queued again.'),
    });

  const columns: TableProps<TSentMail>['columns'] = [
    {
      key: 'subject',
      title: 'Subject',
      render: (_, mail) => (
        <>
          <div>{mail.subject}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            To {mail.to.join(', ')}
            {mail.attachments.length > 0 &&
              ` · ${mail.attachments.map((attachment) => attachment.filename).join(', ')}`}
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      width: 200,
      render: (_, mail) => (
        <>
          <Tag color={statusColors[mail.status]}>{mail.status}</Tag>
          {mail.failReason && (
            <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
              {mail.failReason}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      key: 'createdAt',
      title: 'Date',
      width: 150,
      render: (_, mail) => <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>,
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
  ];

  return (
    <ListPage<TSentMail, TSentFilters, never>
      title="Sent mail"
      isEmbedded
      isInDialog
      search={{
        label: 'Search sent mail',
        placeholder: 'Search by subject or recipient',
        regionLabel: 'Find sent mail',
        width: 260,
      }}
      filters={<ListFilterSelects list={list} filters={filters} />}
      list={list}
      query={sent}
      columns={columns}
      size="small"
      noun={{ one: 'mail', other: 'mails' }}
      empty={{ filtered: 'No sent mail matches your search.', unfiltered: 'You have not sent any mail yet.' }}
      notAllowed={{ what: 'your sent mail' }}
      hideOnSinglePage
      export={{
        fileName: 'sent-mail.csv',
        fetchPage: (page) => getSentMails({ ...query, ...page }),
        columns: [
          { title: 'Subject', value: (mail) => mail.subject },
          { title: 'To', value: (mail) => mail.to.join(', ') },
          { title: 'Cc', value: (mail) => mail.cc.join(', ') },
          { title: 'Bcc', value: (mail) => mail.bcc.join(', ') },
          { title: 'Status', value: (mail) => mail.status },
          { title: 'Reason', value: (mail) => mail.failReason },
          { title: 'Attachments', value: (mail) => mail.attachments.map((file) => file.filename).join(', ') },
          { title: 'Created', value: (mail) => mail.createdAt },
          { title: 'Sent', value: (mail) => mail.sentAt },
        ],
      }}
    />
  );
};
