import type { TAnnouncementRequest, TAnnouncementResult, TNotification } from '@cargodesk/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiListRequest, apiRequest } from '@/lib/api-client.ts';
import { notificationsKeys } from './keys.ts';

// The user's notifications (notifyserver): the unread list, marking read, an admin's announcement.

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

/** Opening a notification marks it `loaded`. */
export const markNotificationLoaded = (notificationId: string) =>
  apiRequest<TNotification>('notifyserver', `/notifications/${encodeURIComponent(notificationId)}`, {
    method: 'PATCH',
    body: { status: 'loaded' },
  });

export const markAllNotificationsRead = () =>
  apiRequest('notifyserver', '/notifications/mark-read', { method: 'POST', body: {} });

/**
 * The list drops what was read at once, so the badge moves before the server answers; whatever
 * the outcome, the list is then read again.
 */
const removeFromUnread = async (queryClient: QueryClient, isRemoved: (item: TNotification) => boolean) => {
  await queryClient.cancelQueries({ queryKey: notificationsKeys.unread() });
  queryClient.setQueryData<TNotification[]>(notificationsKeys.unread(), (items) =>
    items?.filter((item) => !isRemoved(item)),
  );
};

export const useMarkNotificationLoaded = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationLoaded,
    onMutate: (notificationId) => removeFromUnread(queryClient, (item) => item._id === notificationId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.unread() }),
  });
};

export const useMarkAllNotificationsRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => removeFromUnread(queryClient, () => true),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.unread() }),
  });
};

/** An admin's message to everyone in the company (company:write); answers how many it reached. */
export const announceToCompany = (body: TAnnouncementRequest) =>
  apiRequest<TAnnouncementResult>('notifyserver', '/announcements', { method: 'POST', body });

// The announcement reaches its sender too, through the stream: nothing to invalidate here.
export const useAnnounceToCompany = () => useMutation({ mutationFn: announceToCompany });
