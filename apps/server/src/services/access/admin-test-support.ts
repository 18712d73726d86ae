// Helpers for the role and group route tests; imported by *.test.ts only.
import type { TLoginResponse, TPermission } from '@cargodesk/shared';
import { and, asc, eq } from 'drizzle-orm';
import { auditEvents, roles, userRoles, users } from '../../db/schema/index.ts';
import { createId } from '../../platform/data-access/ids.ts';
import { type TIamTestApp, uniqueEmail } from './access-test-support.ts';

export const apiBase = '/iamserver/api/v1';

export type TInject = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  token?: string;
  payload?: unknown;
};

export const createAdminTestHelpers = (getTestApp: () => TIamTestApp) => {
  const db = () => getTestApp().database.db;

  const inject = ({ method = 'GET', url, token, payload }: TInject) =>
    getTestApp().app.inject({
      method,
      url: `${apiBase}${url}`,
      headers: token === undefined ? {} : { authorization: token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const systemRoleId = async (companyId: string, systemKey: 'admin' | 'member' | 'viewer') => {
    const [row] = await db()
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.companyId, companyId), eq(roles.systemKey, systemKey)));
    if (!row) throw new Error(`No ${systemKey} role in ${companyId}`);
    return row.id;
  };

  /** A role made straight in the database, for tests that need one without going through the API. */
  const insertRole = async (companyId: string, granted: TPermission[], name = `Probe ${createId()}`) => {
    const id = createId();
    await db().insert(roles).values({ companyId, id, name, permissions: granted });
    return id;
  };

  const setRolePermissions = async (roleId: string, granted: TPermission[]) => {
    await db().update(roles).set({ permissions: granted }).where(eq(roles.id, roleId));
  };

  /** Another user of the company, holding `roleIds`, signed in through the API. */
  const addSignedInUser = async ({
    companyId,
    roleIds,
    label = 'colleague',
  }: {
    companyId: string;
    roleIds: string[];
    label?: string;
  }) => {
    const email = uniqueEmail(label);
    const { uid, idToken } = await getTestApp().signUp(email);
    const userId = createId();
    await db().insert(users).values({
      companyId,
      id: userId,
      identityProject: 'test',
      identityUid: uid,
      email,
      firstName: 'Colleague',
      lastName: label,
      status: 'active',
    });
    if (roleIds.length > 0) {
      await db()
        .insert(userRoles)
        .values(roleIds.map((roleId) => ({ companyId, userId, roleId })));
    }
    const login = await inject({ url: '/auth/login', token: idToken });
    const { jwt } = (login.json() as { data: TLoginResponse }).data;
    if (!jwt) throw new Error(`Sign-in failed: ${login.body}`);
    return { userId, email, jwt };
  };

  const roleIdsOf = async (companyId: string, userId: string) =>
    (
      await db()
        .select({ roleId: userRoles.roleId })
        .from(userRoles)
        .where(and(eq(userRoles.companyId, companyId), eq(userRoles.userId, userId)))
    ).map((row) => row.roleId);

  const auditOf = (companyId: string, entityId: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.entityId, entityId)))
      .orderBy(asc(auditEvents.occurredAt), asc(auditEvents.id));

  return { inject, systemRoleId, insertRole, setRolePermissions, addSignedInUser, roleIdsOf, auditOf };
};
