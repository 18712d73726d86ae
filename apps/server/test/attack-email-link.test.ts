import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { behaviourDatabaseKinds } from './databases.ts';
import { readOobCode, waitForMail } from './identity-client.ts';

// The mailed sign-in link, password linking and the password policy under attack
// (docs/decisions/023, docs/security.md): a link works once, for its own account, kind and project;
// it continues only to our own site; no answer tells which addresses have accounts; no route sets a
// password the policy refuses.

const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const password = 'Harbour-Crane-42';

type TAnswer = { status: number; body: Record<string, unknown> & { error?: { message: string } } };

describe.each(behaviourDatabaseKinds)(
  'attacks on the email-link sign-in and password setting on %s',
  (kind) => {
    let testApp: TestApp;
    let origin: string;
    const keyOf = (name: 'test' | 'production') =>
      testApp.app.identity.projects.find((project) => project.name === name)?.apiKey ?? '';

    const toolkit = async (path: string, body: object, project: 'test' | 'production' = 'test') => {
      const response = await fetch(`${origin}/identitytoolkit.googleapis.com${path}?key=${keyOf(project)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as TAnswer['body'] };
    };
    const messageOf = (answer: TAnswer) => answer.body.error?.message;

    const continueUrl = () => `${testApp.config.publicUrl}/dashboard`;

    const invited = async (label: string) => {
      const email = uniqueEmail(label);
      await testApp.app.identity.admin.createAccount({ project: 'test', email });
      return email;
    };

    const mailedCode = async (email: string) => {
      const after = Date.now();
      const sent = await toolkit('/v1/accounts:sendOobCode', {
        requestType: 'EMAIL_SIGNIN',
        email,
        continueUrl: continueUrl(),
        canHandleCodeInApp: true,
      });
      expect(sent.status).toBe(200);
      return readOobCode((await waitForMail(origin, email, { after })).text).oobCode;
    };

    beforeAll(async () => {
      testApp = await buildTestApp({
        kind,
        environment: {
          DEV_MAILBOX: 'true',
          PASSWORD_MAX_LENGTH: '64',
          PASSWORD_REQUIRE_LOWERCASE: 'true',
          PASSWORD_REQUIRE_UPPERCASE: 'true',
          PASSWORD_REQUIRE_DIGIT: 'true',
        },
      });
      origin = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => testApp?.close());

    it('lets exactly one of many parallel uses of a link sign in', async () => {
      const email = await invited('parallel');
      const oobCode = await mailedCode(email);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => toolkit('/v1/accounts:signInWithEmailLink', { email, oobCode })),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
        expect(messageOf(answer)).toBe('INVALID_OOB_CODE');
      }
    });

    it('takes a sign-in code for nothing else, and no other code for a sign-in', async () => {
      const email = await invited('kinds');
      const oobCode = await mailedCode(email);
      expect(messageOf(await toolkit('/v1/accounts:resetPassword', { oobCode, newPassword: password }))).toBe(
        'INVALID_OOB_CODE',
      );
      expect(messageOf(await toolkit('/v1/accounts:update', { oobCode }))).toBe('INVALID_OOB_CODE');
      // The other project's key does not reach this project's codes.
      expect(
        messageOf(await toolkit('/v1/accounts:signInWithEmailLink', { email, oobCode }, 'production')),
      ).toBe('INVALID_OOB_CODE');

      const after = Date.now();
      await toolkit('/v1/accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email });
      const resetCode = readOobCode((await waitForMail(origin, email, { after })).text).oobCode;
      expect(
        messageOf(await toolkit('/v1/accounts:signInWithEmailLink', { email, oobCode: resetCode })),
      ).toBe('INVALID_OOB_CODE');
      // The untouched sign-in code still works for its own purpose.
      expect((await toolkit('/v1/accounts:signInWithEmailLink', { email, oobCode })).status).toBe(200);
    });

    it('refuses a link once its account has moved to another address', async () => {
      const email = uniqueEmail('moved');
      await testApp.app.identity.admin.createAccount({ project: 'test', email, password });
      const oobCode = await mailedCode(email);
      const signedIn = await toolkit('/v1/accounts:signInWithPassword', {
        email,
        password,
        returnSecureToken: true,
      });
      const moved = await toolkit('/v1/accounts:update', {
        idToken: signedIn.body.idToken,
        email: uniqueEmail('new-address'),
        returnSecureToken: true,
      });
      expect(moved.status).toBe(200);
      expect(messageOf(await toolkit('/v1/accounts:signInWithEmailLink', { email, oobCode }))).toBe(
        'INVALID_OOB_CODE',
      );
    });

    it('sends links on only to its own site', async () => {
      const email = await invited('continue');
      for (const target of [
        'javascript:alert(1)',
        'https://evil.example.net/',
        'https://localhost.evil.example.net/',
        'https://evil.example.net/@localhost/',
        'ftp://localhost/',
        'data:text/html,hi',
      ]) {
        const answer = await toolkit('/v1/accounts:sendOobCode', {
          requestType: 'EMAIL_SIGNIN',
          email,
          continueUrl: target,
          canHandleCodeInApp: true,
        });
        expect(answer.status, target).toBe(400);
        expect(messageOf(answer), target).toMatch(/^(UNAUTHORIZED_DOMAIN|INVALID_CONTINUE_URI)/);
      }
      await expect(waitForMail(origin, email, { timeoutMs: 500 })).rejects.toThrow(/No mail/);
    });

    it('never creates an account by link, and answers an unknown address as a known one', async () => {
      const unknown = uniqueEmail('stranger');
      const known = await invited('known');
      const [forUnknown, forKnown] = await Promise.all(
        [unknown, known].map((email) =>
          toolkit('/v1/accounts:sendOobCode', {
            requestType: 'EMAIL_SIGNIN',
            email,
            continueUrl: continueUrl(),
            canHandleCodeInApp: true,
          }),
        ),
      );
      expect(forUnknown?.status).toBe(forKnown?.status);
      expect(Object.keys(forUnknown?.body ?? {})).toEqual(Object.keys(forKnown?.body ?? {}));
      // A guessed code for an unknown address signs nobody up.
      const guess = await toolkit('/v1/accounts:signInWithEmailLink', {
        email: unknown,
        oobCode: 'A'.repeat(43),
      });
      expect(messageOf(guess)).toBe('INVALID_OOB_CODE');
      expect(await testApp.app.identity.admin.findAccountByEmail('test', unknown)).toBeUndefined();
    });

    it("will not link a password to another account's address, nor move an account by linking", async () => {
      const victim = uniqueEmail('victim');
      await testApp.app.identity.admin.createAccount({ project: 'test', email: victim, password });
      const attacker = await invited('attacker');
      const oobCode = await mailedCode(attacker);
      const session = await toolkit('/v1/accounts:signInWithEmailLink', { email: attacker, oobCode });
      const idToken = session.body.idToken;
      expect(messageOf(await toolkit('/v1/accounts:signUp', { idToken, email: victim, password }))).toBe(
        'EMAIL_EXISTS',
      );
      const elsewhere = uniqueEmail('unclaimed');
      expect(
        messageOf(await toolkit('/v1/accounts:signUp', { idToken, email: elsewhere, password })),
      ).toMatch(/^OPERATION_NOT_ALLOWED/);
      expect(await testApp.app.identity.admin.findAccountByEmail('test', elsewhere)).toBeUndefined();
      // The victim's password still works; the attacker's account still has none.
      expect(
        (
          await toolkit('/v1/accounts:signInWithPassword', {
            email: victim,
            password,
            returnSecureToken: true,
          })
        ).status,
      ).toBe(200);
      expect(
        (await testApp.app.identity.admin.findAccountByEmail('test', attacker))?.passwordHash,
      ).toBeNull();
    });

    it('sets no password the policy refuses, by any route', async () => {
      const tooLong = `${password}${'x'.repeat(64)}`;
      // Letters outside a–z / A–Z do not count as lower or upper case, as in the SDK.
      const unicodeOnly = 'ÉÉÉÉééééé1!';
      const email = await invited('policy');
      const idToken = (
        await toolkit('/v1/accounts:signInWithEmailLink', { email, oobCode: await mailedCode(email) })
      ).body.idToken;
      for (const weak of [tooLong, unicodeOnly]) {
        expect(
          messageOf(await toolkit('/v1/accounts:signUp', { email: uniqueEmail('new'), password: weak })),
        ).toMatch(/^PASSWORD_DOES_NOT_MEET_REQUIREMENTS/);
        expect(messageOf(await toolkit('/v1/accounts:signUp', { idToken, email, password: weak }))).toMatch(
          /^PASSWORD_DOES_NOT_MEET_REQUIREMENTS/,
        );
        expect(messageOf(await toolkit('/v1/accounts:update', { idToken, password: weak }))).toMatch(
          /^PASSWORD_DOES_NOT_MEET_REQUIREMENTS/,
        );
      }
      expect((await testApp.app.identity.admin.findAccountByEmail('test', email))?.passwordHash).toBeNull();
    });

    it('has no token-sync URL unless IDENTITY_TOKEN_SYNC turns it on', async () => {
      const off = await fetch(`${origin}/identity/token-sync`, {
        method: 'POST',
        headers: { authorization: 'Bearer x' },
      });
      expect(off.status).toBe(404);
      expect(off.headers.get('set-cookie')).toBeNull();
    });
  },
);
