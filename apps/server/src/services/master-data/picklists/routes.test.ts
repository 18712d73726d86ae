import type { TDropdownGroup, TPicklistGroup } from '@cargodesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { auditReader, routeCaller } from '../../../../test/route-helpers.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../../access/access-test-support.ts';

const base = '/master/api/v1';

describe.each(behaviourDatabaseKinds)('master picklists on %s', (kind) => {
  let testApp: TIamTestApp;
  let alpha: TRegistered;
  let bravo: TRegistered;
  let viewer: TRegistered;

  const call = routeCaller(() => testApp.app, base);
  const auditOf = auditReader(() => testApp.database.db);

  const groupsOf = async (token: string) => {
    const response = await call('GET', '/dropdown-groups?module=home', token);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: TPicklistGroup[] }).data;
  };
  const startup = async (token: string) =>
    ((await call('GET', '/dropdown?module=home', token)).json() as { data: TDropdownGroup[] }).data;

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    alpha = await testApp.register('picklists-alpha', 'Alpha Picklists');
    bravo = await testApp.register('picklists-bravo', 'Bravo Picklists');
    viewer = await testApp.addUser(alpha, { label: 'picklists-viewer', role: { systemKey: 'viewer' } });
  });
  afterAll(async () => testApp?.close());

  it('starts every company from the default home picklists', async () => {
    const groups = await groupsOf(alpha.jwt);
    expect(groups.map((group) => group.key)).toEqual(['company_type', 'account_type', 'prefered_language']);
    expect(groups[2]?.values[0]).toMatchObject({
      label: 'English',
      value: 'en',
      order: 1,
      isActive: true,
      colour: null,
    });
    const lists = await startup(alpha.jwt);
    expect(lists[2]?.values[0]).toEqual({ label: 'English', value: 'en', order: 1 });
    // A viewer may read the lists.
    expect((await groupsOf(viewer.jwt)).length).toBe(3);
  });

  it('reorders a picklist and the start-up list follows with a new ETag, for this company only', async () => {
    const before = await call('GET', '/dropdown?module=home', alpha.jwt);
    const etag = String(before.headers.etag);
    const [, accountType] = await groupsOf(alpha.jwt);
    if (!accountType) throw new Error('no account_type group');
    const reversed = [...accountType.values].reverse().map((value) => value._id);
    const response = await call('PUT', `/dropdown-groups/${accountType._id}/order`, alpha.jwt, {
      valueIds: reversed,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { data: TPicklistGroup }).data.values.map((value) => value.value)).toEqual([
      'partner',
      'agent',
      'enterprise',
      'business',
    ]);
    const after = await call('GET', '/dropdown?module=home', alpha.jwt, undefined, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    const lists = (after.json() as { data: TDropdownGroup[] }).data;
    expect(lists[1]?.values.map((value) => [value.value, value.order])).toEqual([
      ['partner', 1],
      ['agent', 2],
      ['enterprise', 3],
      ['business', 4],
    ]);
    expect((await startup(bravo.jwt))[1]?.values[0]?.value).toBe('business');
    const [event] = (await auditOf(alpha.companyId, { entityType: 'picklist-group' })).filter(
      (row) => row.entityId === accountType._id,
    );
    expect(event?.after).toEqual({ order: ['partner', 'agent', 'enterprise', 'business'] });

    for (const valueIds of [
      reversed.slice(1),
      [...reversed, reversed[0]],
      [...reversed.slice(1), crypto.randomUUID()],
    ]) {
      expect(
        (await call('PUT', `/dropdown-groups/${accountType._id}/order`, alpha.jwt, { valueIds })).statusCode,
      ).toBe(400);
    }
  });

  it('adds, edits, deactivates and deletes values; inactive values leave the start-up list', async () => {
    const [companyType] = await groupsOf(alpha.jwt);
    if (!companyType) throw new Error('no company_type group');
    const added = await call('POST', `/dropdown-groups/${companyType._id}/values`, alpha.jwt, {
      label: 'Rail operator',
      value: 'rail_operator',
      colour: '#1677ff',
    });
    expect(added.statusCode, added.body).toBe(201);
    const group = (added.json() as { data: TPicklistGroup }).data;
    const rail = group.values.at(-1);
    expect(rail).toMatchObject({ value: 'rail_operator', order: 10, colour: '#1677ff' });
    const duplicate = await call('POST', `/dropdown-groups/${companyType._id}/values`, alpha.jwt, {
      label: 'Again',
      value: 'rail_operator',
    });
    expect(duplicate.statusCode).toBe(409);
    // Without a value the label makes one, numbered when the picklist holds it already, and it stays
    // when the label changes.
    const madeFromLabel = async (label: string) => {
      const response = await call('POST', `/dropdown-groups/${companyType._id}/values`, alpha.jwt, { label });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { data: TPicklistGroup }).data.values.at(-1);
    };
    const barge = await madeFromLabel('Barge line');
    expect(barge?.value).toBe('barge_line');
    expect((await madeFromLabel('Rail-operator'))?.value).toBe('rail_operator_2');
    const renamed = await call('PATCH', `/dropdown/${barge?._id}`, alpha.jwt, { label: 'Inland barge' });
    expect(
      (renamed.json() as { data: TPicklistGroup }).data.values.find((value) => value._id === barge?._id),
    ).toMatchObject({ label: 'Inland barge', value: 'barge_line' });

    const nvocc = group.values.find((value) => value.value === 'nvocc');
    const off = await call('PATCH', `/dropdown/${nvocc?._id}`, alpha.jwt, {
      isActive: false,
      label: 'NVOCC (old)',
    });
    expect(off.statusCode, off.body).toBe(200);
    const offered = (await startup(alpha.jwt))[0]?.values.map((value) => value.value) ?? [];
    expect(offered).not.toContain('nvocc');
    expect(offered).toContain('rail_operator');
    expect((await call('DELETE', `/dropdown/${rail?._id}`, alpha.jwt)).statusCode).toBe(200);
    const events = await auditOf(alpha.companyId, { entityType: 'picklist-value' });
    expect(events.map((event) => event.action)).toEqual([
      'create',
      'create',
      'create',
      'update',
      'update',
      'delete',
    ]);
    expect(events[1]).toMatchObject({ after: expect.objectContaining({ value: 'barge_line' }) });
    expect(events[4]).toMatchObject({
      before: expect.objectContaining({ isActive: true, label: 'NVOCC' }),
      after: expect.objectContaining({ isActive: false, label: 'NVOCC (old)' }),
    });
  });

  it('creates, renames and deletes a group of another module', async () => {
    const created = await call('POST', '/dropdown-groups', alpha.jwt, {
      module: 'shipments',
      key: 'incoterm',
      label: 'Incoterm',
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = (created.json() as { data: TPicklistGroup }).data;
    expect(
      (
        await call('POST', '/dropdown-groups', alpha.jwt, {
          module: 'shipments',
          key: 'incoterm',
          label: 'X',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await call('PATCH', `/dropdown-groups/${group._id}`, alpha.jwt, { label: 'Incoterms 2020' }))
        .statusCode,
    ).toBe(200);
    await call('POST', `/dropdown-groups/${group._id}/values`, alpha.jwt, { label: 'FOB', value: 'fob' });
    expect((await startup(alpha.jwt)).length).toBe(3);
    const shipments = (await call('GET', '/dropdown?module=shipments', alpha.jwt)).json() as {
      data: TDropdownGroup[];
    };
    expect(shipments.data).toEqual([
      { group: 'incoterm', label: 'Incoterms 2020', values: [{ label: 'FOB', value: 'fob', order: 1 }] },
    ]);
    // Bravo reaches none of it.
    expect(
      (await call('PATCH', `/dropdown-groups/${group._id}`, bravo.jwt, { label: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/dropdown-groups/${group._id}`, bravo.jwt)).statusCode).toBe(404);
    expect((await call('DELETE', `/dropdown-groups/${group._id}`, alpha.jwt)).statusCode).toBe(200);
    expect((await call('GET', '/dropdown?module=shipments', alpha.jwt)).json()).toEqual({ data: [] });
  });

  it('answers 400 for bad bodies and 403 to a viewer who writes', async () => {
    const [group] = await groupsOf(alpha.jwt);
    for (const body of [
      { label: '', value: 'x' },
      { label: 'X', value: 'Has Spaces' },
      { label: 'X', value: 'x', colour: 'red' },
      { label: 'x'.repeat(81), value: 'x' },
      { label: 'X', value: 'x', extra: true },
      { label: 7, value: 'x' },
    ]) {
      const response = await call('POST', `/dropdown-groups/${group?._id}/values`, alpha.jwt, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('GET', '/dropdown-groups', alpha.jwt)).statusCode).toBe(400);
    expect((await call('GET', '/dropdown-groups?module=Bad Module', alpha.jwt)).statusCode).toBe(400);
    const write = await call('POST', `/dropdown-groups/${group?._id}/values`, viewer.jwt, {
      label: 'V',
      value: 'v',
    });
    expect(write.statusCode).toBe(403);
    expect((await call('GET', '/dropdown-groups?module=home')).statusCode).toBe(401);
  });
});
