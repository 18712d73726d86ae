import { eq } from 'drizzle-orm';
import {
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  initializeRecaptchaConfig,
  isSignInWithEmailLink,
  sendPasswordResetEmail,
  sendSignInLinkToEmail,
  signInWithEmailLink,
  updatePassword,
  validatePassword,
} from 'firebase/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { behaviourDatabaseKinds } from '../../test/databases.ts';
import { createAuthClient, readOobCode, requestSignInLink, waitForMail } from '../../test/identity-client.ts';
import { identityActionCodes } from '../db/schema/index.ts';
import { hashSecret } from './identity-context.ts';

// spec §7's remaining identity calls (docs/decisions/023), driven by the real firebase/auth SDK.

const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
// Meets the policy below: 10+ characters, lower, upper, digit and symbol.
const password = 'Correct-horse-42';
const refusedByCheck = 'sso-only@example.com';

describe.each(behaviourDatabaseKinds)('identity calls of spec §7 on %s', (kind) => {
  let testApp: TestApp;
  let origin: string;
  let apiKey: string;
  let continueUrl: string;
  const clients: { close: () => Promise<void> }[] = [];

  const newAuth = () => {
    const client = createAuthClient({ origin, apiKey });
    clients.push(client);
    return client.auth;
  };

  const toolkit = (path: string, body: Record<string, unknown>) =>
    fetch(`${origin}/identitytoolkit.googleapis.com${path}?key=${apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const mailedSignInLink = async (email: string, after = 0) => {
    const mail = await waitForMail(origin, email, { after });
    expect(mail.subject).toBe('Sign in to Cargodesk');
    return readOobCode(mail.text).link.href;
  };

  /** An invited account: it has never had a password. */
  const invitedAccount = async (label: string) => {
    const email = uniqueEmail(label);
    await testApp.app.identity.admin.createAccount({ project: 'test', email });
    return email;
  };

  const signInByLink = async (email: string) => {
    const auth = newAuth();
    const after = Date.now();
    await sendSignInLinkToEmail(auth, email, { url: continueUrl, handleCodeInApp: true });
    const link = await mailedSignInLink(email, after);
    return { auth, credential: await signInWithEmailLink(auth, email, link) };
  };

  beforeAll(async () => {
    testApp = await buildTestApp({
      kind,
      environment: {
        DEV_MAILBOX: 'true',
        PASSWORD_MIN_LENGTH: '10',
        PASSWORD_MAX_LENGTH: '64',
        PASSWORD_REQUIRE_LOWERCASE: 'true',
        PASSWORD_REQUIRE_UPPERCASE: 'true',
        PASSWORD_REQUIRE_DIGIT: 'true',
        PASSWORD_REQUIRE_SYMBOL: 'true',
        IDENTITY_TOKEN_SYNC: 'true',
      },
    });
    origin = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    apiKey = testApp.app.identity.projects.find((project) => project.name === 'test')?.apiKey ?? '';
    continueUrl = `${testApp.config.publicUrl}/dashboard`;
    // Stands in for a company that requires single sign-on (built elsewhere): one address is refused.
    testApp.app.identity.onSignInCheck(({ email }) =>
      email === refusedByCheck ? 'Your company signs in with single sign-on' : undefined,
    );
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => testApp?.close());

  describe('sign-in by mailed link', () => {
    it('signs an invited account in, proves its address, and works once', async () => {
      const email = await invitedAccount('link');
      const auth = newAuth();
      await sendSignInLinkToEmail(auth, email, { url: continueUrl, handleCodeInApp: true });
      const link = await mailedSignInLink(email);
      expect(isSignInWithEmailLink(auth, link)).toBe(true);
      const url = new URL(link);
      expect(url.origin).toBe(testApp.config.publicUrl);
      expect(url.pathname).toBe('/auth/action');
      expect(url.searchParams.get('continueUrl')).toBe(continueUrl);

      const { user } = await signInWithEmailLink(auth, email.toUpperCase(), link);
      expect(user.email).toBe(email);
      expect(user.emailVerified).toBe(true);
      expect((await user.getIdTokenResult()).claims.email_verified).toBe(true);
      await expect(signInWithEmailLink(newAuth(), email, link)).rejects.toMatchObject({
        code: 'auth/invalid-action-code',
      });
    });

    it("takes an unproved address back from a stranger's sign-up: the password and its sessions end", async () => {
      const email = uniqueEmail('pre-hijack');
      const stranger = newAuth();
      await createUserWithEmailAndPassword(stranger, email, password);
      const { credential } = await signInByLink(email);
      expect(credential.user.emailVerified).toBe(true);
      await expect(stranger.currentUser?.getIdToken(true)).rejects.toMatchObject({
        code: 'auth/user-token-expired',
      });
      const byPassword = await toolkit('/v1/accounts:signInWithPassword', { email, password });
      expect(((await byPassword.json()) as { error: { message: string } }).error.message).toBe(
        'INVALID_LOGIN_CREDENTIALS',
      );
      // The owner's own session lives on.
      expect(await credential.user.getIdToken(true)).toBeTruthy();
    });

    it('keeps the password of an account whose address was already proved', async () => {
      const email = uniqueEmail('verified-keeps');
      await testApp.app.identity.admin.createAccount({
        project: 'test',
        email,
        password,
        emailVerified: true,
      });
      await signInByLink(email);
      const byPassword = await toolkit('/v1/accounts:signInWithPassword', { email, password });
      expect(byPassword.status).toBe(200);
    });

    it('refuses the link for another address without using it up', async () => {
      const email = await invitedAccount('other-address');
      const auth = newAuth();
      await sendSignInLinkToEmail(auth, email, { url: continueUrl, handleCodeInApp: true });
      const link = await mailedSignInLink(email);
      await expect(signInWithEmailLink(auth, uniqueEmail('someone'), link)).rejects.toMatchObject({
        code: 'auth/invalid-email',
      });
      expect((await signInWithEmailLink(auth, email, link)).user.email).toBe(email);
    });

    it('refuses an expired link', async () => {
      const email = await invitedAccount('expired');
      const auth = newAuth();
      await sendSignInLinkToEmail(auth, email, { url: continueUrl, handleCodeInApp: true });
      const link = await mailedSignInLink(email);
      const oobCode = new URL(link).searchParams.get('oobCode') ?? '';
      await testApp.database.db
        .update(identityActionCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(identityActionCodes.codeHash, hashSecret(oobCode)));
      await expect(signInWithEmailLink(auth, email, link)).rejects.toMatchObject({
        code: 'auth/expired-action-code',
      });
    });

    it('answers an unknown or disabled address exactly as a known one, and mails nothing', async () => {
      const unknown = uniqueEmail('unknown');
      const disabled = await invitedAccount('disabled-link');
      const account = await testApp.app.identity.admin.findAccountByEmail('test', disabled);
      await testApp.app.identity.admin.disableAccount('test', account?.id ?? '');
      const known = await invitedAccount('known');
      const answers = await Promise.all(
        [unknown, disabled, known].map((email) => requestSignInLink({ origin, apiKey, continueUrl }, email)),
      );
      expect(answers[0]).toEqual(answers[2]);
      expect(answers[1]).toEqual(answers[2]);
      // The outbox sends in order: once the known address's mail is out, the others would be too.
      await waitForMail(origin, known);
      await expect(waitForMail(origin, unknown, { timeoutMs: 1000 })).rejects.toThrow(/No mail/);
      await expect(waitForMail(origin, disabled, { timeoutMs: 1000 })).rejects.toThrow(/No mail/);
    });

    it('mails no link, silently, to an account a sign-in check refuses, and refuses an older link', async () => {
      await testApp.app.identity.admin.createAccount({ project: 'test', email: refusedByCheck });
      const auth = newAuth();
      await sendSignInLinkToEmail(auth, refusedByCheck, { url: continueUrl, handleCodeInApp: true });
      const known = await invitedAccount('after-refused');
      await sendSignInLinkToEmail(auth, known, { url: continueUrl, handleCodeInApp: true });
      await waitForMail(origin, known);
      await expect(waitForMail(origin, refusedByCheck, { timeoutMs: 1000 })).rejects.toThrow(/No mail/);
      // A link minted before the company turned the rule on is refused when used.
      const account = await testApp.app.identity.admin.findAccountByEmail('test', refusedByCheck);
      const { createActionLink } = await import('./action-codes.ts');
      const project = testApp.app.identity.projects.find(({ name }) => name === 'test');
      if (!account || !project) throw new Error('setup failed');
      const link = await createActionLink(
        { config: testApp.config } as Parameters<typeof createActionLink>[0],
        testApp.database.db,
        { project, account, kind: 'EMAIL_SIGNIN' },
      );
      await expect(signInWithEmailLink(auth, refusedByCheck, link)).rejects.toMatchObject({
        code: 'auth/admin-restricted-operation',
      });
    });

    it('refuses a continue URL outside the authorized domains', async () => {
      await expect(
        sendSignInLinkToEmail(newAuth(), await invitedAccount('elsewhere'), {
          url: 'https://evil.example.net/steal',
          handleCodeInApp: true,
        }),
      ).rejects.toMatchObject({ code: 'auth/unauthorized-continue-uri' });
    });

    it('counts link requests per address with the reset mails, known or not', async () => {
      for (const email of [await invitedAccount('limited'), uniqueEmail('limited-unknown')]) {
        const auth = newAuth();
        for (let attempt = 0; attempt < 3; attempt += 1) {
          await sendSignInLinkToEmail(auth, email, { url: continueUrl, handleCodeInApp: true });
        }
        await sendPasswordResetEmail(auth, email);
        await sendPasswordResetEmail(auth, email);
        await expect(
          sendSignInLinkToEmail(auth, email, { url: continueUrl, handleCodeInApp: true }),
        ).rejects.toMatchObject({ code: 'auth/too-many-requests' });
      }
    });

    it('refuses linking a link credential to a signed-in user', async () => {
      const { credential } = await signInByLink(await invitedAccount('link-link'));
      const response = await toolkit('/v1/accounts:signInWithEmailLink', {
        email: credential.user.email,
        oobCode: 'whatever',
        idToken: await credential.user.getIdToken(),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
        /^OPERATION_NOT_ALLOWED/,
      );
    });
  });

  describe('accounts:signUp with an idToken (linking a password)', () => {
    it('gives an account without a password one that meets the policy, ending its other sessions', async () => {
      const email = await invitedAccount('linking');
      const { credential } = await signInByLink(email);
      const other = await signInByLink(email);
      const idToken = await credential.user.getIdToken();

      const weak = await toolkit('/v1/accounts:signUp', {
        idToken,
        email,
        password: 'weakpass1',
        returnSecureToken: true,
      });
      expect(weak.status).toBe(400);
      expect(((await weak.json()) as { error: { message: string } }).error.message).toMatch(
        /^PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: \[.*upper case/,
      );

      const linked = await toolkit('/v1/accounts:signUp', {
        idToken,
        email,
        password,
        returnSecureToken: true,
      });
      expect(linked.status).toBe(200);
      const body = (await linked.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ email, localId: credential.user.uid });
      expect(body.idToken).toEqual(expect.any(String));
      expect(body.refreshToken).toEqual(expect.any(String));
      await expect(other.credential.user.getIdToken(true)).rejects.toMatchObject({
        code: 'auth/user-token-expired',
      });

      const again = await toolkit('/v1/accounts:signUp', {
        idToken: body.idToken,
        email,
        password: `${password}!`,
      });
      expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
        'PROVIDER_ALREADY_LINKED',
      );
    });

    it("answers EMAIL_EXISTS for another account's address and refuses any other address", async () => {
      const taken = uniqueEmail('taken');
      await createUserWithEmailAndPassword(newAuth(), taken, password);
      const { credential } = await signInByLink(await invitedAccount('wants-taken'));
      const idToken = await credential.user.getIdToken();
      const response = await toolkit('/v1/accounts:signUp', { idToken, email: taken, password });
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe('EMAIL_EXISTS');
      const free = await toolkit('/v1/accounts:signUp', { idToken, email: uniqueEmail('free'), password });
      expect(((await free.json()) as { error: { message: string } }).error.message).toMatch(
        /^OPERATION_NOT_ALLOWED/,
      );
    });

    it('needs a valid ID token', async () => {
      const response = await toolkit('/v1/accounts:signUp', {
        idToken: 'not.a.token',
        email: uniqueEmail('forged'),
        password,
      });
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        'INVALID_ID_TOKEN',
      );
    });

    it('lets a link sign-in set its first password with updatePassword, as Firebase does', async () => {
      const email = await invitedAccount('update');
      const { credential } = await signInByLink(email);
      await expect(updatePassword(credential.user, 'alllowercase!1')).rejects.toMatchObject({
        code: 'auth/password-does-not-meet-requirements',
      });
      await updatePassword(credential.user, password);
      const signIn = await toolkit('/v1/accounts:signInWithPassword', {
        email,
        password,
        returnSecureToken: true,
      });
      expect(signIn.status).toBe(200);
    });
  });

  describe('password policy options', () => {
    it('serves the options in the shape validatePassword reads', async () => {
      const auth = newAuth();
      const weak = await validatePassword(auth, 'short');
      expect(weak).toMatchObject({
        isValid: false,
        meetsMinPasswordLength: false,
        meetsMaxPasswordLength: true,
        containsLowercaseLetter: true,
        containsUppercaseLetter: false,
        containsNumericCharacter: false,
        containsNonAlphanumericCharacter: false,
      });
      expect(weak.passwordPolicy.customStrengthOptions).toEqual({
        minPasswordLength: 10,
        maxPasswordLength: 64,
        containsLowercaseLetter: true,
        containsUppercaseLetter: true,
        containsNumericCharacter: true,
        containsNonAlphanumericCharacter: true,
      });
      expect((await validatePassword(auth, password)).isValid).toBe(true);
      expect((await validatePassword(auth, `${password}${'x'.repeat(60)}`)).meetsMaxPasswordLength).toBe(
        false,
      );
    });

    it('enforces every option on sign-up, reset and the admin interface', async () => {
      for (const [weak, missing] of [
        ['CORRECT-HORSE-42', 'lower case'],
        ['correct-horse-42', 'upper case'],
        ['Correct-horse-xx', 'numeric'],
        ['Correcthorse42', 'non-alphanumeric'],
        [`${password}${'x'.repeat(60)}`, 'at most 64'],
      ] as const) {
        const response = await toolkit('/v1/accounts:signUp', {
          email: uniqueEmail('policy'),
          password: weak,
        });
        expect(((await response.json()) as { error: { message: string } }).error.message).toContain(missing);
      }
      await expect(
        testApp.app.identity.admin.createAccount({
          project: 'test',
          email: uniqueEmail('admin'),
          password: 'weakpassword',
        }),
      ).rejects.toThrow(/PASSWORD_DOES_NOT_MEET_REQUIREMENTS/);

      const email = uniqueEmail('reset-policy');
      await createUserWithEmailAndPassword(newAuth(), email, password);
      const auth = newAuth();
      await sendPasswordResetEmail(auth, email);
      const { oobCode } = readOobCode((await waitForMail(origin, email)).text);
      await expect(confirmPasswordReset(auth, oobCode, 'no-digits-Here')).rejects.toMatchObject({
        code: 'auth/password-does-not-meet-requirements',
      });
      await confirmPasswordReset(auth, oobCode, 'Another-secret-7');
    });
  });

  describe('revokeToken, recaptchaConfig and projects', () => {
    it("revokes the caller's own refresh token, and answers {} for what it does not hold", async () => {
      const email = uniqueEmail('revoke');
      const auth = newAuth();
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      const idToken = await user.getIdToken();
      const other = await toolkit('/v1/accounts:signInWithPassword', {
        email,
        password,
        returnSecureToken: true,
      });
      const otherRefresh = ((await other.json()) as { refreshToken: string }).refreshToken;

      const apple = await toolkit('/v2/accounts:revokeToken', {
        providerId: 'apple.com',
        tokenType: 'ACCESS_TOKEN',
        token: 'some-provider-token',
        idToken,
      });
      expect(apple.status).toBe(200);
      expect(await apple.json()).toEqual({});

      const revoked = await toolkit('/v2/accounts:revokeToken', {
        tokenType: 'REFRESH_TOKEN',
        token: otherRefresh,
        idToken,
      });
      expect(await revoked.json()).toEqual({});
      const refresh = await fetch(`${origin}/securetoken.googleapis.com/v1/token?key=${apiKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: otherRefresh }),
      });
      expect(((await refresh.json()) as { error: { message: string } }).error.message).toBe('TOKEN_EXPIRED');
      // This session's own refresh token is untouched.
      expect(await user.getIdToken(true)).toBeTruthy();
    });

    it("leaves another account's refresh token alone", async () => {
      const victim = uniqueEmail('victim');
      await createUserWithEmailAndPassword(newAuth(), victim, password);
      const session = await toolkit('/v1/accounts:signInWithPassword', {
        email: victim,
        password,
        returnSecureToken: true,
      });
      const victimRefresh = ((await session.json()) as { refreshToken: string }).refreshToken;
      const { user } = await createUserWithEmailAndPassword(newAuth(), uniqueEmail('attacker'), password);
      const response = await toolkit('/v2/accounts:revokeToken', {
        tokenType: 'REFRESH_TOKEN',
        token: victimRefresh,
        idToken: await user.getIdToken(),
      });
      expect(await response.json()).toEqual({});
      const refresh = await fetch(`${origin}/securetoken.googleapis.com/v1/token?key=${apiKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: victimRefresh }),
      });
      expect(refresh.status).toBe(200);
    });

    it('needs an ID token to revoke anything', async () => {
      const response = await toolkit('/v2/accounts:revokeToken', { tokenType: 'REFRESH_TOKEN', token: 'x' });
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        'MISSING_ID_TOKEN',
      );
    });

    it('enforces no reCAPTCHA, in the shape the SDK accepts', async () => {
      await initializeRecaptchaConfig(newAuth());
      const response = await fetch(
        `${origin}/identitytoolkit.googleapis.com/v2/recaptchaConfig?key=${apiKey}&clientType=CLIENT_TYPE_WEB&version=RECAPTCHA_ENTERPRISE`,
      );
      expect(await response.json()).toMatchObject({
        recaptchaKey: expect.stringMatching(/^projects\/[^/]+\/keys\/[^/]+$/),
        recaptchaEnforcementState: [
          { provider: 'EMAIL_PASSWORD_PROVIDER', enforcementState: 'OFF' },
          { provider: 'PHONE_PROVIDER', enforcementState: 'OFF' },
        ],
      });
      const unknownKey = await fetch(`${origin}/identitytoolkit.googleapis.com/v2/recaptchaConfig?key=nope`);
      expect(unknownKey.status).toBe(400);
    });

    it("lists the public URL's host as the authorized domain", async () => {
      const response = await fetch(`${origin}/identitytoolkit.googleapis.com/v1/projects?key=${apiKey}`);
      expect(await response.json()).toEqual({
        projectId: 'cargodesk-test',
        authorizedDomains: ['localhost'],
      });
    });
  });

  describe('token-sync URL', () => {
    const sync = (method: 'POST' | 'DELETE', headers: Record<string, string>) =>
      fetch(`${origin}/identity/token-sync`, { method, headers });

    it('mirrors a valid ID token into an HttpOnly cookie and clears it', async () => {
      const { user } = await createUserWithEmailAndPassword(newAuth(), uniqueEmail('sync'), password);
      const idToken = await user.getIdToken();
      const posted = await sync('POST', {
        authorization: `Bearer ${idToken}`,
        'sec-fetch-site': 'same-origin',
      });
      expect(posted.status).toBe(204);
      const cookie = posted.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(new RegExp(`^__session=${idToken.replace(/\./g, '\\.')}; Path=/; Max-Age=\\d+`));
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Strict');
      const cleared = await sync('DELETE', { 'sec-fetch-site': 'same-origin' });
      expect(cleared.status).toBe(204);
      expect(cleared.headers.get('set-cookie')).toMatch(/^__session=; Path=\/; Max-Age=0/);
    });

    it('refuses a forged token and another site', async () => {
      const forged = await sync('POST', { authorization: 'Bearer a.b.c' });
      expect(forged.status).toBe(401);
      expect(forged.headers.get('set-cookie')).toBeNull();
      const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({
        aud: 'cargodesk-test',
        sub: 'someone',
        iat: now,
        exp: now + 3600,
        auth_time: now,
      })}.`;
      const unsignedAnswer = await sync('POST', { authorization: `Bearer ${unsigned}` });
      expect(unsignedAnswer.status).toBe(401);
      expect(unsignedAnswer.headers.get('set-cookie')).toBeNull();
      const { user } = await createUserWithEmailAndPassword(newAuth(), uniqueEmail('cross'), password);
      const idToken = await user.getIdToken();
      const crossSite = await sync('POST', {
        authorization: `Bearer ${idToken}`,
        'sec-fetch-site': 'cross-site',
      });
      expect(crossSite.status).toBe(403);
      const otherOrigin = await sync('DELETE', { origin: 'https://evil.example.net' });
      expect(otherOrigin.status).toBe(403);
      expect(otherOrigin.headers.get('set-cookie')).toBeNull();
    });
  });
});
