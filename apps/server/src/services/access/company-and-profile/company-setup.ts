import { systemRoles } from '@cargodesk/shared';
import type { Queryable } from '../../../db/client.ts';
import type { TProjectName } from '../../../identity/projects.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import * as repository from '../repository.ts';

export const trialMs = 30 * 24 * 60 * 60 * 1000;

export type TNewCompanyWithAdmin = {
  companyId?: string;
  companyName: string;
  status?: 'active' | 'suspended';
  twoFactorAuth?: boolean;
  planName?: string;
  planExpiresAt?: Date;
  admin: { project: TProjectName; uid: string; email: string; firstName: string; lastName: string };
};

/**
 * A company as it starts: its Admin, Member and Viewer roles, the admin user holding Admin, and
 * every product. Run it in the new company's transaction so nothing half-made remains.
 */
export const createCompanyWithAdmin = async (db: Queryable, setup: TNewCompanyWithAdmin) => {
  const companyId = setup.companyId ?? createId();
  const userId = createId();
  await repository.insertCompany(db, {
    id: companyId,
    name: setup.companyName,
    status: setup.status ?? 'active',
    twoFactorAuth: setup.twoFactorAuth ?? false,
    planName: setup.planName ?? 'Trial',
    planExpiresAt: setup.planExpiresAt ?? new Date(Date.now() + trialMs),
  });
  const roleRows = systemRoles.map((role) => ({
    companyId,
    id: createId(),
    name: role.name,
    permissions: [...role.permissions],
    // What it starts with counts as offered, so the start-up sync adds only defaults that come later.
    offeredPermissions: [...role.permissions],
    isSystem: true,
    systemKey: role.key,
  }));
  await repository.insertRoles(db, roleRows);
  const { admin } = setup;
  await repository.insertUser(db, {
    companyId,
    id: userId,
    identityProject: admin.project,
    identityUid: admin.uid,
    email: admin.email,
    firstName: admin.firstName,
    lastName: admin.lastName,
    status: 'active',
  });
  const adminRoleIds = roleRows.filter((role) => role.systemKey === 'admin').map((role) => role.id);
  await repository.insertUserRoles(db, companyId, userId, adminRoleIds);
  await repository.insertCompanyProducts(db, companyId, await repository.findAllProductIds(db));
  return { companyId, userId };
};
