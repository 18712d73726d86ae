import type { TNotification } from '@cargodesk/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { notificationsKeys } from './keys.ts';

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
