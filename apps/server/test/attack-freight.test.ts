import { shipmentRules, type TShipment } from '@cargodesk/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentParties } from '../src/db/schema/index.ts';
import {
  startIamTestApp,
  type TIamTestApp,
  type TRegistered,
} from '../src/services/access/access-test-support.ts';
import { testDatabaseKinds } from './databases.ts';
import { answeredData, answeredError, auditReader, routeCaller } from './route-helpers.ts';

// The freight (shipments) code against an attacker with a valid account in company A, and the rights
// model of decision 043 (shipments:read, shipments:write, charges:read, the Freight product): what a
// review found and what it checked and found sound, each pinned.

describe.each(testDatabaseKinds)('freight against an attacker on %s', (kind) => {
  let testApp: TIamTestApp;
  let a: TRegistered;
  let b: TRegistered;
  let aCustomer: string;
  let bCustomer: string;
  let bPerson: string;
  let bShipment: TShipment;
  let bMaster: TShipment;
  const call = routeCaller(() => testApp.app, '/freightserver/api/v1');
  const contacts = routeCaller(() => testApp.app, '/contactserver/api/v1');
  const master = routeCaller(() => testApp.app, '/master/api/v1');
  const reports = routeCaller(() => testApp.app, '/reportserver/api/v1');
  const auditOf = auditReader(() => testApp.database.db);

  const dataOf = answeredData;
  const errorOf = answeredError;
  const contact = async (jwt: string, body: object) =>
    (await dataOf<{ _id: string }>(contacts('POST', '/contacts', jwt, body), 201))._id;
  const create = (jwt: string, body: object = {}) =>
    dataOf<TShipment>(
      call('POST', '/shipments', jwt, { mode: 'sea', direction: 'export', loadType: 'fcl', ...body }),
      201,
    );
  const chargeLine = (partyId: string, extra: object = {}) => ({
    side: 'sell',
    chargeCode: 'OFR',
    partyId,
    quantity: '2',
    unit: 'container',
    unitPrice: '1450.50',
    currency: 'GBP',
    date: '2026-03-01',
    ...extra,
  });

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    a = await testApp.register('freight-review-a');
    b = await testApp.register('freight-review-b');
    for (const company of [a, b])
      await dataOf(master('PUT', '/currency-settings/base', company.jwt, { baseCurrency: 'GBP' }));
    aCustomer = await contact(a.jwt, { kind: 'organisation', name: 'Alpha Exports' });
    bCustomer = await contact(b.jwt, { kind: 'organisation', name: 'Bravo Secret Customer' });
    bPerson = await contact(b.jwt, { kind: 'person', name: 'Beatrix Bravo', organisationId: bCustomer });
    bShipment = await create(b.jwt, { parties: { customer: { organisationId: bCustomer } } });
    bMaster = await create(b.jwt, { consolidation: 'master' });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  // ---- Reaching company B ------------------------------------------------------------------------

  it('answers every id of another company as it answers an id that does not exist', async () => {
    const unknown = '01970000-0000-7000-8000-00000000abcd';
    const mine = await create(a.jwt);
    // The path: 404, same message.
    const foreign = await errorOf(call('GET', `/shipments/${bShipment._id}`, a.jwt), 404);
    const missing = await errorOf(call('GET', `/shipments/${unknown}`, a.jwt), 404);
    expect(foreign.message).toBe(missing.message);
    for (const [method, suffix, body] of [
      ['PATCH', '', { notes: 'x' }],
      ['PUT', '/cargo', { lines: [], containers: [] }],
      ['PUT', '/charges', { lines: [] }],
      ['GET', '/charges', undefined],
      ['POST', '/booking-status', { status: 'CANCELLED' }],
      ['PUT', '/master', { masterId: mine._id }],
      ['DELETE', '/master', undefined],
    ] as const)
      await errorOf(call(method, `/shipments/${bShipment._id}${suffix}`, a.jwt, body), 404);
    // A master of B: the same 400 as an unknown id.
    const foreignMaster = await errorOf(
      call('PUT', `/shipments/${mine._id}/master`, a.jwt, { masterId: bMaster._id }),
      400,
    );
    const missingMaster = await errorOf(
      call('PUT', `/shipments/${mine._id}/master`, a.jwt, { masterId: unknown }),
      400,
    );
    expect(foreignMaster.details).toEqual(missingMaster.details);
    // B's contacts as parties and as a charge's party: the same 400 as an unknown id.
    for (const id of [bCustomer, unknown]) {
      const party = await errorOf(
        call('PATCH', `/shipments/${mine._id}`, a.jwt, { parties: { shipper: { organisationId: id } } }),
        400,
      );
      expect(party.details?.fields?.[0]?.field).toBe('parties.shipper.organisationId');
      const charge = await errorOf(
        call('PUT', `/shipments/${mine._id}/charges`, a.jwt, { lines: [chargeLine(id)] }),
        400,
      );
      expect(charge.details?.fields?.[0]?.field).toBe('lines.0.partyId');
    }
    const person = await errorOf(
      call('PATCH', `/shipments/${mine._id}`, a.jwt, {
        parties: { shipper: { organisationId: aCustomer, personId: bPerson } },
      }),
      400,
    );
    expect(person.details?.fields?.[0]?.field).toBe('parties.shipper.personId');
    // The list's party filter and search see none of B's.
    const listed = await dataOf<{ _id: string }[]>(call('GET', `/shipments?partyId=${bCustomer}`, a.jwt));
    expect(listed).toEqual([]);
    const searched = await dataOf<{ _id: string }[]>(
      call('GET', `/shipments?q=${encodeURIComponent(bShipment.reference)}`, a.jwt),
    );
    expect(searched.map((row) => row._id)).not.toContain(bShipment._id);
    const byName = await dataOf<{ _id: string }[]>(call('GET', '/shipments?q=Bravo%20Secret', a.jwt));
    expect(byName).toEqual([]);
    // The report source's customer column never names B's contact.
    const report = await dataOf<{ rows: unknown[][] }>(
      reports('POST', '/reportSketch/run', a.jwt, { source: 'shipments' }),
    );
    expect(JSON.stringify(report)).not.toContain('Bravo Secret');
  });

  // ---- Rights ------------------------------------------------------------------------------------

  it('keeps charges from a writer and a reader without charges:read on every freight route', async () => {
    const shipment = await create(a.jwt);
    await dataOf(
      call('PUT', `/shipments/${shipment._id}/charges`, a.jwt, { lines: [chargeLine(aCustomer)] }),
    );
    const writer = await testApp.addUser(a, {
      label: 'freight-writer',
      role: { permissions: ['shipments:read', 'shipments:write', 'reports:read'] },
    });
    const viewer = await testApp.addUser(a, { label: 'freight-viewer', role: { systemKey: 'viewer' } });
    for (const jwt of [writer.jwt, viewer.jwt]) {
      await errorOf(call('GET', `/shipments/${shipment._id}/charges`, jwt), 403);
      // Refused before the input is read: a body that is not even valid still gets 403.
      await errorOf(call('PUT', `/shipments/${shipment._id}/charges`, jwt, { nonsense: true }), 403);
      const view = await call('GET', `/shipments/${shipment._id}`, jwt);
      expect(view.statusCode).toBe(200);
      expect(view.body).not.toContain('1450');
      expect(view.body).not.toContain('2901');
      const sources = await reports('GET', '/reportSketch/sources', jwt);
      expect(sources.body).not.toMatch(/revenue|margin|unitPrice|"key":"charge/i);
    }
  });

  it('refuses a master under a house, a house of a house, and a master of the other mode', async () => {
    const seaMaster = await create(a.jwt, { consolidation: 'master' });
    const airMaster = await create(a.jwt, { mode: 'air', loadType: 'loose', consolidation: 'master' });
    const house = await create(a.jwt);
    const other = await create(a.jwt);
    await dataOf(call('PUT', `/shipments/${house._id}/master`, a.jwt, { masterId: seaMaster._id }));
    await errorOf(call('PUT', `/shipments/${other._id}/master`, a.jwt, { masterId: house._id }), 400);
    await errorOf(call('PUT', `/shipments/${seaMaster._id}/master`, a.jwt, { masterId: seaMaster._id }), 400);
    await errorOf(call('PUT', `/shipments/${seaMaster._id}/master`, a.jwt, { masterId: airMaster._id }), 409);
    await errorOf(call('PUT', `/shipments/${house._id}/master`, a.jwt, { masterId: airMaster._id }), 400);
  });

  it('refuses a house under a cancelled master', async () => {
    const cancelled = await create(a.jwt, { consolidation: 'master' });
    await dataOf(call('POST', `/shipments/${cancelled._id}/booking-status`, a.jwt, { status: 'CANCELLED' }));
    const house = await create(a.jwt);
    const answer = await call('PUT', `/shipments/${house._id}/master`, a.jwt, { masterId: cancelled._id });
    // A cancelled (or completed) MBL/MAWB carries no cargo: a house joining it should be refused.
    expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
  });

  it('writes no history when a house is sent to the master it already has', async () => {
    const seaMaster = await create(a.jwt, { consolidation: 'master' });
    const house = await create(a.jwt);
    await dataOf(call('PUT', `/shipments/${house._id}/master`, a.jwt, { masterId: seaMaster._id }));
    const before = (await auditOf(a.companyId, { entityId: house._id })).length;
    await dataOf(call('PUT', `/shipments/${house._id}/master`, a.jwt, { masterId: seaMaster._id }));
    await dataOf(call('PATCH', `/shipments/${house._id}`, a.jwt, {}));
    expect((await auditOf(a.companyId, { entityId: house._id })).length).toBe(before);
  });

  it.runIf(kind === 'postgres')(
    'answers two crossed consolidations of direct shipments with 4xx, never a deadlock 500',
    async () => {
      const statuses: number[] = [];
      const bodies: string[] = [];
      for (let round = 0; round < 8; round += 1) {
        const [left, right] = [await create(a.jwt), await create(a.jwt)];
        const answers = await Promise.all([
          call('PUT', `/shipments/${left._id}/master`, a.jwt, { masterId: right._id }),
          call('PUT', `/shipments/${right._id}/master`, a.jwt, { masterId: left._id }),
        ]);
        statuses.push(...answers.map((answer) => answer.statusCode));
        bodies.push(...answers.filter((answer) => answer.statusCode >= 500).map((answer) => answer.body));
      }
      // Neither is a master: both must be a 400 on masterId. The target is locked before it is
      // checked to be a master, in the opposite order to the other request.
      expect(
        statuses.filter((status) => status >= 500),
        bodies[0],
      ).toEqual([]);
    },
  );

  it('keeps the copy an issued document kept of a party when the shipment is saved', async () => {
    const shipment = await create(a.jwt, { parties: { shipper: { organisationId: aCustomer } } });
    const { db } = testApp.database;
    // What Freight II's documents will write when a bill is issued (decision 043).
    await db
      .update(shipmentParties)
      .set({ issuedCopy: { name: 'Alpha Exports', address: 'Kade 1, Rotterdam' }, issuedAt: new Date() })
      .where(and(eq(shipmentParties.companyId, a.companyId), eq(shipmentParties.shipmentId, shipment._id)));
    // The form sends the parties it shows, unchanged.
    await dataOf(
      call('PATCH', `/shipments/${shipment._id}`, a.jwt, {
        notes: 'Called the shipper',
        parties: { shipper: { organisationId: aCustomer } },
      }),
    );
    const [party] = await db
      .select()
      .from(shipmentParties)
      .where(and(eq(shipmentParties.companyId, a.companyId), eq(shipmentParties.shipmentId, shipment._id)));
    expect(party?.issuedCopy).toEqual({ name: 'Alpha Exports', address: 'Kade 1, Rotterdam' });
  });

  it('saves a shipment whose party was deleted since, when the party is sent unchanged', async () => {
    const gone = await contact(a.jwt, { kind: 'organisation', name: 'Closed Down Ltd' });
    const shipment = await create(a.jwt, { parties: { shipper: { organisationId: gone } } });
    const removed = await contacts('DELETE', `/contacts/${gone}`, a.jwt);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const shown = await dataOf<TShipment>(call('GET', `/shipments/${shipment._id}`, a.jwt));
    expect(shown.parties.shipper?.organisation).toEqual({ _id: gone, name: 'Deleted contact' });
    // The form sends every party it shows back (shipment-form-modal.tsx inputOf): a note alone is refused.
    const saved = await call('PATCH', `/shipments/${shipment._id}`, a.jwt, {
      notes: 'Booked with the carrier',
      parties: { shipper: { organisationId: gone } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  // ---- Integrity ---------------------------------------------------------------------------------

  it('refuses a house past the most a master may hold, so its read and history stay bounded', async () => {
    const master = await create(a.jwt, { consolidation: 'master' });
    // The houses a master may hold, written in one statement rather than one request each.
    await testApp.database.db.execute(sql`insert into shipments
      (company_id, id, reference, mode, direction, load_type, booking_status, search_text, consolidation, master_id)
      select ${a.companyId}, gen_random_uuid(), 'FULL-' || n, 'sea', 'export', 'fcl', 'RECEIVED', 'full-' || n,
        'house', ${master._id}
      from generate_series(1, ${shipmentRules.housesPerMasterMax}) as n`);
    const oneMore = await create(a.jwt);
    const refused = await errorOf(
      call('PUT', `/shipments/${oneMore._id}/master`, a.jwt, { masterId: master._id }),
      409,
    );
    expect(refused.message).toContain(`already holds ${shipmentRules.housesPerMasterMax} houses`);
  });

  it('writes nothing of a refused cargo or charges replace', async () => {
    const shipment = await create(a.jwt);
    const auditsBefore = (await auditOf(a.companyId, { entityId: shipment._id })).length;
    await errorOf(
      call('PUT', `/shipments/${shipment._id}/cargo`, a.jwt, {
        lines: [
          { packageCount: 1, packageType: 'CT', description: 'ok', grossWeightKg: 1 },
          {
            packageCount: 1,
            packageType: 'CT',
            description: 'dg',
            grossWeightKg: 1,
            dangerousGoodsUnNumber: '1203',
          },
        ],
        containers: [],
      }),
      400,
    );
    await errorOf(
      call('PUT', `/shipments/${shipment._id}/charges`, a.jwt, {
        lines: [chargeLine(aCustomer), chargeLine(aCustomer, { currency: 'JPY' })],
      }),
      400,
    );
    const after = await dataOf<TShipment>(call('GET', `/shipments/${shipment._id}`, a.jwt));
    expect(after.cargoLines).toEqual([]);
    expect(
      (await dataOf<{ lines: unknown[] }>(call('GET', `/shipments/${shipment._id}/charges`, a.jwt))).lines,
    ).toEqual([]);
    expect((await auditOf(a.companyId, { entityId: shipment._id })).length).toBe(auditsBefore);
  });

  it('answers odd input with 400, never 500', async () => {
    const shipment = await create(a.jwt);
    const odd: [string, string, unknown][] = [
      ['POST', '/shipments', null],
      ['POST', '/shipments', { mode: 'sea', direction: 'export', loadType: 'fcl', parties: null }],
      [
        'POST',
        '/shipments',
        { mode: 'sea', direction: 'export', loadType: 'fcl', plannedDeparture: '0000-01-01T00:00:00Z' },
      ],
      ['POST', '/shipments', { mode: 'sea', direction: 'export', loadType: 'fcl', plannedDeparture: 'NaN' }],
      ['POST', '/shipments', { mode: 'road', direction: 'export', loadType: 'fcl' }],
      ['PATCH', `/shipments/${shipment._id}`, { vesselImo: '\u{1F6A2}'.repeat(5) }],
      ['PATCH', `/shipments/${shipment._id}`, { portOfLoading: '' }],
      ['PUT', `/shipments/${shipment._id}/cargo`, { lines: null }],
      [
        'PUT',
        `/shipments/${shipment._id}/cargo`,
        {
          lines: [{ packageCount: 1, packageType: 'x'.repeat(100_000), description: 'a', grossWeightKg: 1 }],
        },
      ],
      [
        'PUT',
        `/shipments/${shipment._id}/cargo`,
        { lines: [{ packageCount: 1, packageType: 'CT', description: 'a', grossWeightKg: 'Infinity' }] },
      ],
      ['PUT', `/shipments/${shipment._id}/charges`, { lines: [chargeLine(aCustomer, { quantity: 'NaN' })] }],
      ['PUT', `/shipments/${shipment._id}/charges`, { lines: [chargeLine(aCustomer, { quantity: '1e9' })] }],
      [
        'PUT',
        `/shipments/${shipment._id}/charges`,
        { lines: [chargeLine(aCustomer, { unitPrice: '1234567890123.1' })] },
      ],
      [
        'PUT',
        `/shipments/${shipment._id}/charges`,
        { lines: [chargeLine(aCustomer, { date: '0000-01-01' })] },
      ],
      [
        'PUT',
        `/shipments/${shipment._id}/charges`,
        { lines: [chargeLine(aCustomer, { chargeCode: '\u0000' })] },
      ],
      ['PUT', `/shipments/${shipment._id}/master`, { masterId: null }],
      ['GET', `/shipments?q=${'%'.repeat(200)}&pageSize=100000`, undefined],
    ];
    for (const [method, url, body] of odd) {
      const answer = await testApp.app.inject({
        method: method as 'POST',
        url: `/freightserver/api/v1${url}`,
        headers: { authorization: a.jwt, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      if (method === 'GET') expect(answer.statusCode, `${method} ${url}`).toBe(400);
      else expect(answer.statusCode, `${method} ${url} ${answer.body}`).toBe(400);
    }
  });

  it('gives distinct, gapless references to concurrent creations', async () => {
    const created = await Promise.all(
      Array.from({ length: 8 }, () => create(a.jwt, { direction: 'import' })),
    );
    const numbers = created.map((shipment) => Number(shipment.reference.slice(-5))).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(8);
    expect((numbers.at(-1) ?? 0) - (numbers[0] ?? 0)).toBe(7);
  });
});
