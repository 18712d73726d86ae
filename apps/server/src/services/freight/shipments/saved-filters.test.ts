import type { TSavedFilter } from '@cargodesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompanyMember } from '../../../../test/company-members.ts';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { auditReader, routeCaller } from '../../../../test/route-helpers.ts';
import { startIamTestApp, type TIamTestApp } from '../../access/access-test-support.ts';

// The shipments list's saved filters, kept in the store the contacts list shares (decision 045):
// each list sees only its own, and sharing follows the list's write permission.

describe.each(behaviourDatabaseKinds)('saved shipment filters on %s', (kind) => {
  let testApp: TIamTestApp;
  const call = routeCaller(() => testApp.app, '/freightserver/api/v1');
  const contactCall = routeCaller(() => testApp.app, '/contactserver/api/v1');
  const auditOf = auditReader(() => testApp.database.db);

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('keeps a filter private unless shared, lets only shipments writers share or remove shared ones, and audits', async () => {
    const admin = await testApp.register('shipment-filters');
    const viewer = await addCompanyMember(testApp, { companyId: admin.companyId, role: 'viewer' });
    const created = await call('POST', '/shipment-filters', admin.jwt, {
      name: 'Arriving in May by sea',
      query: {
        mode: 'sea',
        arrivalFrom: '2026-05-01',
        arrivalTo: '2026-05-31',
        q: '',
        sort: '-plannedArrival',
      },
      isShared: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const shared = (created.json() as { data: TSavedFilter }).data;
    expect(shared.query).toEqual({
      mode: 'sea',
      arrivalFrom: '2026-05-01',
      arrivalTo: '2026-05-31',
      sort: '-plannedArrival',
    });
    const own = await call('POST', '/shipment-filters', viewer.jwt, {
      name: 'Late ones',
      query: { isLate: 'true' },
    });
    expect(own.statusCode, own.body).toBe(201);
    const ownId = (own.json() as { data: TSavedFilter }).data._id;

    const namesFor = async (jwt: string) =>
      ((await call('GET', '/shipment-filters', jwt)).json() as { data: TSavedFilter[] }).data.map(
        (filter) => [filter.name, filter.isMine],
      );
    expect(await namesFor(viewer.jwt)).toEqual([
      ['Arriving in May by sea', false],
      ['Late ones', true],
    ]);
    expect(await namesFor(admin.jwt)).toEqual([['Arriving in May by sea', true]]);
    // The contacts list has filters of its own, in the same store, and sees none of these.
    const contactFilter = await contactCall('POST', '/contact-filters', admin.jwt, {
      name: 'Carriers',
      query: { role: 'carrier' },
    });
    expect(contactFilter.statusCode, contactFilter.body).toBe(201);
    const contactFilterId = (contactFilter.json() as { data: TSavedFilter }).data._id;
    expect(await namesFor(admin.jwt)).toEqual([['Arriving in May by sea', true]]);
    expect((await call('DELETE', `/shipment-filters/${contactFilterId}`, admin.jwt)).statusCode).toBe(404);

    const refused = async (method: 'POST' | 'DELETE', url: string, jwt: string, body?: object) =>
      (await call(method, url, jwt, body)).statusCode;
    expect(
      await refused('POST', '/shipment-filters', viewer.jwt, { name: 'All', query: {}, isShared: true }),
    ).toBe(403);
    expect(await refused('DELETE', `/shipment-filters/${shared._id}`, viewer.jwt)).toBe(403);
    expect(await refused('DELETE', `/shipment-filters/${ownId}`, admin.jwt)).toBe(404);
    for (const query of [
      { mode: 'road-train' },
      { arrivalFrom: '2026-13-45' },
      { page: '2' },
      { isLate: 'yes' },
    ]) {
      const response = await call('POST', '/shipment-filters', admin.jwt, { name: 'Bad', query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect((response.json() as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
    const other = await testApp.register('shipment-filters-other');
    expect(await refused('DELETE', `/shipment-filters/${shared._id}`, other.jwt)).toBe(404);
    expect(await namesFor(other.jwt)).toEqual([]);

    expect((await call('DELETE', `/shipment-filters/${shared._id}`, admin.jwt)).statusCode).toBe(200);
    expect(await namesFor(viewer.jwt)).toEqual([['Late ones', true]]);
    const trail = await auditOf(admin.companyId, { entityType: 'shipment-filter' });
    expect(trail.map((event) => [event.action, event.entityId])).toEqual([
      ['create', shared._id],
      ['create', ownId],
      ['delete', shared._id],
    ]);
  });
});
