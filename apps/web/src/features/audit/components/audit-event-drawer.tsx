import type { TAuditEvent } from '@cargodesk/shared';
import { Descriptions, Drawer, Empty, Table, Typography } from 'antd';
import {
  describeEvent,
  describeSubject,
  listFieldChanges,
  type TFieldChange,
} from '@/components/history/describe-change.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { actionLabelOf, entityTypeLabelOf } from './audit-labels.ts';

type TAuditEventDrawerProps = {
  event: TAuditEvent | undefined;
  /** Colleagues by user id: the event names its actor and, for a user, its subject by name. */
  namesById: ReadonlyMap<string, string>;
  onClose: () => void;
};

/** The event with its actor named, as the sentences read it. */
export const namedEvent = (event: TAuditEvent, namesById: ReadonlyMap<string, string>) => ({
  ...event,
  actor: { ...event.actor, name: (event.actor.userId && namesById.get(event.actor.userId)) || null },
});

/** "Ada Lovelace changed the role “Dispatcher”: added “contacts:write” to the permissions." */
export const sentencesOf = (event: TAuditEvent, namesById: ReadonlyMap<string, string>) =>
  describeEvent(namedEvent(event, namesById), {
    subject: describeSubject(event, event.entityType === 'user' ? namesById.get(event.entityId) : undefined),
  });

const changeColumns = [
  { key: 'label', dataIndex: 'label', title: 'Field' },
  {
    key: 'before',
    title: 'Before',
    render: (_: unknown, change: TFieldChange) =>
      change.before || <Typography.Text type="secondary">(none)</Typography.Text>,
  },
  {
    key: 'after',
    title: 'After',
    render: (_: unknown, change: TFieldChange) =>
      change.after || <Typography.Text type="secondary">(none)</Typography.Text>,
  },
];

/**
 * One event of the audit log: what happened as sentences, who, when and from where, and every field
 * it changed with its value before and after.
 */
export const AuditEventDrawer = ({ event, namesById, onClose }: TAuditEventDrawerProps) => {
  const { formatDateTime } = useFormat();
  const sentences = event ? sentencesOf(event, namesById) : [];
  const changes = event ? listFieldChanges(event) : [];
  const actorName = event?.actor.userId ? namesById.get(event.actor.userId) : undefined;
  return (
    <Drawer title="Audit event" open={event !== undefined} onClose={onClose} size="large" destroyOnHidden>
      {event && (
        <>
          <section aria-label="What happened">
            {sentences.map((sentence) => (
              <Typography.Paragraph key={sentence} strong>
                {sentence}
              </Typography.Paragraph>
            ))}
          </section>
          <Descriptions
            column={1}
            size="small"
            bordered
            style={{ marginBottom: 24 }}
            items={[
              {
                key: 'when',
                label: 'When',
                children: <time dateTime={event.occurredAt}>{formatDateTime(event.occurredAt)}</time>,
              },
              {
                key: 'who',
                label: 'Who',
                children: actorName
                  ? `${actorName} (${event.actor.email ?? 'no address'})`
                  : (event.actor.email ?? 'The system'),
              },
              { key: 'action', label: 'Action', children: actionLabelOf(event.action) },
              {
                key: 'entity',
                label: 'Entity',
                children: (
                  <>
                    {entityTypeLabelOf(event.entityType)}{' '}
                    <Typography.Text type="secondary" copyable={{ text: event.entityId }}>
                      {event.entityId}
                    </Typography.Text>
                  </>
                ),
              },
              { key: 'ip', label: 'IP address', children: event.ip ?? '—' },
              { key: 'device', label: 'Device', children: event.userAgent ?? '—' },
            ]}
          />
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            Before and after
          </Typography.Title>
          {changes.length > 0 ? (
            <Table<TFieldChange>
              rowKey="path"
              size="small"
              pagination={false}
              columns={changeColumns}
              dataSource={changes}
            />
          ) : (
            <Empty description="This event changed no fields." />
          )}
        </>
      )}
    </Drawer>
  );
};
