import type { TListMeta, TShipment, TShipmentSummary } from '@cargodesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompanyMember } from '../../../../test/company-members.ts';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { answeredData, answeredError, auditReader, routeCaller } from '../../../../test/route-helpers.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../../access/access-test-support.ts';

// Cargo lines, containers, totals and master/house consolidation through the real routes, on
// PGlite and, when TEST_DATABASE_URL names one, on PostgreSQL: the consolidation locks and the
// container key are the database's to keep.

describe.each(behaviourDatabaseKinds)('shipment cargo and consolidation on %s', (kind) => {
  let testApp: TIamTestApp;
  let admin: TRegistered;
  const call = routeCaller(() => testApp.app, '/freightserver/api/v1');
  const auditOf = auditReader(() => testApp.database.db);
  const dataOf = answeredData;
  const errorOf = answeredError;
  const create = (body: object, jwt = admin.jwt) =>
    dataOf<TShipment>(call('POST', '/shipments', jwt, body), 201);
  const sea = (change: object = {}, jwt = admin.jwt) =>
    create({ mode: 'sea', direction: 'export', loadType: 'fcl', ...change }, jwt);
  const air = (change: object = {}, jwt = admin.jwt) =>
    create({ mode: 'air', direction: 'export', loadType: 'loose', ...change }, jwt);
  const line = (change: object = {}) => ({
    packageCount: 10,
    packageType: 'ct',
    description: 'Bicycle parts',
    hsCode: '8714.91',
    grossWeightKg: 250.5,
    volumeM3: 1.2,
    ...change,
  });
  const putCargo = (id: string, body: object, jwt = admin.jwt) =>
    call('PUT', `/shipments/${id}/cargo`, jwt, body);

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    admin = await testApp.register('shipment-cargo');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('keeps cargo lines and containers, totals them, finds the shipment by container, and audits it', async () => {
    const shipment = await sea();
    const saved = await dataOf<TShipment>(
      putCargo(shipment._id, {
        lines: [
          line(),
          line({
            packageCount: 4,
            packageType: 'DR',
            description: 'Paint, flammable',
            hsCode: null,
            grossWeightKg: 800,
            volumeM3: 0.9,
            dangerousGoodsUnNumber: 'UN 1263',
            dangerousGoodsClass: '3',
          }),
        ],
        containers: [
          {
            number: 'msku 907032-3',
            sizeType: '22G1',
            seals: ['sl123'],
            tareKg: 2200,
            verifiedGrossMassKg: 3250.5,
          },
          { number: 'CSQU3054383', sizeType: '45G1' },
          { number: 'TGHU1234567', sizeType: '22G1' },
        ],
      }),
    );
    expect(saved.cargoLines).toEqual([
      expect.objectContaining({
        packageType: 'CT',
        hsCode: '871491',
        dangerousGoodsUnNumber: null,
        dimensions: [],
      }),
      expect.objectContaining({
        packageType: 'DR',
        dangerousGoodsUnNumber: '1263',
        dangerousGoodsClass: '3',
      }),
    ]);
    expect(saved.containers[0]).toEqual({
      number: 'MSKU9070323',
      sizeType: '22G1',
      seals: ['SL123'],
      tareKg: 2200,
      verifiedGrossMassKg: 3250.5,
    });
    expect(saved.totals).toEqual({
      packages: 14,
      grossWeightKg: 1050.5,
      volumeM3: 2.1,
      containersBySizeType: { '22G1': 2, '45G1': 1 },
      containerCount: 3,
      volumeWeightKg: null,
      chargeableWeightKg: null,
      chargeableBasis: null,
    });
    expect(await dataOf<TShipment>(call('GET', `/shipments/${shipment._id}`, admin.jwt))).toEqual(saved);
    const found = (await call('GET', '/shipments?q=csqu3054', admin.jwt)).json() as {
      data: TShipmentSummary[];
      meta: TListMeta;
    };
    expect(found.data.map((row) => row._id)).toEqual([shipment._id]);
    const entries = await auditOf(admin.companyId, { entityId: shipment._id });
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(entries[1]?.before).toMatchObject({ containers: [], cargoLines: [] });
    expect(entries[1]?.after).toMatchObject({ containers: [{ number: 'MSKU9070323' }, {}, {}] });
    // Replaced as a whole: an empty cargo leaves nothing, and the search no longer finds it.
    const emptied = await dataOf<TShipment>(putCargo(shipment._id, { lines: [] }));
    expect(emptied.totals).toMatchObject({ packages: 0, containerCount: 0 });
    expect(((await call('GET', '/shipments?q=csqu3054', admin.jwt)).json() as { data: [] }).data).toEqual([]);
  });

  it('refuses a mistyped container number naming the expected digit, with suggestions in details', async () => {
    const shipment = await sea();
    const error = await errorOf(
      putCargo(shipment._id, { lines: [], containers: [{ number: 'MSKU9070320', sizeType: '22G1' }] }),
      400,
    );
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toContain('containers.0.number');
    expect(error.message).toContain('3');
    const [field] = error.details?.fields ?? [];
    expect(field).toMatchObject({
      field: 'containers.0.number',
      params: { problem: 'check-digit', expectedDigit: 3 },
    });
    expect((field?.params as { suggestions?: string[] } | undefined)?.suggestions?.[0]).toBe('MSKU9070323');
    expect(
      (await dataOf<TShipment>(call('GET', `/shipments/${shipment._id}`, admin.jwt))).containers,
    ).toEqual([]);
  });

  it('refuses, naming the field, each bad cargo value, and writes nothing', async () => {
    const shipment = await sea();
    await dataOf(putCargo(shipment._id, { lines: [line()] }));
    const refusals: [object, string, string?][] = [
      [{ lines: [line({ hsCode: '84A1' })] }, 'lines.0.hsCode', 'HS code'],
      [{ lines: [line({ hsCode: '8471' })] }, 'lines.0.hsCode', '4 digits'],
      [{ lines: [line({ packageType: 'ZZ' })] }, 'lines.0.packageType'],
      [{ lines: [line({ packageCount: 0 })] }, 'lines.0.packageCount'],
      [{ lines: [line({ grossWeightKg: -1 })] }, 'lines.0.grossWeightKg'],
      [{ lines: [line({ description: ' ' })] }, 'lines.0.description'],
      [
        { lines: [line({ dangerousGoodsUnNumber: '12345', dangerousGoodsClass: '3' })] },
        'lines.0.dangerousGoodsUnNumber',
        'four digits',
      ],
      [
        { lines: [line({ dangerousGoodsUnNumber: '1203', dangerousGoodsClass: '2' })] },
        'lines.0.dangerousGoodsClass',
        '2.1, 2.2, 2.3',
      ],
      [
        { lines: [line({ dangerousGoodsUnNumber: '1203', dangerousGoodsClass: '10' })] },
        'lines.0.dangerousGoodsClass',
      ],
      [{ lines: [line(), line({ dangerousGoodsUnNumber: '1203' })] }, 'lines.1.dangerousGoodsClass', 'class'],
      [{ lines: [line({ dangerousGoodsClass: '5.2' })] }, 'lines.0.dangerousGoodsUnNumber'],
      [{ lines: [], containers: [{ number: 'MSKU9070323', sizeType: '99Q9' }] }, 'containers.0.sizeType'],
      [{ lines: [], containers: [{ number: 'MSKU907032', sizeType: '22G1' }] }, 'containers.0.number'],
      [
        {
          lines: [],
          containers: [
            { number: 'MSKU9070323', sizeType: '22G1' },
            { number: 'CSQU3054383', sizeType: '45G1' },
            { number: 'msku 9070323', sizeType: '22G1' },
          ],
        },
        'containers.2.number',
        'already container 1',
      ],
      [
        { lines: [line({ dimensions: [{ lengthCm: 0, widthCm: 10, heightCm: 10 }] })] },
        'lines.0.dimensions.0.lengthCm',
      ],
    ];
    for (const [body, field, words] of refusals) {
      const error = await errorOf(putCargo(shipment._id, body), 400);
      expect(error.message, field).toContain(field);
      if (words) expect(error.message, field).toContain(words);
    }
    const airShipment = await air();
    const error = await errorOf(
      putCargo(airShipment._id, { lines: [], containers: [{ number: 'MSKU9070323', sizeType: '22G1' }] }),
      400,
    );
    expect(error.message).toContain('containers');
    // Nothing half-written: the first cargo stands, and only its change is in the history.
    const read = await dataOf<TShipment>(call('GET', `/shipments/${shipment._id}`, admin.jwt));
    expect(read.cargoLines).toHaveLength(1);
    expect(read.totals.packages).toBe(10);
    expect((await auditOf(admin.companyId, { entityId: shipment._id })).map((e) => e.action)).toEqual([
      'create',
      'update',
    ]);
  });

  it("computes an air shipment's chargeable weight after IATA, from dimensions or volume", async () => {
    const shipment = await air();
    // 3 × 30 × 45 × 65 cm = 263,250 cm³ → 43.875 kg volume weight, against 40 kg gross.
    const byVolume = await dataOf<TShipment>(
      putCargo(shipment._id, {
        lines: [
          line({
            packageCount: 3,
            grossWeightKg: 40,
            volumeM3: null,
            dimensions: [{ pieces: 3, lengthCm: 30, widthCm: 45, heightCm: 65 }],
          }),
        ],
      }),
    );
    expect(byVolume.totals).toMatchObject({
      grossWeightKg: 40,
      volumeWeightKg: 43.875,
      chargeableWeightKg: 44,
      chargeableBasis: 'volume',
      volumeM3: 0.263,
    });
    // Heavy and small: the gross weight, up to the next half kilogram; a volume alone counts at 6,000 cm³/kg.
    const byGross = await dataOf<TShipment>(
      putCargo(shipment._id, {
        lines: [line({ grossWeightKg: 120.2, volumeM3: 0.3 }), line({ grossWeightKg: 10, volumeM3: 0.06 })],
      }),
    );
    expect(byGross.totals).toMatchObject({
      grossWeightKg: 130.2,
      volumeWeightKg: 60,
      chargeableWeightKg: 130.5,
      chargeableBasis: 'gross',
    });
  });

  it('consolidates houses under a master, sums their totals, moves and detaches them, and audits each master', async () => {
    const master = await air({
      consolidation: 'master',
      airWaybillNumber: '176-12345675',
      flightNumber: 'LH8160',
    });
    const otherMaster = await air({ consolidation: 'master' });
    const seaMaster = await sea({ consolidation: 'master', billOfLadingNumber: 'MAEU123456789' });
    const first = await air();
    const second = await air();
    await dataOf(putCargo(first._id, { lines: [line({ grossWeightKg: 100, volumeM3: 0.9 })] }));
    await dataOf(
      putCargo(second._id, { lines: [line({ packageCount: 2, grossWeightKg: 50, volumeM3: 0.3 })] }),
    );
    const house = await dataOf<TShipment>(
      call('PUT', `/shipments/${first._id}/master`, admin.jwt, { masterId: master._id }),
    );
    // The house takes its master's flight.
    expect(house).toMatchObject({
      consolidation: 'house',
      master: { _id: master._id, reference: master.reference },
      flightNumber: 'LH8160',
    });
    await dataOf(call('PUT', `/shipments/${second._id}/master`, admin.jwt, { masterId: master._id }));
    const consolidated = await dataOf<TShipment>(call('GET', `/shipments/${master._id}`, admin.jwt));
    expect(consolidated.consolidation).toBe('master');
    expect(consolidated.houses.map((h) => h._id).sort()).toEqual([first._id, second._id].sort());
    // The master's chargeable weight is the consolidation's: 1.2 m³ → 200 kg against 150 kg gross.
    expect(consolidated.totals).toMatchObject({
      packages: 12,
      grossWeightKg: 150,
      volumeM3: 1.2,
      volumeWeightKg: 200,
      chargeableWeightKg: 200,
      chargeableBasis: 'volume',
    });
    // Moved to another master: the first no longer counts it, the second does.
    await dataOf(call('PUT', `/shipments/${second._id}/master`, admin.jwt, { masterId: otherMaster._id }));
    const [left, joined] = await Promise.all(
      [master._id, otherMaster._id].map((id) =>
        dataOf<TShipment>(call('GET', `/shipments/${id}`, admin.jwt)),
      ),
    );
    expect(left?.houses.map((h) => h._id)).toEqual([first._id]);
    expect(left?.totals.packages).toBe(10);
    expect(joined?.houses.map((h) => h._id)).toEqual([second._id]);
    expect(joined?.totals.grossWeightKg).toBe(50);

    // Refusals, each naming why; a master whose booking was cancelled takes no house.
    const cancelledMaster = await air({ consolidation: 'master' });
    for (const status of ['CONFIRMED', 'CANCELLED'])
      await dataOf(call('POST', `/shipments/${cancelledMaster._id}/booking-status`, admin.jwt, { status }));
    // The picker a house is consolidated from lists the masters of its mode, and nothing else.
    const masters = (await call('GET', '/shipments?mode=air&consolidation=master', admin.jwt)).json() as {
      data: TShipment[];
    };
    expect(masters.data.map((shipment) => shipment._id).sort()).toEqual(
      [master._id, otherMaster._id, cancelledMaster._id].sort(),
    );
    const refusals: [string, object, number, string][] = [
      [first._id, { masterId: cancelledMaster._id }, 400, `${cancelledMaster.reference} is cancelled`],
      [first._id, { masterId: seaMaster._id }, 400, 'is a sea master: an air house goes under an air master'],
      [first._id, { masterId: second._id }, 400, 'is not a master'],
      [first._id, { masterId: first._id }, 400, 'masterId'],
      [first._id, { masterId: '01970000-0000-7000-8000-00000000abcd' }, 400, 'masterId'],
      [master._id, { masterId: otherMaster._id }, 409, 'master with 1 house'],
    ];
    for (const [id, body, status, words] of refusals) {
      const error = await errorOf(call('PUT', `/shipments/${id}/master`, admin.jwt, body), status);
      expect(error.message).toContain(words);
    }
    expect(
      (await errorOf(call('DELETE', `/shipments/${master._id}/master`, admin.jwt), 409)).message,
    ).toContain('not a house');

    const detached = await dataOf<TShipment>(call('DELETE', `/shipments/${first._id}/master`, admin.jwt));
    expect(detached).toMatchObject({ consolidation: 'direct', master: null });
    const emptied = await dataOf<TShipment>(call('GET', `/shipments/${master._id}`, admin.jwt));
    expect(emptied.houses).toEqual([]);
    expect(emptied.totals.packages).toBe(0);

    // Each master's history shows the houses arriving and leaving; the house's its master changing.
    const masterHistory = await auditOf(admin.companyId, { entityId: master._id });
    expect(masterHistory.map((entry) => entry.after)).toEqual([
      expect.objectContaining({ consolidation: 'master' }),
      { houses: [first.reference] },
      { houses: [first.reference, second.reference].sort() },
      { houses: [first.reference] },
      { houses: [] },
    ]);
    const houseHistory = await auditOf(admin.companyId, { entityId: second._id });
    expect(houseHistory.at(-1)).toMatchObject({
      before: { consolidation: 'house', masterId: master._id },
      after: { consolidation: 'house', masterId: otherMaster._id },
    });
  });

  it("answers 404 for another company's shipment and refuses its master; a Viewer reads but does not write", async () => {
    const other = await testApp.register('shipment-cargo-other');
    const mine = await sea();
    const theirMaster = await sea({ consolidation: 'master' }, other.jwt);
    const theirs = await sea({}, other.jwt);
    await errorOf(putCargo(mine._id, { lines: [line()] }, other.jwt), 404);
    await errorOf(
      call('PUT', `/shipments/${mine._id}/master`, other.jwt, { masterId: theirMaster._id }),
      404,
    );
    await errorOf(call('DELETE', `/shipments/${mine._id}/master`, other.jwt), 404);
    const refused = await errorOf(
      call('PUT', `/shipments/${theirs._id}/master`, admin.jwt, { masterId: theirMaster._id }),
      404,
    );
    expect(refused.message).toContain('No such shipment');
    const mixed = await errorOf(
      call('PUT', `/shipments/${mine._id}/master`, admin.jwt, { masterId: theirMaster._id }),
      400,
    );
    expect(mixed.message).toContain('masterId must be a master shipment of your company');

    const viewer = await addCompanyMember(testApp, { companyId: admin.companyId, role: 'viewer' });
    await dataOf(call('GET', `/shipments/${mine._id}`, viewer.jwt));
    const denied = await errorOf(putCargo(mine._id, { lines: [line()] }, viewer.jwt), 403);
    expect(denied.message).toBe('This needs the shipments:write permission');
    await errorOf(call('DELETE', `/shipments/${mine._id}/master`, viewer.jwt), 403);
  });
});
