import { isPermission, permissions, type TPermission } from '@cargodesk/shared';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { companies, roles, userRoles } from '../../../db/schema/index.ts';
import { permissionsOf, type TAuthContext } from '../../../platform/auth/auth-context.ts';
import { AppError } from '../../../platform/http/errors.ts';

// docs/security.md, "nobody grants more than they hold": every change of rights — a role's permissions,
// role membership, reassignment on delete, invitations with roles — goes through these checks.

/** What the caller holds right now, read inside the transaction that changes rights. */
export type TGrantor = { userId: string; isAdmin: boolean; permissions: TPermission[] };

export const grantMessages = {
  permissionsNotHeld: (missing: string[]) =>
    `You cannot grant permissions you do not hold yourself: ${missing.join(', ')}`,
  roleNotHeld: (name: string) => `You cannot grant the ${name} role: it allows more than your own roles do`,
  systemRoleAdminOnly: (name: string) =>
    `Only an admin can change the permissions of the ${name} role, which every company starts with`,
  adminOnly: 'Only an admin can change the roles or status of an admin',
} as const;

/**
 * Takes the company's rights lock, then reads the caller's permissions again. The request's auth
 * context was resolved before the lock: two admins demoting each other at once must not both act
 * on rights that the first of them has already taken away.
 */
export const lockRightsAndReadGrantor = async (tx: Queryable, auth: TAuthContext): Promise<TGrantor> => {
  await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, auth.companyId))
    .for('no key update');
  const rows = await tx
    .select({ permissions: roles.permissions, systemKey: roles.systemKey })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.companyId, userRoles.companyId), eq(roles.id, userRoles.roleId)))
    .where(and(eq(userRoles.companyId, auth.companyId), eq(userRoles.userId, auth.userId)));
  const held = permissionsOf(rows);
  // Through an API token the caller holds only what the token was given, as the request's check did.
  const tokenPermissions = auth.apiToken?.permissions;
  const grantorPermissions = tokenPermissions
    ? held.filter((permission) => tokenPermissions.includes(permission))
    : held;
  return {
    userId: auth.userId,
    // An admin's token counts as the admin only while it carries every permission.
    isAdmin:
      rows.some((row) => row.systemKey === 'admin') && grantorPermissions.length === permissions.length,
    permissions: grantorPermissions,
  };
};

export const holdsEveryPermission = (grantor: TGrantor) =>
  permissions.every((permission) => grantor.permissions.includes(permission));

/** The permissions a role hands out: the Admin role every one, including those added later. */
export const permissionsGrantedBy = (role: { permissions: string[]; systemKey: string | null }) =>
  role.systemKey === 'admin' ? [...permissions] : role.permissions.filter(isPermission);

export const assertMayGrantPermissions = (grantor: TGrantor, granted: readonly string[]) => {
  const missing = granted.filter((permission) => !grantor.permissions.includes(permission as TPermission));
  if (missing.length > 0) throw new AppError('FORBIDDEN', grantMessages.permissionsNotHeld(missing));
};

/** Handing someone a role (membership, invitation, reassignment) grants everything the role allows. */
export const assertMayGrantRoles = (
  grantor: TGrantor,
  granted: { name: string; permissions: string[]; systemKey: string | null }[],
) => {
  for (const role of granted) {
    if (permissionsGrantedBy(role).some((permission) => !grantor.permissions.includes(permission))) {
      throw new AppError('FORBIDDEN', grantMessages.roleNotHeld(role.name));
    }
  }
};

/**
 * Whether `viewer` may see a colleague's API token at all (its name, permissions and dates) or act
 * on it: its owner may, and whoever holds every permission it carries. Anyone else with users:write
 * would otherwise learn what an Admin's integrations can do, and revoke what they could not grant.
 * A permission no longer in the catalogue grants nothing, so it hides nothing either.
 */
export const maySeeApiToken = (
  viewer: { userId: string; permissions: readonly TPermission[] },
  token: { userId: string; permissions: readonly string[] },
) =>
  token.userId === viewer.userId ||
  token.permissions.filter(isPermission).every((permission) => viewer.permissions.includes(permission));

/** Member and Viewer come with every company: what they allow changes only by an admin's hand. */
export const assertMayChangeRolePermissions = (
  grantor: TGrantor,
  role: { name: string; isSystem: boolean },
) => {
  if (role.isSystem && !grantor.isAdmin)
    throw new AppError('FORBIDDEN', grantMessages.systemRoleAdminOnly(role.name));
};
