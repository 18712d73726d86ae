import {
  permissions,
  type TGroup,
  type TGroupWithMembers,
  type TListMeta,
  type TPermission,
} from '@cargodesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../access-test-support.ts';
import { createAdminTestHelpers, type TInject } from '../admin-test-support.ts';

type TRouteCase = {
  method: NonNullable<TInject['method']>;
  path: string;
  permission: TPermission;
  body?: object;
  okStatus: number;
};

const groupRoutes: TRouteCase[] = [
  { method: 'GET', path: '/groups', permission: 'users:read', okStatus: 200 },
  { method: 'GET', path: '/groups/:id', permission: 'users:read', okStatus: 200 },
  { method: 'POST', path: '/groups', permission: 'users:write', body: { name: 'Matrix' }, okStatus: 201 },
  {
    method: 'PATCH',
    path: '/groups/:id',
    permission: 'users:write',
    body: { description: 'Edited by the matrix' },
    okStatus: 200,
  },
  {
    method: 'PUT',
    path: '/groups/:id/members',
    permission: 'users:write',
    body: { userIds: [] },
    okStatus: 200,
  },
  { method: 'DELETE', path: '/groups/:id', permission: 'users:write', okStatus: 200 },
];

describe.each(behaviourDatabaseKinds)('iamserver groups on %s', (kind) => {
  let testApp: TIamTestApp;
  const { inject, insertRole, setRolePermissions, addSignedInUser, systemRoleId, auditOf } =
    createAdminTestHelpers(() => testApp);
  let alpha: TRegistered;
  let bravo: TRegistered;

  const createGroup = async (token: string, body: object) => {
    const response = await inject({ method: 'POST', url: '/groups', token, payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { data: TGroupWithMembers }).data;
  };
  const listGroups = async (token: string, query = '') => {
    const response = await inject({ url: `/groups${query}`, token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: TGroup[]; meta: TListMeta };
  };

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    alpha = await testApp.register('groups-alpha', 'Alpha Groups');
    bravo = await testApp.register('groups-bravo', 'Bravo Groups');
  });
  afterAll(async () => testApp?.close());

  describe('route matrix', () => {
    const urlFor = (route: TRouteCase, id: string) => route.path.replace(':id', id);

    it.each(groupRoutes)('$method $path answers 401 without a session', async (route) => {
      for (const token of [undefined, 'garbage']) {
        const response = await inject({
          method: route.method,
          url: urlFor(route, createId()),
          ...(token ? { token } : {}),
          ...(route.body ? { payload: route.body } : {}),
        });
        expect(response.statusCode).toBe(401);
      }
    });

    it.each(groupRoutes)('$method $path needs exactly its declared permission', async (route) => {
      const roleId = await insertRole(alpha.companyId, []);
      const probe = await addSignedInUser({ companyId: alpha.companyId, roleIds: [roleId], label: 'probe' });
      const target = await createGroup(alpha.jwt, { name: `Target ${createId()}` });
      const body =
        route.body && 'name' in route.body ? { ...route.body, name: `M ${createId()}` } : route.body;
      const call = () =>
        inject({
          method: route.method,
          url: urlFor(route, target._id),
          token: probe.jwt,
          ...(body ? { payload: body } : {}),
        });
      await setRolePermissions(
        roleId,
        permissions.filter((permission) => permission !== route.permission),
      );
      const refused = await call();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: { code: 'FORBIDDEN', message: `This needs the ${route.permission} permission` },
      });
      await setRolePermissions(roleId, [route.permission]);
      const allowed = await call();
      expect(allowed.statusCode, allowed.body).toBe(route.okStatus);
    });

    it.each(groupRoutes.filter((route) => route.path.includes(':id')))(
      "$method $path answers 404 for another company's group and 400 for a malformed id",
      async (route) => {
        const bravoGroup = await createGroup(bravo.jwt, { name: `Bravo ${createId()}` });
        const payload = route.body ? { payload: route.body } : {};
        const other = await inject({
          method: route.method,
          url: urlFor(route, bravoGroup._id),
          token: alpha.jwt,
          ...payload,
        });
        expect(other.statusCode).toBe(404);
        expect(other.json()).toEqual({
          error: { code: 'NOT_FOUND', message: 'No such group in your company' },
        });
        const malformed = await inject({
          method: route.method,
          url: urlFor(route, 'not-an-id'),
          token: alpha.jwt,
          ...payload,
        });
        expect(malformed.statusCode).toBe(400);
      },
    );

    it.each(groupRoutes.filter((route) => route.body))(
      '$method $path answers 400 for an unknown field',
      async (route) => {
        const group = await createGroup(alpha.jwt, { name: `Unknown ${createId()}` });
        const response = await inject({
          method: route.method,
          url: urlFor(route, group._id),
          token: alpha.jwt,
          payload: { ...route.body, owner: 'me' },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
      },
    );
  });

  describe('groups', () => {
    it('creates a group with members, reads it back and audits it', async () => {
      const colleague = await addSignedInUser({
        companyId: alpha.companyId,
        roleIds: [],
        label: 'rotterdam',
      });
      const group = await createGroup(alpha.jwt, {
        name: ' Rotterdam office ',
        description: 'Sea freight desk',
        userIds: [colleague.userId, alpha.userId, colleague.userId],
      });
      expect(group).toMatchObject({
        name: 'Rotterdam office',
        description: 'Sea freight desk',
        memberCount: 2,
      });
      expect(group.members.map((member) => member._id).sort()).toEqual(
        [alpha.userId, colleague.userId].sort(),
      );
      expect(group.members.find((member) => member._id === colleague.userId)).toEqual({
        _id: colleague.userId,
        firstName: 'Colleague',
        lastName: 'rotterdam',
        emailId: colleague.email,
        status: 'active',
      });
      const read = await inject({ url: `/groups/${group._id}`, token: alpha.jwt });
      expect(read.json()).toEqual({ data: group });
      const [event] = await auditOf(alpha.companyId, group._id);
      expect(event).toMatchObject({
        entityType: 'group',
        action: 'create',
        actorUserId: alpha.userId,
        after: {
          name: 'Rotterdam office',
          memberIds: expect.arrayContaining([alpha.userId, colleague.userId]),
        },
      });
    });

    it('pages, searches and sorts the list, with member counts', async () => {
      const viewer = await addSignedInUser({
        companyId: bravo.companyId,
        roleIds: [await systemRoleId(bravo.companyId, 'viewer')],
        label: 'viewer',
      });
      for (const name of ['Air Export', 'air import', 'Customs', 'Road']) {
        await createGroup(bravo.jwt, {
          name: `List ${name}`,
          userIds: name === 'Road' ? [bravo.userId] : [],
        });
      }
      const first = await listGroups(viewer.jwt, '?q=list&pageSize=3');
      expect(first.meta).toEqual({ total: 4, page: 1, pageSize: 3 });
      expect(first.data.map((group) => group.name)).toEqual([
        'List Air Export',
        'List air import',
        'List Customs',
      ]);
      const second = await listGroups(viewer.jwt, '?q=list&pageSize=3&page=2');
      expect(second.data).toMatchObject([{ name: 'List Road', memberCount: 1 }]);
      const descending = await listGroups(viewer.jwt, '?q=LIST AIR&sort=-name');
      expect(descending.data.map((group) => group.name)).toEqual(['List air import', 'List Air Export']);
      const byMembers = await listGroups(viewer.jwt, '?q=list&sort=-memberCount&pageSize=1');
      expect(byMembers.data[0]?.name).toBe('List Road');
      // Wildcards in the search are taken literally.
      expect((await listGroups(viewer.jwt, '?q=%25')).meta.total).toBe(0);
      // Alpha's groups never show here.
      expect((await listGroups(viewer.jwt, '?q=Rotterdam')).meta.total).toBe(0);

      for (const query of ['?sort=password', '?pageSize=101', '?page=0', '?pageSize=abc', '?colour=red']) {
        const response = await inject({ url: `/groups${query}`, token: viewer.jwt });
        expect(response.statusCode, query).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
      }
      // A Viewer may read groups but not change them.
      const refused = await inject({
        method: 'POST',
        url: '/groups',
        token: viewer.jwt,
        payload: { name: 'Mine' },
      });
      expect(refused.statusCode).toBe(403);
    });

    it('refuses a duplicate name in any letter case with 409', async () => {
      await createGroup(alpha.jwt, { name: 'Hamburg' });
      const duplicate = await inject({
        method: 'POST',
        url: '/groups',
        token: alpha.jwt,
        payload: { name: 'HAMBURG' },
      });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({
        error: { code: 'CONFLICT', message: 'A group named "Hamburg" already exists' },
      });
      const other = await createGroup(alpha.jwt, { name: 'Bremen' });
      const rename = await inject({
        method: 'PATCH',
        url: `/groups/${other._id}`,
        token: alpha.jwt,
        payload: { name: 'hamburg' },
      });
      expect(rename.statusCode).toBe(409);
      await createGroup(bravo.jwt, { name: 'Hamburg' });
    });

    it.each([
      ['a name too long', { name: 'g'.repeat(61) }, 'name'],
      ['a blank name', { name: ' ' }, 'name'],
      ['a name of the wrong type', { name: 42 }, 'name'],
      ['a malformed user id', { name: 'Ids', userIds: ['someone'] }, 'userIds.0'],
      ['a description too long', { name: 'Described', description: 'd'.repeat(501) }, 'description'],
    ])('answers 400 with field errors for %s', async (_label, payload, field) => {
      const response = await inject({ method: 'POST', url: '/groups', token: alpha.jwt, payload });
      expect(response.statusCode, response.body).toBe(400);
      const { error } = response.json() as { error: { details: { fields: { field: string }[] } } };
      expect(error.details.fields.map((entry) => entry.field)).toContain(field);
    });

    it('renames a group and audits it', async () => {
      const group = await createGroup(alpha.jwt, { name: 'Antwerp' });
      const response = await inject({
        method: 'PATCH',
        url: `/groups/${group._id}`,
        token: alpha.jwt,
        payload: { name: 'Antwerp port', description: 'Reefers' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as { data: TGroup }).data).toMatchObject({
        name: 'Antwerp port',
        description: 'Reefers',
      });
      expect((await auditOf(alpha.companyId, group._id)).at(-1)).toMatchObject({
        action: 'update',
        before: { name: 'Antwerp', description: '' },
        after: { name: 'Antwerp port', description: 'Reefers' },
      });
    });

    it("sets the members, refusing anyone who is not the company's user", async () => {
      const group = await createGroup(alpha.jwt, { name: 'Members' });
      const colleague = await addSignedInUser({
        companyId: alpha.companyId,
        roleIds: [],
        label: 'member-set',
      });
      const put = (userIds: string[]) =>
        inject({
          method: 'PUT',
          url: `/groups/${group._id}/members`,
          token: alpha.jwt,
          payload: { userIds },
        });

      const set = await put([colleague.userId, alpha.userId]);
      expect(set.statusCode, set.body).toBe(200);
      expect((set.json() as { data: TGroupWithMembers }).data.memberCount).toBe(2);

      const foreign = await put([colleague.userId, bravo.userId]);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({
        error: {
          code: 'NOT_FOUND',
          message: 'One of the users is not a user of your company',
          details: { userIds: [bravo.userId] },
        },
      });
      const malformed = await put(['nobody']);
      expect(malformed.statusCode).toBe(400);
      const wrongType = await inject({
        method: 'PUT',
        url: `/groups/${group._id}/members`,
        token: alpha.jwt,
        payload: { userIds: colleague.userId },
      });
      expect(wrongType.statusCode).toBe(400);
      // Nothing changed by the refused requests.
      const read = await inject({ url: `/groups/${group._id}`, token: alpha.jwt });
      expect((read.json() as { data: TGroupWithMembers }).data.memberCount).toBe(2);

      const cleared = await put([]);
      expect((cleared.json() as { data: TGroupWithMembers }).data.members).toEqual([]);
      const events = await auditOf(alpha.companyId, group._id);
      expect(events.map((event) => event.action)).toEqual(['create', 'update', 'update']);
      expect(events[2]).toMatchObject({ before: { memberIds: expect.any(Array) }, after: { memberIds: [] } });
    });

    it('deletes a group and audits it', async () => {
      const group = await createGroup(alpha.jwt, { name: 'Temporary', userIds: [alpha.userId] });
      const response = await inject({ method: 'DELETE', url: `/groups/${group._id}`, token: alpha.jwt });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ data: { deleted: true } });
      expect((await inject({ url: `/groups/${group._id}`, token: alpha.jwt })).statusCode).toBe(404);
      expect((await auditOf(alpha.companyId, group._id)).at(-1)).toMatchObject({
        action: 'delete',
        before: { name: 'Temporary', memberIds: [alpha.userId] },
      });
    });
  });
});
