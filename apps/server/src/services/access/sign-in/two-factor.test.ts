import type { TLoginResponse } from '@cargodesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { waitForMail } from '../../../../test/identity-client.ts';
import { companies, twoFactorCodes } from '../../../db/schema/index.ts';
import { startIamTestApp, type TIamTestApp } from '../access-test-support.ts';

const base = '/iamserver/api/v1';

const readCode = (text: string) => {
  const code = text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code in: ${text}`);
  return code;
};

describe.each(behaviourDatabaseKinds)('two-factor sign-in on %s', (kind) => {
  let testApp: TIamTestApp;
  const login = (idToken: string) =>
    testApp.app.inject({ url: `${base}/auth/login`, headers: { authorization: idToken } });
  const codeAuth = (idToken: string, code: string) =>
    testApp.app.inject({
      method: 'POST',
      url: `${base}/auth/codeAuth`,
      headers: { authorization: idToken },
      payload: { code },
    });
  const resend = (idToken: string) =>
    testApp.app.inject({
      method: 'POST',
      url: `${base}/auth/codeAuth/resend`,
      headers: { authorization: idToken },
    });
  /** A registered admin of a company with two-factor sign-in on. */
  const registerWithTwoFactor = async (label: string) => {
    const registered = await testApp.register(label);
    await testApp.database.db
      .update(companies)
      .set({ twoFactorAuth: true })
      .where(eq(companies.id, registered.companyId));
    return registered;
  };
  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  /** Pretends the latest code was sent long enough ago for a resend to be allowed. */
  const ageCodes = async (companyId: string) =>
    testApp.database.db
      .update(twoFactorCodes)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(twoFactorCodes.companyId, companyId));

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
  });
  afterAll(async () => testApp?.close());

  it('mails a code at login instead of a session, and the right code gives the jwt', async () => {
    const registered = await registerWithTwoFactor('tfa');
    const after = Date.now();
    const response = await login(registered.idToken);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json() as { data: TLoginResponse };
    // The password alone reveals nothing of the company: no record, no products, no token.
    expect(data).toEqual({ twoFactorAuth: true, emailId: registered.email });

    const mail = await waitForMail(testApp.origin, registered.email, { after });
    expect(mail.subject).toMatch(/^Your Cargodesk sign-in code: \d{6}$/);
    const code = readCode(mail.text);
    const [row] = await testApp.database.db
      .select()
      .from(twoFactorCodes)
      .where(eq(twoFactorCodes.companyId, registered.companyId));
    expect(row?.codeHash).not.toContain(code);

    const wrong = await codeAuth(registered.idToken, wrongCodeFor(code));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'The code is not correct' } });

    const right = await codeAuth(registered.idToken, code);
    expect(right.statusCode, right.body).toBe(200);
    const signedIn = (right.json() as { data: TLoginResponse }).data;
    expect(signedIn.twoFactorAuth).toBe(false);
    expect(signedIn.company).toMatchObject({ _id: registered.companyId, twoFactorAuth: true });
    expect(signedIn.products?.length).toBeGreaterThan(0);
    const me = await testApp.app.inject({
      url: `${base}/auth/fetch-users-by-token`,
      headers: { authorization: signedIn.jwt ?? '' },
    });
    expect(me.statusCode).toBe(200);

    // A code works once.
    const again = await codeAuth(registered.idToken, code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: { message: 'The code has expired; request a new one' } });
  });

  it('does not mail a second code while the first is usable', async () => {
    const registered = await registerWithTwoFactor('tfa-once');
    await login(registered.idToken);
    await login(registered.idToken);
    const rows = await testApp.database.db
      .select()
      .from(twoFactorCodes)
      .where(eq(twoFactorCodes.companyId, registered.companyId));
    expect(rows).toHaveLength(1);
  });

  it('mails a new code at once for a sign-in right after one that used its code', async () => {
    const registered = await registerWithTwoFactor('tfa-again');
    const first = Date.now();
    await login(registered.idToken);
    const code = readCode((await waitForMail(testApp.origin, registered.email, { after: first })).text);
    expect((await codeAuth(registered.idToken, code)).statusCode).toBe(200);

    const second = Date.now();
    await login(registered.idToken);
    const nextCode = readCode((await waitForMail(testApp.origin, registered.email, { after: second })).text);
    expect((await codeAuth(registered.idToken, nextCode)).statusCode).toBe(200);
  });

  it('locks a code after five wrong tries with 429', async () => {
    const registered = await registerWithTwoFactor('tfa-locked');
    const after = Date.now();
    await login(registered.idToken);
    const code = readCode((await waitForMail(testApp.origin, registered.email, { after })).text);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await codeAuth(registered.idToken, wrongCodeFor(code))).statusCode).toBe(401);
    }
    const locked = await codeAuth(registered.idToken, code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });

  it('refuses an expired code', async () => {
    const registered = await registerWithTwoFactor('tfa-expired');
    const after = Date.now();
    await login(registered.idToken);
    const code = readCode((await waitForMail(testApp.origin, registered.email, { after })).text);
    await testApp.database.db
      .update(twoFactorCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(twoFactorCodes.companyId, registered.companyId));
    const response = await codeAuth(registered.idToken, code);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'The code has expired; request a new one' },
    });
  });

  it('resends a new code, throttled, and only the newest works', async () => {
    const registered = await registerWithTwoFactor('tfa-resend');
    const first = Date.now();
    await login(registered.idToken);
    const oldCode = readCode((await waitForMail(testApp.origin, registered.email, { after: first })).text);

    const tooSoon = await resend(registered.idToken);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', details: { retryAfterSeconds: expect.any(Number) } },
    });

    await ageCodes(registered.companyId);
    const second = Date.now();
    const resent = await resend(registered.idToken);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual({ data: { sent: true } });
    const mail = await waitForMail(testApp.origin, registered.email, { after: second });
    const newCode = readCode(mail.text);
    if (newCode !== oldCode) expect((await codeAuth(registered.idToken, oldCode)).statusCode).toBe(401);
    expect((await codeAuth(registered.idToken, newCode)).statusCode).toBe(200);
  });

  it('answers 400 for a malformed code and for a company without two-factor sign-in', async () => {
    const registered = await testApp.register('tfa-off');
    const malformed = await codeAuth(registered.idToken, '12ab');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', details: { fields: [{ field: 'code' }] } },
    });
    const off = await codeAuth(registered.idToken, '123456');
    expect(off.statusCode).toBe(400);
    expect((await resend(registered.idToken)).statusCode).toBe(400);
  });

  it('answers 401 without an ID token', async () => {
    expect((await codeAuth('', '123456')).statusCode).toBe(401);
    expect((await resend('garbage')).statusCode).toBe(401);
  });
});
