import { HistoryOutlined } from '@ant-design/icons';
import type { TAuditEntityType } from '@cargodesk/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Empty, Pagination, Skeleton, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { describeEvent } from './describe-change.ts';
import './history-drawer.css';
import { getAuditHistoryQueryOptions, historyPageSize } from './get-audit-history.ts';

export type THistoryProps = { entityType: TAuditEntityType; entityId: string; title?: string };

/** The timeline of who changed what and when, for a tab or the drawer. */
export const HistoryList = ({ entityType, entityId }: THistoryProps) => {
  const { formatDateTime } = useFormat();
  const [page, setPage] = useState(1);
  const history = useQuery(getAuditHistoryQueryOptions({ entityType, entityId, page }));
  if (history.isPending) return <Skeleton active />;
  if (history.isError) return <Alert type="error" showIcon message={toErrorMessage(history.error)} />;
  const { data: events, meta } = history.data;
  if (events.length === 0) return <Empty description="No changes recorded yet." />;
  return (
    <>
      <Timeline
        items={events.map((event) => {
          const sentences = describeEvent(event);
          const when = formatDateTime(event.occurredAt);
          return {
            key: event._id,
            children: (
              <article aria-label={`${sentences[0]} ${when}`}>
                <Typography.Text type="secondary">
                  <time dateTime={event.occurredAt}>{when}</time>
                </Typography.Text>
                {sentences.length === 1 ? (
                  <Typography.Paragraph className="history-sentences">{sentences[0]}</Typography.Paragraph>
                ) : (
                  <ul className="history-sentences">
                    {sentences.map((sentence) => (
                      <li key={sentence}>{sentence}</li>
                    ))}
                  </ul>
                )}
              </article>
            ),
          };
        })}
      />
      {meta.total > historyPageSize && (
        <Pagination
          size="small"
          current={page}
          pageSize={historyPageSize}
          total={meta.total}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
    </>
  );
};

/**
 * The "History" button of an edit screen and the drawer it opens: who changed what and when, from
 * GET /logserver/api/v1/audit-history. Shown only to users who may read the audit trail.
 */
export const HistoryButton = ({ entityType, entityId, title = 'History' }: THistoryProps) => {
  const [isOpen, setIsOpen] = useState(false);
  if (!useCan('audit:read')) return null;
  return (
    <>
      {/* Named by its drawer's title: a page may hold two (the company's and its single sign-on's). */}
      <Button icon={<HistoryOutlined />} aria-label={title} onClick={() => setIsOpen(true)}>
        History
      </Button>
      <Drawer title={title} open={isOpen} onClose={() => setIsOpen(false)} size="large" destroyOnHidden>
        {isOpen && <HistoryList entityType={entityType} entityId={entityId} />}
      </Drawer>
    </>
  );
};
