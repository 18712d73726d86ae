import { permissions, type TPermission, type TProduct, type TRole } from '@cargodesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../access-test-support.ts';
import { createAdminTestHelpers, type TInject } from '../admin-test-support.ts';

type TRouteCase = {
  method: NonNullable<TInject['method']>;
  path: string;
  permission: TPermission | undefined;
  body?: object;
  /** What the route answers when the caller may use it. */
  okStatus: number;
};

const roleRoutes: TRouteCase[] = [
  { method: 'GET', path: '/roles', permission: 'roles:read', okStatus: 200 },
  { method: 'GET', path: '/roles/:id', permission: 'roles:read', okStatus: 200 },
  {
    method: 'POST',
    path: '/roles',
    permission: 'roles:write',
    // Only what the caller holds: nobody grants more (docs/security.md).
    body: { name: 'Matrix', permissions: ['roles:write'] },
    okStatus: 201,
  },
  {
    method: 'PATCH',
    path: '/roles/:id',
    permission: 'roles:write',
    body: { description: 'Edited by the matrix' },
    okStatus: 200,
  },
  { method: 'DELETE', path: '/roles/:id', permission: 'roles:write', okStatus: 200 },
  { method: 'GET', path: '/products', permission: undefined, okStatus: 200 },
];

describe.each(behaviourDatabaseKinds)('iamserver roles and products on %s', (kind) => {
  let testApp: TIamTestApp;
  const helpers = createAdminTestHelpers(() => testApp);
  const { inject, systemRoleId, insertRole, setRolePermissions, addSignedInUser, roleIdsOf, auditOf } =
    helpers;
  let alpha: TRegistered;
  let bravo: TRegistered;

  const createRole = async (token: string, body: object) => {
    const response = await inject({ method: 'POST', url: '/roles', token, payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { data: TRole }).data;
  };
  const listRoles = async (token: string) => {
    const response = await inject({ url: '/roles', token });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: TRole[] }).data;
  };

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    alpha = await testApp.register('roles-alpha', 'Alpha Roles');
    bravo = await testApp.register('roles-bravo', 'Bravo Roles');
  });
  afterAll(async () => testApp?.close());

  describe('route matrix', () => {
    const urlFor = (route: TRouteCase, id: string) => route.path.replace(':id', id);

    it.each(roleRoutes)('$method $path answers 401 without a session', async (route) => {
      for (const token of [undefined, 'garbage']) {
        const response = await inject({
          method: route.method,
          url: urlFor(route, createId()),
          ...(token ? { token } : {}),
          ...(route.body ? { payload: route.body } : {}),
        });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
      }
    });

    it.each(roleRoutes)('$method $path needs exactly its declared permission', async (route) => {
      const roleId = await insertRole(alpha.companyId, []);
      const probe = await addSignedInUser({ companyId: alpha.companyId, roleIds: [roleId], label: 'probe' });
      const target = await insertRole(alpha.companyId, ['files:read'], `Target ${createId()}`);
      const call = () =>
        inject({
          method: route.method,
          url: urlFor(route, target),
          token: probe.jwt,
          ...(route.body
            ? { payload: { ...route.body, ...('name' in route.body ? { name: `M ${createId()}` } : {}) } }
            : {}),
        });
      if (route.permission) {
        // Every permission but the one declared: refused, naming what is missing.
        await setRolePermissions(
          roleId,
          permissions.filter((permission) => permission !== route.permission),
        );
        const refused = await call();
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({
          error: { code: 'FORBIDDEN', message: `This needs the ${route.permission} permission` },
        });
      }
      // Only the declared one (none for routes open to any signed-in user): allowed.
      await setRolePermissions(roleId, route.permission ? [route.permission] : []);
      const allowed = await call();
      expect(allowed.statusCode, allowed.body).toBe(route.okStatus);
    });

    it.each(roleRoutes.filter((route) => route.path.includes(':id')))(
      "$method $path answers 404 for another company's role and 400 for a malformed id",
      async (route) => {
        const bravoRole = await insertRole(bravo.companyId, ['contacts:read']);
        const payload = route.body ? { payload: route.body } : {};
        const other = await inject({
          method: route.method,
          url: urlFor(route, bravoRole),
          token: alpha.jwt,
          ...payload,
        });
        expect(other.statusCode).toBe(404);
        expect(other.json()).toEqual({
          error: { code: 'NOT_FOUND', message: 'No such role in your company' },
        });
        const malformed = await inject({
          method: route.method,
          url: urlFor(route, 'not-an-id'),
          token: alpha.jwt,
          ...payload,
        });
        expect(malformed.statusCode).toBe(400);
        expect(malformed.json()).toMatchObject({
          error: { code: 'VALIDATION_FAILED', details: { fields: [{ field: 'id' }] } },
        });
      },
    );

    it.each(roleRoutes.filter((route) => route.body))(
      '$method $path answers 400 for an unknown field',
      async (route) => {
        const roleId = await insertRole(alpha.companyId, []);
        const response = await inject({
          method: route.method,
          url: urlFor(route, roleId),
          token: alpha.jwt,
          payload: { ...route.body, isAdmin: true },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
      },
    );
  });

  describe('roles', () => {
    it('lists the system roles with who holds them, never another company’s', async () => {
      await insertRole(bravo.companyId, [], 'Bravo only');
      const list = await inject({ url: '/roles', token: alpha.jwt });
      expect(list.statusCode).toBe(200);
      const body = list.json() as { data: TRole[]; meta: { total: number } };
      expect(body.meta.total).toBe(body.data.length);
      const byKey = Object.fromEntries(body.data.map((role) => [role.systemKey ?? role.name, role]));
      expect(byKey.admin).toMatchObject({ name: 'Admin', isSystem: true, userCount: expect.any(Number) });
      expect(byKey.admin?.userCount).toBeGreaterThanOrEqual(1);
      expect(byKey.admin?.permissions).toEqual([...permissions]);
      expect(byKey.member).toMatchObject({ name: 'Member', isSystem: true });
      expect(byKey.viewer?.permissions.every((permission) => permission.endsWith(':read'))).toBe(true);
      expect(body.data.map((role) => role.name)).not.toContain('Bravo only');
      // System roles first.
      expect(body.data.slice(0, 3).every((role) => role.isSystem)).toBe(true);
    });

    it('searches, sorts and pages the roles on the server, and refuses an unknown sort', async () => {
      const company = await testApp.register('roles-paging', 'Paging Roles');
      await createRole(company.jwt, { name: 'Harbour desk', description: 'Quay work', permissions: [] });
      await createRole(company.jwt, { name: 'Customs', description: 'Harbour paperwork', permissions: [] });
      await createRole(company.jwt, { name: 'Accounts', permissions: [] });
      const page = async (query: string) => {
        const response = await inject({ url: `/roles${query}`, token: company.jwt });
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as { data: TRole[]; meta: { total: number; page: number; pageSize: number } };
      };

      // Name or description, any letter case.
      const found = await page('?q=HARBOUR&sort=name');
      expect(found.data.map((role) => role.name)).toEqual(['Customs', 'Harbour desk']);
      expect(found.meta.total).toBe(2);

      // Without a page size, a picker gets every role of the company in one page.
      const all = await page('');
      // System roles first, then by name.
      expect(all.data.map((role) => role.name)).toEqual([
        'Admin',
        'Member',
        'Viewer',
        'Accounts',
        'Customs',
        'Harbour desk',
      ]);
      expect(all.meta).toMatchObject({ total: 6, page: 1, pageSize: 100 });

      const second = await page('?sort=-name&pageSize=2&page=2');
      expect(second.data.map((role) => role.name)).toEqual(['Harbour desk', 'Customs']);
      expect(second.meta).toMatchObject({ total: 6, page: 2, pageSize: 2 });

      // The Admin role has the registering user; the new roles nobody.
      const byHolders = await page('?sort=-userCount&pageSize=1');
      expect(byHolders.data.map((role) => role.name)).toEqual(['Admin']);

      const refused = await inject({ url: '/roles?sort=permissions', token: company.jwt });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', details: { fields: [{ field: 'sort' }] } },
      });
      const tooBig = await inject({ url: '/roles?pageSize=101', token: company.jwt });
      expect(tooBig.statusCode).toBe(400);
    });

    it('creates a role, reads it back and audits it', async () => {
      const role = await createRole(alpha.jwt, {
        name: '  Sales desk  ',
        description: 'Quotes and customers',
        permissions: ['mail:send', 'contacts:write', 'contacts:read', 'contacts:read'],
      });
      expect(role).toMatchObject({
        name: 'Sales desk',
        description: 'Quotes and customers',
        // The permission list's order, without duplicates.
        permissions: ['contacts:read', 'contacts:write', 'mail:send'],
        isSystem: false,
        systemKey: null,
        userCount: 0,
      });
      const read = await inject({ url: `/roles/${role._id}`, token: alpha.jwt });
      expect(read.json()).toEqual({ data: role });
      const [event] = await auditOf(alpha.companyId, role._id);
      expect(event).toMatchObject({
        entityType: 'role',
        action: 'create',
        actorUserId: alpha.userId,
        actorEmail: alpha.email,
        before: null,
        after: { name: 'Sales desk', permissions: ['contacts:read', 'contacts:write', 'mail:send'] },
      });
    });

    it('refuses a duplicate name in any letter case with 409, in create and rename', async () => {
      await createRole(alpha.jwt, { name: 'Customs broker', permissions: [] });
      for (const name of ['customs BROKER', 'admin']) {
        const response = await inject({
          method: 'POST',
          url: '/roles',
          token: alpha.jwt,
          payload: { name, permissions: [] },
        });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({
          error: { code: 'CONFLICT', message: expect.stringContaining('already exists') },
        });
      }
      const other = await createRole(alpha.jwt, { name: 'Warehouse', permissions: [] });
      const rename = await inject({
        method: 'PATCH',
        url: `/roles/${other._id}`,
        token: alpha.jwt,
        payload: { name: 'CUSTOMS broker' },
      });
      expect(rename.statusCode).toBe(409);
      // Its own name in another case is no conflict; the same name in another company neither.
      const recase = await inject({
        method: 'PATCH',
        url: `/roles/${other._id}`,
        token: alpha.jwt,
        payload: { name: 'WAREHOUSE' },
      });
      expect(recase.statusCode, recase.body).toBe(200);
      await createRole(bravo.jwt, { name: 'Customs broker', permissions: [] });
    });

    it.each([
      ['an unknown permission', { name: 'Bad', permissions: ['ships:sail'] }, 'permissions.0'],
      ['a name too long', { name: 'x'.repeat(61), permissions: [] }, 'name'],
      ['a blank name', { name: '   ', permissions: [] }, 'name'],
      ['no name', { permissions: [] }, 'name'],
      ['permissions of the wrong type', { name: 'Typed', permissions: 'users:read' }, 'permissions'],
      [
        'a description too long',
        { name: 'Long', description: 'd'.repeat(501), permissions: [] },
        'description',
      ],
      ['an unknown field', { name: 'Extra', permissions: [], systemKey: 'admin' }, ''],
    ])('answers 400 with field errors for %s', async (_label, payload, field) => {
      const response = await inject({ method: 'POST', url: '/roles', token: alpha.jwt, payload });
      expect(response.statusCode, response.body).toBe(400);
      const { error } = response.json() as {
        error: { code: string; details: { fields: { field: string }[] } };
      };
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details.fields.map((entry) => entry.field)).toContain(field);
    });

    it('edits a role and audits the permission change with the sets before and after', async () => {
      const role = await createRole(alpha.jwt, { name: 'Editable', permissions: ['contacts:read'] });
      const response = await inject({
        method: 'PATCH',
        url: `/roles/${role._id}`,
        token: alpha.jwt,
        payload: {
          name: 'Edited',
          description: 'Now with mail',
          permissions: ['contacts:read', 'mail:send'],
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as { data: TRole }).data).toMatchObject({
        name: 'Edited',
        description: 'Now with mail',
        permissions: ['contacts:read', 'mail:send'],
      });
      const events = await auditOf(alpha.companyId, role._id);
      expect(events.map((event) => event.action)).toEqual(['create', 'update', 'permission-change']);
      expect(events[1]).toMatchObject({ before: { name: 'Editable' }, after: { name: 'Edited' } });
      expect(events[2]).toMatchObject({
        before: { permissions: ['contacts:read'] },
        after: { name: 'Edited', permissions: ['contacts:read', 'mail:send'] },
      });
      // A rename alone is an update without a permission change; an unchanged role records nothing.
      await inject({
        method: 'PATCH',
        url: `/roles/${role._id}`,
        token: alpha.jwt,
        payload: { name: 'Edited again' },
      });
      await inject({
        method: 'PATCH',
        url: `/roles/${role._id}`,
        token: alpha.jwt,
        payload: { name: 'Edited again' },
      });
      expect((await auditOf(alpha.companyId, role._id)).map((event) => event.action)).toEqual([
        'create',
        'update',
        'permission-change',
        'update',
      ]);
    });

    it('protects the Admin role from any change and keeps Member and Viewer', async () => {
      const adminId = await systemRoleId(alpha.companyId, 'admin');
      for (const payload of [
        { name: 'Boss' },
        { permissions: ['users:read'] },
        { description: 'Everything' },
      ]) {
        const response = await inject({
          method: 'PATCH',
          url: `/roles/${adminId}`,
          token: alpha.jwt,
          payload,
        });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          error: {
            code: 'CONFLICT',
            message: 'The Admin role always holds every permission: it cannot be renamed, edited or deleted',
          },
        });
      }
      const deleteAdmin = await inject({ method: 'DELETE', url: `/roles/${adminId}`, token: alpha.jwt });
      expect(deleteAdmin.statusCode).toBe(409);

      // In the other company, so the Member role of the tests below keeps its defaults.
      const memberId = await systemRoleId(bravo.companyId, 'member');
      const edit = await inject({
        method: 'PATCH',
        url: `/roles/${memberId}`,
        token: bravo.jwt,
        payload: { permissions: ['contacts:read', 'contacts:write'] },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect((edit.json() as { data: TRole }).data).toMatchObject({ systemKey: 'member', isSystem: true });
      for (const key of ['member', 'viewer'] as const) {
        const id = await systemRoleId(alpha.companyId, key);
        const response = await inject({ method: 'DELETE', url: `/roles/${id}`, token: alpha.jwt });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({
          error: { message: expect.stringContaining('cannot be deleted') },
        });
      }
    });

    it('deletes an unused role and audits it', async () => {
      const role = await createRole(alpha.jwt, { name: 'Short-lived', permissions: ['files:read'] });
      const response = await inject({ method: 'DELETE', url: `/roles/${role._id}`, token: alpha.jwt });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ data: { deleted: true, reassignedUsers: 0 } });
      expect((await inject({ url: `/roles/${role._id}`, token: alpha.jwt })).statusCode).toBe(404);
      const events = await auditOf(alpha.companyId, role._id);
      expect(events.at(-1)).toMatchObject({ action: 'delete', before: { name: 'Short-lived' }, after: null });
    });

    it('refuses to delete a role in use unless its users move to another role', async () => {
      const role = await createRole(alpha.jwt, { name: 'Night shift', permissions: ['contacts:read'] });
      const first = await addSignedInUser({
        companyId: alpha.companyId,
        roleIds: [role._id],
        label: 'night-1',
      });
      const viewerId = await systemRoleId(alpha.companyId, 'viewer');
      const second = await addSignedInUser({
        companyId: alpha.companyId,
        roleIds: [role._id, viewerId],
        label: 'night-2',
      });
      expect((await listRoles(alpha.jwt)).find((entry) => entry._id === role._id)?.userCount).toBe(2);

      const refused = await inject({ method: 'DELETE', url: `/roles/${role._id}`, token: alpha.jwt });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: {
          code: 'CONFLICT',
          message:
            'The Night shift role is held by 2 users: choose a role to move them all to before deleting it',
          details: { userCount: 2 },
        },
      });
      const toItself = await inject({
        method: 'DELETE',
        url: `/roles/${role._id}?reassignTo=${role._id}`,
        token: alpha.jwt,
      });
      expect(toItself.statusCode).toBe(400);
      const bravoRole = await insertRole(bravo.companyId, []);
      const toOther = await inject({
        method: 'DELETE',
        url: `/roles/${role._id}?reassignTo=${bravoRole}`,
        token: alpha.jwt,
      });
      expect(toOther.statusCode).toBe(404);
      const badQuery = await inject({
        method: 'DELETE',
        url: `/roles/${role._id}?reassignTo=viewer`,
        token: alpha.jwt,
      });
      expect(badQuery.statusCode).toBe(400);
      const unknownQuery = await inject({
        method: 'DELETE',
        url: `/roles/${role._id}?force=true`,
        token: alpha.jwt,
      });
      expect(unknownQuery.statusCode).toBe(400);
      expect(await roleIdsOf(alpha.companyId, first.userId)).toEqual([role._id]);

      const moved = await inject({
        method: 'DELETE',
        url: `/roles/${role._id}?reassignTo=${viewerId}`,
        token: alpha.jwt,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toEqual({ data: { deleted: true, reassignedUsers: 2 } });
      expect(await roleIdsOf(alpha.companyId, first.userId)).toEqual([viewerId]);
      expect(await roleIdsOf(alpha.companyId, second.userId)).toEqual([viewerId]);
      const [change] = await auditOf(alpha.companyId, first.userId);
      expect(change).toMatchObject({
        entityType: 'user',
        action: 'role-change',
        before: { roleIds: [role._id] },
        after: { roleIds: [viewerId] },
      });
      expect((await auditOf(alpha.companyId, role._id)).at(-1)).toMatchObject({
        action: 'delete',
        after: { reassignedTo: viewerId, reassignedUsers: 2 },
      });
      // The moved user now has what Viewer allows, on their very next request.
      const me = await inject({ url: '/auth/fetch-users-by-token', token: first.jwt });
      expect((me.json() as { data: { roles: string[] }[] }).data[0]?.roles).toEqual(['Viewer']);
    });

    it('lets a Member read roles but not change them', async () => {
      const member = await addSignedInUser({
        companyId: alpha.companyId,
        roleIds: [await systemRoleId(alpha.companyId, 'member')],
        label: 'member',
      });
      expect((await inject({ url: '/roles', token: member.jwt })).statusCode).toBe(200);
      const refused = await inject({
        method: 'POST',
        url: '/roles',
        token: member.jwt,
        payload: { name: 'Self-promoted', permissions: [...permissions] },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: { code: 'FORBIDDEN', message: 'This needs the roles:write permission' },
      });
      expect((await listRoles(alpha.jwt)).map((role) => role.name)).not.toContain('Self-promoted');
    });

    it('applies a permission change on the next request of a user holding the role', async () => {
      const role = await createRole(alpha.jwt, { name: 'Dispatcher', permissions: ['users:read'] });
      const holder = await addSignedInUser({
        companyId: alpha.companyId,
        roleIds: [role._id],
        label: 'dispatcher',
      });
      expect((await inject({ url: '/groups', token: holder.jwt })).statusCode).toBe(200);

      const patch = (granted: TPermission[]) =>
        inject({
          method: 'PATCH',
          url: `/roles/${role._id}`,
          token: alpha.jwt,
          payload: { permissions: granted },
        });
      expect((await patch(['contacts:read'])).statusCode).toBe(200);
      const refused = await inject({ url: '/groups', token: holder.jwt });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { message: 'This needs the users:read permission' } });
      const me = await inject({ url: '/auth/fetch-users-by-token', token: holder.jwt });
      expect((me.json() as { data: { permissions: string[] }[] }).data[0]?.permissions).toEqual([
        'contacts:read',
      ]);

      expect((await patch(['contacts:read', 'users:read'])).statusCode).toBe(200);
      expect((await inject({ url: '/groups', token: holder.jwt })).statusCode).toBe(200);
    });
  });

  describe('products', () => {
    it("lists the company's products to any signed-in user", async () => {
      const nobody = await addSignedInUser({ companyId: alpha.companyId, roleIds: [], label: 'no-role' });
      const response = await inject({ url: '/products', token: nobody.jwt });
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json() as { data: TProduct[] };
      expect(data.map((product) => product.code)).toEqual(
        expect.arrayContaining(['contacts', 'freight', 'mail']),
      );
      expect(data[0]).toEqual({
        _id: expect.any(String),
        code: expect.any(String),
        name: expect.any(String),
      });
    });
  });
});
