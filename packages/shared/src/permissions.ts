// docs/architecture.md: every permission is `module:action`, defined here once for the server and the SPA.
export const permissions = [
  'company:read',
  'company:write',
  'users:read',
  'users:write',
  'roles:read',
  'roles:write',
  'picklists:read',
  'picklists:write',
  'ports:read',
  'ports:write',
  'countries:read',
  'countries:write',
  'currencies:read',
  'currencies:write',
  'templates:read',
  'templates:write',
  'contacts:read',
  'contacts:write',
  'mail:send',
  'files:read',
  'files:write',
  'audit:read',
  'issues:read',
  'issues:write',
  'reports:read',
  'reports:write',
  'shipments:read',
  'shipments:write',
  /** A shipment's buy and sell lines, its revenue, cost and margin. */
  'charges:read',
  /** The company's webhook endpoints and their delivery log (docs/decisions/052-webhooks.md). */
  'webhooks:write',
] as const;

export type TPermission = (typeof permissions)[number];

export const isPermission = (value: string): value is TPermission =>
  (permissions as readonly string[]).includes(value);

/**
 * The audit trail holds sign-in addresses, devices and every mail's BCC recipients: it is the
 * admins' to read unless a company grants it in a role of its own.
 */
const adminOnlyPermissions: readonly TPermission[] = ['audit:read'];

/**
 * Margins are not for every reader (docs/decisions/043-shipments-model.md): a Viewer reads
 * shipments without their charges, while a Member, who keys buy and sell lines, reads them.
 */
const marginPermissions: readonly TPermission[] = ['charges:read'];

const readPermissions = permissions.filter(
  (permission) =>
    permission.endsWith(':read') &&
    !adminOnlyPermissions.includes(permission) &&
    !marginPermissions.includes(permission),
);

/** The roles every company starts with; `key` stays fixed while a company may rename the role. */
export const systemRoles = [
  { key: 'admin', name: 'Admin', permissions: [...permissions] },
  {
    key: 'member',
    name: 'Member',
    permissions: [
      ...readPermissions,
      ...marginPermissions,
      'contacts:write',
      'mail:send',
      'files:write',
      'reports:write',
      'shipments:write',
    ],
  },
  { key: 'viewer', name: 'Viewer', permissions: [...readPermissions] },
] as const satisfies readonly { key: string; name: string; permissions: TPermission[] }[];

export type TSystemRoleKey = (typeof systemRoles)[number]['key'];
