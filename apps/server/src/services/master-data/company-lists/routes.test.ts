import type { TBusinessType, TListMeta, TReceivingLocation } from '@cargodesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { auditReader, routeCaller } from '../../../../test/route-helpers.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../../access/access-test-support.ts';

const base = '/master/api/v1';

describe.each(behaviourDatabaseKinds)('master business types and receiving locations on %s', (kind) => {
  let testApp: TIamTestApp;
  let alpha: TRegistered;
  let bravo: TRegistered;
  let viewer: TRegistered;

  const call = routeCaller(() => testApp.app, base);
  const auditOf = auditReader(() => testApp.database.db);

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    alpha = await testApp.register('lists-alpha', 'Alpha Lists');
    bravo = await testApp.register('lists-bravo', 'Bravo Lists');
    viewer = await testApp.addUser(alpha, { label: 'lists-viewer', role: { systemKey: 'viewer' } });
  });
  afterAll(async () => testApp?.close());

  it('creates, lists, edits and deletes business types with audit rows', async () => {
    const created = await call('POST', '/type', alpha.jwt, {
      name: 'Consignee',
      description: 'Receives the goods',
    });
    expect(created.statusCode, created.body).toBe(201);
    const type = (created.json() as { data: TBusinessType }).data;
    expect(type).toMatchObject({ name: 'Consignee', isActive: true });
    await call('POST', '/type', alpha.jwt, { name: 'Shipper' });
    expect((await call('POST', '/type', alpha.jwt, { name: 'Shipper' })).statusCode).toBe(409);
    const list = (await call('GET', '/type?sort=-name', alpha.jwt)).json() as {
      data: TBusinessType[];
      meta: TListMeta;
    };
    expect(list.data.map((entry) => entry.name)).toEqual(['Shipper', 'Consignee']);
    expect(((await call('GET', '/type?q=goods', alpha.jwt)).json() as { meta: TListMeta }).meta.total).toBe(
      1,
    );
    expect(((await call('GET', '/type', bravo.jwt)).json() as { meta: TListMeta }).meta.total).toBe(0);
    expect((await call('PATCH', `/type/${type._id}`, bravo.jwt, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('PATCH', `/type/${type._id}`, alpha.jwt, { name: 'Shipper' })).statusCode).toBe(409);
    const edited = await call('PATCH', `/type/${type._id}`, alpha.jwt, { isActive: false });
    expect((edited.json() as { data: TBusinessType }).data.isActive).toBe(false);
    expect(
      ((await call('GET', '/type?active=false', alpha.jwt)).json() as { meta: TListMeta }).meta.total,
    ).toBe(1);
    expect((await call('DELETE', `/type/${type._id}`, alpha.jwt)).statusCode).toBe(200);
    expect((await call('GET', `/type/${type._id}`, alpha.jwt)).statusCode).toBe(404);
    expect((await auditOf(alpha.companyId, { entityId: type._id })).map((event) => event.action)).toEqual([
      'create',
      'update',
      'delete',
    ]);
  });

  it('keeps receiving locations per company with unique codes', async () => {
    const body = {
      code: 'RTM-CFS1',
      name: 'Maasvlakte CFS',
      city: 'Rotterdam',
      countryCode: 'NL',
      locode: 'NLRTM',
    };
    const created = await call('POST', '/receivinglocation', alpha.jwt, body);
    expect(created.statusCode, created.body).toBe(201);
    const location = (created.json() as { data: TReceivingLocation }).data;
    expect(location).toMatchObject({ ...body, address: '', isActive: true });
    expect((await call('POST', '/receivinglocation', alpha.jwt, body)).statusCode).toBe(409);
    expect((await call('POST', '/receivinglocation', bravo.jwt, body)).statusCode).toBe(201);
    const found = (await call('GET', '/receivinglocation?q=maasvlakte', alpha.jwt)).json() as {
      data: TReceivingLocation[];
    };
    expect(found.data.map((entry) => entry._id)).toEqual([location._id]);
    expect((await call('GET', `/receivinglocation/${location._id}`, bravo.jwt)).statusCode).toBe(404);
    expect((await call('DELETE', `/receivinglocation/${location._id}`, bravo.jwt)).statusCode).toBe(404);
    const moved = await call('PATCH', `/receivinglocation/${location._id}`, alpha.jwt, {
      address: 'Europaweg 1',
    });
    expect((moved.json() as { data: TReceivingLocation }).data.address).toBe('Europaweg 1');
    expect((await auditOf(alpha.companyId, { entityId: location._id })).map((event) => event.action)).toEqual(
      ['create', 'update'],
    );
  });

  it('answers 400 for bad bodies, 403 to a viewer who writes, 401 without a session', async () => {
    const valid = { code: 'WH-2', name: 'Warehouse 2', countryCode: 'NL' };
    for (const body of [
      { ...valid, code: 'wh 2' },
      { ...valid, countryCode: 'QQ' },
      { ...valid, countryCode: 'nl' },
      { ...valid, locode: 'Rotterdam' },
      { ...valid, name: '' },
      { ...valid, name: 'x'.repeat(121) },
      { ...valid, extra: 1 },
    ]) {
      expect(
        (await call('POST', '/receivinglocation', alpha.jwt, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect((await call('POST', '/type', alpha.jwt, { name: 42 })).statusCode).toBe(400);
    expect((await call('GET', '/type?sort=secret', alpha.jwt)).statusCode).toBe(400);
    expect((await call('GET', '/type', viewer.jwt)).statusCode).toBe(200);
    expect((await call('POST', '/type', viewer.jwt, { name: 'Agent' })).statusCode).toBe(403);
    expect((await call('POST', '/receivinglocation', viewer.jwt, valid)).statusCode).toBe(403);
    expect((await call('GET', '/receivinglocation')).statusCode).toBe(401);
  });
});
