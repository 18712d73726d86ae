import {
  systemRoles,
  type TListMeta,
  type TShipment,
  type TShipmentCounts,
  type TShipmentSummary,
} from '@cargodesk/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompanyMember } from '../../../../test/company-members.ts';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { answeredData, answeredError, auditReader, routeCaller } from '../../../../test/route-helpers.ts';
import { companyProducts, products } from '../../../db/schema/index.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../../access/access-test-support.ts';

const thisYear = new Date().getUTCFullYear();

describe.each(behaviourDatabaseKinds)('freightserver shipments on %s', (kind) => {
  let testApp: TIamTestApp;
  let admin: TRegistered;
  let shipper: string;
  let clerk: string;
  let consignee: string;
  const call = routeCaller(() => testApp.app, '/freightserver/api/v1');
  const contactCall = routeCaller(() => testApp.app, '/contactserver/api/v1');
  const auditOf = auditReader(() => testApp.database.db);
  const dataOf = answeredData;
  const errorOf = answeredError;
  const contact = async (jwt: string, body: object) =>
    (await dataOf<{ _id: string }>(contactCall('POST', '/contacts', jwt, body), 201))._id;

  const seaExport = () => ({
    mode: 'sea',
    direction: 'export',
    loadType: 'fcl',
    incoterm: 'FOB',
    incotermPlace: 'Rotterdam',
    parties: {
      customer: { organisationId: shipper },
      shipper: { organisationId: shipper, personId: clerk },
      consignee: { organisationId: consignee },
    },
    portOfLoading: 'nlrtm',
    portOfDischarge: 'CNSHA',
    vesselName: 'Ever Given',
    vesselImo: 'IMO 9811000',
    voyageNumber: '0123E',
    plannedDeparture: '2030-03-01T10:00:00Z',
    plannedArrival: '2030-04-02T08:00:00+08:00',
    marks: 'CARGODESK / SHANGHAI',
  });

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    admin = await testApp.register('shipments');
    shipper = await contact(admin.jwt, { kind: 'organisation', name: 'Harbour Exports BV' });
    clerk = await contact(admin.jwt, { kind: 'person', name: 'Ada Clerk', organisationId: shipper });
    consignee = await contact(admin.jwt, { kind: 'organisation', name: 'Pudong Imports Ltd' });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('creates a sea export with parties and routing, reads it back, and audits it', async () => {
    const created = await dataOf<TShipment>(call('POST', '/shipments', admin.jwt, seaExport()), 201);
    expect(created.reference).toMatch(new RegExp(`^SE-${thisYear}-\\d{5}$`));
    expect(created).toMatchObject({
      mode: 'sea',
      bookingStatus: 'RECEIVED',
      operationalStatus: 'draft',
      vesselImo: 'IMO 9811000',
      portOfLoading: { code: 'NLRTM', kind: 'oceanport', countryCode: 'NL' },
      portOfDischarge: { code: 'CNSHA', kind: 'oceanport' },
      plannedArrival: '2030-04-02T00:00:00.000Z',
      parties: {
        customer: { organisation: { _id: shipper, name: 'Harbour Exports BV' }, person: null },
        shipper: { organisation: { _id: shipper }, person: { _id: clerk, name: 'Ada Clerk' } },
        consignee: { organisation: { name: 'Pudong Imports Ltd' } },
        carrier: null,
      },
    });
    expect(created.bookingMoves).toContain('CONFIRMED');
    expect(await dataOf<TShipment>(call('GET', `/shipments/${created._id}`, admin.jwt))).toEqual(created);
    const [entry] = await auditOf(admin.companyId, { entityId: created._id });
    expect(entry).toMatchObject({ entityType: 'shipment', action: 'create' });
    expect(entry?.after).toMatchObject({ reference: created.reference, portOfLoading: 'NLRTM' });
  });

  it('takes air shipments from their own sequence and checks the air waybill number', async () => {
    const created = await dataOf<TShipment>(
      call('POST', '/shipments', admin.jwt, {
        mode: 'air',
        direction: 'import',
        loadType: 'loose',
        incoterm: 'FCA',
        portOfLoading: 'HKG',
        portOfDischarge: 'AMS',
        flightNumber: 'cx 270',
        airWaybillNumber: '160 1234 5675',
      }),
      201,
    );
    expect(created).toMatchObject({ flightNumber: 'CX270', airWaybillNumber: '160-12345675' });
    expect(created.reference).toMatch(new RegExp(`^AF-${thisYear}-00001$`));
    const bad = await errorOf(
      call('PATCH', `/shipments/${created._id}`, admin.jwt, { airWaybillNumber: '160-12345670' }),
      400,
    );
    expect(bad.message).toContain('airWaybillNumber');
    expect(bad.message).toContain('should be 5');
    expect(bad.details).toMatchObject({
      fields: [{ field: 'airWaybillNumber', params: { problem: 'check-digit', expectedDigit: 5 } }],
    });
  });

  it('refuses, naming the field, what does not fit the mode, the standards or the catalogues', async () => {
    const refusals: [object, string, string?][] = [
      [{ loadType: 'uld' }, 'loadType'],
      [
        { mode: 'air', loadType: 'loose', vesselImo: null, vesselName: null, voyageNumber: null },
        'incoterm',
        'FCA',
      ],
      [{ incoterm: null }, 'incotermPlace'],
      [{ vesselImo: '9811001' }, 'vesselImo', 'should be 0'],
      [{ vesselImo: 'Ever Given' }, 'vesselImo'],
      [{ flightNumber: 'LH8160' }, 'flightNumber'],
      [{ portOfLoading: 'XXZZZ' }, 'portOfLoading', 'XXZZZ'],
      [{ portOfLoading: 'AMS' }, 'portOfLoading'],
      [{ portOfDischarge: 'Shanghai port' }, 'portOfDischarge'],
      [{ plannedArrival: '2030-02-01T00:00:00Z' }, 'plannedArrival'],
      [{ plannedDeparture: '2030-02-30T00:00:00Z' }, 'plannedDeparture'],
      [{ mode: 'road' }, 'mode'],
      [{ direction: 'sideways' }, 'direction'],
      [{ parties: { carrier: { organisationId: clerk } } }, 'parties.carrier.organisationId'],
      [{ parties: { shipper: { organisationId: consignee, personId: clerk } } }, 'parties.shipper.personId'],
    ];
    for (const [change, field, words] of refusals) {
      const error = await errorOf(call('POST', '/shipments', admin.jwt, { ...seaExport(), ...change }), 400);
      expect(error.code, field).toBe('VALIDATION_FAILED');
      expect(error.message, field).toContain(field);
      if (words) expect(error.message, field).toContain(words);
    }
    // Nothing half-written: no refused creation took a number.
    const next = await dataOf<TShipment>(call('POST', '/shipments', admin.jwt, seaExport()), 201);
    expect(next.reference).toBe(`SE-${thisYear}-00002`);
  });

  it('edits a shipment whose port was retired since, and refuses the retired port newly chosen', async () => {
    const master = routeCaller(() => testApp.app, '/master/api/v1');
    const added = await master('POST', '/oceanport', admin.jwt, {
      code: 'NLQZX',
      name: 'Old Harbour Quay',
      countryCode: 'NL',
    });
    expect(added.statusCode, added.body).toBe(201);
    const { _id } = await dataOf<TShipment>(
      call('POST', '/shipments', admin.jwt, { ...seaExport(), portOfDischarge: 'NLQZX' }),
      201,
    );
    const removed = await master('DELETE', '/oceanport/NLQZX', admin.jwt);
    expect(removed.statusCode, removed.body).toBe(200);

    const edited = await dataOf<TShipment>(
      call('PATCH', `/shipments/${_id}`, admin.jwt, { notes: 'Call the consignee before delivery' }),
    );
    expect(edited).toMatchObject({
      notes: 'Call the consignee before delivery',
      portOfDischarge: { code: 'NLQZX' },
    });
    // Sent again unchanged, as a form saving every field does, the old port and parties stay.
    const resent = await dataOf<TShipment>(
      call('PATCH', `/shipments/${_id}`, admin.jwt, {
        portOfDischarge: 'NLQZX',
        vesselImo: 'IMO 9811000',
        parties: { shipper: { organisationId: shipper, personId: clerk } },
        marks: 'CARGODESK / ROTTERDAM',
      }),
    );
    expect(resent).toMatchObject({ marks: 'CARGODESK / ROTTERDAM', portOfDischarge: { code: 'NLQZX' } });

    for (const field of ['placeOfDelivery', 'portOfLoading']) {
      const refused = await errorOf(call('PATCH', `/shipments/${_id}`, admin.jwt, { [field]: 'NLQZX' }), 400);
      expect(refused.code).toBe('VALIDATION_FAILED');
      expect(refused.message).toContain('NLQZX');
      expect(refused.details).toMatchObject({ fields: [{ field }] });
    }
    const bad = await errorOf(call('PATCH', `/shipments/${_id}`, admin.jwt, { vesselImo: '9811001' }), 400);
    expect(bad.details).toMatchObject({ fields: [{ field: 'vesselImo' }] });
    const unchanged = await dataOf<TShipment>(call('GET', `/shipments/${_id}`, admin.jwt));
    expect(unchanged).toMatchObject({ placeOfDelivery: null, vesselImo: 'IMO 9811000' });
  });

  it('moves the booking only as DCSA Booking 2.0 allows', async () => {
    const { _id } = await dataOf<TShipment>(call('POST', '/shipments', admin.jwt, seaExport()), 201);
    const confirmed = await dataOf<TShipment>(
      call('POST', `/shipments/${_id}/booking-status`, admin.jwt, { status: 'CONFIRMED' }),
    );
    expect(confirmed).toMatchObject({ bookingStatus: 'CONFIRMED', operationalStatus: 'booked' });
    const departed = await dataOf<TShipment>(
      call('PATCH', `/shipments/${_id}`, admin.jwt, { actualDeparture: '2030-03-01T12:00:00Z' }),
    );
    expect(departed.operationalStatus).toBe('departed');
    const cancelled = await dataOf<TShipment>(
      call('POST', `/shipments/${_id}/booking-status`, admin.jwt, { status: 'CANCELLED' }),
    );
    expect(cancelled).toMatchObject({ operationalStatus: 'cancelled', bookingMoves: [] });
    const refused = await errorOf(
      call('POST', `/shipments/${_id}/booking-status`, admin.jwt, { status: 'CONFIRMED' }),
      409,
    );
    expect(refused.message).toContain('final');
    expect(refused.details).toMatchObject({ from: 'CANCELLED', to: 'CONFIRMED', allowed: [] });
    await errorOf(call('POST', `/shipments/${_id}/booking-status`, admin.jwt, { status: 'SHIPPED' }), 400);
    const moves = (await auditOf(admin.companyId, { entityId: _id })).map((entry) => entry.action);
    expect(moves).toEqual(['create', 'update', 'update', 'update']);
  });

  it('lists a page: searched, filtered, sorted, with totals', async () => {
    const company = await testApp.register('shipments-list');
    const org = await contact(company.jwt, { kind: 'organisation', name: 'Lisbon Wines SA' });
    const other = await contact(company.jwt, { kind: 'organisation', name: 'Oporto Cork Lda' });
    const make = (change: object) =>
      dataOf<TShipment>(
        call('POST', '/shipments', company.jwt, {
          mode: 'sea',
          direction: 'export',
          loadType: 'lcl',
          parties: { customer: { organisationId: org } },
          ...change,
        }),
        201,
      );
    const late = await make({ plannedArrival: '2020-01-01T00:00:00Z', billOfLadingNumber: 'MAEU123456789' });
    const soon = await make({
      plannedArrival: new Date(Date.now() + 60_000).toISOString(),
      parties: { customer: { organisationId: other } },
    });
    const air = await make({
      mode: 'air',
      loadType: 'uld',
      airWaybillNumber: '176-12345675',
      plannedDeparture: new Date(Date.now() + 60_000).toISOString(),
    });
    const list = async (query: string) => {
      const answered = await call('GET', `/shipments${query}`, company.jwt);
      expect(answered.statusCode, answered.body).toBe(200);
      return answered.json() as { data: TShipmentSummary[]; meta: TListMeta };
    };
    const all = await list('');
    expect(all.meta).toEqual({ total: 3, page: 1, pageSize: 20 });
    expect(all.data.map((row) => row._id)).toEqual([air._id, soon._id, late._id]);
    expect(all.data[1]?.customer).toEqual({ _id: other, name: 'Oporto Cork Lda' });
    const ids = async (query: string) => (await list(query)).data.map((row) => row._id);
    expect(await ids(`?q=${encodeURIComponent(late.reference)}`)).toEqual([late._id]);
    expect(await ids('?q=maeu1234')).toEqual([late._id]);
    // A piece inside a number, which begins none of them, is still found.
    expect(await ids('?q=3456789')).toEqual([late._id]);
    expect(await ids('?q=17612345675')).toEqual([air._id]);
    expect(await ids('?q=oporto')).toEqual([soon._id]);
    expect(await ids('?mode=air')).toEqual([air._id]);
    expect(await ids(`?partyId=${other}`)).toEqual([soon._id]);
    expect(await ids('?isLate=true')).toEqual([late._id]);
    expect(await ids('?arrivingThisWeek=true')).toEqual([soon._id]);
    expect(await ids('?departingThisWeek=true')).toEqual([air._id]);
    expect(await ids('?arrivalFrom=2019-12-31T00:00:00Z&arrivalTo=2020-01-02T00:00:00Z')).toEqual([late._id]);
    expect(await ids('?sort=plannedArrival')).toEqual([late._id, soon._id, air._id]);
    expect(await ids('?sort=-reference')).toEqual([soon._id, late._id, air._id]);
    expect(await ids('?sort=-reference&pageSize=1&page=2')).toEqual([late._id]);
    const page = await list('?pageSize=2&page=2');
    expect(page.meta).toEqual({ total: 3, page: 2, pageSize: 2 });
    await errorOf(call('GET', '/shipments?sort=vessel', company.jwt), 400);
    await errorOf(call('GET', '/shipments?mode=rail', company.jwt), 400);
  });

  it('counts the dashboard numbers exactly, by the list filters’ own rules, in one request', async () => {
    const company = await testApp.register('shipments-counts');
    const viewer = await addCompanyMember(testApp, { companyId: company.companyId, role: 'viewer' });
    const empty = await dataOf<TShipmentCounts>(call('GET', '/shipments/counts', viewer.jwt));
    expect(empty).toMatchObject({ arrivingThisWeek: 0, departingThisWeek: 0, late: 0, total: 0 });
    expect(Object.values(empty.byBookingStatus)).toEqual(Array(9).fill(0));

    const inAMinute = new Date(Date.now() + 60_000).toISOString();
    const make = (change: object) =>
      dataOf<TShipment>(
        call('POST', '/shipments', company.jwt, {
          mode: 'sea',
          direction: 'export',
          loadType: 'lcl',
          ...change,
        }),
        201,
      );
    await make({ plannedArrival: '2020-01-01T00:00:00Z' });
    await make({ plannedArrival: '2020-01-01T00:00:00Z' });
    const arrived = await make({ plannedArrival: '2020-01-01T00:00:00Z' });
    await dataOf(call('PATCH', `/shipments/${arrived._id}`, company.jwt, { actualArrival: inAMinute }));
    const cancelled = await make({ plannedArrival: '2020-01-01T00:00:00Z' });
    await dataOf(
      call('POST', `/shipments/${cancelled._id}/booking-status`, company.jwt, { status: 'CANCELLED' }),
    );
    const confirmed = await make({ plannedDeparture: inAMinute });
    await dataOf(
      call('POST', `/shipments/${confirmed._id}/booking-status`, company.jwt, { status: 'CONFIRMED' }),
    );
    // Another company's shipments are none of these counts.
    await dataOf(call('POST', '/shipments', admin.jwt, { ...seaExport(), plannedDeparture: inAMinute }), 201);

    const counts = await dataOf<TShipmentCounts>(call('GET', '/shipments/counts', viewer.jwt));
    expect(counts).toEqual({
      arrivingThisWeek: 1,
      departingThisWeek: 1,
      late: 2,
      byBookingStatus: {
        RECEIVED: 3,
        PENDING_UPDATE: 0,
        UPDATE_RECEIVED: 0,
        CONFIRMED: 1,
        PENDING_AMENDMENT: 0,
        COMPLETED: 0,
        REJECTED: 0,
        DECLINED: 0,
        CANCELLED: 1,
      },
      total: 5,
    });
    // The same numbers as the list's totals with its filters.
    const totalOf = async (query: string) =>
      ((await call('GET', `/shipments?pageSize=1&${query}`, viewer.jwt)).json() as { meta: TListMeta }).meta
        .total;
    expect(await totalOf('arrivingThisWeek=true')).toBe(counts.arrivingThisWeek);
    expect(await totalOf('departingThisWeek=true')).toBe(counts.departingThisWeek);
    expect(await totalOf('isLate=true')).toBe(counts.late);
    expect(await totalOf('bookingStatus=CONFIRMED')).toBe(counts.byBookingStatus.CONFIRMED);
    expect(await totalOf('')).toBe(counts.total);

    const powerless = await testApp.addUser(company, { label: 'counts-none', role: { permissions: [] } });
    const refused = await errorOf(call('GET', '/shipments/counts', powerless.jwt), 403);
    expect(refused.message).toBe('This needs the shipments:read permission');
    await errorOf(call('GET', '/shipments/counts?extra=1', viewer.jwt), 400);
  });

  it('gives a Viewer shipments to read, not to change, and no charges; a Member both and charges', async () => {
    const viewer = await addCompanyMember(testApp, { companyId: admin.companyId, role: 'viewer' });
    const { data } = (await call('GET', '/shipments', viewer.jwt)).json() as { data: TShipmentSummary[] };
    expect(data.length).toBeGreaterThan(0);
    const refused = await errorOf(call('POST', '/shipments', viewer.jwt, seaExport()), 403);
    expect(refused.message).toBe('This needs the shipments:write permission');
    const roleOf = (key: string) => systemRoles.find((role) => role.key === key)?.permissions as string[];
    expect(roleOf('viewer')).toContain('shipments:read');
    expect(roleOf('viewer')).not.toContain('charges:read');
    expect(roleOf('viewer')).not.toContain('shipments:write');
    expect(roleOf('member')).toEqual(
      expect.arrayContaining(['shipments:read', 'shipments:write', 'charges:read']),
    );
    const member = await addCompanyMember(testApp, { companyId: admin.companyId, role: 'member' });
    await dataOf(call('POST', '/shipments', member.jwt, seaExport()), 201);
  });

  it("answers 404 for another company's shipment and refuses its contacts", async () => {
    const other = await testApp.register('shipments-other');
    const { _id } = await dataOf<TShipment>(call('POST', '/shipments', admin.jwt, seaExport()), 201);
    await errorOf(call('GET', `/shipments/${_id}`, other.jwt), 404);
    await errorOf(call('PATCH', `/shipments/${_id}`, other.jwt, { notes: 'mine now' }), 404);
    await errorOf(call('POST', `/shipments/${_id}/booking-status`, other.jwt, { status: 'CONFIRMED' }), 404);
    const error = await errorOf(
      call('POST', '/shipments', other.jwt, {
        ...seaExport(),
        parties: { shipper: { organisationId: shipper } },
      }),
      400,
    );
    expect(error.message).toContain('parties.shipper.organisationId');
    expect((await call('GET', `/shipments?partyId=${shipper}`, other.jwt)).json()).toMatchObject({
      data: [],
      meta: { total: 0 },
    });
  });

  it('hides every route from a company without the Freight product, before permissions and input', async () => {
    const company = await testApp.register('shipments-gate');
    const viewer = await addCompanyMember(testApp, { companyId: company.companyId, role: 'viewer' });
    await dataOf(call('GET', '/shipments', company.jwt));
    const { db } = testApp.database;
    const [freight] = await db.select({ id: products.id }).from(products).where(eq(products.code, 'freight'));
    await db
      .delete(companyProducts)
      .where(
        and(
          eq(companyProducts.companyId, company.companyId),
          inArray(companyProducts.productId, [freight?.id ?? '']),
        ),
      );
    for (const [method, url, jwt, body] of [
      ['GET', '/shipments', company.jwt],
      ['GET', '/shipments/counts', company.jwt],
      ['GET', '/shipments/01970000-0000-7000-8000-00000000abcd', company.jwt],
      ['POST', '/shipments', company.jwt, { unexpected: 1 }],
      ['POST', '/shipments', viewer.jwt, seaExport()],
    ] as const) {
      const error = await errorOf(call(method, url, jwt, body), 404);
      expect(error.message).toContain('Freight product');
    }
    await errorOf(call('GET', '/shipments'), 401);
    await dataOf(call('GET', '/shipments', admin.jwt));
  });
});
