// Test helpers for routes behind sign-in; imported by *.test.ts only (firebase is a dev dependency).
import type { TLoginResponse, TPermission } from '@cargodesk/shared';
import { and, eq } from 'drizzle-orm';
import { createUserWithEmailAndPassword } from 'firebase/auth';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import type { TDatabaseKind } from '../../../test/databases.ts';
import { createAuthClient } from '../../../test/identity-client.ts';
import { identityAccounts, roles, userRoles, users } from '../../db/schema/index.ts';
import { runPlatformAdminCommand } from '../../identity/platform-admin-command.ts';
import { projectIds, type TProjectName } from '../../identity/projects.ts';
import { createId } from '../../platform/data-access/ids.ts';

export const testPassword = 'correct horse 42';

export const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;

export type TRegistered = { email: string; idToken: string; jwt: string; companyId: string; userId: string };

/**
 * The app listening on a random port (the firebase SDK needs a real origin) with helpers that sign
 * up through the SDK and register companies through the API.
 */
export const startIamTestApp = async ({
  kind,
  environment,
  notify,
  mailWorker,
}: {
  kind: TDatabaseKind;
  mailWorker?: Record<string, number>;
  environment?: Record<string, string>;
  notify?: Parameters<typeof buildTestApp>[0] extends infer O
    ? O extends { notify?: infer N }
      ? N
      : never
    : never;
}) => {
  const testApp: TestApp = await buildTestApp({
    kind,
    // Sign-up, invitation and two-factor flows read their mails from the developer mailbox.
    // The developer mailbox shows captured mail only: a test that sends over SMTP reads its own server.
    environment: { ...(environment?.SMTP_URL ? {} : { DEV_MAILBOX: 'true' }), ...environment },
    ...(notify ? { notify } : {}),
    mail: { worker: { pollIntervalMs: 50, ...mailWorker } },
  });
  const { app } = testApp;
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const clients: { close: () => Promise<void> }[] = [];
  const apiKeyOf = (project: TProjectName) =>
    app.identity.projects.find((candidate) => candidate.name === project)?.apiKey ?? '';

  /** A fresh identity account and its ID token, from the real SDK. */
  const signUp = async (email: string, { project = 'test' }: { project?: TProjectName } = {}) => {
    const client = createAuthClient({ origin, apiKey: apiKeyOf(project) });
    clients.push(client);
    const { user } = await createUserWithEmailAndPassword(client.auth, email, testPassword);
    return { uid: user.uid, idToken: await user.getIdToken() };
  };

  /** The address's holder opened the verification link (the account's flag, as the link sets it). */
  const verifyEmail = async (email: string, { project = 'test' }: { project?: TProjectName } = {}) => {
    await testApp.database.db
      .update(identityAccounts)
      .set({ emailVerified: true })
      .where(
        and(
          eq(identityAccounts.projectId, projectIds[project]),
          eq(identityAccounts.email, email.toLowerCase()),
        ),
      );
  };

  const register = async (
    label: string,
    companyName = `${label} Freight`,
    { email = uniqueEmail(label), isVerified = false }: { email?: string; isVerified?: boolean } = {},
  ): Promise<TRegistered> => {
    const { idToken } = await signUp(email);
    // Verified after the sign-up, before registering: as a person who opened the link first.
    if (isVerified) await verifyEmail(email);
    const response = await app.inject({
      method: 'POST',
      url: '/iamserver/api/v1/auth',
      headers: { authorization: idToken },
      payload: { companyName, firstName: 'Ada', lastName: label },
    });
    if (response.statusCode !== 200) throw new Error(`Registration failed: ${response.body}`);
    const { data } = response.json() as { data: TLoginResponse };
    const me = await app.inject({
      url: '/iamserver/api/v1/auth/fetch-users-by-token',
      headers: { authorization: data.jwt ?? '' },
    });
    const [user] = (me.json() as { data: { _id: string; companyId: string }[] }).data;
    if (!data.jwt || !user) throw new Error(`Registration gave no session: ${response.body}`);
    return { email, idToken, jwt: data.jwt, companyId: user.companyId, userId: user._id };
  };

  /**
   * Another user of a registered company holding one role: a system role by key, or a custom role
   * with exactly `permissions`. Written straight to the tables so tests of any route can get a
   * caller with the permissions they need, then signed in through the real login route.
   */
  const addUser = async (
    company: Pick<TRegistered, 'companyId'>,
    {
      label,
      role,
    }: { label: string; role: { systemKey: 'admin' | 'member' | 'viewer' } | { permissions: TPermission[] } },
  ): Promise<TRegistered> => {
    const { db } = testApp.database;
    const email = uniqueEmail(label);
    const { uid, idToken } = await signUp(email);
    const userId = createId();
    await db.insert(users).values({
      companyId: company.companyId,
      id: userId,
      identityProject: 'test',
      identityUid: uid,
      email,
      firstName: 'Test',
      lastName: label,
    });
    let roleId: string;
    if ('systemKey' in role) {
      const [row] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.companyId, company.companyId), eq(roles.systemKey, role.systemKey)));
      if (!row) throw new Error(`The company has no ${role.systemKey} role`);
      roleId = row.id;
    } else {
      roleId = createId();
      await db.insert(roles).values({
        companyId: company.companyId,
        id: roleId,
        name: `${label} ${roleId.slice(-6)}`,
        permissions: [...role.permissions],
      });
    }
    await db.insert(userRoles).values({ companyId: company.companyId, userId, roleId });
    const response = await app.inject({
      url: '/iamserver/api/v1/auth/login',
      headers: { authorization: idToken },
    });
    const { jwt } = (response.json() as { data: TLoginResponse }).data;
    if (response.statusCode !== 200 || !jwt) throw new Error(`Sign-in failed: ${response.body}`);
    return { email, idToken, jwt, companyId: company.companyId, userId };
  };

  /** The address's holder proves it (as the verification link does), then the operator's command flags the account. */
  const grantPlatformAdmin = async (email: string, { project = 'test' }: { project?: TProjectName } = {}) => {
    await verifyEmail(email, { project });
    const result = await runPlatformAdminCommand(testApp.database.db, {
      args: ['add', email],
      defaultProject: project,
    });
    if (result.exitCode !== 0) throw new Error(result.output);
  };

  return {
    ...testApp,
    origin,
    signUp,
    register,
    addUser,
    verifyEmail,
    grantPlatformAdmin,
    close: async () => {
      await Promise.all(clients.splice(0).map((client) => client.close()));
      await testApp.close();
    },
  };
};

export type TIamTestApp = Awaited<ReturnType<typeof startIamTestApp>>;
