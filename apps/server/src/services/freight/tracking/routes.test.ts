import type { TCreatedTrackingLink, TPublicTracking, TShipment, TTrackingLink } from '@cargodesk/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addCompanyMember } from '../../../../test/company-members.ts';
import { testDatabaseKinds } from '../../../../test/databases.ts';
import { answeredData, answeredError, auditReader, routeCaller } from '../../../../test/route-helpers.ts';
import { shipmentTrackingLinks } from '../../../db/schema/index.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../../access/access-test-support.ts';

// Tracking links through the real routes and a real listening server, on PGlite and, when
// TEST_DATABASE_URL names one, on PostgreSQL: the public read and stream take the token alone.

type TStreamEvent = { event: string; data: unknown };

/** Reads a server-sent event stream with fetch, as the tracking page's EventSource does. */
const openStream = async (url: string) => {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  const events: TStreamEvent[] = [];
  let isEnded = false;
  const listeners = new Set<() => void>();
  const reading = (async () => {
    if (!response.body || response.status !== 200) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
        for (const listener of [...listeners]) listener();
      }
    } catch {
      // Aborted.
    } finally {
      isEnded = true;
      for (const listener of [...listeners]) listener();
    }
  })();
  /** Resolves once `check` holds for what arrived; a stream that ends first fails the wait. */
  const waitFor = (what: string, check: (events: TStreamEvent[]) => boolean) =>
    new Promise<void>((resolve, reject) => {
      const test = () => {
        if (check(events)) {
          listeners.delete(test);
          resolve();
        } else if (isEnded) {
          listeners.delete(test);
          reject(new Error(`stream ended before ${what}: ${JSON.stringify(events)}`));
        }
      };
      listeners.add(test);
      test();
    });
  return {
    response,
    events,
    waitFor,
    ended: () => reading.then(() => isEnded),
    close: async () => {
      controller.abort();
      await reading;
    },
  };
};

describe.each(testDatabaseKinds)('shipment tracking links on %s', (kind) => {
  let testApp: TIamTestApp;
  let admin: TRegistered;
  let other: TRegistered;
  const call = routeCaller(() => testApp.app, '/freightserver/api/v1');
  const contacts = routeCaller(() => testApp.app, '/contactserver/api/v1');
  const master = routeCaller(() => testApp.app, '/master/api/v1');
  const auditOf = auditReader(() => testApp.database.db);
  const dataOf = answeredData;
  const errorOf = answeredError;

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
        notes: 'INTERNAL-NOTE customer pays late',
        marks: 'SECRET-MARKS 1/4',
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
  const share = (id: string, body: object = {}, jwt = admin.jwt) =>
    dataOf<TCreatedTrackingLink>(call('POST', `/shipments/${id}/tracking-links`, jwt, body), 201);
  const revoke = (id: string, linkId: string, jwt = admin.jwt) =>
    call('POST', `/shipments/${id}/tracking-links/${linkId}/revocation`, jwt);
  const open = (token: string) => call('GET', `/tracking/${token}`);

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    admin = await testApp.register('tracking-links');
    other = await testApp.register('tracking-links-other');
  });
  beforeEach(async () => {
    await testApp.app.rateLimits.trackingLookupsPerIp.reset('127.0.0.1');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('shares a shipment with a link whose page shows its route, containers and milestones, and audits it', async () => {
    const shipment = await sea();
    const link = await share(shipment._id, { label: 'Consignee', expiresInDays: 7 });
    expect(link).toMatchObject({ label: 'Consignee', state: 'active', revokedAt: null });
    expect(link.path).toBe(`/track/${link.token}`);
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    // The token is shown once: the list and the history never carry it, nor the stored hash.
    const listed = await dataOf<TTrackingLink[]>(
      call('GET', `/shipments/${shipment._id}/tracking-links`, admin.jwt),
    );
    expect(listed).toEqual([expect.objectContaining({ _id: link._id, state: 'active' })]);
    expect(JSON.stringify(listed)).not.toContain(link.token.slice(44));
    const history = await auditOf(admin.companyId, { entityId: shipment._id });
    expect(history.at(-1)?.after).toMatchObject({
      sharedTrackingLink: { linkId: link._id, name: 'Tracking link “Consignee”' },
    });
    expect(JSON.stringify(history)).not.toContain(link.token.slice(44));
    const [row] = await testApp.database.db
      .select({ secretHash: shipmentTrackingLinks.secretHash })
      .from(shipmentTrackingLinks)
      .where(eq(shipmentTrackingLinks.id, link._id));
    expect(row?.secretHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.token).not.toContain(row?.secretHash);

    await dataOf(
      call('POST', `/shipments/${shipment._id}/events`, admin.jwt, {
        code: 'DEPA',
        classifier: 'ACT',
        eventAt: '2026-03-02T06:30:00+01:00',
        location: 'NLRTM',
      }),
      201,
    );
    await dataOf(
      call('POST', `/shipments/${shipment._id}/events`, admin.jwt, {
        code: 'ARRI',
        classifier: 'EST',
        eventAt: '2026-03-31T09:00:00Z',
        location: 'CNSHA',
      }),
      201,
    );
    const response = await open(link.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const view = (response.json() as { data: TPublicTracking }).data;
    expect(view.company.name).toBe('tracking-links Freight');
    expect(view.shipment).toMatchObject({
      reference: shipment.reference,
      mode: 'sea',
      origin: { code: 'NLRTM', name: 'Rotterdam' },
      destination: { code: 'CNSHA' },
    });
    expect(view.containers).toEqual([{ number: 'MSKU9070323', sizeType: '42G1' }]);
    const departed = view.milestones.find((step) => step.status === 'departed');
    expect(departed).toMatchObject({
      planned: { at: '2026-03-01T10:00:00.000Z' },
      actual: { at: '2026-03-02T05:30:00.000Z' },
    });
    expect(view.expectedArrival).toMatchObject({ at: '2026-03-31T09:00:00.000Z', kind: 'estimated' });
  });

  it('carries nothing internal in the public view: no charges, notes, marks, people or ids', async () => {
    const shipment = await sea();
    await dataOf(master('PUT', '/currency-settings/base', admin.jwt, { baseCurrency: 'EUR' }));
    const customer = await dataOf<{ _id: string }>(
      contacts('POST', '/contacts', admin.jwt, { kind: 'organisation', name: 'Harbour Exports BV' }),
      201,
    );
    await dataOf(
      call('PUT', `/shipments/${shipment._id}/charges`, admin.jwt, {
        lines: [
          {
            side: 'sell',
            chargeCode: 'OFR',
            description: 'CHARGE-DESCRIPTION ocean freight',
            partyId: customer._id,
            quantity: '2',
            unit: 'container',
            unitPrice: '1450.50',
            currency: 'EUR',
            date: '2026-03-01',
          },
        ],
      }),
    );
    const loaded = await dataOf<{ _id: string }>(
      call('POST', `/shipments/${shipment._id}/events`, admin.jwt, {
        code: 'LOAD',
        classifier: 'ACT',
        eventAt: '2026-03-01T08:00:00Z',
        location: 'NLRTM',
        containerNumber: 'MSKU9070323',
        note: 'EVENT-NOTE crane broke',
      }),
      201,
    );
    const wrong = await dataOf<{ _id: string }>(
      call('POST', `/shipments/${shipment._id}/events`, admin.jwt, {
        code: 'DEPA',
        classifier: 'ACT',
        eventAt: '2026-03-01T09:00:00Z',
        location: 'NLRTM',
      }),
      201,
    );
    const retraction = await dataOf<{ _id: string }>(
      call('POST', `/shipments/${shipment._id}/events/${wrong._id}/retraction`, admin.jwt, {
        reason: 'RETRACTION-REASON keyed twice',
      }),
      201,
    );
    const neighbour = await sea();
    const link = await share(shipment._id, { label: 'LINK-LABEL for the team' });
    const body = (await open(link.token)).body;
    for (const secret of [
      'INTERNAL-NOTE',
      'SECRET-MARKS',
      'CHARGE-DESCRIPTION',
      '1450',
      'EUR',
      'Harbour Exports',
      'EVENT-NOTE',
      'RETRACTION-REASON',
      'LINK-LABEL',
      admin.email,
      admin.userId,
      admin.companyId,
      shipment._id,
      neighbour._id,
      neighbour.reference,
      loaded._id,
      wrong._id,
      retraction._id,
      link._id,
    ])
      expect(body, secret).not.toContain(secret);
    // The retracted departure does not count: the step has its plan only.
    const view = (JSON.parse(body) as { data: TPublicTracking }).data;
    expect(view.milestones.find((step) => step.status === 'departed')?.actual).toBeNull();
    expect(view.milestones.find((step) => step.status === 'loaded')?.actual).toMatchObject({
      at: '2026-03-01T08:00:00.000Z',
    });
    expect(Object.keys(view).sort()).toEqual([
      'company',
      'containers',
      'expectedArrival',
      'linkExpiresAt',
      'milestones',
      'shipment',
    ]);
  });

  it('answers one 404 for an unknown, forged, expired or revoked token, and a revoked link stays revoked', async () => {
    const shipment = await sea();
    const link = await share(shipment._id);
    const expired = await share(shipment._id);
    await testApp.database.db.execute(
      sql`update shipment_tracking_links set expires_at = now() - interval '1 second' where id = ${expired._id}`,
    );
    const theirs = await share((await sea(other.jwt))._id, {}, other.jwt);
    const secretOf = (token: string) => token.slice(44);
    const flipped = `${link.token.slice(0, -1)}${link.token.endsWith('A') ? 'B' : 'A'}`;
    const candidates = {
      unknownLink: `${link.token.slice(0, 22)}${'A'.repeat(22)}${secretOf(link.token)}`,
      wrongSecret: flipped,
      // Another company's link id under this company's id, with its own right secret.
      crossCompany: `${link.token.slice(0, 22)}${theirs.token.slice(22)}`,
      expired: expired.token,
    };
    const answers = await Promise.all(Object.values(candidates).map((token) => open(token)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(404);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers[0]?.headers['x-robots-tag']).toBe('noindex, nofollow');

    const revoked = await dataOf<TTrackingLink>(revoke(shipment._id, link._id));
    expect(revoked).toMatchObject({ state: 'revoked' });
    const afterRevoke = await open(link.token);
    expect(afterRevoke.statusCode).toBe(404);
    expect(afterRevoke.body).toBe(answers[0]?.body);
    // Revoking again keeps the first time; the history has one revocation.
    const again = await dataOf<TTrackingLink>(revoke(shipment._id, link._id));
    expect(again.revokedAt).toBe(revoked.revokedAt);
    const history = await auditOf(admin.companyId, { entityId: shipment._id });
    expect(
      history.filter((entry) => JSON.stringify(entry.after).includes('revokedTrackingLink')),
    ).toHaveLength(1);
    const listed = await dataOf<TTrackingLink[]>(
      call('GET', `/shipments/${shipment._id}/tracking-links`, admin.jwt),
    );
    expect(Object.fromEntries(listed.map((entry) => [entry._id, entry.state]))).toEqual({
      [link._id]: 'revoked',
      [expired._id]: 'expired',
    });
    // A token of the wrong shape is refused by its form, naming the field.
    const malformed = await errorOf(open('not-a-token'), 400);
    expect(malformed.details?.fields?.map((entry) => entry.field)).toContain('token');
  });

  it('lets a viewer list links but not share or revoke, and reaches no other company’s shipment or link', async () => {
    const shipment = await sea();
    const link = await share(shipment._id);
    const viewer = await addCompanyMember(testApp, { companyId: admin.companyId, role: 'viewer' });
    expect(
      await dataOf<TTrackingLink[]>(call('GET', `/shipments/${shipment._id}/tracking-links`, viewer.jwt)),
    ).toHaveLength(1);
    await errorOf(call('POST', `/shipments/${shipment._id}/tracking-links`, viewer.jwt, {}), 403);
    await errorOf(revoke(shipment._id, link._id, viewer.jwt), 403);
    await errorOf(call('GET', `/shipments/${shipment._id}/tracking-links`, other.jwt), 404);
    await errorOf(call('POST', `/shipments/${shipment._id}/tracking-links`, other.jwt, {}), 404);
    await errorOf(revoke(shipment._id, link._id, other.jwt), 404);
    // A link of one shipment is not revoked through another of the same company.
    await errorOf(revoke((await sea())._id, link._id), 404);
    expect((await open(link.token)).statusCode).toBe(200);
    const refused = await errorOf(
      call('POST', `/shipments/${shipment._id}/tracking-links`, admin.jwt, { expiresInDays: 400 }),
      400,
    );
    expect(refused.details?.fields?.map((entry) => entry.field)).toContain('expiresInDays');
  });

  it('counts every lookup per address before reading, so guessing tokens stops at the limit', async () => {
    const shipment = await sea();
    const link = await share(shipment._id);
    const guess = `${link.token.slice(0, 44)}${'x'.repeat(43)}`;
    const answers = await Promise.all(Array.from({ length: 130 }, () => open(guess)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 404)).toHaveLength(120);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    // The right token is refused too while the address is over its limit.
    const limited = await open(link.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('streams the view live as events are recorded, and ends the stream when the link is revoked', async () => {
    const shipment = await sea();
    const link = await share(shipment._id);
    const gone = await fetch(
      `${testApp.origin}/freightserver/api/v1/tracking/${link.token.slice(0, 44)}${'y'.repeat(43)}/stream`,
    );
    expect(gone.status).toBe(404);
    const live = await openStream(`${testApp.origin}/freightserver/api/v1/tracking/${link.token}/stream`);
    try {
      expect(live.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(live.response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      await live.waitFor('the first view', (events) => events.some((event) => event.event === 'tracking'));
      const actualDepartureOf = (event: TStreamEvent) =>
        (event.data as TPublicTracking).milestones.find((step) => step.status === 'departed')?.actual ?? null;
      expect(actualDepartureOf(live.events[0] as TStreamEvent)).toBeNull();
      await dataOf(
        call('POST', `/shipments/${shipment._id}/events`, admin.jwt, {
          code: 'DEPA',
          classifier: 'ACT',
          eventAt: '2026-03-02T06:30:00+01:00',
          location: 'NLRTM',
        }),
        201,
      );
      await live.waitFor('the departure', (events) =>
        events.some((event) => event.event === 'tracking' && actualDepartureOf(event) !== null),
      );
      await dataOf(revoke(shipment._id, link._id));
      await live.waitFor('the end', (events) => events.some((event) => event.event === 'ended'));
      expect(await live.ended()).toBe(true);
    } finally {
      await live.close();
    }
  });
});
