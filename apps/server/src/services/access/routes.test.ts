import {
  accountSuspendedMessage,
  permissions,
  type TCurrentUser,
  type TLoginResponse,
} from '@cargodesk/shared';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../test/databases.ts';
import { readOobCode, waitForMail } from '../../../test/identity-client.ts';
import { companies, identityAccounts, roles, sessions, userRoles, users } from '../../db/schema/index.ts';
import { getOrCreateSecret } from '../../platform/auth/secrets.ts';
import { createId } from '../../platform/data-access/ids.ts';
import { startIamTestApp, type TIamTestApp, uniqueEmail } from './access-test-support.ts';

const base = '/iamserver/api/v1';

describe.each(behaviourDatabaseKinds)('iamserver sign-in and session on %s', (kind) => {
  let testApp: TIamTestApp;
  const inject = (options: { method?: 'GET' | 'POST'; url: string; token?: string; payload?: object }) =>
    testApp.app.inject({
      method: options.method ?? 'GET',
      url: `${base}${options.url}`,
      headers: options.token === undefined ? {} : { authorization: options.token },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  const currentUser = async (token: string) => {
    const response = await inject({ url: '/auth/fetch-users-by-token', token });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: TCurrentUser[] }).data[0] as TCurrentUser;
  };
  const setCompany = (companyId: string, values: Partial<typeof companies.$inferInsert>) =>
    testApp.database.db.update(companies).set(values).where(eq(companies.id, companyId));

  beforeAll(async () => {
    testApp = await startIamTestApp({
      kind,
      environment: { GOOGLE_MAPS_KEY: 'maps-key-1', PENDO_KEY: 'pendo-key-1' },
    });
  });
  afterAll(async () => testApp?.close());

  describe('registration', () => {
    it('creates the company, its roles and admin, and mails the verification link', async () => {
      const email = uniqueEmail('register');
      const { idToken, uid } = await testApp.signUp(email);
      const response = await inject({
        method: 'POST',
        url: '/auth',
        token: idToken,
        payload: { companyName: '  Harbour Lines  ', firstName: 'Grace', lastName: 'Hopper' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json() as { data: TLoginResponse };
      expect(data).toMatchObject({
        twoFactorAuth: false,
        emailId: email,
        company: {
          name: 'Harbour Lines',
          status: 'active',
          twoFactorAuth: false,
          subscripedPlan: { name: 'Trial' },
        },
      });
      expect(data.jwt).toEqual(expect.any(String));
      expect((data.products ?? []).map((product) => product.code)).toEqual(
        expect.arrayContaining(['contacts', 'freight', 'mail']),
      );
      const expiry = new Date(data.company?.subscripedPlan.expiryDate ?? 0).getTime();
      expect(Math.round((expiry - Date.now()) / 86_400_000)).toBe(30);

      const companyId = data.company?._id ?? '';
      const { db } = testApp.database;
      const companyRoles = await db.select().from(roles).where(eq(roles.companyId, companyId));
      expect(companyRoles.map((role) => role.name).sort()).toEqual(['Admin', 'Member', 'Viewer']);
      const [user] = await db.select().from(users).where(eq(users.companyId, companyId));
      expect(user).toMatchObject({ identityProject: 'test', identityUid: uid, email, status: 'active' });
      const assigned = await db
        .select({ name: roles.name })
        .from(userRoles)
        .innerJoin(roles, and(eq(roles.companyId, userRoles.companyId), eq(roles.id, userRoles.roleId)))
        .where(eq(userRoles.companyId, companyId));
      expect(assigned).toEqual([{ name: 'Admin' }]);

      const mail = await waitForMail(testApp.origin, email);
      expect(mail.subject).toBe('Verify your email for Cargodesk');
      expect(readOobCode(mail.text).mode).toBe('verifyEmail');

      const me = await currentUser(data.jwt ?? '');
      expect(me).toMatchObject({
        name: 'Grace Hopper',
        firstName: 'Grace',
        lastName: 'Hopper',
        emailId: email,
        companyId,
        isExpired: false,
        roles: ['Admin'],
      });
      expect(me.permissions).toEqual([...permissions]);
    });

    it('refuses a second registration of the same sign-in with 409', async () => {
      const { idToken } = await testApp.register('twice');
      const response = await inject({
        method: 'POST',
        url: '/auth',
        token: idToken,
        payload: { companyName: 'Again Ltd', firstName: 'A', lastName: 'B' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: { code: 'CONFLICT' } });
    });

    it('answers 400 with field details for bad input', async () => {
      const { idToken } = await testApp.signUp(uniqueEmail('bad-input'));
      const response = await inject({
        method: 'POST',
        url: '/auth',
        token: idToken,
        payload: { companyName: 'X', firstName: '' },
      });
      expect(response.statusCode).toBe(400);
      const { error } = response.json() as {
        error: { code: string; details: { fields: { field: string }[] } };
      };
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details.fields.map((field) => field.field)).toEqual(
        expect.arrayContaining(['companyName', 'firstName', 'lastName']),
      );
    });

    it('refuses registration without a valid ID token', async () => {
      const payload = { companyName: 'Nobody Ltd', firstName: 'No', lastName: 'Body' };
      expect((await inject({ method: 'POST', url: '/auth', payload })).statusCode).toBe(401);
      const garbage = await inject({ method: 'POST', url: '/auth', token: 'not-a-token', payload });
      expect(garbage.statusCode).toBe(401);
    });
  });

  describe('login', () => {
    it('signs a registered user in with a new session', async () => {
      const registered = await testApp.register('login');
      const response = await inject({ url: '/auth/login', token: registered.idToken });
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json() as { data: TLoginResponse };
      expect(data).toMatchObject({ twoFactorAuth: false, emailId: registered.email });
      expect(data.company?._id).toBe(registered.companyId);
      expect(data.jwt).not.toBe(registered.jwt);
      expect((await currentUser(data.jwt ?? '')).emailId).toBe(registered.email);
      // docs/product.md §7 sends no prefix; a Bearer prefix is tolerated.
      const bearer = await inject({ url: '/auth/login', token: `Bearer ${registered.idToken}` });
      expect(bearer.statusCode).toBe(200);
    });

    it('answers 404 for a sign-in without a Cargodesk account', async () => {
      const { idToken } = await testApp.signUp(uniqueEmail('stranger'));
      const response = await inject({ url: '/auth/login', token: idToken });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'No Cargodesk account for this sign-in; register first' },
      });
    });

    it('answers 401 for a missing, garbage or other-project ID token', async () => {
      expect((await inject({ url: '/auth/login' })).statusCode).toBe(401);
      const garbage = await inject({ url: '/auth/login', token: 'eyJhbGciOiJIUzI1NiJ9.e30.x' });
      expect(garbage.statusCode).toBe(401);
      expect(garbage.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
      const { idToken } = await testApp.signUp(uniqueEmail('production'), { project: 'production' });
      const other = await inject({ url: '/auth/login', token: idToken });
      expect(other.statusCode).toBe(401);
      expect(other.json()).toMatchObject({
        error: { message: 'The ID token belongs to another identity project than this site uses' },
      });
    });

    it('answers 401 for an ID token revoked since it was issued', async () => {
      const registered = await testApp.register('revoked-id');
      const [user] = await testApp.database.db.select().from(users).where(eq(users.id, registered.userId));
      // Revocation has one-second resolution: a token of the same second still counts.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await testApp.app.identity.admin.revokeSessions('test', user?.identityUid ?? '');
      const response = await inject({ url: '/auth/login', token: registered.idToken });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { message: 'The sign-in was revoked; sign in again' } });
    });

    it('activates an invited user on first sign-in', async () => {
      const registered = await testApp.register('inviter');
      const email = uniqueEmail('invitee');
      const { uid, idToken } = await testApp.signUp(email);
      const userId = createId();
      await testApp.database.db.insert(users).values({
        companyId: registered.companyId,
        id: userId,
        identityProject: 'test',
        identityUid: uid,
        email,
        firstName: 'In',
        lastName: 'Vited',
        status: 'invited',
      });
      // The invitation's mailed link proves the address (without it, sign-in is refused: attack-invitation.test.ts).
      await testApp.database.db
        .update(identityAccounts)
        .set({ emailVerified: true })
        .where(eq(identityAccounts.id, uid));
      const response = await inject({ url: '/auth/login', token: idToken });
      expect(response.statusCode, response.body).toBe(200);
      const [user] = await testApp.database.db.select().from(users).where(eq(users.id, userId));
      expect(user?.status).toBe('active');
      // No role yet: signed in, but permitted nothing.
      const { jwt } = (response.json() as { data: TLoginResponse }).data;
      expect((await currentUser(jwt ?? '')).permissions).toEqual([]);
    });

    it('refuses a suspended company or user with 403 Account was suspended', async () => {
      const registered = await testApp.register('suspended');
      await setCompany(registered.companyId, { status: 'suspended' });
      const login = await inject({ url: '/auth/login', token: registered.idToken });
      expect(login.statusCode).toBe(403);
      expect(login.json()).toEqual({ error: { code: 'FORBIDDEN', message: accountSuspendedMessage } });
      const me = await inject({ url: '/auth/fetch-users-by-token', token: registered.jwt });
      expect(me.statusCode).toBe(403);
      expect(me.json()).toMatchObject({ error: { message: 'Account was suspended' } });

      const other = await testApp.register('suspended-user');
      await testApp.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, other.userId));
      const userLogin = await inject({ url: '/auth/login', token: other.idToken });
      expect(userLogin.statusCode).toBe(403);
      expect(userLogin.json()).toMatchObject({ error: { message: 'Account was suspended' } });
    });
  });

  describe('app session', () => {
    it('refreshes the token and slides the session', async () => {
      const registered = await testApp.register('refresh');
      const [before] = await testApp.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.companyId, registered.companyId));
      const response = await inject({ url: '/auth/token-refresh', token: registered.jwt });
      expect(response.statusCode, response.body).toBe(200);
      const { jwt } = (response.json() as { data: { jwt: string } }).data;
      expect((await currentUser(jwt)).emailId).toBe(registered.email);
      const [after] = await testApp.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.companyId, registered.companyId));
      expect(after?.expiresAt.getTime()).toBeGreaterThanOrEqual(before?.expiresAt.getTime() ?? 0);
      expect(after?.lastSeenAt.getTime()).toBeGreaterThan(before?.lastSeenAt.getTime() ?? 0);
    });

    it('refreshes an expired token while its session lives, and refuses it elsewhere', async () => {
      const registered = await testApp.register('expired-token');
      const [session] = await testApp.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.companyId, registered.companyId));
      const secret = new TextEncoder().encode(await getOrCreateSecret(testApp.database.db, 'app-token-key'));
      const expired = await new SignJWT({ sid: session?.id, cid: registered.companyId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(registered.userId)
        .setIssuer('cargodesk')
        .setAudience('cargodesk-app')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(secret);
      const me = await inject({ url: '/auth/fetch-users-by-token', token: expired });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({
        error: { code: 'UNAUTHENTICATED', message: 'The sign-in token has expired' },
      });
      const refreshed = await inject({ url: '/auth/token-refresh', token: expired });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
    });

    it('refuses a session past its expiry', async () => {
      const registered = await testApp.register('stale');
      await testApp.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.companyId, registered.companyId));
      const response = await inject({ url: '/auth/token-refresh', token: registered.jwt });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { message: 'The session has ended; sign in again' } });
    });

    it('logs out: the session is revoked and refresh answers 401', async () => {
      const registered = await testApp.register('logout');
      const logout = await inject({ method: 'POST', url: '/auth/logout', token: registered.jwt });
      expect(logout.statusCode).toBe(200);
      expect(logout.json()).toEqual({ data: { ok: true } });
      const refresh = await inject({ url: '/auth/token-refresh', token: registered.jwt });
      expect(refresh.statusCode).toBe(401);
      const me = await inject({ url: '/auth/fetch-users-by-token', token: registered.jwt });
      expect(me.statusCode).toBe(401);
    });

    it.each([
      '/auth/token-refresh',
      '/auth/fetch-users-by-token',
      '/auth/fetch-google-map-key',
      '/auth/fetch-config-key',
    ])('answers 401 on %s without a token or with a garbage one', async (url) => {
      const missing = await inject({ url });
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({
        error: {
          code: 'UNAUTHENTICATED',
          message: 'Sign in first: the Authorization header carries no token',
        },
      });
      const garbage = await inject({ url, token: 'garbage' });
      expect(garbage.statusCode).toBe(401);
      expect(garbage.json()).toMatchObject({ error: { message: 'The sign-in token is not valid' } });
    });

    it('refuses an ID token where an app token belongs', async () => {
      const registered = await testApp.register('wrong-kind');
      const response = await inject({ url: '/auth/fetch-users-by-token', token: registered.idToken });
      expect(response.statusCode).toBe(401);
    });

    it('never shows another company: a token naming another company finds no session', async () => {
      const alpha = await testApp.register('alpha', 'Alpha Freight');
      const bravo = await testApp.register('bravo', 'Bravo Cargo');
      expect((await currentUser(alpha.jwt)).company.name).toBe('Alpha Freight');
      expect((await currentUser(bravo.jwt)).company.name).toBe('Bravo Cargo');
      const [alphaSession] = await testApp.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.companyId, alpha.companyId));
      const forged = await testApp.app.appTokens.issue({
        sid: alphaSession?.id ?? '',
        sub: alpha.userId,
        cid: bravo.companyId,
      });
      const response = await inject({ url: '/auth/fetch-users-by-token', token: forged });
      expect(response.statusCode).toBe(401);
    });

    it('flags an expired plan', async () => {
      const registered = await testApp.register('plan');
      await setCompany(registered.companyId, { planExpiresAt: new Date(Date.now() - 86_400_000) });
      const me = await currentUser(registered.jwt);
      expect(me.isExpired).toBe(true);
      expect(new Date(me.company.subscripedPlan.expiryDate).getTime()).toBeLessThan(Date.now());
    });

    it('hands out the integration keys', async () => {
      const registered = await testApp.register('keys');
      const maps = await inject({ url: '/auth/fetch-google-map-key', token: registered.jwt });
      expect(maps.json()).toEqual({ data: { googleMapKey: 'maps-key-1' } });
      const config = await inject({ url: '/auth/fetch-config-key', token: registered.jwt });
      expect(config.json()).toEqual({ data: { pendoKey: 'pendo-key-1' } });
    });
  });
  describe('user counts', () => {
    const countUsers = (token?: string) =>
      inject({ url: '/users/count', ...(token === undefined ? {} : { token }) });

    it('counts the users of its own company by status, never those of another', async () => {
      const alpha = await testApp.register('count-alpha');
      const first = await countUsers(alpha.jwt);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ data: { total: 1, active: 1, invited: 0, suspended: 0 } });

      await testApp.database.db.insert(users).values({
        companyId: alpha.companyId,
        id: createId(),
        identityProject: 'test',
        identityUid: `invited-${createId()}`,
        email: uniqueEmail('count-invitee'),
        firstName: 'In',
        lastName: 'Vited',
        status: 'invited',
      });
      expect((await countUsers(alpha.jwt)).json()).toEqual({
        data: { total: 2, active: 1, invited: 1, suspended: 0 },
      });

      const bravo = await testApp.register('count-bravo');
      expect((await countUsers(bravo.jwt)).json()).toEqual({
        data: { total: 1, active: 1, invited: 0, suspended: 0 },
      });
    });

    it('needs a session and the users:read permission', async () => {
      expect((await countUsers()).statusCode).toBe(401);
      expect((await countUsers('not-a-token')).statusCode).toBe(401);

      // A user with no role yet is signed in but may read nothing.
      const registered = await testApp.register('count-roles');
      const email = uniqueEmail('count-norole');
      const { uid, idToken } = await testApp.signUp(email);
      await testApp.database.db.insert(users).values({
        companyId: registered.companyId,
        id: createId(),
        identityProject: 'test',
        identityUid: uid,
        email,
        firstName: 'No',
        lastName: 'Role',
        status: 'active',
      });
      const login = await inject({ url: '/auth/login', token: idToken });
      const { jwt } = (login.json() as { data: TLoginResponse }).data;
      const refused = await countUsers(jwt ?? '');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: { code: 'FORBIDDEN', message: 'This needs the users:read permission' },
      });
    });
  });
});
