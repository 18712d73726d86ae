import { NotificationOutlined } from '@ant-design/icons';
import { type TNotification, ZAnnouncementRequest } from '@cargodesk/shared';
import { Button, Drawer, Empty, Form, Input, List, Spin, Typography } from 'antd';
import { useState } from 'react';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';
import { navigateTo, safeRedirectTarget } from '@/lib/navigation.ts';
import { notifySuccess } from '@/lib/notify.ts';
import {
  useAnnounceToCompany,
  useMarkAllNotificationsRead,
  useMarkNotificationLoaded,
  useUnreadNotifications,
} from '../api/notifications.ts';

const itemStyle = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: 2,
  width: '100%',
  padding: '10px 8px',
  border: 0,
  background: 'transparent',
  textAlign: 'left',
  cursor: 'pointer',
  font: 'inherit',
  color: 'inherit',
} as const;

type TAnnouncementForm = { title: string; body?: string };

// The server's own checks of POST /announcements. This drawer is a lazy chunk of its own, so zod
// stays out of the signed-in layout's.
const { title: titleSchema, body: bodySchema } = ZAnnouncementRequest.shape;
const titleRule = zodRule(titleSchema, {
  label: 'The announcement',
  requiredMessage: 'Write what you want to tell everyone.',
});
const bodyRule = zodRule(bodySchema, { label: 'The details' });

/** An admin's message to everyone in the company (company:write). */
const AnnounceForm = ({ onDone }: { onDone: () => void }) => {
  const [form] = Form.useForm<TAnnouncementForm>();
  const announce = useAnnounceToCompany();
  const onFinish = (values: TAnnouncementForm) =>
    announce.mutate(
      { title: values.title, body: values.body ?? '' },
      {
        onSuccess: ({ recipients }) => {
          notifySuccess(`Announcement sent to ${recipients} ${recipients === 1 ? 'person' : 'people'}.`);
          form.resetFields();
          onDone();
        },
      },
    );
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
      <Form.Item name="title" label="Announcement" rules={[titleRule]}>
        <Input autoFocus maxLength={titleSchema.maxLength ?? undefined} />
      </Form.Item>
      <Form.Item name="body" label="Details" rules={[bodyRule]}>
        <Input.TextArea rows={3} maxLength={bodySchema.unwrap().maxLength ?? undefined} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={announce.isPending}>
        Send to company
      </Button>{' '}
      <Button onClick={onDone}>Cancel</Button>
    </Form>
  );
};

/** The general-notification panel of docs/product.md §2: the newest unread, opened one by one or all at once. */
export const NotificationsDrawer = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => {
  const { formatDateTime } = useFormat();
  const { data: items = [], isPending, error } = useUnreadNotifications();
  const markLoaded = useMarkNotificationLoaded();
  const markAllRead = useMarkAllNotificationsRead();
  const canAnnounce = useCan('company:write');
  const [isAnnouncing, setIsAnnouncing] = useState(false);

  const open = (notification: TNotification) => {
    markLoaded.mutate(notification._id);
    const target = safeRedirectTarget(notification.link);
    if (target) {
      onClose();
      navigateTo(target);
    }
  };

  return (
    <Drawer
      title="Notifications"
      open={isOpen}
      onClose={onClose}
      extra={items.length > 0 && <Button onClick={() => markAllRead.mutate()}>Mark all as read</Button>}
    >
      {canAnnounce &&
        (isAnnouncing ? (
          <AnnounceForm onDone={() => setIsAnnouncing(false)} />
        ) : (
          <Button icon={<NotificationOutlined />} onClick={() => setIsAnnouncing(true)} block>
            Announce to company
          </Button>
        ))}
      {error && <Typography.Paragraph type="danger">{toErrorMessage(error)}</Typography.Paragraph>}
      {isPending ? (
        <Spin aria-label="Loading notifications" style={{ display: 'block', marginTop: 24 }} />
      ) : items.length === 0 ? (
        <Empty description="You have no new notifications." style={{ marginTop: 24 }} />
      ) : (
        <List
          aria-label="Unread notifications"
          dataSource={items}
          style={{ marginTop: 16 }}
          renderItem={(notification) => (
            <List.Item key={notification._id} style={{ padding: 0 }}>
              <button type="button" style={itemStyle} onClick={() => open(notification)}>
                <strong>{notification.title}</strong>
                {notification.body && <Typography.Text type="secondary">{notification.body}</Typography.Text>}
                <time dateTime={notification.createdAt} style={{ fontSize: 12, color: '#595959' }}>
                  {formatDateTime(notification.createdAt)}
                </time>
              </button>
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
};
