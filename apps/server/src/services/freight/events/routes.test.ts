import type { TShipment, TShipmentEvent, TShipmentSummary, TShipmentTimeline } from '@cargodesk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompanyMember } from '../../../../test/company-members.ts';
import { testDatabaseKinds } from '../../../../test/databases.ts';
import { answeredData, answeredError, auditReader, routeCaller } from '../../../../test/route-helpers.ts';
import { withTenant } from '../../../platform/data-access/tenant-transaction.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../../access/access-test-support.ts';

// A shipment's events through the real routes, on PGlite and, when TEST_DATABASE_URL names one, on
// PostgreSQL too: the table is append-only by its grants and a retraction is once by its key, which
// are the database's to keep.

describe.each(testDatabaseKinds)('shipment events on %s', (kind) => {
  let testApp: TIamTestApp;
  let admin: TRegistered;
  let other: TRegistered;
  const call = routeCaller(() => testApp.app, '/freightserver/api/v1');
  const auditOf = auditReader(() => testApp.database.db);
  const dataOf = answeredData;
  const errorOf = answeredError;
  /** A 400 that names `field`. */
  const refusedOn = async (response: ReturnType<typeof call>, field: string) => {
    const error = await errorOf(response, 400);
    expect(error.details?.fields?.map((entry) => entry.field)).toContain(field);
    return error;
  };
  const sea = async (jwt = admin.jwt) => {
    const shipment = await dataOf<TShipment>(
      call('POST', '/shipments', jwt, {
        mode: 'sea',
        direction: 'export',
        loadType: 'fcl',
        portOfLoading: 'NLRTM',
        portOfDischarge: 'CNSHA',
        plannedDeparture: '2026-03-01T10:00:00Z',
        plannedArrival: '2026-03-30T08:00:00Z',
      }),
      201,
    );
    await dataOf(
      call('PUT', `/shipments/${shipment._id}/cargo`, jwt, {
        lines: [],
        containers: [{ number: 'MSKU9070323', sizeType: '42G1' }],
      }),
    );
    return shipment;
  };
  const air = (jwt = admin.jwt) =>
    dataOf<TShipment>(
      call('POST', '/shipments', jwt, {
        mode: 'air',
        direction: 'export',
        loadType: 'loose',
        portOfLoading: 'HKG',
        portOfDischarge: 'AMS',
      }),
      201,
    );
  const record = (id: string, body: object, jwt = admin.jwt) =>
    call('POST', `/shipments/${id}/events`, jwt, body);
  const timelineOf = (id: string, jwt = admin.jwt) =>
    dataOf<TShipmentTimeline>(call('GET', `/shipments/${id}/events`, jwt));
  const departed = {
    code: 'DEPA',
    classifier: 'ACT',
    eventAt: '2026-03-02T06:30:00+01:00',
    location: 'nlrtm',
  };

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    admin = await testApp.register('shipment-events');
    other = await testApp.register('shipment-events-other');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('records planned, estimated and actual events, shows them per step in the place’s zone, and audits them', async () => {
    const shipment = await sea();
    const estimate = await dataOf<TShipmentEvent>(
      record(shipment._id, {
        code: 'ARRI',
        classifier: 'EST',
        eventAt: '2026-04-02T08:00:00Z',
        location: 'CNSHA',
      }),
      201,
    );
    expect(estimate).toMatchObject({
      code: 'ARRI',
      label: 'Arrived',
      eventType: 'TRANSPORT',
      classifier: 'EST',
      location: { code: 'CNSHA', timezone: 'Asia/Shanghai' },
      source: 'person',
      recordedBy: { _id: admin.userId },
      retractsEventId: null,
    });
    const actual = await dataOf<TShipmentEvent>(record(shipment._id, departed), 201);
    expect(actual).toMatchObject({
      eventAt: '2026-03-02T05:30:00.000Z',
      location: { timezone: 'Europe/Amsterdam' },
    });
    await dataOf(
      record(shipment._id, {
        code: 'load',
        classifier: 'ACT',
        eventAt: '2026-03-01T20:00:00Z',
        location: 'NLRTM',
        containerNumber: 'MSKU 907032-3',
      }),
      201,
    );

    const timeline = await timelineOf(shipment._id);
    expect(timeline.containerNumbers).toEqual(['MSKU9070323']);
    expect(timeline.steps.map((step) => step.code)).toEqual([
      'CONF',
      'GTIN',
      'LOAD',
      'DEPA',
      'ARRI',
      'DISC',
      'AVPU',
      'STRP',
    ]);
    const step = (code: string) => timeline.steps.find((entry) => entry.code === code);
    expect(step('DEPA')).toMatchObject({
      place: { code: 'NLRTM', timezone: 'Europe/Amsterdam' },
      planned: { eventId: null, eventAt: '2026-03-01T10:00:00.000Z' },
      estimated: null,
      actual: { eventId: actual._id, eventAt: '2026-03-02T05:30:00.000Z' },
    });
    expect(step('ARRI')).toMatchObject({
      planned: { eventAt: '2026-03-30T08:00:00.000Z' },
      estimated: { eventId: estimate._id },
      actual: null,
    });
    expect(timeline.events.map((event) => event.code)).toEqual(['ARRI', 'DEPA', 'LOAD']);

    const shown = await dataOf<TShipment>(call('GET', `/shipments/${shipment._id}`, admin.jwt));
    expect(shown.operationalStatus).toBe('departed');
    const history = await auditOf(admin.companyId, { entityId: shipment._id });
    expect(history.at(-1)?.after).toMatchObject({
      recordedEvent: { name: 'Loaded (LOAD), actual, NLRTM, MSKU9070323', code: 'LOAD' },
    });
  });

  it('takes an event back with a retraction that points at it, once, and never changes the event', async () => {
    const shipment = await sea();
    const event = await dataOf<TShipmentEvent>(record(shipment._id, departed), 201);
    const path = `/shipments/${shipment._id}/events/${event._id}/retraction`;
    await refusedOn(call('POST', path, admin.jwt, {}), 'reason');
    const retraction = await dataOf<TShipmentEvent>(
      call('POST', path, admin.jwt, { reason: 'Keyed on the wrong shipment' }),
      201,
    );
    expect(retraction).toMatchObject({
      code: 'DEPA',
      retractsEventId: event._id,
      note: 'Keyed on the wrong shipment',
    });
    await errorOf(call('POST', path, admin.jwt, { reason: 'again' }), 409);
    await errorOf(
      call('POST', `/shipments/${shipment._id}/events/${retraction._id}/retraction`, admin.jwt, {
        reason: 'undo',
      }),
      409,
    );
    const timeline = await timelineOf(shipment._id);
    expect(timeline.steps.find((step) => step.code === 'DEPA')?.actual).toBeNull();
    expect(timeline.events.find((entry) => entry._id === event._id)).toMatchObject({
      retractedByEventId: retraction._id,
      eventAt: event.eventAt,
    });
    expect(
      (await dataOf<TShipment>(call('GET', `/shipments/${shipment._id}`, admin.jwt))).operationalStatus,
    ).toBe('draft');
    const history = await auditOf(admin.companyId, { entityId: shipment._id });
    expect(history.at(-1)?.after).toMatchObject({
      retractedEvent: { code: 'DEPA' },
      retractionReason: 'Keyed on the wrong shipment',
    });
    // The request role may add events, never change or remove one.
    for (const statement of [
      sql`update shipment_events set event_at = now() where id = ${event._id}`,
      sql`delete from shipment_events where id = ${event._id}`,
    ])
      await expect(
        withTenant(testApp.database.db, admin.companyId, (tx) => tx.execute(statement)),
      ).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/permission denied/) },
      });
  });

  it('refuses, naming the field, codes of the other mode, unknown places and containers not on the shipment', async () => {
    const shipment = await sea();
    const cases: [object, string, string?][] = [
      [{ ...departed, code: 'DEP' }, 'code', 'IATA'],
      [{ ...departed, code: 'NOPE' }, 'code'],
      [{ ...departed, classifier: 'LATER' }, 'classifier'],
      [{ ...departed, eventAt: '2026-02-30T10:00:00Z' }, 'eventAt'],
      [{ ...departed, location: 'XXZZZ' }, 'location', 'XXZZZ'],
      [{ ...departed, location: 'AMS' }, 'location'],
      [{ ...departed, location: null }, 'location', 'required'],
      [{ ...departed, code: 'DISC' }, 'containerNumber', 'equipment'],
      [{ ...departed, code: 'DISC', containerNumber: 'CSQU3054383' }, 'containerNumber', 'CSQU3054383'],
      [{ ...departed, code: 'DISC', containerNumber: 'CSQU3054384' }, 'containerNumber'],
      [{ ...departed, containerNumber: 'MSKU9070323' }, 'containerNumber', 'not an equipment event'],
      [{ ...departed, pieces: 3 }, 'pieces'],
      [{ ...departed, extra: 1 }, ''],
    ];
    for (const [body, field, words] of cases) {
      const error = await errorOf(record(shipment._id, body), 400);
      if (field) expect(JSON.stringify(error.details), JSON.stringify(body)).toContain(`"${field}"`);
      if (words) expect(error.message, JSON.stringify(body)).toContain(words);
    }
    // A booking's event happens at no port.
    await dataOf(
      record(shipment._id, { code: 'CONF', classifier: 'ACT', eventAt: '2026-02-20T09:00:00Z' }),
      201,
    );
    expect((await timelineOf(shipment._id)).events).toHaveLength(1);
  });

  it('takes IATA codes by air, with pieces, at airports', async () => {
    const shipment = await air();
    await refusedOn(record(shipment._id, { ...departed, location: 'HKG' }), 'code');
    const event = await dataOf<TShipmentEvent>(
      record(shipment._id, {
        code: 'DEP',
        classifier: 'ACT',
        eventAt: '2026-03-02T06:30:00Z',
        location: 'hkg',
        pieces: 4,
      }),
      201,
    );
    expect(event).toMatchObject({
      eventType: 'AIR',
      label: 'Departed',
      pieces: 4,
      location: { code: 'HKG' },
    });
    const timeline = await timelineOf(shipment._id);
    expect(timeline.steps.map((step) => step.code)).toEqual([
      'BKD',
      'RCS',
      'MAN',
      'DEP',
      'ARR',
      'RCF',
      'NFD',
      'DLV',
    ]);
    expect(timeline.steps.find((step) => step.code === 'DEP')?.actual?.eventId).toBe(event._id);
  });

  it('derives the status from the furthest actual event, on hold until released, in the list too', async () => {
    const shipment = await sea();
    const statusInList = async () => {
      const page = (await call('GET', `/shipments?pageSize=100`, admin.jwt)).json() as {
        data: TShipmentSummary[];
      };
      return page.data.find((row) => row._id === shipment._id)?.operationalStatus;
    };
    const statusOnScreen = async () =>
      (await dataOf<TShipment>(call('GET', `/shipments/${shipment._id}`, admin.jwt))).operationalStatus;
    const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T08:00:00Z`;
    await dataOf(
      record(shipment._id, {
        code: 'GTIN',
        classifier: 'ACT',
        eventAt: at(1),
        location: 'NLRTM',
        containerNumber: 'MSKU9070323',
      }),
      201,
    );
    expect(await statusInList()).toBe('received');
    // An estimate is no fact; an arrival recorded before a late-keyed load still counts as the furthest.
    await dataOf(
      record(shipment._id, { code: 'ARRI', classifier: 'EST', eventAt: at(20), location: 'CNSHA' }),
      201,
    );
    expect(await statusInList()).toBe('received');
    await dataOf(
      record(shipment._id, { code: 'ARRI', classifier: 'ACT', eventAt: at(20), location: 'CNSHA' }),
      201,
    );
    await dataOf(
      record(shipment._id, {
        code: 'LOAD',
        classifier: 'ACT',
        eventAt: at(2),
        location: 'NLRTM',
        containerNumber: 'MSKU9070323',
      }),
      201,
    );
    expect(await statusInList()).toBe('arrived');
    const hold = await dataOf<TShipmentEvent>(
      record(shipment._id, { code: 'HOLD', classifier: 'ACT', eventAt: at(21) }),
      201,
    );
    expect([await statusInList(), await statusOnScreen()]).toEqual(['on-hold', 'on-hold']);
    await dataOf(record(shipment._id, { code: 'RELS', classifier: 'ACT', eventAt: at(22) }), 201);
    expect(await statusOnScreen()).toBe('arrived');
    await dataOf(record(shipment._id, { code: 'RELS', classifier: 'ACT', eventAt: at(23) }), 201);
    await dataOf(
      call('POST', `/shipments/${shipment._id}/events/${hold._id}/retraction`, admin.jwt, {
        reason: 'Wrong box',
      }),
      201,
    );
    expect(await statusOnScreen()).toBe('arrived');
    await dataOf(
      call('POST', `/shipments/${shipment._id}/booking-status`, admin.jwt, { status: 'CANCELLED' }),
    );
    expect(await statusInList()).toBe('cancelled');
  });

  it('lets a Viewer read the timeline only, and shows another company’s shipments and events as absent', async () => {
    const shipment = await sea();
    const event = await dataOf<TShipmentEvent>(record(shipment._id, departed), 201);
    const viewer = await addCompanyMember(testApp, { companyId: admin.companyId, role: 'viewer' });
    expect((await timelineOf(shipment._id, viewer.jwt)).events).toHaveLength(1);
    await errorOf(record(shipment._id, departed, viewer.jwt), 403);
    await errorOf(
      call('POST', `/shipments/${shipment._id}/events/${event._id}/retraction`, viewer.jwt, { reason: 'no' }),
      403,
    );
    await errorOf(call('GET', `/shipments/${shipment._id}/events`, other.jwt), 404);
    await errorOf(record(shipment._id, departed, other.jwt), 404);
    const theirs = await sea(other.jwt);
    await errorOf(
      call('POST', `/shipments/${theirs._id}/events/${event._id}/retraction`, other.jwt, { reason: 'no' }),
      404,
    );
    await refusedOn(call('GET', '/shipments/not-an-id/events', admin.jwt), 'id');
    expect((await timelineOf(theirs._id, other.jwt)).events).toEqual([]);
  });
});
