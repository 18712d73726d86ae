// Every query key of the notifications feature. The navbar's badge and the drawer read the same
// list, which the event stream keeps current.

export const notificationsKeys = {
  all: ['notifications'] as const,
  unread: () => ['notifications', 'unread'] as const,
};
