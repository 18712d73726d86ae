// How the app writes moments and days. Lists, drawers and details read in the reader's own locale;
// tables of dated entries the user types (exchange rates: YYYY-MM-DD) write the time the same way,
// so an entry's date and when it was entered line up.

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A moment in the reader's locale, day and minute ("23 Nov 2026, 09:15" in en-GB); none gives none. */
export function formatDateTime(iso: string): string;
export function formatDateTime(iso: string | null | undefined): string | undefined;
export function formatDateTime(iso: string | null | undefined) {
  return iso ? dateTimeFormat.format(new Date(iso)) : undefined;
}

/** A day in the reader's locale ("23 Nov 2026" in en-GB). */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** A moment in local time as YYYY-MM-DD HH:mm, beside dates written YYYY-MM-DD. */
export const formatIsoMinute = (iso: string) => {
  const at = new Date(iso);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
};
