// Test helper: a second user in an existing company holding one of its system roles, signed in.
import type { TLoginResponse, TSystemRoleKey } from '@cargodesk/shared';
import { and, eq } from 'drizzle-orm';
import { roles, userRoles, users } from '../src/db/schema/index.ts';
import { createId } from '../src/platform/data-access/ids.ts';
import { type TIamTestApp, uniqueEmail } from '../src/services/access/access-test-support.ts';

/**
 * Signs up an identity account and adds it to `companyId` with `role`, without signing it in: for a
 * test whose member may not use the app's own sign-in (a company that requires single sign-on).
 */
export const insertCompanyMember = async (
  testApp: TIamTestApp,
  {
    companyId,
    role,
    label = role,
    email = uniqueEmail(label),
  }: { companyId: string; role: TSystemRoleKey; label?: string; email?: string },
) => {
  const { uid, idToken } = await testApp.signUp(email);
  const { db } = testApp.database;
  const userId = createId();
  await db.insert(users).values({
    companyId,
    id: userId,
    identityProject: 'test',
    identityUid: uid,
    email,
    firstName: 'Vera',
    lastName: label,
    status: 'active',
  });
  const [roleRow] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.systemKey, role)));
  if (!roleRow) throw new Error(`The company has no ${role} role`);
  await db.insert(userRoles).values({ companyId, userId, roleId: roleRow.id });
  return { email, uid, idToken, userId, companyId };
};

/** Signs up an identity account, adds it to `companyId` with `role`, and signs it in through the API. */
export const addCompanyMember = async (
  testApp: TIamTestApp,
  member: { companyId: string; role: TSystemRoleKey; label?: string; email?: string },
) => {
  const { email, idToken, userId, companyId } = await insertCompanyMember(testApp, member);
  const response = await testApp.app.inject({
    url: '/iamserver/api/v1/auth/login',
    headers: { authorization: idToken },
  });
  const { jwt } = (response.json() as { data: TLoginResponse }).data;
  if (!jwt) throw new Error(`The ${member.role} could not sign in: ${response.body}`);
  return { email, idToken, jwt, userId, companyId };
};
