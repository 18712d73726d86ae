import type {
  TShipment,
  TShipmentEvent,
  TWebhookDelivery,
  TWebhookEndpoint,
  TWebhookEndpointWithSecret,
} from '@cargodesk/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCompanyMember } from '../../../../test/company-members.ts';
import { testDatabaseKinds } from '../../../../test/databases.ts';
import { answeredData, answeredError, auditReader, routeCaller } from '../../../../test/route-helpers.ts';
import { webhookEndpoints } from '../../../db/schema/index.ts';
import { createSealer } from '../../../platform/auth/sealed-secrets.ts';
import { getOrCreateSecret } from '../../../platform/auth/secrets.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../../access/access-test-support.ts';
import { webhookSecretKeyName } from './plugin.ts';
import { isSignedBy, startReceiver } from './webhook-test-receiver.ts';

// Webhooks end to end: the routes, the outbox written with the event, the worker posting to real
// receivers on 127.0.0.1 (allowed here by WEBHOOKS_ALLOW_PRIVATE_ADDRESSES, as only tests set it),
// the signature and dedupe id, retries, replay, one slow endpoint beside a fast one, and the refusal
// of loopback addresses when the switch is off.

const testEnvironment = {
  WEBHOOKS_ALLOW_HTTP: 'true',
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
  WEBHOOK_POLL_MS: '50',
  WEBHOOK_RETRY_BASE_MS: '50',
  WEBHOOK_MAX_ATTEMPTS: '3',
};

/** Waits for a condition the worker brings about; the bound only stops a broken test from hanging. */
const eventually = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 50 });

describe.each(testDatabaseKinds)('webhooks on %s', (kind) => {
  let testApp: TIamTestApp;
  let admin: TRegistered;
  let other: TRegistered;
  const call = routeCaller(() => testApp.app, '/freightserver/api/v1');
  const auditOf = auditReader(() => testApp.database.db);

  const seaShipment = async () => {
    const shipment = await answeredData<TShipment>(
      call('POST', '/shipments', admin.jwt, {
        mode: 'sea',
        direction: 'export',
        loadType: 'fcl',
        portOfLoading: 'NLRTM',
        portOfDischarge: 'CNSHA',
        vesselName: 'Maersk Kendal',
        voyageNumber: '226W',
      }),
      201,
    );
    await answeredData(
      call('PUT', `/shipments/${shipment._id}/cargo`, admin.jwt, {
        lines: [],
        containers: [{ number: 'MSKU9070323', sizeType: '42G1' }],
      }),
    );
    return shipment;
  };
  const departed = (shipmentId: string) =>
    answeredData<TShipmentEvent>(
      call('POST', `/shipments/${shipmentId}/events`, admin.jwt, {
        code: 'DEPA',
        classifier: 'ACT',
        eventAt: '2026-03-02T06:30:00+01:00',
        location: 'NLRTM',
      }),
      201,
    );
  const createEndpoint = (url: string, eventTypes: string[] = ['TRANSPORT'], jwt = admin.jwt) =>
    answeredData<TWebhookEndpointWithSecret>(
      call('POST', '/webhooks/endpoints', jwt, { url, eventTypes, description: 'Test receiver' }),
      201,
    );
  const deliveriesOf = async (endpointId: string) =>
    (
      (await call('GET', `/webhooks/endpoints/${endpointId}/deliveries`, admin.jwt)).json() as {
        data: TWebhookDelivery[];
      }
    ).data;

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind, environment: testEnvironment });
    admin = await testApp.register('webhooks');
    other = await testApp.register('webhooks-other');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('delivers a signed event in DCSA’s shape under a dedupe id, logs it, and replays it under the same id', async () => {
    const receiver = await startReceiver();
    try {
      const endpoint = await createEndpoint(receiver.url);
      expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const listed = await answeredData<TWebhookEndpoint[]>(call('GET', '/webhooks/endpoints', admin.jwt));
      expect(listed.map((entry) => entry._id)).toContain(endpoint._id);
      expect(JSON.stringify(listed)).not.toContain(endpoint.secret);
      const [created] = await auditOf(admin.companyId, { entityId: endpoint._id });
      expect(created).toMatchObject({ entityType: 'webhook-endpoint', action: 'create' });
      expect(JSON.stringify(created)).not.toContain(endpoint.secret);

      const shipment = await seaShipment();
      const event = await departed(shipment._id);
      // An equipment event: this endpoint asked for transport events only.
      await answeredData(
        call('POST', `/shipments/${shipment._id}/events`, admin.jwt, {
          code: 'LOAD',
          classifier: 'ACT',
          eventAt: '2026-03-01T20:00:00Z',
          location: 'NLRTM',
          containerNumber: 'MSKU9070323',
        }),
        201,
      );
      await eventually(() => expect(receiver.received).toHaveLength(1));
      const [first] = receiver.received;
      if (!first) throw new Error('nothing received');
      expect(isSignedBy(first, endpoint.secret)).toBe(true);
      expect(isSignedBy(first, 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=')).toBe(false);
      expect(Number(first.headers['webhook-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 300);
      expect(first.headers['content-type']).toBe('application/json');
      expect(JSON.parse(first.body)).toMatchObject({
        eventID: event._id,
        eventType: 'TRANSPORT',
        eventClassifierCode: 'ACT',
        transportEventTypeCode: 'DEPA',
        eventDateTime: '2026-03-02T05:30:00.000Z',
        references: [{ referenceType: 'FF', referenceValue: shipment.reference }],
        transportCall: {
          UNLocationCode: 'NLRTM',
          modeOfTransport: 'VESSEL',
          exportVoyageNumber: '226W',
          vessel: { vesselName: 'Maersk Kendal' },
        },
      });

      const [delivery] = await eventually(async () => {
        const log = await deliveriesOf(endpoint._id);
        expect(log.map((entry) => entry.status)).toEqual(['delivered']);
        return log;
      });
      if (!delivery) throw new Error('no delivery');
      expect(first.headers['webhook-id']).toBe(delivery._id);
      expect(delivery).toMatchObject({
        eventId: event._id,
        eventType: 'TRANSPORT',
        attempts: 1,
        lastStatusCode: 200,
      });
      expect(delivery.attemptLog).toMatchObject([{ statusCode: 200, isSuccess: true, error: null }]);

      const replayed = await answeredData<TWebhookDelivery>(
        call('POST', `/webhooks/endpoints/${endpoint._id}/deliveries/${delivery._id}/replay`, admin.jwt),
        202,
      );
      expect(replayed.status).toBe('queued');
      await eventually(() => expect(receiver.received).toHaveLength(2));
      const second = receiver.received[1];
      if (!second) throw new Error('no replay');
      expect(second.headers['webhook-id']).toBe(delivery._id);
      expect(second.body).toBe(first.body);
      expect(isSignedBy(second, endpoint.secret)).toBe(true);
      await eventually(async () => {
        const [again] = await deliveriesOf(endpoint._id);
        expect(again?.status).toBe('delivered');
        expect(again?.attemptLog).toHaveLength(2);
      });
      const trail = await auditOf(admin.companyId, { entityId: endpoint._id });
      expect(trail.at(-1)?.after).toMatchObject({ replayedDelivery: delivery._id });
    } finally {
      await receiver.close();
    }
  });

  it('retries after a 500 with backoff and records each attempt', async () => {
    const receiver = await startReceiver((_request, response, index) => {
      response.writeHead(index === 0 ? 500 : 204).end();
    });
    try {
      const endpoint = await createEndpoint(receiver.url);
      await departed((await seaShipment())._id);
      const delivery = await eventually(async () => {
        const [entry] = await deliveriesOf(endpoint._id);
        expect(entry?.status).toBe('delivered');
        return entry;
      });
      expect(delivery?.attempts).toBe(2);
      expect(delivery?.attemptLog).toMatchObject([
        { statusCode: 204, isSuccess: true },
        { statusCode: 500, isSuccess: false, error: 'Answered 500' },
      ]);
      expect(receiver.received.map((entry) => entry.headers['webhook-id'])).toEqual([
        delivery?._id,
        delivery?._id,
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('gives up after the last attempt, and the log says why', async () => {
    const receiver = await startReceiver((_request, response) => {
      response.writeHead(503).end();
    });
    try {
      const endpoint = await createEndpoint(receiver.url);
      await departed((await seaShipment())._id);
      const delivery = await eventually(async () => {
        const [entry] = await deliveriesOf(endpoint._id);
        expect(entry?.status).toBe('failed');
        return entry;
      });
      expect(delivery?.attemptLog).toHaveLength(3);
      expect(delivery?.lastError).toBe('Answered 503');
    } finally {
      await receiver.close();
    }
  });

  it('delivers to a fast endpoint while a slow one has not answered yet', async () => {
    let releaseSlow: () => void = () => {};
    const slowReleased = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    let isSlowAnswered = false;
    const slow = await startReceiver(async (_request, response) => {
      await slowReleased;
      isSlowAnswered = true;
      response.writeHead(200).end();
    });
    const fast = await startReceiver();
    try {
      const slowEndpoint = await createEndpoint(slow.url);
      const shipment = await seaShipment();
      await departed(shipment._id);
      await eventually(() => expect(slow.received).toHaveLength(1));
      // The slow endpoint holds its delivery; a second event for it waits behind it (one at a time),
      // while the fast endpoint, registered now, gets the next event at once.
      const fastEndpoint = await createEndpoint(fast.url);
      await departed(shipment._id);
      await eventually(() => expect(fast.received).toHaveLength(1));
      expect(isSlowAnswered).toBe(false);
      expect(slow.received).toHaveLength(1);
      releaseSlow();
      await eventually(() => expect(slow.received).toHaveLength(2));
      await eventually(async () => {
        expect((await deliveriesOf(slowEndpoint._id)).map((entry) => entry.status)).toEqual([
          'delivered',
          'delivered',
        ]);
        expect((await deliveriesOf(fastEndpoint._id)).map((entry) => entry.status)).toEqual(['delivered']);
      });
    } finally {
      releaseSlow();
      await slow.close();
      await fast.close();
    }
  });

  it('answers the company’s sea events in DCSA’s shape with DCSA’s filters and a cursor', async () => {
    const jwt = other.jwt;
    const shipment = await answeredData<TShipment>(
      call('POST', '/shipments', jwt, {
        mode: 'sea',
        direction: 'export',
        loadType: 'fcl',
        portOfLoading: 'NLRTM',
        portOfDischarge: 'CNSHA',
      }),
      201,
    );
    await answeredData(
      call('PUT', `/shipments/${shipment._id}/cargo`, jwt, {
        lines: [],
        containers: [{ number: 'MSKU9070323', sizeType: '42G1' }],
      }),
    );
    const record = (body: object) =>
      answeredData<TShipmentEvent>(call('POST', `/shipments/${shipment._id}/events`, jwt, body), 201);
    const confirmed = await record({ code: 'CONF', classifier: 'ACT', eventAt: '2026-02-20T10:00:00Z' });
    const loaded = await record({
      code: 'LOAD',
      classifier: 'ACT',
      eventAt: '2026-03-01T20:00:00Z',
      location: 'NLRTM',
      containerNumber: 'MSKU9070323',
    });
    const departure = await record({
      code: 'DEPA',
      classifier: 'ACT',
      eventAt: '2026-03-02T06:00:00Z',
      location: 'NLRTM',
    });
    type TFeed = { data: Record<string, unknown>[]; meta: { nextCursor: string | null } };
    const feed = async (query: string) => (await call('GET', `/events${query}`, jwt)).json() as TFeed;

    const all = await feed('');
    expect(all.data.map((event) => event.eventID)).toEqual([confirmed._id, loaded._id, departure._id]);
    expect(all.data[0]).toMatchObject({
      eventType: 'SHIPMENT',
      shipmentEventTypeCode: 'CONF',
      documentTypeCode: 'BKG',
      documentID: shipment.reference,
    });
    expect(all.data[1]).toMatchObject({
      eventType: 'EQUIPMENT',
      equipmentEventTypeCode: 'LOAD',
      equipmentReference: 'MSKU9070323',
      emptyIndicatorCode: 'LADEN',
    });
    expect((await feed('?eventType=TRANSPORT,SHIPMENT')).data.map((event) => event.eventID)).toEqual([
      confirmed._id,
      departure._id,
    ]);
    expect((await feed('?equipmentEventTypeCode=LOAD')).data.map((event) => event.eventID)).toEqual([
      loaded._id,
    ]);
    expect((await feed('?equipmentReference=MSKU9070323')).data.map((event) => event.eventID)).toEqual([
      loaded._id,
    ]);
    expect(
      (
        await feed(
          '?eventCreatedDateTime:gte=2000-01-01T00:00:00Z&eventCreatedDateTime:lte=2001-01-01T00:00:00Z',
        )
      ).data,
    ).toEqual([]);
    const first = await feed('?limit=2');
    expect(first.data).toHaveLength(2);
    const rest = await feed(`?limit=2&cursor=${first.meta.nextCursor}`);
    expect(rest.data.map((event) => event.eventID)).toEqual([departure._id]);
    expect(rest.meta.nextCursor).toBeNull();
    // Another company's events are not in the feed.
    const adminFeed = (await call('GET', '/events?limit=100', admin.jwt)).json() as TFeed;
    expect(adminFeed.data.map((event) => event.eventID)).not.toContain(loaded._id);
    const bad = await answeredError(call('GET', '/events?eventType=AIR', jwt), 400);
    expect(bad.details?.fields?.map((entry) => entry.field)).toContain('eventType.0');
    await answeredError(call('GET', '/events?cursor=nonsense', jwt), 400);
  });

  it('enforces webhooks:write, refuses bad input on its field, and keeps endpoints to their company', async () => {
    const endpoint = await createEndpoint('https://hooks.example.com/cargodesk');
    const member = await addCompanyMember(testApp, { companyId: admin.companyId, role: 'member' });
    await answeredError(call('GET', '/webhooks/endpoints', member.jwt), 403);
    await answeredError(
      call('POST', '/webhooks/endpoints', member.jwt, {
        url: 'https://a.example.com',
        eventTypes: ['SHIPMENT'],
      }),
      403,
    );
    const refusedOn = async (body: object, field: string) => {
      const error = await answeredError(call('POST', '/webhooks/endpoints', admin.jwt, body), 400);
      expect(error.details?.fields?.map((entry) => entry.field)).toContain(field);
    };
    await refusedOn({ url: 'ftp://hooks.example.com', eventTypes: ['TRANSPORT'] }, 'url');
    await refusedOn({ url: 'not a url', eventTypes: ['TRANSPORT'] }, 'url');
    await refusedOn({ url: 'https://user:pw@hooks.example.com', eventTypes: ['TRANSPORT'] }, 'url');
    await refusedOn({ url: 'https://hooks.example.com', eventTypes: [] }, 'eventTypes');
    await refusedOn({ url: 'https://hooks.example.com', eventTypes: ['AIR'] }, 'eventTypes.0');

    for (const [method, path] of [
      ['PATCH', `/webhooks/endpoints/${endpoint._id}`],
      ['DELETE', `/webhooks/endpoints/${endpoint._id}`],
      ['POST', `/webhooks/endpoints/${endpoint._id}/secret`],
      ['GET', `/webhooks/endpoints/${endpoint._id}/deliveries`],
      ['POST', `/webhooks/endpoints/${endpoint._id}/deliveries/${createId()}/replay`],
    ] as const)
      await answeredError(
        call(method, path, other.jwt, method === 'PATCH' ? { isActive: false } : undefined),
        404,
      );

    const rotated = await answeredData<TWebhookEndpointWithSecret>(
      call('POST', `/webhooks/endpoints/${endpoint._id}/secret`, admin.jwt),
    );
    expect(rotated.secret).not.toBe(endpoint.secret);
    const paused = await answeredData<TWebhookEndpoint>(
      call('PATCH', `/webhooks/endpoints/${endpoint._id}`, admin.jwt, {
        isActive: false,
        eventTypes: ['SHIPMENT'],
      }),
    );
    expect(paused).toMatchObject({ isActive: false, eventTypes: ['SHIPMENT'] });
    await answeredData(call('DELETE', `/webhooks/endpoints/${endpoint._id}`, admin.jwt));
    await answeredError(call('GET', `/webhooks/endpoints/${endpoint._id}/deliveries`, admin.jwt), 404);
    const trail = await auditOf(admin.companyId, { entityId: endpoint._id });
    expect(trail.map((entry) => entry.action)).toEqual(['create', 'update', 'update', 'delete']);
  });
});

describe('webhooks without the private-address switch', () => {
  let testApp: TIamTestApp;
  let admin: TRegistered;
  const call = routeCaller(() => testApp.app, '/freightserver/api/v1');

  beforeAll(async () => {
    testApp = await startIamTestApp({
      kind: 'pglite',
      environment: { ...testEnvironment, WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'false' },
    });
    admin = await testApp.register('webhooks-guarded');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('refuses loopback, private and link-local addresses at registration', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hooks',
      'http://localhost/hooks',
      'http://10.0.0.7/hooks',
      'http://169.254.169.254/latest',
      'http://[::1]/hooks',
      'http://[::ffff:127.0.0.1]/hooks',
      'http://0x7f.1/hooks',
    ]) {
      const error = await answeredError(
        call('POST', '/webhooks/endpoints', admin.jwt, { url, eventTypes: ['TRANSPORT'] }),
        400,
      );
      expect(error.details?.fields).toEqual([{ field: 'url', message: expect.stringContaining('public') }]);
    }
  });

  it('refuses at delivery time an endpoint whose address is not public, and sends it nothing', async () => {
    const receiver = await startReceiver();
    try {
      // As if the name had pointed at a public address when saved and points inward now.
      const { db } = testApp.database;
      const sealer = createSealer(await getOrCreateSecret(db, webhookSecretKeyName));
      const endpointId = createId();
      await db.insert(webhookEndpoints).values({
        companyId: admin.companyId,
        id: endpointId,
        url: receiver.url,
        eventTypes: ['TRANSPORT'],
        secretSealed: sealer.seal('whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='),
      });
      const shipment = await answeredData<TShipment>(
        call('POST', '/shipments', admin.jwt, {
          mode: 'sea',
          direction: 'export',
          loadType: 'fcl',
          portOfLoading: 'NLRTM',
          portOfDischarge: 'CNSHA',
        }),
        201,
      );
      await answeredData(
        call('POST', `/shipments/${shipment._id}/events`, admin.jwt, {
          code: 'DEPA',
          classifier: 'ACT',
          eventAt: '2026-03-02T06:30:00Z',
          location: 'NLRTM',
        }),
        201,
      );
      const delivery = await eventually(async () => {
        const response = await call('GET', `/webhooks/endpoints/${endpointId}/deliveries`, admin.jwt);
        const [entry] = (response.json() as { data: TWebhookDelivery[] }).data;
        expect(entry?.status).toBe('failed');
        return entry;
      });
      expect(delivery?.attemptLog[0]).toMatchObject({
        statusCode: null,
        isSuccess: false,
        error: '127.0.0.1 is not a public address: refused',
      });
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});
