import type { TCompanyUser, TRole } from '@cargodesk/shared';
import { and, eq } from 'drizzle-orm';
import {
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  signInWithEmailAndPassword,
} from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { createId } from '../src/platform/data-access/ids.ts';
import {
  startIamTestApp,
  type TIamTestApp,
  type TRegistered,
  uniqueEmail,
} from '../src/services/access/access-test-support.ts';
import { iamMessages } from '../src/services/access/sign-in/sign-in-service.ts';
import { behaviourDatabaseKinds } from './databases.ts';
import { createAuthClient, readOobCode, waitForMail } from './identity-client.ts';

// docs/security.md, "who someone is comes only from proof": an invitation binds to whoever controls the
// mailbox, never to an identity account someone else created for the address and never verified.

const iam = '/iamserver/api/v1';

describe.each(behaviourDatabaseKinds)('invitation takeover on %s', (kind) => {
  let testApp: TIamTestApp;
  let admin: TRegistered;
  let adminRoleId: string;
  const clients: { close: () => Promise<void> }[] = [];

  const sdk = () => {
    const apiKey = testApp.app.identity.projects.find((project) => project.name === 'test')?.apiKey ?? '';
    const client = createAuthClient({ origin: testApp.origin, apiKey });
    clients.push(client);
    return client.auth;
  };
  const login = (idToken: string) =>
    testApp.app.inject({ url: `${iam}/auth/login`, headers: { authorization: idToken } });

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    admin = await testApp.register('takeover-admin', 'Takeover Target Freight');
    const roles = (
      await testApp.app.inject({ url: `${iam}/roles`, headers: { authorization: admin.jwt } })
    ).json().data as TRole[];
    adminRoleId = roles.find((role) => role.systemKey === 'admin')?._id ?? '';
  });
  afterAll(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await testApp?.close();
  });

  it("gives an outsider's unverified account for the invitee's address nothing, and the invitee everything", async () => {
    const email = uniqueEmail('invitee-target');
    // The outsider signs up first with the address they expect to be invited, and keeps the tokens.
    const outsider = sdk();
    const { user: outsiderUser } = await createUserWithEmailAndPassword(outsider, email, 'outsider secret 1');
    const outsiderIdToken = await outsiderUser.getIdToken();

    const invited = await testApp.app.inject({
      method: 'POST',
      url: `${iam}/users/invite`,
      headers: { authorization: admin.jwt },
      payload: { email, firstName: 'Real', lastName: 'Invitee', roleIds: [adminRoleId] },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const invitedUser = invited.json().data as TCompanyUser;

    // The outsider's token and password open nothing any more.
    const hijack = await login(outsiderIdToken);
    expect(hijack.statusCode).toBe(401);
    expect(hijack.json().error.code).toBe('UNAUTHENTICATED');
    await expect(signInWithEmailAndPassword(sdk(), email, 'outsider secret 1')).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });

    // The mailbox's holder sets a password through the mailed link and signs in as the admin invited.
    const mail = await waitForMail(testApp.origin, email);
    const auth = sdk();
    await confirmPasswordReset(auth, readOobCode(mail.text).oobCode, 'invitee secret 2');
    const { user } = await signInWithEmailAndPassword(auth, email, 'invitee secret 2');
    const accepted = await login(await user.getIdToken());
    expect(accepted.statusCode, accepted.body).toBe(200);
    const me = await testApp.app.inject({
      url: `${iam}/auth/fetch-users-by-token`,
      headers: { authorization: accepted.json().data.jwt },
    });
    expect(me.json().data[0]).toMatchObject({ _id: invitedUser._id, roles: ['Admin'] });
  });

  it('reuses an account whose holder already proved the address: they accept with their own password', async () => {
    const email = uniqueEmail('invitee-verified');
    const { uid } = await testApp.app.identity.admin.createAccount({
      project: 'test',
      email,
      password: 'verified secret 3',
      emailVerified: true,
    });
    const invited = await testApp.app.inject({
      method: 'POST',
      url: `${iam}/users/invite`,
      headers: { authorization: admin.jwt },
      payload: { email, firstName: 'Vera', lastName: 'Fied' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const [row] = await testApp.database.db
      .select({ identityUid: users.identityUid })
      .from(users)
      .where(and(eq(users.companyId, admin.companyId), eq(users.id, invited.json().data._id)));
    expect(row?.identityUid).toBe(uid);
    const { user } = await signInWithEmailAndPassword(sdk(), email, 'verified secret 3');
    expect((await login(await user.getIdToken())).statusCode).toBe(200);
  });

  it('never lets an unverified account accept an invitation, however it came to be bound', async () => {
    // The second wall: should an invited user ever point at an unverified account, sign-in refuses it.
    const email = uniqueEmail('invitee-unverified');
    const { uid, idToken } = await testApp.signUp(email);
    await testApp.database.db.insert(users).values({
      companyId: admin.companyId,
      id: createId(),
      identityProject: 'test',
      identityUid: uid,
      email,
      status: 'invited',
      invitedAt: new Date(),
    });
    const response = await login(idToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'FORBIDDEN', message: iamMessages.invitationNeedsMailbox },
    });
  });
});
