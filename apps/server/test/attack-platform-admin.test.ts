import type { TPlatformAuditEvent, TPortImport } from '@cargodesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { identityAccounts } from '../src/db/schema/index.ts';
import { runPlatformAdminCommand } from '../src/identity/platform-admin-command.ts';
import {
  startIamTestApp,
  type TIamTestApp,
  type TRegistered,
  uniqueEmail,
} from '../src/services/access/access-test-support.ts';
import { behaviourDatabaseKinds } from './databases.ts';

// docs/security.md: platform rights are a flag the operator's CLI sets on one identity account. Signing
// up with the operator's address — in either identity project — gains nothing.

const port = (location: string, name: string) =>
  ['+', 'NL', location, name, name, '', 'AI', '1-------', '2401', '', '5300N 00600E', '']
    .map((cell) => `"${cell}"`)
    .join(',');

describe.each(behaviourDatabaseKinds)('platform rights on %s', (kind) => {
  let testApp: TIamTestApp;
  let operator: TRegistered;
  const operatorEmail = uniqueEmail('platform-operator');

  const tryApply = async (caller: TRegistered, location: string) => {
    const upload = await testApp.app.inject({
      method: 'POST',
      url: '/master/api/v1/oceanport/imports',
      headers: { authorization: caller.jwt, 'content-type': 'text/csv', 'x-file-name': 'CodeListPart1.csv' },
      payload: port(location, `Haven ${location}`),
    });
    // Only the operator may upload a catalogue: anyone else is refused before the file is read.
    if (upload.statusCode !== 201) return upload;
    const { _id } = (upload.json() as { data: TPortImport }).data;
    return testApp.app.inject({
      method: 'POST',
      url: `/master/api/v1/oceanport/imports/${_id}/apply`,
      headers: { authorization: caller.jwt },
      payload: {},
    });
  };
  const command = (args: string[]) =>
    runPlatformAdminCommand(testApp.database.db, { args, defaultProject: 'test' });

  beforeAll(async () => {
    // The production project answers requests for this host (docs/product.md §1).
    testApp = await startIamTestApp({ kind, environment: { PRODUCTION_HOST: 'production.cargodesk.test' } });
    operator = await testApp.register('platform-operator', 'Operator Freight', { email: operatorEmail });
  });
  afterAll(async () => testApp?.close());

  it('grants nothing by email: an unverified account, or one in the other project, is refused', async () => {
    // The operator's own account is not flagged yet, and an unverified one cannot be.
    expect((await tryApply(operator, 'ZPA')).statusCode).toBe(403);
    expect(await command(['add', operatorEmail])).toEqual({
      exitCode: 1,
      output: expect.stringContaining('is not verified yet'),
    });
    expect(await command(['add', uniqueEmail('nobody')])).toMatchObject({ exitCode: 1 });
    await testApp.grantPlatformAdmin(operatorEmail);
    expect((await tryApply(operator, 'ZPB')).statusCode).toBe(200);

    // An outsider signs up with the same address in the other project and registers a company.
    const { idToken } = await testApp.signUp(operatorEmail, { project: 'production' });
    const registered = await testApp.app.inject({
      method: 'POST',
      url: '/iamserver/api/v1/auth',
      headers: { authorization: idToken, host: 'production.cargodesk.test' },
      payload: { companyName: 'Lookalike Freight', firstName: 'Eve', lastName: 'Outsider' },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const outsider = { ...operator, jwt: registered.json().data.jwt as string };
    const refused = await tryApply(outsider, 'ZPC');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/platform administrator/);
  });

  it('stops counting once the address is no longer verified, and after remove', async () => {
    const email = uniqueEmail('platform-second');
    const second = await testApp.register('platform-second', 'Second Operator Freight', { email });
    await testApp.grantPlatformAdmin(email);
    expect((await command(['list'])).output).toContain(email);
    // Changing the address unverifies it: the flag rests until it is proved again.
    await testApp.database.db
      .update(identityAccounts)
      .set({ emailVerified: false })
      .where(eq(identityAccounts.email, email));
    expect((await tryApply(second, 'ZPD')).statusCode).toBe(403);
    expect((await command(['list'])).output).toContain(`${email}  (inactive`);
    await testApp.database.db
      .update(identityAccounts)
      .set({ emailVerified: true })
      .where(eq(identityAccounts.email, email));
    expect((await tryApply(second, 'ZPE')).statusCode).toBe(200);
    expect(await command(['remove', email])).toMatchObject({ exitCode: 0 });
    expect((await tryApply(second, 'ZPF')).statusCode).toBe(403);
  });
});

describe.each(behaviourDatabaseKinds)('the platform console on %s', (kind) => {
  let testApp: TIamTestApp;
  const callConsole = (caller: TRegistered, url = '/iamserver/api/v1/app-admin/companies') =>
    testApp.app.inject({ url, headers: { authorization: caller.jwt } });

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
  });
  afterAll(async () => testApp?.close());

  it('opens to the flag alone: not to a company admin, and no longer once the operator removes it', async () => {
    const email = uniqueEmail('console-operator');
    const operator = await testApp.register('console-operator', 'Console Operator Freight', { email });
    const customer = await testApp.register('console-target');
    // Every permission of one's own company is not platform rights.
    for (const url of [
      '/iamserver/api/v1/app-admin/companies',
      `/iamserver/api/v1/companies/${operator.companyId}/users`,
      '/iamserver/api/v1/app-admin/audit',
    ]) {
      const refused = await callConsole(customer, url);
      expect(refused.statusCode, url).toBe(403);
    }
    await testApp.grantPlatformAdmin(email);
    expect((await callConsole(operator)).statusCode).toBe(200);
    // The flag is read on every request: removal takes effect on the next one, with the same token.
    const removed = await runPlatformAdminCommand(testApp.database.db, {
      args: ['remove', email],
      defaultProject: 'test',
    });
    expect(removed.exitCode).toBe(0);
    expect((await callConsole(operator)).statusCode).toBe(403);
  });

  it('puts an applied catalogue import on the platform trail', async () => {
    const email = uniqueEmail('catalogue-operator');
    const operator = await testApp.register('catalogue-operator', 'Catalogue Operator Freight', { email });
    await testApp.grantPlatformAdmin(email);
    const upload = await testApp.app.inject({
      method: 'POST',
      url: '/master/api/v1/oceanport/imports',
      headers: {
        authorization: operator.jwt,
        'content-type': 'text/csv',
        'x-file-name': 'CodeListPart1.csv',
      },
      payload: port('ZPT', 'Haven Trail'),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { _id } = (upload.json() as { data: TPortImport }).data;
    const applied = await testApp.app.inject({
      method: 'POST',
      url: `/master/api/v1/oceanport/imports/${_id}/apply`,
      headers: { authorization: operator.jwt },
      payload: {},
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const trail = await callConsole(
      operator,
      '/iamserver/api/v1/app-admin/audit?action=catalogue-import-apply',
    );
    const [entry] = (trail.json() as { data: TPlatformAuditEvent[] }).data.filter(
      (event) => (event.details as { importId?: string }).importId === _id,
    );
    expect(entry).toMatchObject({ actorEmail: email, companyId: null, action: 'catalogue-import-apply' });
  });
});

describe.each(behaviourDatabaseKinds)('FIRST_PLATFORM_ADMIN on %s', (kind) => {
  let testApp: TIamTestApp;
  const firstEmail = uniqueEmail('first-operator');
  const signInAgain = (who: TRegistered) =>
    testApp.app.inject({ url: '/iamserver/api/v1/auth/login', headers: { authorization: who.idToken } });
  const isSuperAdmin = async (jwt: string) => {
    const me = await testApp.app.inject({
      url: '/iamserver/api/v1/auth/fetch-users-by-token',
      headers: { authorization: jwt },
    });
    return (me.json() as { data: { isSuperAdmin?: boolean }[] }).data[0]?.isSuperAdmin;
  };
  const verify = (email: string) =>
    testApp.database.db
      .update(identityAccounts)
      .set({ emailVerified: true })
      .where(eq(identityAccounts.email, email.toLowerCase()));

  beforeAll(async () => {
    testApp = await startIamTestApp({
      kind,
      environment: { FIRST_PLATFORM_ADMIN: firstEmail.toUpperCase() },
    });
  });
  afterAll(async () => testApp?.close());

  it('makes the configured address an operator only once its holder proved it, and only on an empty installation', async () => {
    // Whoever signs up with the address first gains nothing until the address is proved.
    const first = await testApp.register('first-operator', 'First Operator Freight', { email: firstEmail });
    const unproved = await signInAgain(first);
    expect(unproved.statusCode, unproved.body).toBe(200);
    expect(await isSuperAdmin(unproved.json().data.jwt)).toBe(false);
    await verify(firstEmail);
    const proved = await signInAgain(first);
    expect(await isSuperAdmin(proved.json().data.jwt)).toBe(true);
    expect(
      (await runPlatformAdminCommand(testApp.database.db, { args: ['list'], defaultProject: 'test' })).output,
    ).toContain(firstEmail);

    // Once the operator has chosen (here: removed it), the setting grants nothing again.
    await runPlatformAdminCommand(testApp.database.db, {
      args: ['remove', firstEmail],
      defaultProject: 'test',
    });
    const second = await testApp.register('second-operator');
    await testApp.grantPlatformAdmin(second.email);
    const after = await signInAgain(first);
    expect(await isSuperAdmin(after.json().data.jwt)).toBe(false);
  });
});

describe('the retired PLATFORM_ADMIN_EMAILS', () => {
  it('stops the start with a line that says what to do instead', () => {
    expect(() => loadConfig({ PLATFORM_ADMIN_EMAILS: 'ops@example.com' })).toThrow(
      /PLATFORM_ADMIN_EMAILS.*npm run platform-admin -- add EMAIL/,
    );
  });
});
