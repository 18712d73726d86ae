import type { TNotification } from '@cargodesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiListRequest } from '@/lib/api-client.ts';
import { notificationsKeys } from './keys.ts';

/** docs/product.md §4, §9: the navbar shows the newest `new` notifications, at most 10. */
export const unreadNotificationLimit = 10;

export const getUnreadNotifications = async () =>
  (
    await apiListRequest<TNotification>('notifyserver', '/notifications', {
      query: { status: 'new', limit: unreadNotificationLimit },
    })
  ).data;

// The event stream refreshes the list whenever something changes (api/notification-stream.ts), so
// it never goes stale by age.
export const getUnreadNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsKeys.unread(),
    queryFn: getUnreadNotifications,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useUnreadNotifications = () => useQuery(getUnreadNotificationsQueryOptions());

/** docs/product.md §9: the badge counts the `new` ones among those fetched. */
export const useUnreadNotificationCount = () =>
  useQuery({
    ...getUnreadNotificationsQueryOptions(),
    select: (items) => items.filter((item) => item.status === 'new').length,
  }).data ?? 0;
