import { HistoryOutlined } from '@ant-design/icons';
import type { TAuditEntityType } from '@cargodesk/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Empty, Pagination, Skeleton, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { toErrorMessage } from '../../lib/api-client.ts';
import { useCan } from '../../lib/auth/permissions.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { describeAction, describeFieldChanges } from './describe-change.ts';
import { getAuditHistoryQueryOptions, historyPageSize } from './get-audit-history.ts';

type THistoryProps = { entityType: TAuditEntityType; entityId: string; title?: string };

const HistoryList = ({ entityType, entityId }: THistoryProps) => {
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
          const changes = describeFieldChanges(event);
          return {
            key: event._id,
            children: (
              <article aria-label={`${describeAction(event.action)} ${formatDateTime(event.occurredAt)}`}>
                <Typography.Text strong>{describeAction(event.action)}</Typography.Text>
                <div>
                  <Typography.Text type="secondary">
                    {formatDateTime(event.occurredAt)} by {event.actor.email ?? 'the system'}
                  </Typography.Text>
                </div>
                {changes.length > 0 && (
                  <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
                    {changes.map((change) => (
                      <li key={change.field}>
                        <Typography.Text code>{change.field}</Typography.Text> {change.before} →{' '}
                        {change.after}
                      </li>
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
      <Button icon={<HistoryOutlined />} onClick={() => setIsOpen(true)}>
        History
      </Button>
      <Drawer title={title} open={isOpen} onClose={() => setIsOpen(false)} size="large" destroyOnHidden>
        {isOpen && <HistoryList entityType={entityType} entityId={entityId} />}
      </Drawer>
    </>
  );
};
