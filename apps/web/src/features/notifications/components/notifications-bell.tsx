import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useUnreadNotificationCount } from '../api/notifications.ts';

// The drawer loads on first opening and the stream reader after the first paint: every signed-in
// page shows the bell, and the first page's bundle has no room for either.
const NotificationsDrawer = lazy(async () => ({
  default: (await import('./notifications-drawer.tsx')).NotificationsDrawer,
}));

/** docs/product.md §9: the badge shows the count of unread notifications, '9+' above 9. */
export const formatBadgeCount = (count: number) => (count > 9 ? '9+' : count);

/** Keeps the unread list current for as long as the bell is on screen. */
const useNotificationStream = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    let isCurrent = true;
    let stop: (() => void) | undefined;
    void import('../api/notification-stream.ts').then(({ startNotificationStream }) => {
      if (isCurrent) stop = startNotificationStream(queryClient);
    });
    return () => {
      isCurrent = false;
      stop?.();
    };
  }, [queryClient]);
};

/**
 * The navbar's bell (docs/product.md §2): the live count of unread notifications, opening the panel.
 * The navbar holds whether the panel is open, so its small screens' menu can open it too.
 */
export const NotificationsBell = ({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) => {
  useNotificationStream();
  const unreadCount = useUnreadNotificationCount();
  // Mounted from the first opening on, so closing still animates.
  const [hasOpened, setHasOpened] = useState(false);
  if (isOpen && !hasOpened) setHasOpened(true);
  return (
    <>
      <Badge
        count={formatBadgeCount(unreadCount)}
        size="small"
        offset={[-4, 4]}
        title={`${unreadCount} unread`}
        data-testid="notifications-badge"
      >
        <Tooltip title="Notifications">
          <Button
            type="text"
            shape="circle"
            icon={<BellOutlined />}
            aria-label="Notifications"
            onClick={() => onOpenChange(true)}
          />
        </Tooltip>
      </Badge>
      {hasOpened && (
        <Suspense fallback={null}>
          <NotificationsDrawer isOpen={isOpen} onClose={() => onOpenChange(false)} />
        </Suspense>
      )}
    </>
  );
};
