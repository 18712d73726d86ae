import {
  checkAirWaybillNumber,
  checkContainerNumber,
  type TCurrentUser,
  type TLoginResponse,
  type TShipment,
  type TShipmentSummary,
  type TShipmentTimeline,
} from '@cargodesk/shared';
import { eq } from 'drizzle-orm';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { behaviourDatabaseKinds } from '../../test/databases.ts';
import { createAuthClient } from '../../test/identity-client.ts';
import { companies, shipmentContainers, shipmentEvents, shipments } from '../db/schema/index.ts';
import { seedDemo, type TDemoLogin } from './demo-seed.ts';

describe.each(behaviourDatabaseKinds)('the demo seed on %s', (kind) => {
  let testApp: TestApp;
  let origin: string;
  let demo: TDemoLogin;

  const signIn = async (email: string) => {
    const apiKey = testApp.app.identity.projects.find((project) => project.name === 'test')?.apiKey ?? '';
    const client = createAuthClient({ origin, apiKey });
    try {
      const { user } = await signInWithEmailAndPassword(client.auth, email, demo.password);
      expect(user.emailVerified).toBe(true);
      return testApp.app.inject({
        url: '/iamserver/api/v1/auth/login',
        headers: { authorization: await user.getIdToken() },
      });
    } finally {
      await client.close();
    }
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ kind });
    origin = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    demo = await seedDemo(testApp.app);
  });
  afterAll(async () => testApp?.close());

  it('is idempotent', async () => {
    const again = await seedDemo(testApp.app);
    expect(again).toEqual(demo);
    const names = (await testApp.database.db.select({ name: companies.name }).from(companies)).map(
      (row) => row.name,
    );
    expect(names.sort()).toEqual([
      'Demo Freight Ltd',
      'Expired Cargo Co',
      'Secure Shipping AG',
      'Suspended Logistics',
    ]);
  });

  it('signs the demo admin in to Demo Freight Ltd', async () => {
    const login = await signIn('admin@demo-freight.test');
    expect(login.statusCode, login.body).toBe(200);
    const { data } = login.json() as { data: TLoginResponse };
    expect(data.company).toMatchObject({ name: 'Demo Freight Ltd', twoFactorAuth: false });
    const me = await testApp.app.inject({
      url: '/iamserver/api/v1/auth/fetch-users-by-token',
      headers: { authorization: data.jwt ?? '' },
    });
    const [user] = (me.json() as { data: TCurrentUser[] }).data;
    expect(user).toMatchObject({ isExpired: false, roles: ['Admin'] });
  });

  it('gives Demo Freight Ltd a read-only Viewer', async () => {
    const login = await signIn('viewer@demo-freight.test');
    expect(login.statusCode, login.body).toBe(200);
    const { data } = login.json() as { data: TLoginResponse };
    expect(data.company?.name).toBe('Demo Freight Ltd');
    const me = await testApp.app.inject({
      url: '/iamserver/api/v1/auth/fetch-users-by-token',
      headers: { authorization: data.jwt ?? '' },
    });
    const [user] = (me.json() as { data: TCurrentUser[] }).data;
    expect(user?.roles).toEqual(['Viewer']);
    expect(user?.permissions).not.toContain('company:write');
  });

  it('gives Expired Cargo Co an expired plan', async () => {
    const login = await signIn('admin@expired-cargo.test');
    const { data } = login.json() as { data: TLoginResponse };
    const me = await testApp.app.inject({
      url: '/iamserver/api/v1/auth/fetch-users-by-token',
      headers: { authorization: data.jwt ?? '' },
    });
    expect((me.json() as { data: TCurrentUser[] }).data[0]?.isExpired).toBe(true);
  });

  it('asks the two-factor company for a mailed code instead of signing in', async () => {
    const login = await signIn('admin@secure-shipping.test');
    expect(login.statusCode, login.body).toBe(200);
    const { data } = login.json() as { data: TLoginResponse };
    expect(data).toMatchObject({ twoFactorAuth: true, emailId: 'admin@secure-shipping.test' });
    expect(data.jwt).toBeUndefined();
  });

  it('gives Demo Freight Ltd a living shipments list, only once', async () => {
    const login = await signIn('admin@demo-freight.test');
    const { data } = login.json() as { data: TLoginResponse };
    const authorization = data.jwt ?? '';
    const list = async (query: string) => {
      const response = await testApp.app.inject({
        url: `/freightserver/api/v1/shipments?pageSize=100${query}`,
        headers: { authorization },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: TShipmentSummary[] }).data;
    };
    const all = await list('');
    expect(all.length).toBeGreaterThanOrEqual(40);
    expect(new Set(all.map((shipment) => shipment.mode))).toEqual(new Set(['sea', 'air']));
    expect(new Set(all.map((shipment) => shipment.direction)).size).toBe(3);
    const statuses = all.map((shipment) => shipment.bookingStatus);
    expect(
      statuses.filter((status) => status === 'CONFIRMED' || status === 'COMPLETED').length,
    ).toBeGreaterThan(25);
    expect(statuses).toContain('RECEIVED');
    expect(statuses).toContain('CANCELLED');
    expect(all.every((shipment) => shipment.customer !== null)).toBe(true);
    expect((await list('&isLate=true')).length).toBeGreaterThanOrEqual(3);
    expect((await list('&arrivingThisWeek=true')).length).toBeGreaterThanOrEqual(1);
    const operational = new Set(all.map((shipment) => shipment.operationalStatus));
    for (const status of ['departed', 'completed', 'booked', 'cancelled'])
      expect(operational).toContain(status);
    for (const shipment of all.filter((row) => row.airWaybillNumber))
      expect(checkAirWaybillNumber(shipment.airWaybillNumber ?? '').ok).toBe(true);

    const containers = await testApp.database.db
      .select({ number: shipmentContainers.number })
      .from(shipmentContainers);
    expect(containers.length).toBeGreaterThan(10);
    for (const { number } of containers)
      expect(checkContainerNumber(number), number).toMatchObject({ ok: true });

    const sea = all.find((shipment) => shipment.mode === 'sea' && shipment.operationalStatus === 'departed');
    const screen = await testApp.app.inject({
      url: `/freightserver/api/v1/shipments/${sea?._id}`,
      headers: { authorization },
    });
    const shipment = (screen.json() as { data: TShipment }).data;
    expect(shipment.parties.shipper?.organisation.name).toBeTruthy();
    expect(shipment.parties.carrier?.organisation.name).toBeTruthy();
    expect(shipment.cargoLines.length).toBeGreaterThan(0);
    // Its milestones say what its dates say: departed, in its port's zone, and due a day late.
    const events = await testApp.app.inject({
      url: `/freightserver/api/v1/shipments/${sea?._id}/events`,
      headers: { authorization },
    });
    const timeline = (events.json() as { data: TShipmentTimeline }).data;
    const departed = timeline.steps.find((step) => step.code === 'DEPA');
    expect(departed?.actual?.eventAt).toBe(shipment.actualDeparture);
    expect(departed?.actual?.timezone).toBe(shipment.portOfLoading?.timezone);
    const arrival = timeline.steps.find((step) => step.code === 'ARRI');
    expect(arrival?.actual).toBeNull();
    expect(Date.parse(arrival?.estimated?.eventAt ?? '')).toBeGreaterThan(
      Date.parse(shipment.plannedArrival ?? ''),
    );
    // Containers gated in and loaded, on the shipments that have them.
    expect(
      await testApp.database.db.$count(shipmentEvents, eq(shipmentEvents.eventType, 'EQUIPMENT')),
    ).toBeGreaterThan(10);

    await seedDemo(testApp.app);
    expect(await testApp.database.db.$count(shipments)).toBe(all.length);
  });

  it('refuses the suspended company', async () => {
    const login = await signIn('admin@suspended-logistics.test');
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ error: { message: 'Account was suspended' } });
  });
});
