import type { TReportResult, TReportSketch, TReportSourceInfo, TShipment } from '@cargodesk/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../test/databases.ts';
import { answeredData, answeredError, routeCaller } from '../../../test/route-helpers.ts';
import { executeRows } from '../../db/driver.ts';
import { companyProducts, products } from '../../db/schema/index.ts';
import { withTenantRead } from '../../platform/data-access/tenant-transaction.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../access/access-test-support.ts';
import { shipmentsReportSource } from '../freight/public.ts';

// Shipments as a report source (docs/decisions/046-shipments-report-source.md), through the real
// routes: freight's rows, read under row-level security in the caller's company, offered only to
// callers with shipments:read in companies with the Freight product.

describe.each(behaviourDatabaseKinds)('reports over shipments on %s', (kind) => {
  let testApp: TIamTestApp;
  let admin: TRegistered;
  let other: TRegistered;
  let reader: TRegistered;
  const call = routeCaller(() => testApp.app, '/reportserver/api/v1');
  const freight = routeCaller(() => testApp.app, '/freightserver/api/v1');
  const contactCall = routeCaller(() => testApp.app, '/contactserver/api/v1');
  const dataOf = answeredData;
  const errorOf = answeredError;
  const organisation = async (jwt: string, name: string) =>
    (
      await dataOf<{ _id: string }>(
        contactCall('POST', '/contacts', jwt, { kind: 'organisation', name }),
        201,
      )
    )._id;
  const ship = (jwt: string, body: object) =>
    dataOf<TShipment>(
      freight('POST', '/shipments', jwt, { mode: 'sea', direction: 'export', loadType: 'fcl', ...body }),
      201,
    );
  const run = (jwt: string, definition: object) =>
    dataOf<TReportResult>(call('POST', '/reportSketch/run', jwt, definition));
  const sourceKeys = async (jwt: string) =>
    (await dataOf<TReportSourceInfo[]>(call('GET', '/reportSketch/sources', jwt))).map(
      (source) => source.key,
    );

  const shipped: Record<string, string> = {};

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    admin = await testApp.register('reports-shipments');
    other = await testApp.register('reports-shipments-other');
    reader = await testApp.addUser(admin, {
      label: 'reports-shipments-reader',
      role: { permissions: ['reports:read', 'contacts:read'] },
    });
    const harbour = await organisation(admin.jwt, 'Harbour Exports BV');
    const pudong = await organisation(admin.jwt, 'Pudong Imports Ltd');
    const toShanghai = {
      parties: { customer: { organisationId: harbour } },
      incoterm: 'FOB',
      portOfLoading: 'NLRTM',
      portOfDischarge: 'CNSHA',
      plannedArrival: '2030-04-02T08:00:00Z',
    };
    const first = await ship(admin.jwt, toShanghai);
    shipped.first = first.reference;
    await dataOf(
      freight('PUT', `/shipments/${first._id}/cargo`, admin.jwt, {
        lines: [
          { packageCount: 10, packageType: 'CT', description: 'Bicycle parts', grossWeightKg: 250.5 },
          { packageCount: 2, packageType: 'PX', description: 'Frames', grossWeightKg: 100 },
        ],
        containers: [
          { number: 'MSKU9070323', sizeType: '22G1' },
          { number: 'CSQU3054383', sizeType: '45G1' },
        ],
      }),
    );
    // Confirmed and under way.
    await dataOf(
      freight('POST', `/shipments/${first._id}/booking-status`, admin.jwt, { status: 'CONFIRMED' }),
    );
    await dataOf(
      freight('PATCH', `/shipments/${first._id}`, admin.jwt, { actualDeparture: '2030-03-01T12:00:00Z' }),
    );
    const second = await ship(admin.jwt, { ...toShanghai, plannedArrival: '2030-05-20T08:00:00Z' });
    shipped.second = second.reference;
    await dataOf(
      freight('POST', `/shipments/${second._id}/booking-status`, admin.jwt, { status: 'CONFIRMED' }),
    );
    const third = await ship(admin.jwt, {
      direction: 'import',
      parties: { customer: { organisationId: pudong } },
      portOfLoading: 'CNSHA',
      portOfDischarge: 'DEHAM',
      plannedArrival: '2030-04-28T08:00:00Z',
    });
    shipped.third = third.reference;
    // The other company's shipment shares a port and a customer's name, never a row of the report.
    await ship(other.jwt, {
      parties: { customer: { organisationId: await organisation(other.jwt, 'Harbour Exports BV') } },
      portOfDischarge: 'CNSHA',
      plannedArrival: '2030-04-03T08:00:00Z',
    });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('offers shipments with its columns to a caller with shipments:read', async () => {
    const sources = await dataOf<TReportSourceInfo[]>(call('GET', '/reportSketch/sources', admin.jwt));
    const shipments = sources.find((source) => source.key === 'shipments');
    expect(shipments?.label).toBe('Shipments');
    expect(shipments?.columns.map((column) => column.key)).toEqual([
      'reference',
      'mode',
      'direction',
      'loadType',
      'bookingStatus',
      'operationalStatus',
      'incoterm',
      'customer',
      'portOfLoading',
      'portOfDischarge',
      'plannedDeparture',
      'actualDeparture',
      'plannedArrival',
      'actualArrival',
      'plannedArrivalMonth',
      'billOfLadingNumber',
      'airWaybillNumber',
      'containers',
      'grossWeightKg',
      'createdAt',
    ]);
    expect(shipments?.columns.find((column) => column.key === 'bookingStatus')).toMatchObject({
      type: 'enum',
      values: expect.arrayContaining(['CONFIRMED', 'CANCELLED']),
      isGroupable: true,
    });
    // Codes that are no words come with the screen's words for them.
    expect(shipments?.columns.find((column) => column.key === 'loadType')?.valueLabels).toMatchObject({
      fcl: 'FCL',
    });
    // A new report ticks every column: that is a definition the server takes.
    const all = await run(admin.jwt, { source: 'shipments' });
    expect(all.columns).toHaveLength(shipments?.columns.length ?? 0);
    expect(all.rows).toHaveLength(3);
  });

  it('lists the company’s shipments with their customer, status and cargo', async () => {
    const result = await run(admin.jwt, {
      source: 'shipments',
      columns: [
        'reference',
        'customer',
        'operationalStatus',
        'incoterm',
        'portOfDischarge',
        'containers',
        'grossWeightKg',
        'actualDeparture',
      ],
      sort: { column: 'reference', direction: 'asc' },
    });
    expect(result.rows).toEqual([
      [shipped.first, 'Harbour Exports BV', 'departed', 'FOB', 'CNSHA', 2, 350.5, '2030-03-01T12:00:00.000Z'],
      [shipped.second, 'Harbour Exports BV', 'booked', 'FOB', 'CNSHA', 0, 0, null],
      [shipped.third, 'Pudong Imports Ltd', 'draft', null, 'DEHAM', 0, 0, null],
    ]);
    const filtered = await run(admin.jwt, {
      source: 'shipments',
      columns: ['reference'],
      filters: [
        { column: 'customer', operator: 'contains', value: 'harbour' },
        { column: 'operationalStatus', operator: 'eq', value: 'booked' },
      ],
    });
    expect(filtered.rows).toEqual([[shipped.second]]);
  });

  it('groups by booking status, by port of discharge and by month of planned arrival', async () => {
    const byStatus = await run(admin.jwt, {
      source: 'shipments',
      groupBy: ['bookingStatus'],
      sort: { column: 'bookingStatus', direction: 'asc' },
    });
    expect(byStatus.columns.map((column) => column.key)).toEqual(['bookingStatus', 'count']);
    const byLoad = await run(admin.jwt, { source: 'shipments', groupBy: ['loadType', 'incoterm'] });
    expect(byLoad.columns[0]?.valueLabels).toMatchObject({ fcl: 'FCL', lcl: 'LCL' });
    expect(byLoad.columns[1]?.valueLabels).toMatchObject({ FOB: 'FOB' });
    expect(byStatus.rows).toEqual([
      ['CONFIRMED', 2],
      ['RECEIVED', 1],
    ]);
    const byPort = await run(admin.jwt, {
      source: 'shipments',
      groupBy: ['portOfDischarge'],
      aggregates: [{ function: 'count' }, { function: 'sum', column: 'containers' }],
      sort: { column: 'count', direction: 'desc' },
    });
    expect(byPort.rows).toEqual([
      ['CNSHA', 2, 2],
      ['DEHAM', 1, 0],
    ]);
    const byMonth = await run(admin.jwt, {
      source: 'shipments',
      groupBy: ['plannedArrivalMonth'],
      filters: [{ column: 'plannedArrival', operator: 'lt', value: '2030-05-01' }],
      sort: { column: 'plannedArrivalMonth', direction: 'asc' },
    });
    expect(byMonth.rows).toEqual([['2030-04', 2]]);
  });

  it('never shows another company’s shipments', async () => {
    const theirs = await run(other.jwt, {
      source: 'shipments',
      columns: ['customer', 'portOfDischarge', 'plannedArrival'],
    });
    expect(theirs.rows).toEqual([['Harbour Exports BV', 'CNSHA', '2030-04-03T08:00:00.000Z']]);
    const mine = await run(admin.jwt, {
      source: 'shipments',
      columns: ['plannedArrival'],
      filters: [{ column: 'plannedArrival', operator: 'gte', value: '2030-04-03' }],
      sort: { column: 'plannedArrival', direction: 'asc' },
    });
    expect(mine.rows).toEqual([['2030-04-28T08:00:00.000Z'], ['2030-05-20T08:00:00.000Z']]);
  });

  it('reads through row-level security: without its scope, the source still sees one company', async () => {
    const customer = shipmentsReportSource.columns.find((column) => column.key === 'customer')?.expression;
    const rows = await withTenantRead(testApp.database.db, other.companyId, (tx) =>
      executeRows(tx, sql`select ${customer} as customer from ${shipmentsReportSource.from}`),
    );
    expect(rows).toEqual([{ customer: 'Harbour Exports BV' }]);
  });

  it('refuses the source to a caller without shipments:read, as other sources do', async () => {
    expect(await sourceKeys(reader.jwt)).not.toContain('shipments');
    const refused = await errorOf(
      call('POST', '/reportSketch/run', reader.jwt, { source: 'shipments', groupBy: ['bookingStatus'] }),
      403,
    );
    expect(refused.message).toContain('shipments:read');
    const saved = await dataOf<TReportSketch>(
      call('POST', '/reportSketch', admin.jwt, {
        name: 'Shipments by status',
        isShared: true,
        definition: { source: 'shipments', groupBy: ['bookingStatus'] },
      }),
      201,
    );
    await errorOf(call('GET', `/reportSketch/${saved._id}/run`, reader.jwt), 403);
    await errorOf(call('GET', `/reportSketch/${saved._id}/export`, reader.jwt), 403);
    // Another company's admin finds no such report at all.
    await errorOf(call('GET', `/reportSketch/${saved._id}/run`, other.jwt), 404);
  });

  it('hides the source from a company without the Freight product', async () => {
    const company = await testApp.register('reports-no-freight');
    const saved = await dataOf<TReportSketch>(
      call('POST', '/reportSketch', company.jwt, {
        name: 'Shipments by port',
        definition: { source: 'shipments', groupBy: ['portOfDischarge'] },
      }),
      201,
    );
    const { db } = testApp.database;
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.code, 'freight'));
    await db
      .delete(companyProducts)
      .where(
        and(
          eq(companyProducts.companyId, company.companyId),
          eq(companyProducts.productId, product?.id ?? ''),
        ),
      );

    expect(await sourceKeys(company.jwt)).not.toContain('shipments');
    expect(await sourceKeys(company.jwt)).toContain('contacts');
    for (const response of [
      call('POST', '/reportSketch/run', company.jwt, { source: 'shipments' }),
      call('GET', `/reportSketch/${saved._id}/run`, company.jwt),
      call('GET', `/reportSketch/${saved._id}/export`, company.jwt),
      call('POST', '/reportSketch', company.jwt, { name: 'Again', definition: { source: 'shipments' } }),
    ]) {
      const error = await errorOf(response, 404);
      expect(error.message).toContain('Freight product');
    }
    // A company with the product still has it.
    expect(await sourceKeys(admin.jwt)).toContain('shipments');
  });
});
