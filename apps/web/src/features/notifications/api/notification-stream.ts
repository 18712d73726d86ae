import type { TNotification } from '@cargodesk/shared';
import type { QueryClient } from '@tanstack/react-query';
import { openEventStream, type TStreamMessage } from '@/lib/event-stream.ts';
import { notificationsKeys } from './keys.ts';
import { unreadNotificationLimit } from './notifications.ts';

/** Coalesces a burst of events (an announcement, a bulk change) into one reload. */
const reloadDelayMs = 50;

/**
 * Keeps the unread list in the query cache current from the server's event stream: a new
 * notification shows at once, a change elsewhere (read in another tab) drops what it names, and
 * each is then confirmed by reading the list again. Every (re)connect reads it again too, so what
 * happened while the stream was down shows up. Returns the stop.
 */
export const startNotificationStream = (queryClient: QueryClient) => {
  const unreadKey = notificationsKeys.unread();
  let reloadTimer: ReturnType<typeof setTimeout> | undefined;
  const scheduleReload = () => {
    clearTimeout(reloadTimer);
    reloadTimer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: unreadKey }),
      reloadDelayMs,
    );
  };
  const updateUnread = (update: (items: TNotification[]) => TNotification[]) =>
    queryClient.setQueryData<TNotification[]>(unreadKey, (items) => (items ? update(items) : items));

  const onMessage = ({ event, data }: TStreamMessage) => {
    if (event === 'notification') {
      const notification = JSON.parse(data) as TNotification;
      updateUnread((items) =>
        items.some((item) => item._id === notification._id)
          ? items
          : [notification, ...items].slice(0, unreadNotificationLimit),
      );
      scheduleReload();
    } else if (event === 'changed') {
      // `ids: null` means every notification of the user changed (marked all read elsewhere).
      const { ids } = JSON.parse(data) as { ids: string[] | null };
      updateUnread((items) => (ids ? items.filter((item) => !ids.includes(item._id)) : []));
      scheduleReload();
    }
  };

  const stream = openEventStream({ path: '/stream', onMessage, onOpen: scheduleReload });
  return () => {
    stream.stop();
    clearTimeout(reloadTimer);
  };
};
