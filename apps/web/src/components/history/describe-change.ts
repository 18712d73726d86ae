import { isAuditHiddenPart, type TAuditHistoryEvent } from '@cargodesk/shared';
import { formatDateTime } from '@/lib/format/format-store.ts';
import { withIndefiniteArticle } from '@/lib/format/nouns.ts';

// The History drawer reads an audit event as sentences a person would say: "Ada King changed the
// phone from “+44 20” to “+49 40”." Field names become words, values lose their JSON, and values a
// person cannot read (file and record ids) are named rather than shown.

type TEventToDescribe = Pick<TAuditHistoryEvent, 'action' | 'actor' | 'entityType' | 'before' | 'after'>;

/** Fields that change on every save or repeat another field: history would only be noise with them. */
const hiddenFields = new Set([
  '_id',
  'id',
  'createdAt',
  'updatedAt',
  'lastLoginAt',
  'invitedAt',
  'companyId',
]);

/** Names a field's path would not give on its own. */
const fieldLabels: Record<string, string> = {
  isAdmin: 'administrator',
  minorUnits: 'decimals',
  avatarFileId: 'photo',
  logoFileId: 'logo',
  roles: 'roles',
  isEnabled: 'enabled',
  isFavourite: 'favourite',
};

/** Entity types whose words are not their code's with the hyphens taken out. */
const entityNouns: Record<string, string> = {
  'api-token': 'API token',
  'audit-trail': 'audit log',
  'sso-config': 'single sign-on setup',
  'report-sketch': 'report',
  'port-favourite': 'favourite port',
  'contact-filter': 'saved contact filter',
  issue: 'reported problem',
  'issue-comment': 'comment on a reported problem',
  shipment: 'shipment',
  'shipment-reference-pattern': 'shipment reference patterns',
  'shipment-filter': 'saved shipment filter',
  'webhook-endpoint': 'webhook endpoint',
};

/** The entity type as a noun people say: "exchange rate", "API token". */
export const nounOfEntityType = (entityType: string) =>
  entityNouns[entityType] ?? entityType.replace(/-/g, ' ');

/** What was done, said of `target` ("this role" in the History drawer, "the role “Dispatcher”" elsewhere). */
const actionSentences: Record<string, (target: string, event: TEventToDescribe) => string> = {
  create: (target) => `created ${target}`,
  update: (target) => `changed ${target}`,
  delete: (target) => `deleted ${target}`,
  'sign-in': () => 'signed in',
  'sign-in-failed': () => 'tried to sign in with a wrong password',
  'two-factor-failed': () => 'entered a wrong two-factor code',
  'sign-in-confirmed': () => 'confirmed a new sign-in to change the account',
  'sign-out': () => 'signed out',
  invite: () => 'sent the invitation',
  suspend: () => 'suspended the account',
  reactivate: () => 'reactivated the account',
  'role-change': () => 'changed the roles',
  'permission-change': () => 'changed the permissions',
  'password-change': () => 'changed the password',
  'password-reset': () => 'sent a mail to choose a new password',
  'sessions-revoked': () => 'signed out of every session',
  revoke: (target) => `revoked ${target}`,
  print: (target) => `printed ${target} to PDF`,
  import: () => 'imported contacts from a file',
  export: (_target, event) =>
    event.entityType === 'audit-trail' ? 'exported the audit log as CSV' : 'exported contacts as CSV',
  view: (_target, event) => {
    const viewed =
      isRecord(event.after) && typeof event.after.viewed === 'string' ? event.after.viewed : 'data';
    return `read the company's ${viewed} in the platform console`;
  },
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const longestValue = 120;

/** "Ada King", else her email, else the product itself (imports, jobs); and the API token she used. */
export const describeActor = (actor: TAuditHistoryEvent['actor']) => {
  const person = actor.name || actor.email || 'The system';
  return actor.apiToken ? `${person} (API token “${actor.apiToken.name}”)` : person;
};

/** "phoneNumber" → "phone number"; a nested "address.city" → "address city". */
export const labelOf = (path: string) => {
  const last = path.split('.').at(-1) ?? path;
  if (fieldLabels[last]) return fieldLabels[last];
  return path
    .replace(/\./g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/^is /i, '')
    .replace(/ Id$/, '')
    .toLowerCase();
};

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A value as a person reads it, or undefined when it is an id nobody could read. */
const readable = (value: unknown): string | undefined => {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') {
    if (uuidPattern.test(value)) return undefined;
    const text = instantPattern.test(value) ? formatDateTime(value) : value;
    return text.length > longestValue ? `${text.slice(0, longestValue - 1)}…` : text;
  }
  if (isRecord(value) && typeof value.name === 'string') return value.name;
  if (Array.isArray(value)) return value.map(readable).filter(Boolean).join(', ');
  return String(value);
};

const quoted = (text: string) => `“${text}”`;
const listed = (items: string[]) => items.map(quoted).join(', ');

/** Nested objects (an address) become one field per leaf, with the path as its name. */
const flatten = (record: Record<string, unknown>, prefix = ''): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(record).flatMap(([key, value]) =>
      isRecord(value) && typeof value.name !== 'string' && !isAuditHiddenPart(value)
        ? Object.entries(flatten(value, `${prefix}${key}.`))
        : [[`${prefix}${key}`, value]],
    ),
  );

/** What happened to a list field: the items added and removed, by their readable names. */
const describeListChange = (label: string, before: unknown[], after: unknown[]) => {
  const names = (items: unknown[]) => items.map((item) => readable(item) ?? '').filter(Boolean);
  const [was, is] = [names(before), names(after)];
  const added = is.filter((item) => !was.includes(item));
  const removed = was.filter((item) => !is.includes(item));
  const parts = [
    added.length > 0 ? `added ${listed(added)} to the ${label}` : undefined,
    removed.length > 0 ? `removed ${listed(removed)} from the ${label}` : undefined,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' and ') : `changed the ${label}`;
};

/**
 * A field the reader may not see (a shipment's charges without charges:read) comes as the same
 * marker before and after: it is shown as changed, since the entry is there because it was.
 */
const hiddenPartOf = (before: unknown, after: unknown) =>
  isAuditHiddenPart(after) ? after : isAuditHiddenPart(before) ? before : undefined;

/** The fields of an event worth a sentence or a row: those whose values differ, or that are hidden. */
const changedPaths = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .sort()
    .filter((path) => !hiddenFields.has(path.split('.').at(-1) ?? path))
    .filter(
      (path) =>
        hiddenPartOf(before[path], after[path]) !== undefined ||
        JSON.stringify(before[path] ?? null) !== JSON.stringify(after[path] ?? null),
    );

/** One field's change as a predicate: "changed the phone from “a” to “b”". */
const describeFieldChange = (path: string, before: unknown, after: unknown) => {
  const label = labelOf(path);
  const hidden = hiddenPartOf(before, after);
  if (hidden) return `changed the ${label} (details hidden: they need the ${hidden.permission} permission)`;
  if (Array.isArray(before) || Array.isArray(after)) {
    return describeListChange(label, Array.isArray(before) ? before : [], Array.isArray(after) ? after : []);
  }
  if (typeof after === 'boolean') return `turned ${label} ${after ? 'on' : 'off'}`;
  if (isEmpty(before)) {
    const shown = readable(after);
    return shown === undefined ? `added the ${label}` : `set the ${label} to ${quoted(shown)}`;
  }
  if (isEmpty(after)) {
    const shown = readable(before);
    return shown === undefined ? `removed the ${label}` : `cleared the ${label} (was ${quoted(shown)})`;
  }
  const [was, is] = [readable(before), readable(after)];
  return was === undefined || is === undefined
    ? `changed the ${label}`
    : `changed the ${label} from ${quoted(was)} to ${quoted(is)}`;
};

/** The fields whose values differ, as predicates, in a stable order. */
export const describeFieldChanges = (event: Pick<TAuditHistoryEvent, 'before' | 'after'>): string[] => {
  const before = isRecord(event.before) ? flatten(event.before) : {};
  const after = isRecord(event.after) ? flatten(event.after) : {};
  // A user's "name" is their first and last name joined: those are the fields a person edits.
  const isDerivedName = (path: string) => path === 'name' && ('firstName' in after || 'firstName' in before);
  return changedPaths(before, after)
    .filter((path) => !isDerivedName(path))
    .map((path) => describeFieldChange(path, before[path], after[path]));
};

/**
 * The event as sentences: one per changed field for an edit ("Ada King changed the phone from …"),
 * otherwise one for what was done ("Ada King signed in."). Away from the entity's own screen, pass
 * `subject` to name it: "Ada King changed the role “Dispatcher”: added “contacts:write” to the permissions."
 */
export const describeEvent = (event: TEventToDescribe, { subject }: { subject?: string } = {}): string[] => {
  const actor = describeActor(event.actor);
  const target = subject ?? `this ${nounOfEntityType(event.entityType)}`;
  const isEdit = event.action === 'update' || event.action.endsWith('-change');
  const changes = isEdit ? describeFieldChanges(event) : [];
  if (changes.length > 0) {
    return changes.map((change) =>
      subject ? `${actor} changed ${subject}: ${change}.` : `${actor} ${change}.`,
    );
  }
  const sentence =
    actionSentences[event.action]?.(target, event) ?? `${event.action.replace(/-/g, ' ')} ${target}`;
  return [`${actor} ${sentence}.`];
};

/**
 * How the audit log names an event's entity: "the role “Dispatcher”" when the event carries a name
 * (or `knownName` gives one, a user's), else "a role", "an exchange rate".
 */
export const describeSubject = (
  event: Pick<TEventToDescribe, 'entityType' | 'before' | 'after'>,
  knownName?: string,
) => {
  const noun = nounOfEntityType(event.entityType);
  const nameIn = (value: unknown) => {
    if (!isRecord(value)) return undefined;
    const name = value.name ?? value.title ?? value.label;
    return typeof name === 'string' && name.trim() ? name : undefined;
  };
  const name = knownName || nameIn(event.after) || nameIn(event.before);
  return name ? `the ${noun} ${quoted(name)}` : withIndefiniteArticle(noun);
};

/** One row of the before/after table: a field in words and its two values as text ('' for none). */
export type TFieldChange = { path: string; label: string; before: string; after: string };

/** A value for the before/after table: as readable as in a sentence, ids shown as they are. */
const tableValue = (value: unknown): string => {
  if (isEmpty(value)) return '';
  if (isAuditHiddenPart(value)) return `hidden (needs the ${value.permission} permission)`;
  if (Array.isArray(value)) return value.map(tableValue).filter(Boolean).join(', ');
  return readable(value) || (typeof value === 'object' ? JSON.stringify(value) : String(value));
};

/**
 * The event's fields side by side, one row per field whose value differs (every field of a create
 * or delete), in the same order and with the same words as the sentences.
 */
export const listFieldChanges = (event: Pick<TAuditHistoryEvent, 'before' | 'after'>): TFieldChange[] => {
  const before = isRecord(event.before) ? flatten(event.before) : {};
  const after = isRecord(event.after) ? flatten(event.after) : {};
  return changedPaths(before, after).map((path) => ({
    path,
    label: labelOf(path),
    before: tableValue(before[path]),
    after: tableValue(after[path]),
  }));
};
