import type { TLoginResponse } from '@cargodesk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { waitForMail } from '../../../../test/identity-client.ts';
import { auditEvents, companies } from '../../../db/schema/index.ts';
import { startIamTestApp, type TIamTestApp, testPassword, uniqueEmail } from '../access-test-support.ts';
import { accountChangeMessages } from './two-factor-sign-ins.ts';

// docs/decisions/042: a two-factor company's user changes their identity account (password, address,
// name, the account itself) only with the ID token of a sign-in that passed the mailed code.

const base = '/iamserver/api/v1';
const refusal = `ADMIN_ONLY_OPERATION : ${accountChangeMessages.needsCode}`;

const readCode = (text: string) => {
  const code = text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code in: ${text}`);
  return code;
};

/** Waits into the next second: a new sign-in then has an auth_time of its own. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1020 - (Date.now() % 1000)));

describe.each(behaviourDatabaseKinds)('account changes of a two-factor company user on %s', (kind) => {
  let testApp: TIamTestApp;
  let apiKey: string;

  const toolkit = async (operation: string, body: Record<string, unknown>) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/accounts:${operation}?key=${apiKey}`,
      payload: body,
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };
  const errorOf = (reply: { body: Record<string, unknown> }) =>
    (reply.body.error as { message?: string } | undefined)?.message;

  /** A password sign-in through the provider's own route: its ID token, a new auth_time. */
  const signIn = async (email: string, password = testPassword) => {
    const reply = await toolkit('signInWithPassword', { email, password, returnSecureToken: true });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.idToken as string;
  };

  /** The app login with the ID token (mails the code) and the code step: the app token. */
  const passCode = async (email: string, idToken: string) => {
    const after = Date.now();
    const login = await testApp.app.inject({
      url: `${base}/auth/login`,
      headers: { authorization: idToken },
    });
    expect((login.json() as { data: TLoginResponse }).data).toEqual({ twoFactorAuth: true, emailId: email });
    const code = readCode((await waitForMail(testApp.origin, email, { after })).text);
    const right = await testApp.app.inject({
      method: 'POST',
      url: `${base}/auth/codeAuth`,
      headers: { authorization: idToken },
      payload: { code },
    });
    expect(right.statusCode, right.body).toBe(200);
    const { jwt } = (right.json() as { data: TLoginResponse }).data;
    if (!jwt) throw new Error('The code step gave no app token');
    return jwt;
  };

  const confirmSignIn = (jwt: string | undefined, body: unknown) =>
    testApp.app.inject({
      method: 'POST',
      url: `${base}/auth/confirm-sign-in`,
      headers: jwt === undefined ? {} : { authorization: jwt },
      payload: body as Record<string, unknown>,
    });

  const registerWithTwoFactor = async (label: string) => {
    const registered = await testApp.register(label);
    await testApp.database.db
      .update(companies)
      .set({ twoFactorAuth: true })
      .where(eq(companies.id, registered.companyId));
    return registered;
  };

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    apiKey = testApp.app.identity.projects.find((project) => project.name === 'test')?.apiKey ?? '';
  });
  afterAll(async () => testApp?.close());

  it('refuses the password step’s token, allows it once the code is passed, and refuses the next sign-in again', async () => {
    const { email } = await registerWithTwoFactor('tfa-change');
    const passwordOnly = await signIn(email);

    // Only the password: no change of any kind, and no deletion.
    const attempts = [
      ['update', { idToken: passwordOnly, password: 'Someone-Elses-1', returnSecureToken: true }],
      ['update', { idToken: passwordOnly, email: uniqueEmail('taken-over'), returnSecureToken: true }],
      ['update', { idToken: passwordOnly, displayName: 'Mallory', returnSecureToken: true }],
      ['delete', { idToken: passwordOnly }],
    ] as const;
    for (const [operation, body] of attempts) {
      const reply = await toolkit(operation, body);
      expect(reply.status, `${operation} ${JSON.stringify(body)}`).toBe(400);
      expect(errorOf(reply)).toBe(refusal);
    }
    // The account is as it was: the old password signs in, with the old address and name.
    const lookup = await toolkit('lookup', { idToken: await signIn(email) });
    expect(lookup.body.users).toMatchObject([{ email }]);
    expect((lookup.body.users as { displayName?: string }[])[0]?.displayName).toBeUndefined();

    // The same sign-in, once its code was entered, may change the password.
    await passCode(email, passwordOnly);
    const changed = await toolkit('update', {
      idToken: passwordOnly,
      password: 'Quay-Side-Crane-77',
      returnSecureToken: true,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await toolkit('signInWithPassword', { email, password: testPassword })).status).toBe(400);

    // A fresh password sign-in (its own auth_time) has not passed the code.
    await nextSecond();
    const fresh = await signIn(email, 'Quay-Side-Crane-77');
    const again = await toolkit('update', { idToken: fresh, password: 'Another-Crane-88' });
    expect(errorOf(again)).toBe(refusal);
    expect(errorOf(await toolkit('delete', { idToken: fresh }))).toBe(refusal);
    expect(await signIn(email, 'Quay-Side-Crane-77')).toBeTruthy();
  });

  it('leaves a company without two-factor, and an account without a company, as they were', async () => {
    const { email } = await testApp.register('no-tfa');
    const idToken = await signIn(email);
    const changed = await toolkit('update', {
      idToken,
      password: 'Quay-Side-Crane-77',
      returnSecureToken: true,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await signIn(email, 'Quay-Side-Crane-77')).toBeTruthy();

    // A sign-up whose registration failed is removed by the page (register.tsx).
    const { idToken: signUpToken } = await testApp.signUp(uniqueEmail('no-company'));
    const removed = await toolkit('delete', { idToken: signUpToken });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
  });

  it('lets the app session confirm a fresh sign-in of its own user, and nobody else’s', async () => {
    const registered = await registerWithTwoFactor('tfa-confirm');
    const jwt = await passCode(registered.email, await signIn(registered.email));
    const other = await testApp.register('tfa-confirm-other');

    // Re-authentication: a new sign-in, refused until the session confirms it.
    await nextSecond();
    const reauthenticated = await signIn(registered.email);
    expect(
      errorOf(await toolkit('update', { idToken: reauthenticated, password: 'Quay-Side-Crane-77' })),
    ).toBe(refusal);

    // No app token, or one that is not valid: 401.
    expect((await confirmSignIn(undefined, { idToken: reauthenticated })).statusCode).toBe(401);
    expect((await confirmSignIn('not-a-token', { idToken: reauthenticated })).statusCode).toBe(401);
    // Another user's sign-in: 403, and it stays refused.
    const foreign = await confirmSignIn(jwt, { idToken: await signIn(other.email) });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'The sign-in belongs to another account than this session' },
    });
    // The other user's session cannot vouch for this user's sign-in either.
    expect((await confirmSignIn(other.jwt, { idToken: reauthenticated })).statusCode).toBe(403);
    // Bad input: 400 naming the field.
    const missing = await confirmSignIn(jwt, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    const invalid = await confirmSignIn(jwt, { idToken: 'not.a.token' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Invalid body: idToken is not a valid sign-in; sign in again',
        details: { fields: [{ field: 'idToken', message: 'is not a valid sign-in; sign in again' }] },
      },
    });
    expect(
      errorOf(await toolkit('update', { idToken: reauthenticated, password: 'Quay-Side-Crane-77' })),
    ).toBe(refusal);

    // Its own user's fresh sign-in: confirmed, audited, and then the password may change.
    const confirmed = await confirmSignIn(jwt, { idToken: reauthenticated });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ data: { confirmed: true } });
    const audited = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.companyId, registered.companyId), eq(auditEvents.action, 'sign-in-confirmed')),
      );
    expect(audited).toHaveLength(1);
    const changed = await toolkit('update', {
      idToken: reauthenticated,
      password: 'Quay-Side-Crane-77',
      returnSecureToken: true,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  });
});
