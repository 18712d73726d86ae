import type { TAuditEvent } from '@cargodesk/shared';

export type TFieldChange = { field: string; before: string; after: string };

const actionLabels: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed sign-in (wrong password)',
  'two-factor-failed': 'Wrong two-factor code',
  'sign-out': 'Signed out',
  invite: 'Invited',
  suspend: 'Suspended',
  reactivate: 'Reactivated',
  'role-change': 'Roles changed',
  'permission-change': 'Permissions changed',
  'password-change': 'Password changed',
  'sessions-revoked': 'Signed out of all sessions',
};

export const describeAction = (action: string) => actionLabels[action] ?? action;

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(show).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The fields whose values differ between the event's before and after, in a stable order. */
export const describeFieldChanges = (event: Pick<TAuditEvent, 'before' | 'after'>): TFieldChange[] => {
  const before = asRecord(event.before);
  const after = asRecord(event.after);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return fields
    .filter((field) => field !== '_id' && show(before[field]) !== show(after[field]))
    .map((field) => ({ field, before: show(before[field]), after: show(after[field]) }));
};
