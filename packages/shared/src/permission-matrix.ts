import { permissions, type TPermission } from './permissions.ts';

// The permission matrix of the roles screen: plain data without zod, as the browser reads it at
// runtime. Each module a row, its read and write (or send) permission the columns.

export type TPermissionModule = TPermission extends `${infer Module}:${string}` ? Module : never;

const moduleLabels: Record<TPermissionModule, { label: string; description: string }> = {
  company: { label: 'Company profile', description: 'Company details, plan and two-factor sign-in' },
  users: { label: 'Users and groups', description: 'People of the company, invitations and groups' },
  roles: { label: 'Roles', description: 'Roles and what each may do' },
  picklists: { label: 'Picklists', description: 'Values offered in drop-down lists' },
  ports: { label: 'Ports', description: 'Sea ports and airports' },
  countries: { label: 'Countries', description: 'Countries the company works with' },
  currencies: { label: 'Currencies', description: 'Currencies and exchange rates' },
  templates: { label: 'Templates', description: 'Document and email templates' },
  contacts: { label: 'Contacts', description: 'Customers, carriers and their tags' },
  mail: { label: 'Mail', description: 'Sending email from Cargodesk' },
  files: { label: 'Files', description: 'Uploaded files and attachments' },
  audit: { label: 'Audit history', description: 'Who changed what, and sign-in events' },
  issues: { label: 'Issues', description: 'The issue tracker' },
  reports: { label: 'Reports', description: 'Report sketches' },
  shipments: { label: 'Shipments', description: 'Sea and air shipments, their parties and routing' },
  charges: { label: 'Charges and margins', description: 'A shipment’s buy and sell lines and its margin' },
  webhooks: { label: 'Webhooks', description: 'Addresses that receive shipment events, and what was sent' },
};

const actionLabels: Record<string, string> = { read: 'Read', write: 'Write', send: 'Send' };

export type TPermissionCell = { permission: TPermission; label: string };
export type TPermissionMatrixRow = {
  module: TPermissionModule;
  label: string;
  description: string;
  /** The module's read permission, if it has one. */
  read: TPermissionCell | undefined;
  /** The module's permission that changes something (write, send), if it has one. */
  write: TPermissionCell | undefined;
};

const cellOf = (permission: TPermission | undefined): TPermissionCell | undefined => {
  if (!permission) return undefined;
  const action = permission.split(':')[1] ?? '';
  return { permission, label: actionLabels[action] ?? action };
};

/** Every module of the permission list, in its order, with its read and write permissions. */
export const permissionMatrix: TPermissionMatrixRow[] = [
  ...new Set(permissions.map((permission) => permission.split(':')[0] as TPermissionModule)),
].map((module) => {
  const ofModule = permissions.filter((permission) => permission.startsWith(`${module}:`));
  return {
    module,
    ...moduleLabels[module],
    read: cellOf(ofModule.find((permission) => permission.endsWith(':read'))),
    write: cellOf(ofModule.find((permission) => !permission.endsWith(':read'))),
  };
});

/** The permission a write permission needs to be useful: its module's read (none for mail:send). */
export const readPermissionOf = (permission: TPermission): TPermission | undefined =>
  permissionMatrix.find((row) => row.write?.permission === permission)?.read?.permission;
