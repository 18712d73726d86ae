import { permissions, type TRole } from '@cargodesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startIamTestApp,
  type TIamTestApp,
  type TRegistered,
} from '../src/services/access/access-test-support.ts';
import { behaviourDatabaseKinds } from './databases.ts';

// The attack suite's grant rules (docs/security.md): every route that changes rights refuses to hand out
// more than the caller holds, whichever way round they try it.

const iam = '/iamserver/api/v1';

describe.each(behaviourDatabaseKinds)('grant rules on %s', (kind) => {
  let testApp: TIamTestApp;
  let owner: TRegistered;

  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    testApp.app.inject({
      method,
      url: `${iam}${url}`,
      headers: { authorization: token },
      ...(payload ? { payload } : {}),
    });

  const rolesOf = async (token: string) => (await call(token, 'GET', '/roles')).json().data as TRole[];
  const roleOf = async (systemKey: string) => {
    const role = (await rolesOf(owner.jwt)).find((candidate) => candidate.systemKey === systemKey);
    if (!role) throw new Error(`no ${systemKey} role`);
    return role;
  };
  const permissionsOfUser = async (token: string) =>
    ((await call(token, 'GET', '/auth/fetch-users-by-token')).json().data[0] as { permissions: string[] })
      .permissions;

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    owner = await testApp.register('grants-owner', 'Grants Freight');
  });
  afterAll(async () => testApp?.close());

  it('refuses a roles:write holder who adds to their own role what they do not hold', async () => {
    const editor = await testApp.addUser(owner, {
      label: 'role-editor',
      role: { permissions: ['roles:write'] },
    });
    const ownRole = (await rolesOf(owner.jwt)).find((role) => role.name.startsWith('role-editor'));
    if (!ownRole) throw new Error('the editor role is missing');
    const response = await call(editor.jwt, 'PATCH', `/roles/${ownRole._id}`, {
      permissions: [...permissions],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('You cannot grant permissions you do not hold yourself'),
    });
    expect(await permissionsOfUser(editor.jwt)).toEqual(['roles:write']);
    // What they hold they may still grant: a new role with roles:write alone is fine.
    const created = await call(editor.jwt, 'POST', '/roles', {
      name: 'Role clerks',
      permissions: ['roles:write'],
    });
    expect(created.statusCode).toBe(201);
    const inflated = await call(editor.jwt, 'POST', '/roles', {
      name: 'Everything',
      permissions: ['roles:write', 'users:write'],
    });
    expect(inflated.statusCode).toBe(403);
  });

  it('lets only an admin change what the Member and Viewer roles allow', async () => {
    const editor = await testApp.addUser(owner, {
      label: 'member-editor',
      role: { permissions: ['roles:write', 'users:read'] },
    });
    const member = await roleOf('member');
    const widened = await call(editor.jwt, 'PATCH', `/roles/${member._id}`, {
      permissions: [...permissions],
    });
    expect(widened.statusCode).toBe(403);
    // Even a change within the editor's own permissions: system roles are the admin's.
    const narrowed = await call(editor.jwt, 'PATCH', `/roles/${member._id}`, { permissions: ['users:read'] });
    expect(narrowed.statusCode).toBe(403);
    expect(narrowed.json().error.message).toContain(
      'Only an admin can change the permissions of the Member role',
    );
    expect((await roleOf('member')).permissions).toEqual(member.permissions);
    // The admin can.
    const byAdmin = await call(owner.jwt, 'PATCH', `/roles/${member._id}`, {
      permissions: [...member.permissions, 'picklists:write'],
    });
    expect(byAdmin.statusCode).toBe(200);
    await call(owner.jwt, 'PATCH', `/roles/${member._id}`, { permissions: member.permissions });
  });

  it('refuses to delete a role while moving its holders to a role that allows more', async () => {
    const editor = await testApp.addUser(owner, {
      label: 'reassigner',
      role: { permissions: ['roles:write', 'users:write'] },
    });
    const ownRole = (await rolesOf(owner.jwt)).find((role) => role.name.startsWith('reassigner'));
    const admin = await roleOf('admin');
    if (!ownRole) throw new Error('the reassigner role is missing');
    const response = await call(editor.jwt, 'DELETE', `/roles/${ownRole._id}?reassignTo=${admin._id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toContain('You cannot grant the Admin role');
    // Nothing moved: the editor is no admin and cannot suspend the company's admin.
    expect((await rolesOf(owner.jwt)).some((role) => role._id === ownRole._id)).toBe(true);
    const suspend = await call(editor.jwt, 'POST', `/users/${owner.userId}/suspend`);
    expect(suspend.statusCode).toBe(403);
    // Nor give themselves or an invitee the Admin role.
    expect(
      (await call(editor.jwt, 'PUT', `/users/${editor.userId}/roles`, { roleIds: [admin._id] })).statusCode,
    ).toBe(403);
    const invite = await call(editor.jwt, 'POST', '/users/invite', {
      email: `grant-invitee-${Date.now()}@example.com`,
      firstName: 'Eve',
      lastName: 'Invitee',
      roleIds: [admin._id],
    });
    expect(invite.statusCode).toBe(403);
  });

  it('refuses to reactivate a suspended user whose roles allow more than the caller holds', async () => {
    const manager = await testApp.addUser(owner, {
      label: 'suspended-manager',
      role: { permissions: ['users:write', 'roles:write', 'company:write', 'mail:send'] },
    });
    const helper = await testApp.addUser(owner, {
      label: 'reactivating-helper',
      role: { permissions: ['users:read', 'users:write'] },
    });
    expect((await call(owner.jwt, 'POST', `/users/${manager.userId}/suspend`)).statusCode).toBe(200);
    const refused = await call(helper.jwt, 'POST', `/users/${manager.userId}/reactivate`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain('You cannot grant the');
    // Still suspended, here and at the identity provider.
    const after = (await call(owner.jwt, 'GET', `/users/${manager.userId}`)).json().data as {
      status: string;
    };
    expect(after.status).toBe('suspended');
    const relogin = await testApp.app.inject({
      url: '/iamserver/api/v1/auth/login',
      headers: { authorization: manager.idToken },
    });
    expect(relogin.statusCode).toBe(403);
    // The admin may.
    expect((await call(owner.jwt, 'POST', `/users/${manager.userId}/reactivate`)).statusCode).toBe(200);
  });

  it('lets exactly one of two admins who demote each other at once go through', async () => {
    const company = await testApp.register('grants-duel', 'Duel Freight');
    const first = await testApp.addUser(company, { label: 'duel-first', role: { systemKey: 'admin' } });
    const second = await testApp.addUser(company, { label: 'duel-second', role: { systemKey: 'admin' } });
    const roles = (await call(company.jwt, 'GET', '/roles')).json().data as TRole[];
    const member = roles.find((role) => role.systemKey === 'member');
    if (!member) throw new Error('no member role');
    const [one, two] = await Promise.all([
      call(first.jwt, 'PUT', `/users/${second.userId}/roles`, { roleIds: [member._id] }),
      call(second.jwt, 'PUT', `/users/${first.userId}/roles`, { roleIds: [member._id] }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 403]);
    const stillAdmin = one.statusCode === 200 ? first : second;
    expect(await permissionsOfUser(stillAdmin.jwt)).toEqual([...permissions]);
  });
});
