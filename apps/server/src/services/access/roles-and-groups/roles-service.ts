import {
  permissions,
  type TListMeta,
  type TPermission,
  type TRole,
  type TRoleInput,
  type TRoleListQuery,
  type TRoleUpdate,
} from '@cargodesk/shared';
import type { Db, Tx } from '../../../db/client.ts';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import { auditTrails, recordAudit, type TAuditActor } from '../../../platform/events/audit.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { readSort } from '../../../platform/http/list-sort.ts';
import {
  assertMayChangeRolePermissions,
  assertMayGrantPermissions,
  assertMayGrantRoles,
  lockRightsAndReadGrantor,
} from './grant-rules.ts';
import { namedSetMessages, namedSetRules } from './named-sets-service.ts';
import * as repository from './roles-repository.ts';

export const roleMessages = {
  ...namedSetMessages('role'),
  adminLocked: 'The Admin role always holds every permission: it cannot be renamed, edited or deleted',
  systemRoleKept: (name: string) => `The ${name} role comes with every company and cannot be deleted`,
  inUse: (name: string, userCount: number) =>
    `The ${name} role is held by ${userCount} ${userCount === 1 ? 'user' : 'users'}: choose a role to move ${userCount === 1 ? 'them' : 'them all'} to before deleting it`,
  reassignToItself: 'Move the users to another role than the one being deleted',
  reassignTargetMissing: 'The role to move the users to does not exist in your company',
} as const;

/** The permission list's own order, without duplicates or names it no longer knows. */
const normalizePermissions = (granted: readonly string[]): TPermission[] => {
  const set = new Set(granted);
  return permissions.filter((permission) => set.has(permission));
};

const toRole = (row: repository.TRoleWithCount): TRole => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  // Matches the auth context: the Admin role holds every permission, including ones added later.
  permissions: row.systemKey === 'admin' ? [...permissions] : normalizePermissions(row.permissions),
  isSystem: row.isSystem,
  systemKey: row.systemKey,
  userCount: row.userCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** What the audit trail keeps of a role: its definition, not how many hold it today. */
const auditViewOf = ({ _id, name, description, permissions: granted, isSystem, systemKey }: TRole) => ({
  _id,
  name,
  description,
  permissions: granted,
  isSystem,
  systemKey,
});

const isSameSet = (left: readonly string[], right: readonly string[]) =>
  left.length === right.length && left.every((item) => right.includes(item));

/** Roles: sets of permissions a company defines; its Admin role is fixed, its system roles are kept. */
export const createRolesService = ({ db }: { db: Db }) => {
  const { assertNameFree, findExisting, listPage, lockExisting, inCompany } = namedSetRules({
    db,
    messages: roleMessages,
    find: repository.findRole,
    findByName: repository.findRoleByName,
    lock: repository.lockRole,
  });
  const readRole = async (tx: Tx, companyId: string, roleId: string) =>
    toRole(await findExisting(tx, companyId, roleId));

  const listRoles = async (
    // Only the company: the platform console lists another company's with it.
    auth: Pick<TAuthContext, 'companyId'>,
    { sort, ...page }: TRoleListQuery,
  ): Promise<{ data: TRole[]; meta: TListMeta }> => {
    const parsed = readSort(sort, repository.roleSortColumns);
    return listPage(
      auth.companyId,
      page,
      (tx, query) =>
        repository.findRolesPage(tx, {
          ...query,
          sort: parsed && { field: parsed.field, isDescending: parsed.isDescending },
        }),
      toRole,
    );
  };

  const getRole = async (auth: TAuthContext, roleId: string): Promise<TRole> =>
    withTenantRead(db, auth.companyId, (tx) => readRole(tx, auth.companyId, roleId));

  const createRole = async (auth: TAuthContext, actor: TAuditActor, input: TRoleInput): Promise<TRole> =>
    inCompany(auth, input.name, async (tx) => {
      const { companyId } = auth;
      const grantor = await lockRightsAndReadGrantor(tx, auth);
      assertMayGrantPermissions(grantor, normalizePermissions(input.permissions));
      await assertNameFree(tx, { companyId, name: input.name });
      const id = createId();
      await repository.insertRole(tx, {
        companyId,
        id,
        name: input.name,
        description: input.description ?? '',
        permissions: normalizePermissions(input.permissions),
        isSystem: false,
        systemKey: null,
      });
      const role = await readRole(tx, companyId, id);
      await auditTrails.role(tx, actor, 'create', id, { after: auditViewOf(role) });
      return role;
    });

  const updateRole = async (
    auth: TAuthContext,
    actor: TAuditActor,
    { roleId, changes }: { roleId: string; changes: TRoleUpdate },
  ): Promise<TRole> =>
    inCompany(auth, changes.name, async (tx) => {
      const { companyId } = auth;
      const grantor = await lockRightsAndReadGrantor(tx, auth);
      const row = await lockExisting(tx, companyId, roleId);
      if (row.systemKey === 'admin') throw new AppError('CONFLICT', roleMessages.adminLocked);
      const before = await readRole(tx, companyId, roleId);
      const next = {
        name: changes.name ?? before.name,
        description: changes.description ?? before.description,
        permissions: changes.permissions ? normalizePermissions(changes.permissions) : before.permissions,
      };
      const isPermissionChange = !isSameSet(next.permissions, before.permissions);
      if (next.name === before.name && next.description === before.description && !isPermissionChange) {
        return before;
      }
      if (isPermissionChange) {
        // Whoever holds this role gains what is added: the editor must hold it too.
        assertMayChangeRolePermissions(grantor, before);
        assertMayGrantPermissions(
          grantor,
          next.permissions.filter((permission) => !before.permissions.includes(permission)),
        );
      }
      if (next.name.toLowerCase() !== before.name.toLowerCase()) {
        await assertNameFree(tx, { companyId, name: next.name, exceptId: roleId });
      }
      await repository.updateRole(tx, { companyId, id: roleId, changes: next });
      const after = await readRole(tx, companyId, roleId);
      await auditTrails.role(tx, actor, 'update', roleId, {
        before: auditViewOf(before),
        after: auditViewOf(after),
      });
      if (isPermissionChange) {
        await recordAudit(tx, actor, {
          entityType: 'role',
          entityId: roleId,
          action: 'permission-change',
          // The role's name too, so the audit log can say which role without another lookup.
          before: { name: before.name, permissions: before.permissions },
          after: { name: after.name, permissions: after.permissions },
        });
      }
      return after;
    });

  /**
   * Deletes a role of the company's own. Its users move to `reassignTo` in the same transaction;
   * without one, a role anybody holds is refused so nobody silently loses what they may do.
   */
  const deleteRole = async (
    auth: TAuthContext,
    actor: TAuditActor,
    { roleId, reassignTo }: { roleId: string; reassignTo: string | undefined },
  ): Promise<{ deleted: true; reassignedUsers: number }> =>
    withTenant(db, auth.companyId, async (tx) => {
      const { companyId } = auth;
      const grantor = await lockRightsAndReadGrantor(tx, auth);
      const row = await lockExisting(tx, companyId, roleId);
      if (row.systemKey === 'admin') throw new AppError('CONFLICT', roleMessages.adminLocked);
      if (row.isSystem) throw new AppError('CONFLICT', roleMessages.systemRoleKept(row.name));
      if (reassignTo === roleId) throw new AppError('BAD_REQUEST', roleMessages.reassignToItself);
      const target = reassignTo ? await repository.lockRole(tx, companyId, reassignTo) : undefined;
      if (reassignTo && !target) throw new AppError('NOT_FOUND', roleMessages.reassignTargetMissing);
      // Moving the holders to another role grants them everything it allows.
      if (target) assertMayGrantRoles(grantor, [target]);
      const before = await readRole(tx, companyId, roleId);
      const holders = await repository.findRoleHolders(tx, companyId, roleId);
      if (holders.length > 0 && !target) {
        throw new AppError('CONFLICT', roleMessages.inUse(row.name, holders.length), {
          userCount: holders.length,
        });
      }
      const rolesBefore = new Map<string, string[]>();
      for (const userId of holders) {
        rolesBefore.set(userId, await repository.findRoleIdsOfUser(tx, companyId, userId));
      }
      if (target) await repository.grantRole(tx, { companyId, userIds: holders, roleId: target.id });
      await repository.deleteRole(tx, companyId, roleId);
      for (const userId of holders) {
        const roleIds = rolesBefore.get(userId) ?? [];
        await auditTrails.user(tx, actor, 'role-change', userId, {
          before: { roleIds },
          after: {
            roleIds: [...new Set([...roleIds.filter((id) => id !== roleId), ...(target ? [target.id] : [])])],
          },
        });
      }
      await recordAudit(tx, actor, {
        entityType: 'role',
        entityId: roleId,
        action: 'delete',
        before: auditViewOf(before),
        ...(target ? { after: { reassignedTo: target.id, reassignedUsers: holders.length } } : {}),
      });
      return { deleted: true, reassignedUsers: holders.length };
    });

  return { listRoles, getRole, createRole, updateRole, deleteRole };
};

export type TRolesService = ReturnType<typeof createRolesService>;
