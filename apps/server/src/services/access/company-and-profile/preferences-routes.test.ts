import type { TUserPreferences } from '@cargodesk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompanyMember } from '../../../../test/company-members.ts';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { auditEvents, users } from '../../../db/schema/index.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../access-test-support.ts';

const url = '/iamserver/api/v1/users/me/preferences';

describe.each(behaviourDatabaseKinds)('the signed-in user’s formatting preferences on %s', (kind) => {
  let testApp: TIamTestApp;
  let admin: TRegistered;
  let viewer: Awaited<ReturnType<typeof addCompanyMember>>;

  const call = (token: string | undefined, method: 'GET' | 'PATCH' = 'GET', payload?: object) =>
    testApp.app.inject({
      method,
      url,
      headers: token === undefined ? {} : { authorization: token },
      ...(payload ? { payload } : {}),
    });
  const dataOf = (body: string) => (JSON.parse(body) as { data: TUserPreferences }).data;
  const errorOf = (body: string) =>
    (JSON.parse(body) as { error: { code: string; details?: { fields?: { field: string }[] } } }).error;

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    admin = await testApp.register('prefs-admin', 'Preference Freight');
    viewer = await addCompanyMember(testApp, { companyId: admin.companyId, role: 'viewer' });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('starts with nothing chosen: every field follows the browser', async () => {
    const response = await call(viewer.jwt);
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf(response.body)).toEqual({
      language: null,
      timeZone: null,
      dateFormat: null,
      numberFormat: null,
    });
  });

  it('stores what a Viewer chooses (no permission needed), keeps the rest, and audits the change', async () => {
    const first = await call(viewer.jwt, 'PATCH', {
      language: 'en-US',
      timeZone: 'America/New_York',
      dateFormat: 'yyyy-mm-dd',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(dataOf(first.body)).toEqual({
      language: 'en-US',
      timeZone: 'America/New_York',
      dateFormat: 'yyyy-mm-dd',
      numberFormat: null,
    });

    const second = await call(viewer.jwt, 'PATCH', { numberFormat: '1.234,56', language: null });
    expect(dataOf(second.body)).toEqual({
      language: null,
      timeZone: 'America/New_York',
      dateFormat: 'yyyy-mm-dd',
      numberFormat: '1.234,56',
    });
    expect(dataOf((await call(viewer.jwt)).body)).toEqual(dataOf(second.body));

    // The admin's own preferences are theirs: untouched by the viewer's.
    expect(dataOf((await call(admin.jwt)).body).timeZone).toBeNull();

    const audits = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'user'), eq(auditEvents.entityId, viewer.userId)))
      .orderBy(auditEvents.occurredAt);
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ action: 'update', actorUserId: viewer.userId });
    expect(audits[0]?.before).toMatchObject({ timeZone: null });
    expect(audits[0]?.after).toMatchObject({ timeZone: 'America/New_York', dateFormat: 'yyyy-mm-dd' });
  });

  it('stores an old zone name by its canonical name, and null goes back to the browser’s', async () => {
    const renamed = await call(admin.jwt, 'PATCH', { timeZone: 'Europe/Kiev' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(dataOf(renamed.body).timeZone).toBe('Europe/Kyiv');
    const cleared = await call(admin.jwt, 'PATCH', { timeZone: null });
    expect(dataOf(cleared.body).timeZone).toBeNull();
  });

  it('does not touch the user’s updatedAt, nor write an audit entry for an empty change', async () => {
    const [before] = await testApp.database.db.select().from(users).where(eq(users.id, admin.userId));
    const response = await call(admin.jwt, 'PATCH', {});
    expect(response.statusCode, response.body).toBe(200);
    await call(admin.jwt, 'PATCH', { dateFormat: 'dd.mm.yyyy' });
    const [after] = await testApp.database.db.select().from(users).where(eq(users.id, admin.userId));
    expect(after?.updatedAt).toEqual(before?.updatedAt);
    expect(after?.dateFormat).toBe('dd.mm.yyyy');
  });

  it.each([
    [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
    [{ timeZone: '../etc/passwd' }, 'timeZone'],
    [{ timeZone: '' }, 'timeZone'],
    [{ language: 'de-DE' }, 'language'],
    [{ dateFormat: 'dd-mm-yy' }, 'dateFormat'],
    [{ numberFormat: '1_234.56' }, 'numberFormat'],
    [{ theme: 'dark' }, ''],
  ])('refuses %j with a 400 naming the field', async (payload, field) => {
    const response = await call(viewer.jwt, 'PATCH', payload);
    expect(response.statusCode, response.body).toBe(400);
    const error = errorOf(response.body);
    expect(error.code).toBe('VALIDATION_FAILED');
    if (field) expect(error.details?.fields?.map((entry) => entry.field)).toContain(field);
  });

  it('answers 401 without a token', async () => {
    expect((await call(undefined)).statusCode).toBe(401);
    expect((await call(undefined, 'PATCH', { language: 'en-GB' })).statusCode).toBe(401);
  });
});
