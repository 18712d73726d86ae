import type { TShipment, TShipmentCharges } from '@cargodesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompanyMember } from '../../../../test/company-members.ts';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { answeredData, answeredError, auditReader, routeCaller } from '../../../../test/route-helpers.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../../access/access-test-support.ts';

// A shipment's buy and sell lines through the real routes, on PGlite and, when TEST_DATABASE_URL
// names one, on PostgreSQL: rates entered through the currencies API, snapshots on the lines, exact
// totals in the base currency, and who may read and write them.

describe.each(behaviourDatabaseKinds)('shipment charges on %s', (kind) => {
  let testApp: TIamTestApp;
  let admin: TRegistered;
  let customer: string;
  let carrier: string;
  const call = routeCaller(() => testApp.app, '/freightserver/api/v1');
  const master = routeCaller(() => testApp.app, '/master/api/v1');
  const contacts = routeCaller(() => testApp.app, '/contactserver/api/v1');
  const auditOf = auditReader(() => testApp.database.db);
  const dataOf = answeredData;
  const errorOf = answeredError;
  const contact = async (jwt: string, body: object) =>
    (await dataOf<{ _id: string }>(contacts('POST', '/contacts', jwt, body), 201))._id;
  const rate = (jwt: string, currency: string, value: number, effectiveDate: string) =>
    dataOf(master('POST', '/exchange-rates', jwt, { currency, rate: value, effectiveDate }), 201);
  const sea = async (jwt = admin.jwt) =>
    dataOf<TShipment>(
      call('POST', '/shipments', jwt, { mode: 'sea', direction: 'export', loadType: 'fcl' }),
      201,
    );
  const getCharges = (id: string, jwt = admin.jwt) => call('GET', `/shipments/${id}/charges`, jwt);
  const putCharges = (id: string, lines: object[], jwt = admin.jwt) =>
    call('PUT', `/shipments/${id}/charges`, jwt, { lines });

  const sellFreight = () => ({
    side: 'sell',
    chargeCode: 'OFR',
    description: 'Ocean freight Rotterdam–Shanghai',
    partyId: customer,
    quantity: '2',
    unit: 'container',
    unitPrice: '1450.50',
    currency: 'EUR',
    date: '2026-03-01',
  });
  const sellDocumentation = () => ({
    side: 'sell',
    chargeCode: 'DOC',
    partyId: customer,
    quantity: '1',
    unit: 'shipment',
    unitPrice: '35',
    currency: 'GBP',
    date: '2026-03-01',
  });
  const buyFreight = () => ({
    side: 'buy',
    chargeCode: 'OFR',
    partyId: carrier,
    quantity: '2',
    unit: 'container',
    unitPrice: '1180.25',
    currency: 'USD',
    date: '2026-03-01',
  });

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    admin = await testApp.register('shipment-charges');
    await dataOf(master('PUT', '/currency-settings/base', admin.jwt, { baseCurrency: 'GBP' }));
    await rate(admin.jwt, 'EUR', 0.8612, '2026-02-01');
    await rate(admin.jwt, 'USD', 0.7915, '2026-02-15');
    customer = await contact(admin.jwt, { kind: 'organisation', name: 'Harbour Exports BV' });
    carrier = await contact(admin.jwt, { kind: 'organisation', name: 'Blue Line Shipping' });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('keeps buy and sell lines with their rate snapshots, totals them exactly in the base currency, and audits it', async () => {
    const shipment = await sea();
    expect(await dataOf<TShipmentCharges>(getCharges(shipment._id))).toEqual({
      baseCurrency: 'GBP',
      lines: [],
      totals: { revenue: '0.00', cost: '0.00', margin: '0.00', marginPercent: null, linesInOtherBase: 0 },
    });

    const saved = await dataOf<TShipmentCharges>(
      putCharges(shipment._id, [sellFreight(), sellDocumentation(), buyFreight()]),
    );
    expect(saved.lines.map((line) => [line.amount, line.exchangeRate, line.baseAmount])).toEqual([
      // 2 × 1,450.50 EUR = 2,901.00 EUR at 0.8612 = 2,498.3412 → 2,498.34 GBP.
      ['2901.00', { rate: '0.8612', baseCurrency: 'GBP', effectiveDate: '2026-02-01' }, '2498.34'],
      ['35.00', { rate: '1', baseCurrency: 'GBP', effectiveDate: '2026-03-01' }, '35.00'],
      // 2 × 1,180.25 USD = 2,360.50 USD at 0.7915 = 1,868.33575 → 1,868.34 GBP (half away from zero).
      ['2360.50', { rate: '0.7915', baseCurrency: 'GBP', effectiveDate: '2026-02-15' }, '1868.34'],
    ]);
    expect(saved.lines[0]).toMatchObject({
      side: 'sell',
      chargeCode: 'OFR',
      description: 'Ocean freight Rotterdam–Shanghai',
      party: { _id: customer, name: 'Harbour Exports BV' },
      quantity: '2',
      unit: 'container',
      unitPrice: '1450.5',
      currency: 'EUR',
      date: '2026-03-01',
    });
    expect(saved.lines[1]?.description).toBe('');
    // 2,533.34 − 1,868.34 = 665.00; 665.00 ÷ 2,533.34 = 26.2499…% → 26.25.
    expect(saved.totals).toEqual({
      revenue: '2533.34',
      cost: '1868.34',
      margin: '665.00',
      marginPercent: '26.25',
      linesInOtherBase: 0,
    });
    expect(await dataOf<TShipmentCharges>(getCharges(shipment._id))).toEqual(saved);

    const entries = await auditOf(admin.companyId, { entityId: shipment._id });
    const last = entries.at(-1);
    expect(last).toMatchObject({ entityType: 'shipment', action: 'update', before: { charges: [] } });
    expect((last?.after as { charges: object[] } | undefined)?.charges).toEqual([
      expect.objectContaining({
        chargeCode: 'OFR',
        currency: 'EUR',
        rate: '0.8612',
        rateEffectiveDate: '2026-02-01',
      }),
      expect.objectContaining({ chargeCode: 'DOC', currency: 'GBP', rate: '1', rateBaseCurrency: 'GBP' }),
      expect.objectContaining({
        side: 'buy',
        unitPrice: '1180.25',
        rate: '0.7915',
        rateEffectiveDate: '2026-02-15',
      }),
    ]);

    // A rate entered later, in force on the lines' date, does not rewrite them.
    await rate(admin.jwt, 'EUR', 0.9, '2026-02-20');
    await rate(admin.jwt, 'USD', 0.8, '2026-02-25');
    expect(await dataOf<TShipmentCharges>(getCharges(shipment._id))).toEqual(saved);
    // Written again, the lines take the rates now in force.
    const rewritten = await dataOf<TShipmentCharges>(putCharges(shipment._id, [sellFreight()]));
    expect(rewritten.lines[0]?.exchangeRate).toEqual({
      rate: '0.9',
      baseCurrency: 'GBP',
      effectiveDate: '2026-02-20',
    });
    expect(rewritten.totals).toMatchObject({
      revenue: '2610.90',
      cost: '0.00',
      margin: '2610.90',
      marginPercent: '100.00',
    });
  });

  it('refuses a currency without a rate on the date, naming the field, and writes nothing', async () => {
    const shipment = await sea();
    const kept = await dataOf<TShipmentCharges>(putCharges(shipment._id, [sellFreight()]));
    const auditsBefore = (await auditOf(admin.companyId, { entityId: shipment._id })).length;
    const refused = await errorOf(
      putCharges(shipment._id, [sellDocumentation(), { ...buyFreight(), date: '2026-02-10' }]),
      400,
    );
    expect(refused.details?.fields).toEqual([
      {
        field: 'lines.1.currency',
        message: 'No USD rate is in force on 2026-02-10: enter one under Currencies first',
      },
    ]);
    expect(await dataOf<TShipmentCharges>(getCharges(shipment._id))).toEqual(kept);
    expect(await auditOf(admin.companyId, { entityId: shipment._id })).toHaveLength(auditsBefore);

    const unknownCode = await errorOf(
      putCharges(shipment._id, [{ ...sellFreight(), chargeCode: 'XYZ' }]),
      400,
    );
    expect(unknownCode.details?.fields?.[0]?.field).toBe('lines.0.chargeCode');
    const float = await errorOf(putCharges(shipment._id, [{ ...sellFreight(), unitPrice: 1450.5 }]), 400);
    expect(float.details?.fields?.[0]?.field).toBe('lines.0.unitPrice');
    const tooFine = await errorOf(
      putCharges(shipment._id, [{ ...sellFreight(), unitPrice: '1.23456' }]),
      400,
    );
    expect(tooFine.details?.fields?.[0]?.field).toBe('lines.0.unitPrice');
    expect(await dataOf<TShipmentCharges>(getCharges(shipment._id))).toEqual(kept);
  });

  it("refuses another company's party and shipment", async () => {
    const other = await testApp.register('shipment-charges-other');
    const theirParty = await contact(other.jwt, { kind: 'organisation', name: 'Elsewhere Freight' });
    const mine = await sea();
    const party = await errorOf(putCharges(mine._id, [{ ...sellFreight(), partyId: theirParty }]), 400);
    expect(party.details?.fields).toEqual([
      { field: 'lines.0.partyId', message: 'must be an organisation of your contacts' },
    ]);
    await errorOf(getCharges(mine._id, other.jwt), 404);
    await errorOf(putCharges(mine._id, [], other.jwt), 404);
    expect((await dataOf<TShipmentCharges>(getCharges(mine._id))).lines).toEqual([]);
  });

  it('shows and takes charges only with charges:read: a Viewer reads the shipment without them, a Member keys them', async () => {
    const shipment = await sea();
    await dataOf(putCharges(shipment._id, [sellFreight(), buyFreight()]));

    const viewer = await addCompanyMember(testApp, { companyId: admin.companyId, role: 'viewer' });
    await dataOf(call('GET', `/shipments/${shipment._id}`, viewer.jwt));
    const hidden = await errorOf(getCharges(shipment._id, viewer.jwt), 403);
    expect(hidden.message).toBe('This needs the charges:read permission');
    await errorOf(putCharges(shipment._id, [], viewer.jwt), 403);

    // Writing charges reveals them: shipments:write alone is not enough.
    const writer = await testApp.addUser(admin, {
      label: 'shipments-writer',
      role: { permissions: ['shipments:read', 'shipments:write'] },
    });
    const blind = await errorOf(putCharges(shipment._id, [], writer.jwt), 403);
    expect(blind.message).toBe('This needs the charges:read permission');

    const member = await addCompanyMember(testApp, { companyId: admin.companyId, role: 'member' });
    const read = await dataOf<TShipmentCharges>(getCharges(shipment._id, member.jwt));
    expect(read.lines).toHaveLength(2);
    const keyed = await dataOf<TShipmentCharges>(putCharges(shipment._id, [sellDocumentation()], member.jwt));
    expect(keyed.totals).toMatchObject({ revenue: '35.00', cost: '0.00', marginPercent: '100.00' });
    expect((await dataOf<TShipmentCharges>(getCharges(shipment._id))).lines).toHaveLength(1);
  });
});
