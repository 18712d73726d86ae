import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TCompany, TCurrentUser, TFileMeta, TProfile } from '@cargodesk/shared';
import { and, eq } from 'drizzle-orm';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompanyMember } from '../../../../test/company-members.ts';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { createAuthClient } from '../../../../test/identity-client.ts';
import { multipartBody, tinyPdf, tinyPng } from '../../../../test/multipart.ts';
import { auditEvents, sessions } from '../../../db/schema/index.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered, testPassword } from '../access-test-support.ts';

const base = '/iamserver/api/v1';

describe.each(behaviourDatabaseKinds)('profile and company settings on %s', (kind) => {
  let testApp: TIamTestApp;
  let dataDir: string;
  let admin: TRegistered;
  let other: TRegistered;
  let viewer: Awaited<ReturnType<typeof addCompanyMember>>;
  let member: Awaited<ReturnType<typeof addCompanyMember>>;

  const inject = (options: {
    method?: 'GET' | 'POST' | 'PATCH';
    url: string;
    token?: string;
    payload?: object;
  }) =>
    testApp.app.inject({
      method: options.method ?? 'GET',
      url: `${base}${options.url}`,
      headers: options.token === undefined ? {} : { authorization: options.token },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  const uploadImage = async (token: string, companyBytes = tinyPng, fileName = 'me.png') => {
    const { payload, headers } = multipartBody([
      { name: 'purpose', value: 'attachment' },
      { name: 'file', fileName, bytes: companyBytes },
    ]);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/driveserver/api/v1/filesystem/file',
      headers: { ...headers, authorization: token },
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { data: TFileMeta }).data;
  };
  const auditsOf = (entityType: string, entityId: string) =>
    testApp.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, entityId)))
      .orderBy(auditEvents.occurredAt);
  const fieldsOf = (body: string) =>
    (
      JSON.parse(body) as { error: { details?: { fields?: { field: string }[] } } }
    ).error.details?.fields?.map((field) => field.field) ?? [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-profile-test-'));
    testApp = await startIamTestApp({ kind, environment: { DATA_DIR: dataDir } });
    admin = await testApp.register('settings-admin', 'Settings Freight');
    other = await testApp.register('settings-other', 'Other Freight');
    viewer = await addCompanyMember(testApp, { companyId: admin.companyId, role: 'viewer' });
    member = await addCompanyMember(testApp, { companyId: admin.companyId, role: 'member' });
  });
  afterAll(async () => {
    await testApp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe('profile', () => {
    it('reads and edits the signed-in user, audits it, and the current user carries it', async () => {
      const read = await inject({ url: '/users/me', token: member.jwt });
      expect(read.statusCode, read.body).toBe(200);
      expect((read.json() as { data: TProfile }).data).toMatchObject({
        _id: member.userId,
        emailId: member.email,
        phone: null,
        avatarFileId: null,
        roles: ['Member'],
      });

      const avatar = await uploadImage(member.jwt);
      const response = await inject({
        method: 'PATCH',
        url: '/users/me',
        token: member.jwt,
        payload: {
          firstName: '  Marta ',
          lastName: 'Quay',
          phone: '+49 40 1234-567',
          avatarFileId: avatar._id,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json() as { data: TProfile };
      expect(data).toMatchObject({
        name: 'Marta Quay',
        firstName: 'Marta',
        phone: '+49 40 1234-567',
        avatarFileId: avatar._id,
      });

      const me = await inject({ url: '/auth/fetch-users-by-token', token: member.jwt });
      expect((me.json() as { data: TCurrentUser[] }).data[0]).toMatchObject({
        name: 'Marta Quay',
        phone: '+49 40 1234-567',
        avatarFileId: avatar._id,
      });

      const [audit] = await auditsOf('user', member.userId);
      expect(audit).toMatchObject({ action: 'update', actorUserId: member.userId });
      expect(audit?.before).toMatchObject({ firstName: 'Vera', phone: null });
      expect(audit?.after).toMatchObject({ firstName: 'Marta', phone: '+49 40 1234-567' });

      // An empty phone clears it; null clears the avatar.
      const cleared = await inject({
        method: 'PATCH',
        url: '/users/me',
        token: member.jwt,
        payload: { phone: '', avatarFileId: null },
      });
      expect((cleared.json() as { data: TProfile }).data).toMatchObject({ phone: null, avatarFileId: null });
    });

    it('lets a Viewer edit their own profile: it needs no permission', async () => {
      const response = await inject({
        method: 'PATCH',
        url: '/users/me',
        token: viewer.jwt,
        payload: { lastName: 'Reader' },
      });
      expect(response.statusCode, response.body).toBe(200);
    });

    it('refuses an avatar that is not a file of the company, or not an image', async () => {
      const foreign = await uploadImage(other.jwt);
      const response = await inject({
        method: 'PATCH',
        url: '/users/me',
        token: admin.jwt,
        payload: { avatarFileId: foreign._id },
      });
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response.body)).toEqual(['avatarFileId']);

      const { payload, headers } = multipartBody([{ name: 'file', fileName: 'cv.pdf', bytes: tinyPdf }]);
      const pdf = await testApp.app.inject({
        method: 'POST',
        url: '/driveserver/api/v1/filesystem/file',
        headers: { ...headers, authorization: admin.jwt },
        payload,
      });
      const pdfId = (pdf.json() as { data: TFileMeta }).data._id;
      const notImage = await inject({
        method: 'PATCH',
        url: '/users/me',
        token: admin.jwt,
        payload: { avatarFileId: pdfId },
      });
      expect(notImage.statusCode).toBe(400);
      expect(notImage.json()).toMatchObject({ error: { message: expect.stringContaining('image') } });
    });

    it.each([
      ['an unknown field', { email: 'new@example.com' }, ''],
      ['a wrong type', { firstName: 42 }, 'firstName'],
      ['an empty name', { lastName: '   ' }, 'lastName'],
      ['a name too long', { firstName: 'x'.repeat(81) }, 'firstName'],
      ['a bad phone', { phone: 'call me maybe' }, 'phone'],
      ['a bad file id', { avatarFileId: 'nope' }, 'avatarFileId'],
    ])('answers 400 for %s', async (_label, payload, field) => {
      const response = await inject({ method: 'PATCH', url: '/users/me', token: admin.jwt, payload });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
      if (field) expect(fieldsOf(response.body)).toContain(field);
    });

    it('answers 401 without a token', async () => {
      expect((await inject({ url: '/users/me' })).statusCode).toBe(401);
      expect(
        (await inject({ method: 'PATCH', url: '/users/me', payload: { firstName: 'X' } })).statusCode,
      ).toBe(401);
      expect((await inject({ method: 'POST', url: '/users/me/sessions/revoke' })).statusCode).toBe(401);
    });

    it('signs out of every session: app sessions and identity refresh tokens', async () => {
      const person = await addCompanyMember(testApp, {
        companyId: admin.companyId,
        role: 'member',
        label: 'roamer',
      });
      // A second browser: its own identity sign-in and app session.
      const client = createAuthClient({
        origin: testApp.origin,
        apiKey: testApp.app.identity.projects.find((project) => project.name === 'test')?.apiKey ?? '',
      });
      try {
        const { user } = await signInWithEmailAndPassword(client.auth, person.email, testPassword);
        const login = await inject({ url: '/auth/login', token: await user.getIdToken() });
        const secondJwt = (login.json() as { data: { jwt: string } }).data.jwt;
        expect((await inject({ url: '/users/me', token: secondJwt })).statusCode).toBe(200);

        const response = await inject({
          method: 'POST',
          url: '/users/me/sessions/revoke',
          token: person.jwt,
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ data: { revokedSessions: 2 } });

        for (const token of [person.jwt, secondJwt]) {
          expect((await inject({ url: '/users/me', token })).statusCode).toBe(401);
        }
        // The identity provider's refresh token is revoked too: forcing a refresh fails.
        await expect(user.getIdToken(true)).rejects.toThrow(/user-token-expired|token-expired/);
        const live = await testApp.database.db
          .select()
          .from(sessions)
          .where(and(eq(sessions.userId, person.userId)));
        expect(live.every((session) => session.revokedAt)).toBe(true);
        const [audit] = await auditsOf('user', person.userId);
        expect(audit).toMatchObject({ action: 'sessions-revoked', after: { revokedSessions: 2 } });
        // Other users of the company keep their sessions.
        expect((await inject({ url: '/users/me', token: member.jwt })).statusCode).toBe(200);
      } finally {
        await client.close();
      }
    });
  });

  describe('company', () => {
    it('reads the company with company:read, a Viewer included', async () => {
      const response = await inject({ url: '/companies/current', token: viewer.jwt });
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as { data: TCompany }).data).toMatchObject({
        _id: admin.companyId,
        name: 'Settings Freight',
        logoFileId: null,
        subscripedPlan: { name: 'Trial' },
      });
    });

    it('edits every field with company:write and audits before and after', async () => {
      const logo = await uploadImage(admin.jwt, tinyPng, 'logo.png');
      const payload = {
        name: 'Settings Freight GmbH',
        short_name: 'SFG',
        company_type: 'freight_forwarder',
        account_type: 'enterprise',
        prefered_language: 'de',
        operating_country: 'de',
        currency: 'eur',
        timezone: 'Europe/Kiev',
        address: 'Am Sandtorkai 1\n20457 Hamburg',
        phone: '+49 40 555 0100',
        is_subscribed_for_campaign: true,
        twoFactorAuth: true,
        account_setup: true,
        logoFileId: logo._id,
      };
      const response = await inject({
        method: 'PATCH',
        url: '/companies/current',
        token: admin.jwt,
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      const expected = {
        ...payload,
        operating_country: 'DE',
        currency: 'EUR',
        // Old names are stored as today's.
        timezone: 'Europe/Kyiv',
      };
      expect((response.json() as { data: TCompany }).data).toMatchObject(expected);
      const reread = await inject({ url: '/companies/current', token: admin.jwt });
      expect((reread.json() as { data: TCompany }).data).toMatchObject(expected);

      const [audit] = await auditsOf('company', admin.companyId);
      expect(audit).toMatchObject({ action: 'update', actorUserId: admin.userId });
      expect(audit?.before).toMatchObject({ name: 'Settings Freight', twoFactorAuth: false, currency: null });
      expect(audit?.after).toMatchObject({
        name: 'Settings Freight GmbH',
        twoFactorAuth: true,
        currency: 'EUR',
      });

      // Turned off again so later sign-ins in this file need no mailed code.
      const off = await inject({
        method: 'PATCH',
        url: '/companies/current',
        token: admin.jwt,
        payload: { twoFactorAuth: false, timezone: null },
      });
      expect((off.json() as { data: TCompany }).data).toMatchObject({ twoFactorAuth: false, timezone: null });
    });

    it.each([
      ['an unknown country', { operating_country: 'XX' }, 'operating_country'],
      ['a malformed country', { operating_country: 'Germany' }, 'operating_country'],
      ['an unknown currency', { currency: 'ABC' }, 'currency'],
      ['an unknown time zone', { timezone: 'Mars/Olympus_Mons' }, 'timezone'],
      ['a language off the list', { prefered_language: 'tlh' }, 'prefered_language'],
      ['a company type off the list', { company_type: 'pirate' }, 'company_type'],
      ['a short name too long', { short_name: 'x'.repeat(41) }, 'short_name'],
      ['a wrong type', { twoFactorAuth: 'yes' }, 'twoFactorAuth'],
      ['an unknown field', { colour: 'blue' }, ''],
      ['the plan', { subscripedPlan: { name: 'Enterprise', expiryDate: '2099-01-01' } }, 'subscripedPlan'],
      ['the plan name', { planName: 'Enterprise' }, 'planName'],
      ['the expiry date', { expiryDate: '2099-01-01' }, 'expiryDate'],
      ['the status', { status: 'active' }, 'status'],
      ['a logo of another company', { logoFileId: '' }, 'logoFileId'],
    ])('answers 400 for %s and changes nothing', async (_label, payload, field) => {
      const body =
        'logoFileId' in payload
          ? { logoFileId: (await uploadImage(other.jwt, tinyPng, 'theirs.png'))._id }
          : payload;
      const before = await inject({ url: '/companies/current', token: admin.jwt });
      const response = await inject({
        method: 'PATCH',
        url: '/companies/current',
        token: admin.jwt,
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
      if (field) expect(fieldsOf(response.body)).toContain(field);
      const after = await inject({ url: '/companies/current', token: admin.jwt });
      expect(after.json()).toEqual(before.json());
    });

    it('says why the plan cannot be set', async () => {
      const response = await inject({
        method: 'PATCH',
        url: '/companies/current',
        token: admin.jwt,
        payload: { subscripedPlan: { name: 'Gold', expiryDate: '2099-01-01' } },
      });
      expect(response.json()).toMatchObject({
        error: { message: expect.stringContaining('The plan and its expiry date cannot be changed here') },
      });
    });

    it('refuses a Viewer or Member the edit with 403, and everyone without a token with 401', async () => {
      for (const token of [viewer.jwt, member.jwt]) {
        const response = await inject({
          method: 'PATCH',
          url: '/companies/current',
          token,
          payload: { name: 'Hijacked Ltd' },
        });
        expect(response.statusCode).toBe(403);
      }
      expect((await inject({ url: '/companies/current' })).statusCode).toBe(401);
      expect(
        (await inject({ method: 'PATCH', url: '/companies/current', payload: { name: 'Nobody' } }))
          .statusCode,
      ).toBe(401);
      const company = await inject({ url: '/companies/current', token: admin.jwt });
      expect((company.json() as { data: TCompany }).data.name).not.toBe('Hijacked Ltd');
    });

    it('only ever shows and edits the caller’s own company', async () => {
      const theirs = await inject({ url: '/companies/current', token: other.jwt });
      expect((theirs.json() as { data: TCompany }).data._id).toBe(other.companyId);
      await inject({
        method: 'PATCH',
        url: '/companies/current',
        token: other.jwt,
        payload: { short_name: 'OF' },
      });
      const ours = await inject({ url: '/companies/current', token: admin.jwt });
      expect((ours.json() as { data: TCompany }).data.short_name).not.toBe('OF');
    });
  });
});
