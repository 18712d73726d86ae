import { eq } from 'drizzle-orm';
import {
  applyActionCode,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  deleteUser,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  updateEmail,
  updatePassword,
  validatePassword,
  verifyPasswordResetCode,
} from 'firebase/auth';
import {
  createRemoteJWKSet,
  decodeJwt,
  importJWK,
  type JWK,
  errors as joseErrors,
  jwtVerify,
  SignJWT,
} from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { behaviourDatabaseKinds } from '../../test/databases.ts';
import { createAuthClient, readOobCode, waitForMail } from '../../test/identity-client.ts';
import { identitySigningKeys } from '../db/schema/index.ts';

const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const password = 'correct horse 42';

describe.each(behaviourDatabaseKinds)('firebase/auth SDK against the identity provider on %s', (kind) => {
  let testApp: TestApp;
  let origin: string;
  let apiKey: string;
  const clients: { close: () => Promise<void> }[] = [];

  const newAuth = () => {
    const client = createAuthClient({ origin, apiKey });
    clients.push(client);
    return client.auth;
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ kind, environment: { PASSWORD_MIN_LENGTH: '8', DEV_MAILBOX: 'true' } });
    origin = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    apiKey = testApp.app.identity.projects.find((project) => project.name === 'test')?.apiKey ?? '';
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => testApp?.close());

  it('creates a user, signs in and looks the user up', async () => {
    const email = uniqueEmail('create');
    const created = await createUserWithEmailAndPassword(newAuth(), email, password);
    expect(created.user.email).toBe(email);
    expect(created.user.emailVerified).toBe(false);

    const auth = newAuth();
    const signedIn = await signInWithEmailAndPassword(auth, email.toUpperCase(), password);
    expect(signedIn.user.uid).toBe(created.user.uid);
    expect(auth.currentUser?.email).toBe(email);
    const result = await signedIn.user.getIdTokenResult();
    expect(result.claims.sub).toBe(created.user.uid);
    expect(result.signInProvider).toBe('password');
  });

  it('refuses a second account with the same email', async () => {
    const email = uniqueEmail('twice');
    await createUserWithEmailAndPassword(newAuth(), email, password);
    await expect(createUserWithEmailAndPassword(newAuth(), email, password)).rejects.toMatchObject({
      code: 'auth/email-already-in-use',
    });
  });

  it('answers the same invalid-credential for a wrong password and an unknown email', async () => {
    const email = uniqueEmail('wrong');
    await createUserWithEmailAndPassword(newAuth(), email, password);
    await expect(signInWithEmailAndPassword(newAuth(), email, 'not the password')).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });
    await expect(
      signInWithEmailAndPassword(newAuth(), uniqueEmail('nobody'), password),
    ).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });
  });

  it('refuses a disabled account', async () => {
    const email = uniqueEmail('disabled');
    const { user } = await createUserWithEmailAndPassword(newAuth(), email, password);
    await testApp.app.identity.admin.disableAccount('test', user.uid);
    await expect(signInWithEmailAndPassword(newAuth(), email, password)).rejects.toMatchObject({
      code: 'auth/user-disabled',
    });
  });

  it('locks an account after 10 failed sign-ins, even for the right password', async () => {
    const email = uniqueEmail('locked');
    await createUserWithEmailAndPassword(newAuth(), email, password);
    const auth = newAuth();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await expect(signInWithEmailAndPassword(auth, email, `wrong ${attempt}`)).rejects.toMatchObject({
        code: 'auth/invalid-credential',
      });
    }
    await expect(signInWithEmailAndPassword(auth, email, password)).rejects.toMatchObject({
      code: 'auth/too-many-requests',
    });
  });

  it('serves and enforces the password policy', async () => {
    const auth = newAuth();
    const status = await validatePassword(auth, 'short');
    expect(status.isValid).toBe(false);
    expect(status.meetsMinPasswordLength).toBe(false);
    expect((await validatePassword(auth, 'long enough')).isValid).toBe(true);
    await expect(createUserWithEmailAndPassword(auth, uniqueEmail('weak'), 'short')).rejects.toMatchObject({
      code: 'auth/password-does-not-meet-requirements',
    });
  });

  it('verifies an email through the mailed link', async () => {
    const email = uniqueEmail('verify');
    const auth = newAuth();
    const { user } = await createUserWithEmailAndPassword(auth, email, password);
    await sendEmailVerification(user);
    const mail = await waitForMail(origin, email);
    expect(mail.subject).toBe('Verify your email for Cargodesk');
    const { oobCode, mode, link } = readOobCode(mail.text);
    expect(mode).toBe('verifyEmail');
    expect(link.origin).toBe(testApp.config.publicUrl);
    expect(link.searchParams.get('apiKey')).toBe(apiKey);

    await applyActionCode(auth, oobCode);
    await user.reload();
    expect(user.emailVerified).toBe(true);
    expect((await user.getIdTokenResult(true)).claims.email_verified).toBe(true);
    await expect(applyActionCode(auth, oobCode)).rejects.toMatchObject({ code: 'auth/invalid-action-code' });
  });

  it('resets a password end to end, ending the old sessions', async () => {
    const email = uniqueEmail('reset');
    const oldSession = newAuth();
    await createUserWithEmailAndPassword(oldSession, email, password);
    const auth = newAuth();
    await sendPasswordResetEmail(auth, email);
    const { oobCode, mode } = readOobCode((await waitForMail(origin, email)).text);
    expect(mode).toBe('resetPassword');
    expect(await verifyPasswordResetCode(auth, oobCode)).toBe(email);
    await expect(confirmPasswordReset(auth, oobCode, 'short')).rejects.toMatchObject({
      code: 'auth/password-does-not-meet-requirements',
    });
    await confirmPasswordReset(auth, oobCode, 'a brand new secret');

    await expect(signInWithEmailAndPassword(newAuth(), email, password)).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });
    const { user } = await signInWithEmailAndPassword(newAuth(), email, 'a brand new secret');
    expect(user.emailVerified).toBe(true);
    await expect(oldSession.currentUser?.getIdToken(true)).rejects.toMatchObject({
      code: 'auth/user-token-expired',
    });
    await expect(confirmPasswordReset(auth, oobCode, 'yet another secret')).rejects.toMatchObject({
      code: 'auth/invalid-action-code',
    });
  });

  it('answers a reset request for an unknown email without sending anything', async () => {
    await sendPasswordResetEmail(newAuth(), uniqueEmail('unknown'));
  });

  it('signs the user out when a refresh follows a revocation', async () => {
    const email = uniqueEmail('revoked');
    const auth = newAuth();
    const { user } = await createUserWithEmailAndPassword(auth, email, password);
    const before = await user.getIdToken(true);
    expect(before).toBeTruthy();
    await testApp.app.identity.admin.revokeSessions('test', user.uid);
    await expect(user.getIdToken(true)).rejects.toMatchObject({ code: 'auth/user-token-expired' });
    expect(auth.currentUser).toBeNull();
  });

  it('changes the password with fresh tokens for this session only', async () => {
    const email = uniqueEmail('change');
    const auth = newAuth();
    const otherDevice = newAuth();
    const { user } = await createUserWithEmailAndPassword(auth, email, password);
    await signInWithEmailAndPassword(otherDevice, email, password);
    await updatePassword(user, 'changed password 1');
    expect(auth.currentUser?.uid).toBe(user.uid);
    expect(await user.getIdToken(true)).toBeTruthy();
    await expect(otherDevice.currentUser?.getIdToken(true)).rejects.toMatchObject({
      code: 'auth/user-token-expired',
    });
    await signInWithEmailAndPassword(newAuth(), email, 'changed password 1');
  });

  it('changes the email address, which then needs verifying again', async () => {
    const auth = newAuth();
    const { user } = await createUserWithEmailAndPassword(auth, uniqueEmail('old'), password);
    const newEmail = uniqueEmail('new');
    await updateEmail(user, newEmail);
    expect(user.email).toBe(newEmail);
    expect(user.emailVerified).toBe(false);
    const { user: again } = await signInWithEmailAndPassword(newAuth(), newEmail, password);
    expect(again.uid).toBe(user.uid);
  });

  it('keeps the production and test projects apart', async () => {
    const email = uniqueEmail('projects');
    const { user } = await createUserWithEmailAndPassword(newAuth(), email, password);
    const productionKey = testApp.app.identity.projects.find(
      (project) => project.name === 'production',
    )?.apiKey;
    const production = createAuthClient({ origin, apiKey: productionKey ?? '' });
    clients.push(production);
    await expect(signInWithEmailAndPassword(production.auth, email, password)).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });
    const lookup = await fetch(
      `${origin}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=${productionKey}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ idToken: await user.getIdToken() }),
      },
    );
    expect(((await lookup.json()) as { error: { message: string } }).error.message).toBe('INVALID_ID_TOKEN');
  });

  it('deletes the account', async () => {
    const email = uniqueEmail('delete');
    const auth = newAuth();
    const { user } = await createUserWithEmailAndPassword(auth, email, password);
    await deleteUser(user);
    expect(auth.currentUser).toBeNull();
    await expect(signInWithEmailAndPassword(newAuth(), email, password)).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });
  });

  it('issues ID tokens that verify against the published JWKS, and only untampered unexpired ones', async () => {
    const { user } = await createUserWithEmailAndPassword(newAuth(), uniqueEmail('jwks'), password);
    const idToken = await user.getIdToken();
    const keySet = createRemoteJWKSet(new URL(`${origin}/identity/jwks.json`));
    const issuer = `${testApp.config.publicUrl}/identity/cargodesk-test`;
    const { payload, protectedHeader } = await jwtVerify(idToken, keySet, {
      issuer,
      audience: 'cargodesk-test',
      algorithms: ['RS256'],
    });
    expect(protectedHeader.kid).toBeTruthy();
    expect(payload.sub).toBe(user.uid);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);

    const [header, , signature] = idToken.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ ...decodeJwt(idToken), sub: 'someone-else' })).toString(
      'base64url',
    );
    const tampered = [header, forgedBody, signature].join('.');
    await expect(jwtVerify(tampered, keySet, { issuer, audience: 'cargodesk-test' })).rejects.toBeInstanceOf(
      joseErrors.JWSSignatureVerificationFailed,
    );
    await expect(testApp.app.identity.admin.verifyIdToken(tampered)).rejects.toThrow('INVALID_ID_TOKEN');

    // An expired token signed with the real key: only the expiry is wrong.
    const [stored] = await testApp.database.db
      .select()
      .from(identitySigningKeys)
      .where(eq(identitySigningKeys.kid, String(protectedHeader.kid)));
    const privateKey = await importJWK(stored?.privateJwk as JWK, 'RS256');
    const hourAgo = Math.floor(Date.now() / 1000) - 3700;
    const expired = await new SignJWT({ ...decodeJwt(idToken), iat: hourAgo, exp: hourAgo + 3600 })
      .setProtectedHeader({ alg: 'RS256', kid: String(protectedHeader.kid) })
      .sign(privateKey);
    await expect(jwtVerify(expired, keySet, { issuer, audience: 'cargodesk-test' })).rejects.toBeInstanceOf(
      joseErrors.JWTExpired,
    );
    const lookup = await fetch(`${origin}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=${apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken: expired }),
    });
    expect(lookup.status).toBe(400);
    expect(((await lookup.json()) as { error: { message: string } }).error.message).toBe('TOKEN_EXPIRED');
    expect((await testApp.app.identity.admin.verifyIdToken(idToken)).uid).toBe(user.uid);
  });
});
