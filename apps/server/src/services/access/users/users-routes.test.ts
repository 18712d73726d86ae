import {
  accountSuspendedMessage,
  invitationMessages,
  mailMessages,
  maxBulkUsers,
  type TCompanyUser,
  type TLoginResponse,
  userMessages,
} from '@cargodesk/shared';
import { and, eq } from 'drizzle-orm';
import { confirmPasswordReset, signInWithEmailAndPassword } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { createAuthClient, readOobCode, waitForMail } from '../../../../test/identity-client.ts';
import { auditReader } from '../../../../test/route-helpers.ts';
import {
  auditEvents,
  groups,
  identityAccounts,
  identityActionCodes,
  roles,
  sessions,
  userRoles,
  users,
} from '../../../db/schema/index.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import {
  startIamTestApp,
  type TIamTestApp,
  type TRegistered,
  testPassword,
  uniqueEmail,
} from '../access-test-support.ts';
import { grantMessages } from '../roles-and-groups/grant-rules.ts';

const base = '/iamserver/api/v1';
type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type TRoleKey = 'admin' | 'member' | 'viewer';

describe.each(behaviourDatabaseKinds)('iamserver users management on %s', (kind) => {
  let testApp: TIamTestApp;

  const auditOf = auditReader(() => testApp.database.db);
  const clients: { close: () => Promise<void> }[] = [];

  const inject = (options: { method?: TMethod; url: string; token?: string; payload?: object }) =>
    testApp.app.inject({
      method: options.method ?? 'GET',
      url: `${base}${options.url}`,
      headers: options.token === undefined ? {} : { authorization: options.token },
      ...(options.payload ? { payload: options.payload } : {}),
    });

  const expectData = async <T>(responsePromise: ReturnType<typeof inject>, status = 200) => {
    const response = await responsePromise;
    expect(response.statusCode, response.body).toBe(status);
    return (response.json() as { data: T }).data;
  };

  const roleIdsOf = async (companyId: string) => {
    const rows = await testApp.database.db.select().from(roles).where(eq(roles.companyId, companyId));
    const byKey = (key: TRoleKey) => rows.find((row) => row.systemKey === key)?.id ?? '';
    return { admin: byKey('admin'), member: byKey('member'), viewer: byKey('viewer') };
  };

  const apiKey = () => testApp.app.identity.projects.find((project) => project.name === 'test')?.apiKey ?? '';
  const sdk = () => {
    const client = createAuthClient({ origin: testApp.origin, apiKey: apiKey() });
    clients.push(client);
    return client.auth;
  };

  const login = async (idToken: string) => {
    const { jwt } = await expectData<TLoginResponse>(inject({ url: '/auth/login', token: idToken }));
    return jwt ?? '';
  };

  /** A user of the admin's company with the given roles, signed in; made directly, not invited. */
  const addSignedInUser = async (admin: TRegistered, roleIds: string[], label = 'colleague') => {
    const email = uniqueEmail(label);
    const { uid, idToken } = await testApp.signUp(email);
    const userId = createId();
    await testApp.database.db.insert(users).values({
      companyId: admin.companyId,
      id: userId,
      identityProject: 'test',
      identityUid: uid,
      email,
      firstName: 'Col',
      lastName: label,
      status: 'active',
    });
    if (roleIds.length > 0) {
      await testApp.database.db
        .insert(userRoles)
        .values(roleIds.map((roleId) => ({ companyId: admin.companyId, userId, roleId })));
    }
    return { email, uid, idToken, userId, jwt: await login(idToken) };
  };

  const invite = (token: string, payload: object) =>
    inject({ method: 'POST', url: '/users/invite', token, payload });

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
  });
  afterAll(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await testApp?.close();
  });

  describe('list and read', () => {
    it('pages, searches, sorts and filters the users of its own company only', async () => {
      const admin = await testApp.register('list-admin');
      const roleIds = await roleIdsOf(admin.companyId);
      const viewer = await addSignedInUser(admin, [roleIds.viewer], 'zed-viewer');
      const member = await addSignedInUser(admin, [roleIds.member], 'bob-member');
      const other = await testApp.register('list-other');

      const page = await testApp.app.inject({
        url: `${base}/users?pageSize=2&sort=email`,
        headers: { authorization: admin.jwt },
      });
      expect(page.statusCode, page.body).toBe(200);
      const body = page.json() as {
        data: TCompanyUser[];
        meta: { total: number; page: number; pageSize: number };
      };
      expect(body.meta).toEqual({ total: 3, page: 1, pageSize: 2 });
      expect(body.data.map((user) => user.email)).toEqual([member.email, admin.email]);
      expect(body.data[1]).toMatchObject({
        status: 'active',
        isAdmin: true,
        roles: [{ _id: roleIds.admin, name: 'Admin' }],
        groups: [],
        invitedAt: null,
      });
      expect(body.data[1]?.lastLoginAt).toEqual(expect.any(String));
      const secondPage = await expectData<TCompanyUser[]>(
        inject({ url: '/users?pageSize=2&page=2&sort=email', token: admin.jwt }),
      );
      expect(secondPage.map((user) => user.email)).toEqual([viewer.email]);

      const searched = await expectData<TCompanyUser[]>(
        inject({ url: '/users?q=ZED-VIEW', token: admin.jwt }),
      );
      expect(searched.map((user) => user.email)).toEqual([viewer.email]);
      const byName = await expectData<TCompanyUser[]>(
        inject({ url: '/users?q=Col%20bob', token: admin.jwt }),
      );
      expect(byName).toHaveLength(1);
      const wildcard = await expectData<TCompanyUser[]>(inject({ url: '/users?q=%25', token: admin.jwt }));
      expect(wildcard).toEqual([]);

      const viewers = await expectData<TCompanyUser[]>(
        inject({ url: `/users?roleId=${roleIds.viewer}`, token: admin.jwt }),
      );
      expect(viewers.map((user) => user._id)).toEqual([viewer.userId]);
      const otherRoles = await roleIdsOf(other.companyId);
      const foreign = await expectData<TCompanyUser[]>(
        inject({ url: `/users?roleId=${otherRoles.admin}`, token: admin.jwt }),
      );
      expect(foreign).toEqual([]);

      await testApp.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, viewer.userId));
      const suspended = await expectData<TCompanyUser[]>(
        inject({ url: '/users?status=suspended', token: admin.jwt }),
      );
      expect(suspended.map((user) => user._id)).toEqual([viewer.userId]);

      const byNameDescending = await expectData<TCompanyUser[]>(
        inject({ url: '/users?sort=-name', token: admin.jwt }),
      );
      expect(byNameDescending.map((user) => user.lastName)).toEqual([
        'zed-viewer',
        'bob-member',
        'list-admin',
      ]);
      for (const sort of ['createdAt', '-lastLoginAt', 'status']) {
        expect((await inject({ url: `/users?sort=${sort}`, token: admin.jwt })).statusCode).toBe(200);
      }

      const others = await expectData<TCompanyUser[]>(inject({ url: '/users', token: other.jwt }));
      expect(others.map((user) => user.email)).toEqual([other.email]);
    });

    it.each(['pageSize=101', 'page=0', 'sort=password', 'status=retired', 'roleId=not-a-uuid', 'unknown=1'])(
      'answers 400 for the query %s',
      async (query) => {
        const admin = await testApp.register('list-bad');
        const response = await inject({ url: `/users?${query}`, token: admin.jwt });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
      },
    );

    it('answers at most 60 invitation lookups per address in 15 minutes, then 429 with Retry-After', async () => {
      const limit = testApp.app.rateLimits.invitationLookupsPerIp;
      try {
        for (let attempt = 0; attempt < 60; attempt += 1) {
          const response = await inject({ url: `/auth/invitation?oobCode=guess-${attempt}` });
          expect(response.statusCode).toBe(404);
        }
        const refused = await inject({ url: '/auth/invitation?oobCode=guess-61' });
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({
          error: { code: 'RATE_LIMITED', message: invitationMessages.tooManyLookups },
        });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      } finally {
        await limit.reset('127.0.0.1');
      }
    });

    it('reads one user; another company’s user is 404, a malformed id 400', async () => {
      const admin = await testApp.register('read-admin');
      const other = await testApp.register('read-other');
      const user = await expectData<TCompanyUser>(
        inject({ url: `/users/${admin.userId}`, token: admin.jwt }),
      );
      expect(user).toMatchObject({ _id: admin.userId, email: admin.email, name: 'Ada read-admin' });
      const foreign = await inject({ url: `/users/${other.userId}`, token: admin.jwt });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ error: { code: 'NOT_FOUND', message: userMessages.userNotFound } });
      expect((await inject({ url: '/users/nope', token: admin.jwt })).statusCode).toBe(400);
      // GET /users/count still answers beside /users/:id.
      expect((await inject({ url: '/users/count', token: admin.jwt })).statusCode).toBe(200);
    });
  });

  describe('edit, roles and groups', () => {
    it('updates names and phone and audits the change', async () => {
      const admin = await testApp.register('edit-admin');
      const roleIds = await roleIdsOf(admin.companyId);
      const member = await addSignedInUser(admin, [roleIds.member]);
      const updated = await expectData<TCompanyUser>(
        inject({
          method: 'PATCH',
          url: `/users/${member.userId}`,
          token: admin.jwt,
          payload: { firstName: '  Grace ', lastName: 'Hopper', phone: '+44 20 7946 0958' },
        }),
      );
      expect(updated).toMatchObject({ name: 'Grace Hopper', phone: '+44 20 7946 0958' });
      const [event] = await auditOf(admin.companyId, { entityId: member.userId });
      expect(event).toMatchObject({
        action: 'update',
        entityType: 'user',
        actorUserId: admin.userId,
        actorEmail: admin.email,
        before: expect.objectContaining({ firstName: 'Col', phone: null }),
        after: expect.objectContaining({ firstName: 'Grace', phone: '+44 20 7946 0958' }),
      });
      const cleared = await expectData<TCompanyUser>(
        inject({ method: 'PATCH', url: `/users/${member.userId}`, token: admin.jwt, payload: { phone: '' } }),
      );
      expect(cleared.phone).toBeNull();
      // Nothing changed, nothing recorded.
      await inject({
        method: 'PATCH',
        url: `/users/${member.userId}`,
        token: admin.jwt,
        payload: { lastName: 'Hopper' },
      });
      expect(await auditOf(admin.companyId, { entityId: member.userId })).toHaveLength(2);
    });

    it.each([
      [{ email: 'new@example.com' }, 'email'],
      [{ firstName: 42 }, 'firstName'],
      [{ firstName: '' }, 'firstName'],
      [{ lastName: 'x'.repeat(81) }, 'lastName'],
      [{ phone: 'call me' }, 'phone'],
    ])('refuses the edit %j with 400', async (payload, field) => {
      const admin = await testApp.register('edit-bad');
      const response = await inject({
        method: 'PATCH',
        url: `/users/${admin.userId}`,
        token: admin.jwt,
        payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      const { error } = response.json() as {
        error: { code: string; message: string; details?: { fields: { field: string }[] } };
      };
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(error)).toContain(field);
    });

    it('replaces roles with a role-change audit, never linking another company’s role', async () => {
      const admin = await testApp.register('roles-admin');
      const other = await testApp.register('roles-other');
      const roleIds = await roleIdsOf(admin.companyId);
      const otherRoleIds = await roleIdsOf(other.companyId);
      const member = await addSignedInUser(admin, [roleIds.member]);

      const foreign = await inject({
        method: 'PUT',
        url: `/users/${member.userId}/roles`,
        token: admin.jwt,
        payload: { roleIds: [roleIds.viewer, otherRoleIds.admin] },
      });
      expect(foreign.statusCode, foreign.body).toBe(400);
      expect(foreign.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', details: { fields: [{ field: 'roleIds' }] } },
      });
      const unchanged = await expectData<TCompanyUser>(
        inject({ url: `/users/${member.userId}`, token: admin.jwt }),
      );
      expect(unchanged.roles.map((role) => role.name)).toEqual(['Member']);

      const changed = await expectData<TCompanyUser>(
        inject({
          method: 'PUT',
          url: `/users/${member.userId}/roles`,
          token: admin.jwt,
          payload: { roleIds: [roleIds.viewer, roleIds.member, roleIds.viewer] },
        }),
      );
      expect(changed.roles.map((role) => role.name)).toEqual(['Member', 'Viewer']);
      const events = await auditOf(admin.companyId, { entityId: member.userId });
      expect(events.map((event) => event.action)).toEqual(['role-change']);
      expect(events[0]?.before).toMatchObject({ roles: [{ name: 'Member' }] });
      expect(events[0]?.after).toMatchObject({ roles: [{ name: 'Member' }, { name: 'Viewer' }] });

      // The member's next request carries the new permissions.
      const me = await inject({ url: '/auth/fetch-users-by-token', token: member.jwt });
      expect((me.json() as { data: [{ roles: string[] }] }).data[0].roles.sort()).toEqual([
        'Member',
        'Viewer',
      ]);

      expect(
        (
          await inject({
            method: 'PUT',
            url: `/users/${other.userId}/roles`,
            token: admin.jwt,
            payload: { roleIds: [] },
          })
        ).statusCode,
      ).toBe(404);
      for (const payload of [{}, { roleIds: 'x' }, { roleIds: ['nope'] }, { roleIds: [], extra: 1 }]) {
        const bad = await inject({
          method: 'PUT',
          url: `/users/${member.userId}/roles`,
          token: admin.jwt,
          payload,
        });
        expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    it('replaces groups, never linking another company’s group', async () => {
      const admin = await testApp.register('groups-admin');
      const other = await testApp.register('groups-other');
      const { db } = testApp.database;
      const dispatch = createId();
      const warehouse = createId();
      const foreignGroup = createId();
      await db.insert(groups).values([
        { companyId: admin.companyId, id: dispatch, name: 'Dispatch' },
        { companyId: admin.companyId, id: warehouse, name: 'Warehouse' },
        { companyId: other.companyId, id: foreignGroup, name: 'Elsewhere' },
      ]);
      const assigned = await expectData<TCompanyUser>(
        inject({
          method: 'PUT',
          url: `/users/${admin.userId}/groups`,
          token: admin.jwt,
          payload: { groupIds: [warehouse, dispatch] },
        }),
      );
      expect(assigned.groups).toEqual([
        { _id: dispatch, name: 'Dispatch' },
        { _id: warehouse, name: 'Warehouse' },
      ]);
      const refused = await inject({
        method: 'PUT',
        url: `/users/${admin.userId}/groups`,
        token: admin.jwt,
        payload: { groupIds: [foreignGroup] },
      });
      expect(refused.statusCode).toBe(400);
      const listed = await expectData<TCompanyUser[]>(inject({ url: '/users', token: admin.jwt }));
      expect(listed[0]?.groups.map((group) => group.name)).toEqual(['Dispatch', 'Warehouse']);
      const events = await auditOf(admin.companyId, { entityId: admin.userId });
      expect(events.map((event) => event.action)).toEqual(['update']);
    });

    it('does not let users:write alone hand out more than its holder has, or change an admin', async () => {
      const admin = await testApp.register('grant-admin');
      const roleIds = await roleIdsOf(admin.companyId);
      const managerRole = createId();
      await testApp.database.db.insert(roles).values({
        companyId: admin.companyId,
        id: managerRole,
        name: 'User manager',
        permissions: ['users:read', 'users:write'],
      });
      const manager = await addSignedInUser(admin, [managerRole], 'manager');
      const escalate = await inject({
        method: 'PUT',
        url: `/users/${manager.userId}/roles`,
        token: manager.jwt,
        payload: { roleIds: [managerRole, roleIds.admin] },
      });
      expect(escalate.statusCode).toBe(403);
      expect(escalate.json()).toMatchObject({ error: { message: expect.stringContaining('Admin role') } });
      const inviteAdmin = await invite(manager.jwt, {
        email: uniqueEmail('grant-invitee'),
        firstName: 'A',
        lastName: 'B',
        roleIds: [roleIds.admin],
      });
      expect(inviteAdmin.statusCode).toBe(403);
      const suspendAdmin = await inject({
        method: 'POST',
        url: `/users/${admin.userId}/suspend`,
        token: manager.jwt,
      });
      expect(suspendAdmin.statusCode).toBe(403);
      // Roles within its own permissions are fine.
      const viewer = await addSignedInUser(admin, [], 'grant-target');
      const granted = await inject({
        method: 'PUT',
        url: `/users/${viewer.userId}/roles`,
        token: manager.jwt,
        payload: { roleIds: [managerRole] },
      });
      expect(granted.statusCode, granted.body).toBe(200);
    });
  });

  describe('invitations', () => {
    it('invites: an identity account without password, an invited user, the mail, the audit; first sign-in activates', async () => {
      const admin = await testApp.register('inviter', 'Harbour Lines');
      const roleIds = await roleIdsOf(admin.companyId);
      const email = uniqueEmail('Invitee').toUpperCase().replace('@EXAMPLE.COM', '@example.com');
      const invited = await expectData<TCompanyUser>(
        invite(admin.jwt, { email, firstName: 'Ivy', lastName: 'Vited', roleIds: [roleIds.viewer] }),
        201,
      );
      expect(invited).toMatchObject({
        email: email.toLowerCase(),
        name: 'Ivy Vited',
        status: 'invited',
        roles: [{ _id: roleIds.viewer, name: 'Viewer' }],
        lastLoginAt: null,
      });
      expect(invited.invitedAt).toEqual(expect.any(String));
      const account = await testApp.app.identity.admin.findAccountByEmail('test', email);
      expect(account).toMatchObject({ passwordHash: null, disabled: false });
      const [event] = await auditOf(admin.companyId, { entityId: invited._id });
      expect(event).toMatchObject({ action: 'invite', actorUserId: admin.userId, before: null });

      const mail = await waitForMail(testApp.origin, email.toLowerCase());
      expect(mail.subject).toBe('Ada inviter invited you to Harbour Lines on Cargodesk — set your password');
      const { oobCode, mode } = readOobCode(mail.text);
      expect(mode).toBe('resetPassword');
      expect(mail.text).toContain('expires in 7 days');
      const [code] = await testApp.database.db
        .select({ expiresAt: identityActionCodes.expiresAt })
        .from(identityActionCodes)
        .where(eq(identityActionCodes.email, email.toLowerCase()));
      expect(code?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 60 * 60 * 1000);
      // The page the link opens greets the invitee by the company, with no token.
      const summary = await inject({ url: `/auth/invitation?oobCode=${encodeURIComponent(oobCode)}` });
      expect(summary.statusCode, summary.body).toBe(200);
      expect(summary.json()).toEqual({ data: { companyName: 'Harbour Lines', email: email.toLowerCase() } });

      // The invitee sets a password through the link and signs in: now active.
      const auth = sdk();
      await confirmPasswordReset(auth, oobCode, testPassword);
      // A used link greets no one.
      const used = await inject({ url: `/auth/invitation?oobCode=${encodeURIComponent(oobCode)}` });
      expect(used.statusCode).toBe(404);
      expect(used.json()).toMatchObject({ error: { message: invitationMessages.invalid } });
      const { user } = await signInWithEmailAndPassword(auth, email.toLowerCase(), testPassword);
      const jwt = await login(await user.getIdToken());
      const me = await inject({ url: '/auth/fetch-users-by-token', token: jwt });
      expect((me.json() as { data: [{ roles: string[] }] }).data[0].roles).toEqual(['Viewer']);
      const after = await expectData<TCompanyUser>(
        inject({ url: `/users/${invited._id}`, token: admin.jwt }),
      );
      expect(after.status).toBe('active');
      expect(after.lastLoginAt).toEqual(expect.any(String));
      // Setting the password is recorded off the request's path (security-audit.ts): poll for it.
      const actions = async () =>
        (await auditOf(admin.companyId, { entityId: invited._id }))
          .map((entry) => `${entry.action} by ${entry.actorUserId}`)
          .sort();
      await expect
        .poll(actions)
        .toEqual(
          [
            `invite by ${admin.userId}`,
            `password-change by ${invited._id}`,
            `update by ${invited._id}`,
          ].sort(),
        );
      // Accepted: nothing to resend.
      const resend = await inject({
        method: 'POST',
        url: `/users/${invited._id}/invite/resend`,
        token: admin.jwt,
      });
      expect(resend.statusCode).toBe(409);
      expect(resend.json()).toMatchObject({ error: { message: userMessages.notInvited } });
    });

    it('gives the Member role when no roles are named', async () => {
      const admin = await testApp.register('invite-default');
      const invited = await expectData<TCompanyUser>(
        invite(admin.jwt, { email: uniqueEmail('default-role'), firstName: 'De', lastName: 'Fault' }),
        201,
      );
      expect(invited.roles.map((role) => role.name)).toEqual(['Member']);
    });

    it('answers 409 for an email already in the company or held by another company’s user', async () => {
      const admin = await testApp.register('invite-dup');
      const other = await testApp.register('invite-dup-other');
      const first = uniqueEmail('dup');
      await expectData(invite(admin.jwt, { email: first, firstName: 'A', lastName: 'B' }), 201);
      const again = await invite(admin.jwt, { email: first.toUpperCase(), firstName: 'A', lastName: 'B' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: { code: 'CONFLICT', message: userMessages.duplicateEmail } });
      const self = await invite(admin.jwt, { email: admin.email, firstName: 'A', lastName: 'B' });
      expect(self.statusCode).toBe(409);
      const elsewhere = await invite(admin.jwt, { email: other.email, firstName: 'A', lastName: 'B' });
      expect(elsewhere.statusCode).toBe(409);
      expect(elsewhere.json()).toMatchObject({ error: { message: userMessages.emailTaken } });
      // Nothing about the other company, nor that the address has an account anywhere.
      expect(userMessages.emailTaken).not.toMatch(/account|compan|belongs|already|exists/i);
      const count = await testApp.database.db
        .select()
        .from(users)
        .where(eq(users.companyId, admin.companyId));
      expect(count).toHaveLength(2);
    });

    it('replaces an unverified account that no Cargodesk user holds, and invites a deleted user’s email again', async () => {
      const admin = await testApp.register('invite-reuse');
      const email = uniqueEmail('signed-up-only');
      const { uid } = await testApp.signUp(email);
      const invited = await expectData<TCompanyUser>(
        invite(admin.jwt, { email, firstName: 'Re', lastName: 'Use' }),
        201,
      );
      // Signing up proved nothing about the mailbox: the invitation gets an account of its own.
      const [row] = await testApp.database.db.select().from(users).where(eq(users.id, invited._id));
      expect(row?.identityUid).not.toBe(uid);
      expect(await testApp.app.identity.admin.getAccount('test', uid)).toBeUndefined();

      await expectData(inject({ method: 'DELETE', url: `/users/${invited._id}`, token: admin.jwt }));
      expect(await testApp.app.identity.admin.findAccountByEmail('test', email)).toBeUndefined();
      const again = await expectData<TCompanyUser>(
        invite(admin.jwt, { email, firstName: 'Re', lastName: 'Turn' }),
        201,
      );
      expect(again.status).toBe('invited');
    });

    it('enables a disabled, verified account without a user when inviting it', async () => {
      const admin = await testApp.register('invite-disabled');
      const email = uniqueEmail('disabled-account');
      const { uid } = await testApp.app.identity.admin.createAccount({
        project: 'test',
        email,
        password: testPassword,
        emailVerified: true,
      });
      await testApp.app.identity.admin.disableAccount('test', uid);
      await expectData(invite(admin.jwt, { email, firstName: 'Dis', lastName: 'Abled' }), 201);
      expect((await testApp.app.identity.admin.getAccount('test', uid))?.disabled).toBe(false);
    });

    it.each([
      [{ email: 'not-an-email', firstName: 'A', lastName: 'B' }, 'email'],
      [{ email: `${'x'.repeat(250)}@example.com`, firstName: 'A', lastName: 'B' }, 'email'],
      [{ email: 'ok@example.com', firstName: '', lastName: 'B' }, 'firstName'],
      [{ email: 'ok@example.com', firstName: 'A' }, 'lastName'],
      [{ email: 'ok@example.com', firstName: 'A', lastName: 'B', roleIds: 'admin' }, 'roleIds'],
      [{ email: 'ok@example.com', firstName: 'A', lastName: 'B', status: 'active' }, 'status'],
    ])('refuses the invitation %j with 400', async (payload, field) => {
      const admin = await testApp.register('invite-bad');
      const response = await invite(admin.jwt, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
      expect(response.body).toContain(field);
    });

    it('refuses another company’s role and leaves no account behind', async () => {
      const admin = await testApp.register('invite-foreign-role');
      const other = await testApp.register('invite-foreign-other');
      const email = uniqueEmail('foreign-role');
      const response = await invite(admin.jwt, {
        email,
        firstName: 'A',
        lastName: 'B',
        roleIds: [(await roleIdsOf(other.companyId)).viewer],
      });
      expect(response.statusCode).toBe(400);
      expect(await testApp.app.identity.admin.findAccountByEmail('test', email)).toBeUndefined();
    });

    it('undoes the identity account when saving the invitation fails', async () => {
      const admin = await testApp.register('invite-fails');
      const email = uniqueEmail('rolled-back');
      const { mailer } = testApp.app;
      const enqueue = mailer.enqueue;
      mailer.enqueue = async () => {
        throw new Error('outbox unavailable');
      };
      try {
        const response = await invite(admin.jwt, { email, firstName: 'Roll', lastName: 'Back' });
        expect(response.statusCode).toBe(500);
      } finally {
        mailer.enqueue = enqueue;
      }
      expect(await testApp.app.identity.admin.findAccountByEmail('test', email)).toBeUndefined();
      const rows = await testApp.database.db.select().from(users).where(eq(users.email, email));
      expect(rows).toEqual([]);
      const events = await testApp.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.companyId, admin.companyId), eq(auditEvents.action, 'invite')));
      expect(events).toEqual([]);
    });

    it('resends an invitation at most once a minute', async () => {
      const admin = await testApp.register('resend');
      const email = uniqueEmail('resend-me');
      const invited = await expectData<TCompanyUser>(
        invite(admin.jwt, { email, firstName: 'Re', lastName: 'Send' }),
        201,
      );
      const first = await waitForMail(testApp.origin, email);
      const tooSoon = await inject({
        method: 'POST',
        url: `/users/${invited._id}/invite/resend`,
        token: admin.jwt,
      });
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json()).toMatchObject({
        error: {
          code: 'RATE_LIMITED',
          message: userMessages.resendTooSoon,
          details: { retryAfterSeconds: expect.any(Number) },
        },
      });
      await testApp.database.db
        .update(users)
        .set({ invitedAt: new Date(Date.now() - 61_000) })
        .where(eq(users.id, invited._id));
      const resent = await expectData<TCompanyUser>(
        inject({ method: 'POST', url: `/users/${invited._id}/invite/resend`, token: admin.jwt }),
      );
      expect(new Date(resent.invitedAt ?? 0).getTime()).toBeGreaterThan(Date.now() - 10_000);
      const second = await waitForMail(testApp.origin, email, {
        after: new Date(first.createdAt).getTime() + 1,
      });
      expect(readOobCode(second.text).oobCode).not.toBe(readOobCode(first.text).oobCode);
      const events = await auditOf(admin.companyId, { entityId: invited._id });
      expect(events.map((event) => event.action)).toEqual(['invite', 'invite']);
    });

    it("counts invitations against the company's daily recipient allowance, with its composed mails", async () => {
      const admin = await testApp.register('invite-budget', undefined, { isVerified: true });
      // A new company may address 100 people on its first day: 99 in two composed mails ...
      for (const [label, count] of [
        ['x', 50],
        ['y', 49],
      ] as const) {
        const sent = await testApp.app.inject({
          method: 'POST',
          url: '/mailserver/api/v1/send',
          headers: { authorization: admin.jwt },
          payload: {
            to: [`${label}@client.test`],
            bcc: Array.from({ length: count - 1 }, (_, n) => `${label}${n}@client.test`),
            subject: 'Offer',
          },
        });
        expect(sent.statusCode, sent.body).toBe(201);
      }
      // ... and one invitation; the next is refused, and leaves no invited user behind.
      await expectData(
        invite(admin.jwt, { email: uniqueEmail('budget-one'), firstName: 'A', lastName: 'B' }),
        201,
      );
      // The address already has an unverified account of no company: a refusal leaves it as it was.
      const email = uniqueEmail('budget-two');
      const { uid } = await testApp.signUp(email);
      const refused = await invite(admin.jwt, { email, firstName: 'A', lastName: 'B' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        error: { code: 'RATE_LIMITED', message: mailMessages.recipientLimit({ limit: 100, remaining: 0 }) },
      });
      const left = await testApp.database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, admin.companyId), eq(users.email, email)));
      expect(left).toEqual([]);
      const kept = await testApp.database.db
        .select({ id: identityAccounts.id })
        .from(identityAccounts)
        .where(eq(identityAccounts.email, email));
      expect(kept).toEqual([{ id: uid }]);
    });
  });

  describe('suspension and deletion', () => {
    it('suspends: the sessions end, the next request answers 403, sign-in is refused; reactivating lets them back', async () => {
      const admin = await testApp.register('suspend-admin');
      const roleIds = await roleIdsOf(admin.companyId);
      const member = await addSignedInUser(admin, [roleIds.member], 'suspendee');
      const secondSession = await login(member.idToken);
      expect((await inject({ url: '/auth/fetch-users-by-token', token: member.jwt })).statusCode).toBe(200);

      const suspended = await expectData<TCompanyUser>(
        inject({ method: 'POST', url: `/users/${member.userId}/suspend`, token: admin.jwt }),
      );
      expect(suspended.status).toBe('suspended');
      for (const token of [member.jwt, secondSession]) {
        const next = await inject({ url: '/users', token });
        expect(next.statusCode).toBe(403);
        expect(next.json()).toEqual({ error: { code: 'FORBIDDEN', message: accountSuspendedMessage } });
      }
      const refresh = await inject({ url: '/auth/token-refresh', token: member.jwt });
      expect(refresh.statusCode).toBe(403);
      const live = await testApp.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, member.userId));
      expect(live.length).toBe(2);
      expect(live.every((session) => session.revokedAt !== null)).toBe(true);
      expect((await testApp.app.identity.admin.getAccount('test', member.uid))?.disabled).toBe(true);
      const relogin = await inject({ url: '/auth/login', token: member.idToken });
      expect(relogin.statusCode).toBe(403);
      expect(relogin.json()).toMatchObject({ error: { message: accountSuspendedMessage } });
      // Suspending again changes nothing.
      await expectData(inject({ method: 'POST', url: `/users/${member.userId}/suspend`, token: admin.jwt }));

      const reactivated = await expectData<TCompanyUser>(
        inject({ method: 'POST', url: `/users/${member.userId}/reactivate`, token: admin.jwt }),
      );
      expect(reactivated.status).toBe('active');
      expect((await testApp.app.identity.admin.getAccount('test', member.uid))?.disabled).toBe(false);
      // The old sessions stay ended; a fresh sign-in works.
      expect((await inject({ url: '/auth/fetch-users-by-token', token: member.jwt })).statusCode).toBe(401);
      const { user } = await signInWithEmailAndPassword(sdk(), member.email, testPassword);
      expect((await inject({ url: '/auth/login', token: await user.getIdToken() })).statusCode).toBe(200);
      const again = await inject({
        method: 'POST',
        url: `/users/${member.userId}/reactivate`,
        token: admin.jwt,
      });
      expect(again.statusCode).toBe(409);

      const events = await auditOf(admin.companyId, { entityId: member.userId });
      expect(events.map((event) => event.action)).toEqual(['suspend', 'reactivate']);
      expect(events[0]).toMatchObject({
        actorUserId: admin.userId,
        before: expect.objectContaining({ status: 'active' }),
        after: expect.objectContaining({ status: 'suspended' }),
      });
    });

    it('suspends the picked users together: all or none, each audited, at most one page of them', async () => {
      const admin = await testApp.register('bulk-admin');
      const other = await testApp.register('bulk-other');
      const roleIds = await roleIdsOf(admin.companyId);
      const first = await addSignedInUser(admin, [roleIds.member], 'bulk-first');
      const second = await addSignedInUser(admin, [roleIds.viewer], 'bulk-second');
      const bulk = (ids: string[], token = admin.jwt) =>
        inject({ method: 'POST', url: '/users/bulk/suspend', token, payload: { ids } });

      // Another company's user among them: 404, and nobody was suspended.
      const foreign = await bulk([first.userId, second.userId, other.userId]);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({
        error: { code: 'NOT_FOUND', message: userMessages.userNotFound },
      });
      const tooMany = await bulk(Array.from({ length: maxBulkUsers + 1 }, () => createId()));
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', details: expect.anything() },
      });
      expect((await bulk([])).statusCode).toBe(400);
      const withSelf = await bulk([first.userId, admin.userId]);
      expect(withSelf.statusCode).toBe(409);
      expect(withSelf.json()).toMatchObject({ error: { message: userMessages.notSelfSuspend } });
      expect((await bulk([first.userId], second.jwt)).statusCode).toBe(403);
      for (const user of [first, second]) {
        expect(await auditOf(admin.companyId, { entityId: user.userId })).toEqual([]);
        expect((await inject({ url: '/users', token: user.jwt })).statusCode).not.toBe(403);
      }

      const suspended = await expectData<TCompanyUser[]>(bulk([first.userId, second.userId, first.userId]));
      expect(suspended.map((user) => [user._id, user.status])).toEqual([
        [first.userId, 'suspended'],
        [second.userId, 'suspended'],
      ]);
      for (const user of [first, second]) {
        const events = await auditOf(admin.companyId, { entityId: user.userId });
        expect(events.map((event) => [event.action, event.actorUserId])).toEqual([['suspend', admin.userId]]);
        expect((await inject({ url: '/users', token: user.jwt })).statusCode).toBe(403);
        expect((await testApp.app.identity.admin.getAccount('test', user.uid))?.disabled).toBe(true);
      }
      // Already suspended: nothing changes and nothing more is audited.
      await expectData(bulk([first.userId]));
      expect(await auditOf(admin.companyId, { entityId: first.userId })).toHaveLength(1);
    });

    it('deletes the picked users together: all or none, never oneself, each audited', async () => {
      const admin = await testApp.register('bulk-delete-admin');
      const other = await testApp.register('bulk-delete-other');
      const roleIds = await roleIdsOf(admin.companyId);
      const first = await addSignedInUser(admin, [roleIds.member], 'bulk-delete-first');
      const second = await addSignedInUser(admin, [roleIds.viewer], 'bulk-delete-second');
      const bulk = (ids: string[], token = admin.jwt) =>
        inject({ method: 'POST', url: '/users/bulk/delete', token, payload: { ids } });
      const stillThere = async (userId: string) =>
        (await testApp.database.db.select().from(users).where(eq(users.id, userId))).length === 1;

      expect((await bulk([first.userId, other.userId])).statusCode).toBe(404);
      const withSelf = await bulk([first.userId, admin.userId]);
      expect(withSelf.statusCode).toBe(409);
      expect(withSelf.json()).toMatchObject({ error: { message: userMessages.notSelfDelete } });
      expect((await bulk([first.userId], second.jwt)).statusCode).toBe(403);
      expect((await bulk([])).statusCode).toBe(400);
      expect(await stillThere(first.userId)).toBe(true);
      expect(await auditOf(admin.companyId, { entityId: first.userId })).toEqual([]);

      const deleted = await expectData<{ _id: string }[]>(bulk([first.userId, second.userId]));
      expect(deleted).toEqual([{ _id: first.userId }, { _id: second.userId }]);
      for (const user of [first, second]) {
        expect(await stillThere(user.userId)).toBe(false);
        const events = await auditOf(admin.companyId, { entityId: user.userId });
        expect(events.map((event) => [event.action, event.actorUserId])).toEqual([['delete', admin.userId]]);
        expect(await testApp.app.identity.admin.getAccount('test', user.uid)).toBeUndefined();
      }
    });

    it('refuses a bulk suspension with one user the caller may not manage, changing nobody', async () => {
      const admin = await testApp.register('bulk-manager-admin');
      const roleIds = await roleIdsOf(admin.companyId);
      const member = await addSignedInUser(admin, [roleIds.member], 'bulk-member');
      const manager = await testApp.addUser(admin, {
        label: 'bulk-manager',
        role: { permissions: ['users:read', 'users:write'] },
      });
      const response = await inject({
        method: 'POST',
        url: '/users/bulk/suspend',
        token: manager.jwt,
        payload: { ids: [member.userId, admin.userId] },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: grantMessages.adminOnly } });
      const [stillActive] = await testApp.database.db.select().from(users).where(eq(users.id, member.userId));
      expect(stillActive?.status).toBe('active');
      expect(await auditOf(admin.companyId, { entityId: member.userId })).toEqual([]);
      await expectData(
        inject({
          method: 'POST',
          url: '/users/bulk/suspend',
          token: manager.jwt,
          payload: { ids: [member.userId] },
        }),
      );
    });

    it('reactivates a suspended invitee back to invited', async () => {
      const admin = await testApp.register('suspend-invitee');
      const invited = await expectData<TCompanyUser>(
        invite(admin.jwt, { email: uniqueEmail('suspended-invitee'), firstName: 'S', lastName: 'I' }),
        201,
      );
      await expectData(inject({ method: 'POST', url: `/users/${invited._id}/suspend`, token: admin.jwt }));
      const back = await expectData<TCompanyUser>(
        inject({ method: 'POST', url: `/users/${invited._id}/reactivate`, token: admin.jwt }),
      );
      expect(back.status).toBe('invited');
    });

    it('never loses the last active admin, and nobody suspends or deletes themselves', async () => {
      const admin = await testApp.register('last-admin');
      const roleIds = await roleIdsOf(admin.companyId);
      const selfSuspend = await inject({
        method: 'POST',
        url: `/users/${admin.userId}/suspend`,
        token: admin.jwt,
      });
      expect(selfSuspend.statusCode).toBe(409);
      expect(selfSuspend.json()).toMatchObject({ error: { message: userMessages.notSelfSuspend } });
      const selfDelete = await inject({ method: 'DELETE', url: `/users/${admin.userId}`, token: admin.jwt });
      expect(selfDelete.statusCode).toBe(409);
      expect(selfDelete.json()).toMatchObject({ error: { message: userMessages.notSelfDelete } });
      const demote = await inject({
        method: 'PUT',
        url: `/users/${admin.userId}/roles`,
        token: admin.jwt,
        payload: { roleIds: [roleIds.member] },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json()).toEqual({ error: { code: 'CONFLICT', message: userMessages.lastAdmin } });

      // An invited admin does not count: they have not signed in.
      await expectData(
        invite(admin.jwt, {
          email: uniqueEmail('invited-admin'),
          firstName: 'I',
          lastName: 'A',
          roleIds: [roleIds.admin],
        }),
        201,
      );
      expect(
        (
          await inject({
            method: 'PUT',
            url: `/users/${admin.userId}/roles`,
            token: admin.jwt,
            payload: { roleIds: [roleIds.member] },
          })
        ).statusCode,
      ).toBe(409);

      // With a second active admin, either may step down or go, but not both.
      const second = await addSignedInUser(admin, [roleIds.admin], 'second-admin');
      await expectData(inject({ method: 'POST', url: `/users/${admin.userId}/suspend`, token: second.jwt }));
      const lastOne = await inject({
        method: 'PUT',
        url: `/users/${second.userId}/roles`,
        token: second.jwt,
        payload: { roleIds: [roleIds.viewer] },
      });
      expect(lastOne.statusCode).toBe(409);
      await expectData(
        inject({ method: 'POST', url: `/users/${admin.userId}/reactivate`, token: second.jwt }),
      );
      // Suspension ended the admin's sign-in too: a fresh one works again.
      const { user } = await signInWithEmailAndPassword(sdk(), admin.email, testPassword);
      const adminAgain = await login(await user.getIdToken());
      await expectData(
        inject({
          method: 'PUT',
          url: `/users/${second.userId}/roles`,
          token: second.jwt,
          payload: { roleIds: [roleIds.viewer] },
        }),
      );
      // `second` stepped down: `admin` is the only active admin again, and may remove `second`.
      await expectData(inject({ method: 'DELETE', url: `/users/${second.userId}`, token: adminAgain }));
    });

    it('deletes a user with their roles, groups and sessions, and their identity account', async () => {
      const admin = await testApp.register('delete-admin');
      const other = await testApp.register('delete-other');
      const roleIds = await roleIdsOf(admin.companyId);
      const member = await addSignedInUser(admin, [roleIds.member], 'deletee');
      const groupId = createId();
      await testApp.database.db
        .insert(groups)
        .values({ companyId: admin.companyId, id: groupId, name: 'Ops' });
      await expectData(
        inject({
          method: 'PUT',
          url: `/users/${member.userId}/groups`,
          token: admin.jwt,
          payload: { groupIds: [groupId] },
        }),
      );

      expect(
        (await inject({ method: 'DELETE', url: `/users/${other.userId}`, token: admin.jwt })).statusCode,
      ).toBe(404);
      const deleted = await expectData<{ _id: string }>(
        inject({ method: 'DELETE', url: `/users/${member.userId}`, token: admin.jwt }),
      );
      expect(deleted).toEqual({ _id: member.userId });
      expect((await inject({ url: `/users/${member.userId}`, token: admin.jwt })).statusCode).toBe(404);
      expect((await inject({ url: '/auth/fetch-users-by-token', token: member.jwt })).statusCode).toBe(401);
      expect(
        await testApp.database.db.select().from(userRoles).where(eq(userRoles.userId, member.userId)),
      ).toEqual([]);
      expect(await testApp.app.identity.admin.getAccount('test', member.uid)).toBeUndefined();
      const events = await auditOf(admin.companyId, { entityId: member.userId });
      expect(events.map((event) => event.action)).toEqual(['update', 'delete']);
      expect(events[1]).toMatchObject({
        before: expect.objectContaining({ email: member.email, groups: [{ _id: groupId, name: 'Ops' }] }),
        after: null,
      });
    });
  });

  describe('the route matrix', () => {
    const idRoutes: { method: TMethod; url: (id: string) => string; payload?: object; permission: string }[] =
      [
        { method: 'GET', url: (id) => `/users/${id}`, permission: 'users:read' },
        {
          method: 'PATCH',
          url: (id) => `/users/${id}`,
          payload: { firstName: 'X' },
          permission: 'users:write',
        },
        {
          method: 'PUT',
          url: (id) => `/users/${id}/roles`,
          payload: { roleIds: [] },
          permission: 'users:write',
        },
        {
          method: 'PUT',
          url: (id) => `/users/${id}/groups`,
          payload: { groupIds: [] },
          permission: 'users:write',
        },
        { method: 'POST', url: (id) => `/users/${id}/invite/resend`, permission: 'users:write' },
        { method: 'POST', url: (id) => `/users/${id}/suspend`, permission: 'users:write' },
        { method: 'POST', url: (id) => `/users/${id}/reactivate`, permission: 'users:write' },
        { method: 'DELETE', url: (id) => `/users/${id}`, permission: 'users:write' },
      ];
    const listRoutes: { method: TMethod; url: string; payload?: object; permission: string }[] = [
      { method: 'GET', url: '/users', permission: 'users:read' },
      {
        method: 'POST',
        url: '/users/invite',
        payload: { email: 'matrix@example.com', firstName: 'M', lastName: 'X' },
        permission: 'users:write',
      },
    ];

    it('answers 401 without a session, 403 without the permission, 404 for another company’s user', async () => {
      const admin = await testApp.register('matrix-admin');
      const other = await testApp.register('matrix-other');
      const roleIds = await roleIdsOf(admin.companyId);
      const viewer = await addSignedInUser(admin, [roleIds.viewer], 'matrix-viewer');
      const nobody = await addSignedInUser(admin, [], 'matrix-nobody');
      const routes = [
        ...listRoutes,
        ...idRoutes.map((route) => ({ ...route, url: route.url(viewer.userId) })),
      ];
      for (const route of routes) {
        const label = `${route.method} ${route.url}`;
        const request = {
          method: route.method,
          url: route.url,
          ...(route.payload ? { payload: route.payload } : {}),
        };
        const missing = await inject(request);
        expect(missing.statusCode, label).toBe(401);
        expect((await inject({ ...request, token: 'garbage' })).statusCode, label).toBe(401);
        const denied = await inject({
          ...request,
          token: route.permission === 'users:read' ? nobody.jwt : viewer.jwt,
        });
        expect(denied.statusCode, label).toBe(403);
        expect(denied.json(), label).toEqual({
          error: { code: 'FORBIDDEN', message: `This needs the ${route.permission} permission` },
        });
      }
      // The viewer may read.
      expect((await inject({ url: '/users', token: viewer.jwt })).statusCode).toBe(200);
      for (const route of idRoutes) {
        const response = await inject({
          method: route.method,
          url: route.url(other.userId),
          token: admin.jwt,
          ...(route.payload ? { payload: route.payload } : {}),
        });
        expect(response.statusCode, `${route.method} ${route.url('other')}`).toBe(404);
      }
      // Nothing of the other company changed.
      const [otherAdmin] = await testApp.database.db.select().from(users).where(eq(users.id, other.userId));
      expect(otherAdmin).toMatchObject({ status: 'active', firstName: 'Ada' });
      expect(await auditOf(other.companyId, { entityId: other.userId })).toEqual([]);
    });
  });
  describe('admin password reset', () => {
    it('mails an active user a reset link that the admin never sees, audits it, and refuses what it must', async () => {
      const admin = await testApp.register('resetter');
      const member = await testApp.addUser(admin, { label: 'forgetful', role: { systemKey: 'member' } });
      const resetOf = (userId: string, token = admin.jwt) =>
        inject({ method: 'POST', url: '/auth/reset-pwd', token, payload: { userId } });

      const sent = await resetOf(member.userId);
      expect(sent.statusCode, sent.body).toBe(200);
      // The answer says where the mail went, and nothing of a password or a link.
      expect(sent.json()).toEqual({ data: { sentTo: member.email } });
      const mail = await waitForMail(testApp.origin, member.email);
      const { oobCode, mode } = readOobCode(mail.text);
      expect(mode).toBe('resetPassword');
      const [event] = await auditOf(admin.companyId, { entityId: member.userId });
      expect(event).toMatchObject({
        action: 'password-reset',
        actorUserId: admin.userId,
        after: { sentTo: member.email },
      });

      // The user chooses the new password through the link; the old one stops working.
      const auth = sdk();
      await confirmPasswordReset(auth, oobCode, 'a-new-password-42');
      await expect(signInWithEmailAndPassword(auth, member.email, testPassword)).rejects.toThrow();
      await signInWithEmailAndPassword(auth, member.email, 'a-new-password-42');
      // The reset ended the sessions the user had.
      expect((await inject({ url: '/users', token: member.jwt })).statusCode).toBe(401);

      // Three a user an hour.
      expect((await resetOf(member.userId)).statusCode).toBe(200);
      expect((await resetOf(member.userId)).statusCode).toBe(200);
      const fourth = await resetOf(member.userId);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toMatchObject({
        error: { code: 'RATE_LIMITED', message: userMessages.resetTooOften },
      });

      // Not for an invited user, not without users:write, not across companies.
      const invited = await expectData<TCompanyUser>(
        invite(admin.jwt, { email: uniqueEmail('not-yet'), firstName: 'Not', lastName: 'Yet' }),
        201,
      );
      const notActive = await resetOf(invited._id);
      expect(notActive.statusCode).toBe(409);
      expect(notActive.json()).toMatchObject({ error: { message: userMessages.resetNotActive } });
      const viewer = await testApp.addUser(admin, { label: 'reset-viewer', role: { systemKey: 'viewer' } });
      expect((await resetOf(admin.userId, viewer.jwt)).statusCode).toBe(403);
      const other = await testApp.register('reset-outsider');
      const outsider = await resetOf(other.userId);
      expect(outsider.statusCode).toBe(404);
      expect(await auditOf(other.companyId, { entityId: other.userId })).toEqual([]);
      expect((await resetOf('not-an-id')).statusCode).toBe(400);
    });
  });
});
