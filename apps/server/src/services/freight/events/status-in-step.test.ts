import type { TReportResult, TShipment, TShipmentEvent } from '@cargodesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { answeredData, routeCaller } from '../../../../test/route-helpers.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../../access/access-test-support.ts';

// The operational status is told twice (decision 048): in TypeScript for the shipment's screen and
// list (shipments/service.ts) and in SQL for reports (shipments/report-source.ts). Shipments in
// every state the events can give are read both ways, and must agree.

describe.each(behaviourDatabaseKinds)('the operational status in TypeScript and SQL on %s', (kind) => {
  let testApp: TIamTestApp;
  let admin: TRegistered;
  const freight = routeCaller(() => testApp.app, '/freightserver/api/v1');
  const reports = routeCaller(() => testApp.app, '/reportserver/api/v1');
  const dataOf = answeredData;
  const at = (day: number) => `2026-05-${String(day).padStart(2, '0')}T08:00:00Z`;

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    admin = await testApp.register('status-in-step');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  type TStep =
    | { code: string; classifier?: string; day: number; location?: string }
    | { retractLast: true }
    | { booking: string };

  const scenarios: { mode: 'sea' | 'air'; steps: TStep[]; expected: string; actualDeparture?: string }[] = [
    { mode: 'sea', steps: [], expected: 'draft' },
    { mode: 'sea', steps: [{ booking: 'CONFIRMED' }], expected: 'booked' },
    { mode: 'sea', steps: [{ code: 'CONF', day: 1 }], expected: 'booked' },
    {
      mode: 'sea',
      steps: [{ code: 'DEPA', classifier: 'EST', day: 2, location: 'NLRTM' }],
      expected: 'draft',
    },
    {
      mode: 'sea',
      steps: [
        { code: 'ARRI', day: 9, location: 'CNSHA' },
        { code: 'DEPA', day: 2, location: 'NLRTM' },
      ],
      expected: 'arrived',
    },
    {
      mode: 'sea',
      steps: [{ code: 'ARRI', day: 9, location: 'CNSHA' }, { retractLast: true }],
      expected: 'draft',
    },
    {
      mode: 'sea',
      steps: [
        { code: 'ARRI', day: 9, location: 'CNSHA' },
        { code: 'HOLD', day: 10 },
      ],
      expected: 'on-hold',
    },
    {
      mode: 'sea',
      steps: [
        { code: 'HOLD', day: 10 },
        { code: 'RELS', day: 11 },
      ],
      expected: 'draft',
    },
    {
      mode: 'sea',
      steps: [
        { code: 'HOLD', day: 10 },
        { code: 'RELS', day: 10 },
      ],
      expected: 'draft',
    },
    {
      mode: 'sea',
      steps: [
        { code: 'RELS', day: 9 },
        { code: 'HOLD', day: 10 },
      ],
      expected: 'on-hold',
    },
    { mode: 'sea', steps: [{ code: 'HOLD', day: 10 }, { retractLast: true }], expected: 'draft' },
    {
      mode: 'sea',
      steps: [
        { code: 'ARRI', day: 9, location: 'CNSHA' },
        { booking: 'CONFIRMED' },
        { booking: 'CANCELLED' },
      ],
      expected: 'cancelled',
    },
    { mode: 'sea', steps: [], actualDeparture: at(3), expected: 'departed' },
    {
      mode: 'air',
      steps: [
        { code: 'RCF', day: 4, location: 'AMS' },
        { code: 'DEP', day: 3, location: 'HKG' },
      ],
      expected: 'discharged',
    },
    { mode: 'air', steps: [{ code: 'DDL', day: 6, location: 'AMS' }], expected: 'delivered' },
  ];

  it('agrees for every state the events give', async () => {
    const expected = new Map<string, string>();
    for (const scenario of scenarios) {
      const shipment = await dataOf<TShipment>(
        freight('POST', '/shipments', admin.jwt, {
          mode: scenario.mode,
          direction: 'export',
          loadType: scenario.mode === 'air' ? 'loose' : 'fcl',
          actualDeparture: scenario.actualDeparture,
        }),
        201,
      );
      let last: TShipmentEvent | undefined;
      for (const step of scenario.steps) {
        if ('booking' in step)
          await dataOf(
            freight('POST', `/shipments/${shipment._id}/booking-status`, admin.jwt, { status: step.booking }),
          );
        else if ('retractLast' in step)
          await dataOf(
            freight('POST', `/shipments/${shipment._id}/events/${last?._id}/retraction`, admin.jwt, {
              reason: 'Wrong',
            }),
            201,
          );
        else
          last = await dataOf<TShipmentEvent>(
            freight('POST', `/shipments/${shipment._id}/events`, admin.jwt, {
              code: step.code,
              classifier: step.classifier ?? 'ACT',
              eventAt: at(step.day),
              location: step.location,
            }),
            201,
          );
      }
      const shown = await dataOf<TShipment>(freight('GET', `/shipments/${shipment._id}`, admin.jwt));
      expect(shown.operationalStatus, JSON.stringify(scenario)).toBe(scenario.expected);
      expected.set(shipment.reference, scenario.expected);
    }
    const report = await dataOf<TReportResult>(
      reports('POST', '/reportSketch/run', admin.jwt, {
        source: 'shipments',
        columns: ['reference', 'operationalStatus'],
        sort: { column: 'reference', direction: 'asc' },
      }),
    );
    expect(
      new Map(report.rows.map(([reference, status]) => [reference as string, status as string])),
    ).toEqual(expected);
  });
});
