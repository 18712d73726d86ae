import type { TNotification } from '@cargodesk/shared';
import { apiListRequest, apiRequest } from '../api-client.ts';
import { openEventStream } from './event-stream.ts';

// The navbar's notifications (docs/product.md §4, §9): the newest `new` ones, at most 10, kept current by the
// stream. Loaded on first use, so none of it weighs on the first signed-in page.

export const notificationFetchLimit = 10;

export type TNotificationsState = {
  /** Newest first, status `new`, at most 10. */
  items: TNotification[];
  isLoading: boolean;
  error?: string;
};

let state: TNotificationsState = { items: [], isLoading: true };
const listeners = new Set<() => void>();
let stream: { stop: () => void } | undefined;
let users = 0;
let reloadTimer: ReturnType<typeof setTimeout> | undefined;
let loadGeneration = 0;

const setState = (changes: Partial<TNotificationsState>) => {
  state = { ...state, ...changes };
  for (const listener of [...listeners]) listener();
};

export const getNotificationsState = () => state;

export const subscribeNotifications = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** docs/product.md §4: the badge counts the `new` ones among those fetched; it is recomputed on every change. */
export const unreadCountOf = ({ items }: TNotificationsState) =>
  items.filter((item) => item.status === 'new').length;

const load = async () => {
  const generation = ++loadGeneration;
  try {
    const { data } = await apiListRequest<TNotification>('notifyserver', '/notifications', {
      query: { status: 'new', limit: notificationFetchLimit },
    });
    if (generation === loadGeneration) setState({ items: data, isLoading: false, error: undefined });
  } catch (error) {
    if (generation === loadGeneration)
      setState({ isLoading: false, error: error instanceof Error ? error.message : String(error) });
  }
};

/** Coalesces a burst of events (an announcement to many) into one reload. */
const scheduleReload = () => {
  clearTimeout(reloadTimer);
  reloadTimer = setTimeout(() => void load(), 50);
};

const onStreamMessage = ({ event, data }: { event: string; data: string }) => {
  if (event === 'notification') {
    const notification = JSON.parse(data) as TNotification;
    // Added at once, so the badge moves without waiting for the reload that confirms it.
    if (!state.items.some((item) => item._id === notification._id)) {
      setState({ items: [notification, ...state.items].slice(0, notificationFetchLimit) });
    }
    scheduleReload();
  } else if (event === 'changed') {
    const { ids } = JSON.parse(data) as { ids: string[] | null };
    setState({ items: ids ? state.items.filter((item) => !ids.includes(item._id)) : [] });
    scheduleReload();
  }
};

/** Starts loading and listening; returns the stop. Several callers share one stream. */
export const startNotifications = () => {
  users += 1;
  if (users === 1) {
    void load();
    // Every (re)connect reloads, so whatever happened while the stream was down shows up.
    stream = openEventStream({ path: '/stream', onMessage: onStreamMessage, onOpen: scheduleReload });
  }
  return () => {
    users -= 1;
    if (users === 0) {
      stream?.stop();
      stream = undefined;
      clearTimeout(reloadTimer);
      state = { items: [], isLoading: true };
    }
  };
};

/** Opening a notification marks it `loaded`. */
export const markNotificationLoaded = async (id: string) => {
  setState({ items: state.items.filter((item) => item._id !== id) });
  try {
    await apiRequest<TNotification>('notifyserver', `/notifications/${id}`, {
      method: 'PATCH',
      body: { status: 'loaded' },
    });
  } finally {
    scheduleReload();
  }
};

export const markAllNotificationsRead = async () => {
  setState({ items: [] });
  try {
    await apiRequest('notifyserver', '/notifications/mark-read', { method: 'POST', body: {} });
  } finally {
    scheduleReload();
  }
};

export const announceToCompany = (body: { title: string; body?: string; link?: string }) =>
  apiRequest<{ _id: string; recipients: number }>('notifyserver', '/announcements', {
    method: 'POST',
    body,
  });
