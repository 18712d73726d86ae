import { apiTokenMessages, appAdminMessages } from '@cargodesk/shared';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../src/db/schema/index.ts';
import { runPlatformAdminCommand } from '../src/identity/platform-admin-command.ts';
import { createId } from '../src/platform/data-access/ids.ts';
import type { TRouteEntry } from '../src/platform/http/route-table.ts';
import {
  startIamTestApp,
  type TIamTestApp,
  type TRegistered,
} from '../src/services/access/access-test-support.ts';
import { behaviourDatabaseKinds } from './databases.ts';
import { uploadTinyPng } from './multipart.ts';
import { sampleBodies } from './route-samples.ts';

// The matrix every service route answers (docs/architecture.md), run over the app's own route table so a
// new route is covered the moment it is registered: 401 without a token, 403 without its declared
// permission, 400 for malformed input, 404 for another company's ids. The platform console's routes
// answer 403 to every company's users, a platform administrator included in none of them.

/** Routes that take the identity provider's ID token rather than the app token. */
const idTokenRoutes = new Set([
  'GET /iamserver/api/v1/auth/login',
  'POST /iamserver/api/v1/auth/codeAuth',
  'POST /iamserver/api/v1/auth/codeAuth/resend',
  'POST /iamserver/api/v1/auth',
]);

/** Routes that take no token: a mailed link's code is the credential, and an unknown one is a 404. */
const openToAnyone = new Set(['GET /iamserver/api/v1/auth/invitation']);

/**
 * A shared shipment's tracking page (docs/decisions/051-shipment-tracking-links.md): the link's
 * token in the path is the credential, so any caller holding it reads the page, and an unknown one
 * is a 404. Company boundaries are the token's: attack tests are in tracking/routes.test.ts.
 */
const openWithTrackingToken = new Set([
  'GET /freightserver/api/v1/tracking/:token',
  'GET /freightserver/api/v1/tracking/:token/stream',
]);
const unknownTrackingToken = 'A'.repeat(87);

/**
 * Single sign-on's open routes (docs/decisions/020-single-sign-on.md): a work e-mail whose domain has
 * no sign-on is a 404, and an unknown state sends the browser back to the login page, never in.
 */
const ssoSignInRoutes: Record<string, { body?: unknown; query?: string; status: number }> = {
  'POST /iamserver/api/v1/auth/sso/start': { body: { email: 'nobody@no-sso.test' }, status: 404 },
  'GET /iamserver/api/v1/auth/sso/callback': { query: '?code=x&state=no-such-state', status: 302 },
  'GET /iamserver/api/v1/auth/sso/begin': { query: '?state=no-such-state', status: 302 },
};

/** Routes any signed-in user may call; every other signed-in route must declare a permission. */
const openToEverySignedInUser = new Set([
  'GET /iamserver/api/v1/auth/token-refresh',
  'POST /iamserver/api/v1/auth/logout',
  'GET /iamserver/api/v1/auth/fetch-users-by-token',
  'GET /iamserver/api/v1/auth/fetch-google-map-key',
  'GET /iamserver/api/v1/auth/fetch-config-key',
  'GET /master/api/v1/country',
  'GET /master/api/v1/timezone',
  'GET /master/api/v1/timezone-utc',
  'GET /master/api/v1/currency-list',
  'GET /master/api/v1/dropdown',
  'GET /iamserver/api/v1/products',
  // The caller's own profile and sessions.
  'GET /iamserver/api/v1/users/me',
  'PATCH /iamserver/api/v1/users/me',
  'GET /iamserver/api/v1/users/me/preferences',
  'PATCH /iamserver/api/v1/users/me/preferences',
  'POST /iamserver/api/v1/users/me/sessions/revoke',
  // Confirms a fresh sign-in of the caller's own identity account (docs/decisions/042); API tokens are refused.
  'POST /iamserver/api/v1/auth/confirm-sign-in',
  // The caller's own notifications.
  'GET /notifyserver/api/v1/notifications',
  'PATCH /notifyserver/api/v1/notifications/:id',
  'POST /notifyserver/api/v1/notifications/mark-read',
  'GET /notifyserver/api/v1/stream',
  // Reporting a problem and following one's own issues; the service shows only what the caller may see.
  'GET /iamserver/api/v1/issue/tracker',
  'GET /iamserver/api/v1/issue/tracker/:id',
  'POST /iamserver/api/v1/issue/tracker',
  'POST /iamserver/api/v1/issue/tracker/:id/comments',
  'DELETE /iamserver/api/v1/issue/tracker/:id',
  // The caller's own API tokens: each holds only permissions its owner has.
  'GET /iamserver/api/v1/users-token',
  'POST /iamserver/api/v1/users-token',
  'DELETE /iamserver/api/v1/users-token/:id',
]);

/**
 * For each id parameter, a real id of company A that company B's admin must not reach, chosen by
 * the resource the URL names. A route whose ids are not listed here fails the matrix.
 */
type TCompanyWorld = {
  admin: TRegistered;
  roleId: string;
  groupId: string;
  userId: string;
  fileId: string;
  notificationId: string;
  mailId: string;
  oceanPortCode: string;
  airportCode: string;
  exchangeRateId: string;
  picklistGroupId: string;
  picklistValueId: string;
  importId: string;
  businessTypeId: string;
  receivingLocationId: string;
  templateId: string;
  contactId: string;
  contactTagId: string;
  contactFilterId: string;
  issueId: string;
  apiTokenId: string;
  reportSketchId: string;
  shipmentId: string;
  shipmentEventId: string;
  shipmentFilterId: string;
  shipmentDocumentId: string;
  trackingLinkId: string;
  trackingToken: string;
  webhookEndpointId: string;
  webhookDeliveryId: string;
};
const idOfResource: Record<string, (world: TCompanyWorld) => string> = {
  users: (world) => world.userId,
  roles: (world) => world.roleId,
  groups: (world) => world.groupId,
  file: (world) => world.fileId,
  notifications: (world) => world.notificationId,
  sent: (world) => world.mailId,
  oceanport: (world) => world.oceanPortCode,
  airport: (world) => world.airportCode,
  'exchange-rates': (world) => world.exchangeRateId,
  'dropdown-groups': (world) => world.picklistGroupId,
  dropdown: (world) => world.picklistValueId,
  imports: (world) => world.importId,
  type: (world) => world.businessTypeId,
  receivinglocation: (world) => world.receivingLocationId,
  templates: (world) => world.templateId,
  contacts: (world) => world.contactId,
  'contact-tags': (world) => world.contactTagId,
  'contact-filters': (world) => world.contactFilterId,
  // The console's company routes: B's admin is refused them, and so reaches none of A's.
  companies: (world) => world.admin.companyId,
  tracker: (world) => world.issueId,
  issues: (world) => world.issueId,
  'users-token': (world) => world.apiTokenId,
  'api-tokens': (world) => world.apiTokenId,
  reportSketch: (world) => world.reportSketchId,
  shipments: (world) => world.shipmentId,
  events: (world) => world.shipmentEventId,
  'shipment-filters': (world) => world.shipmentFilterId,
  documents: (world) => world.shipmentDocumentId,
  'tracking-links': (world) => world.trackingLinkId,
  tracking: (world) => world.trackingToken,
  endpoints: (world) => world.webhookEndpointId,
  deliveries: (world) => world.webhookDeliveryId,
  // A version number: company A's template has a version 1, which B must not reach either.
  versions: () => '1',
};

const methodsOf = (route: TRouteEntry): string[] =>
  (Array.isArray(route.method) ? route.method : [route.method]).filter(
    (method: HTTPMethods) => method !== 'HEAD',
  );

const isServiceRoute = (url: string) => /^\/[a-z]+\/api\/v1\//.test(url);

describe.each(behaviourDatabaseKinds)('route matrix on %s', (kind) => {
  let testApp: TIamTestApp;
  let companyA: TCompanyWorld;
  let adminA: TRegistered;
  let adminB: TRegistered;
  let powerless: TRegistered;
  let operator: TRegistered;
  let routes: { key: string; method: string; route: TRouteEntry }[];

  const call = (method: string, url: string, token?: string, body?: unknown) =>
    testApp.app.inject({
      method: method as HTTPMethods,
      url,
      headers: token ? { authorization: token } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });

  /** One of each entity in company A, made through the API as a user would. */
  const buildWorld = async (admin: TRegistered) => {
    const roles = await call('GET', '/iamserver/api/v1/roles', admin.jwt);
    const member = (roles.json() as { data: { _id: string; systemKey: string | null }[] }).data.find(
      (role) => role.systemKey === 'member',
    );
    const group = await call('POST', '/iamserver/api/v1/groups', admin.jwt, { name: 'Matrix crew' });
    expect(group.statusCode, group.body).toBe(201);
    // Every other user of the company hears an announcement: the powerless one's is company A's.
    const announced = await call('POST', '/notifyserver/api/v1/announcements', admin.jwt, {
      title: 'Matrix',
    });
    expect(announced.statusCode, announced.body).toBe(201);
    const notifications = await call('GET', '/notifyserver/api/v1/notifications', powerless.jwt);
    const [notification] = (notifications.json() as { data: { _id: string }[] }).data;
    const fileId = await uploadTinyPng(testApp.app, admin.jwt, 'matrix.png');
    const mail = await call('POST', '/mailserver/api/v1/send', admin.jwt, {
      to: ['matrix@client.test'],
      subject: 'Matrix',
    });
    expect(mail.statusCode, mail.body).toBe(201);
    // Custom entries: catalogue codes are readable by all, so a company's own code is what B must not reach.
    const port = await call('POST', '/master/api/v1/oceanport', admin.jwt, {
      code: 'NLZZW',
      name: 'Matrix World Port',
      countryCode: 'NL',
    });
    expect(port.statusCode, port.body).toBe(201);
    const airport = await call('POST', '/master/api/v1/airport', admin.jwt, {
      code: 'ZZW',
      name: 'Matrix World Airport',
      countryCode: 'NL',
    });
    expect(airport.statusCode, airport.body).toBe(201);
    await call('PUT', '/master/api/v1/currency-settings/base', admin.jwt, { baseCurrency: 'EUR' });
    const rate = await call('POST', '/master/api/v1/exchange-rates', admin.jwt, {
      currency: 'GBP',
      rate: 1.17,
      effectiveDate: '2024-01-01',
    });
    expect(rate.statusCode, rate.body).toBe(201);
    const picklists = await call('GET', '/master/api/v1/dropdown-groups?module=home', admin.jwt);
    const [picklist] = (picklists.json() as { data: { _id: string; values: { _id: string }[] }[] }).data;
    // Only a platform administrator uploads a catalogue: A's admin is one for this step alone.
    await testApp.grantPlatformAdmin(admin.email);
    const catalogueImport = await testApp.app.inject({
      method: 'POST',
      url: '/master/api/v1/oceanport/imports',
      headers: { authorization: admin.jwt, 'content-type': 'text/csv' },
      payload: '"+","NL","ZZX","Matrix Haven","Matrix Haven","","AI","1-------","2401","","",""\n',
    });
    expect(catalogueImport.statusCode, catalogueImport.body).toBe(201);
    await runPlatformAdminCommand(testApp.database.db, {
      args: ['remove', admin.email],
      defaultProject: 'test',
    });
    const businessType = await call('POST', '/master/api/v1/type', admin.jwt, { name: 'Matrix world type' });
    expect(businessType.statusCode, businessType.body).toBe(201);
    const location = await call('POST', '/master/api/v1/receivinglocation', admin.jwt, {
      code: 'MX-WORLD',
      name: 'Matrix world depot',
      countryCode: 'NL',
    });
    expect(location.statusCode, location.body).toBe(201);
    const template = await call('POST', '/templateserver/api/v1/templates', admin.jwt, {
      type: 'document',
      purpose: 'other',
      name: 'Matrix world letter',
      language: 'en',
      body: '<p>{{ company.name }}</p>',
    });
    expect(template.statusCode, template.body).toBe(201);
    const contact = await call('POST', '/contactserver/api/v1/contacts', admin.jwt, {
      kind: 'organisation',
      name: 'Matrix world shipper',
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const contactTag = await call('POST', '/contactserver/api/v1/contact-tags', admin.jwt, {
      name: 'Matrix world tag',
    });
    expect(contactTag.statusCode, contactTag.body).toBe(201);
    const contactFilter = await call('POST', '/contactserver/api/v1/contact-filters', admin.jwt, {
      name: 'Matrix world filter',
      query: { role: 'carrier' },
      isShared: true,
    });
    expect(contactFilter.statusCode, contactFilter.body).toBe(201);
    const shipment = await call('POST', '/freightserver/api/v1/shipments', admin.jwt, {
      mode: 'sea',
      direction: 'export',
      loadType: 'fcl',
    });
    expect(shipment.statusCode, shipment.body).toBe(201);
    const shipmentEvent = await call(
      'POST',
      `/freightserver/api/v1/shipments/${(shipment.json() as { data: { _id: string } }).data._id}/events`,
      admin.jwt,
      { code: 'CONF', classifier: 'ACT', eventAt: '2026-03-01T10:00:00Z' },
    );
    expect(shipmentEvent.statusCode, shipmentEvent.body).toBe(201);
    const trackingLink = await call(
      'POST',
      `/freightserver/api/v1/shipments/${(shipment.json() as { data: { _id: string } }).data._id}/tracking-links`,
      admin.jwt,
      {},
    );
    expect(trackingLink.statusCode, trackingLink.body).toBe(201);
    const shipmentFilter = await call('POST', '/freightserver/api/v1/shipment-filters', admin.jwt, {
      name: 'Matrix world shipments',
      query: { mode: 'sea' },
      isShared: true,
    });
    expect(shipmentFilter.statusCode, shipmentFilter.body).toBe(201);
    const shipmentDocument = await call(
      'POST',
      `/freightserver/api/v1/shipments/${(shipment.json() as { data: { _id: string } }).data._id}/documents`,
      admin.jwt,
      { kind: 'booking-confirmation' },
    );
    expect(shipmentDocument.statusCode, shipmentDocument.body).toBe(201);
    const issue = await call('POST', '/iamserver/api/v1/issue/tracker', admin.jwt, {
      title: 'Matrix world problem',
      severity: 'high',
    });
    expect(issue.statusCode, issue.body).toBe(201);
    const apiToken = await call('POST', '/iamserver/api/v1/users-token', admin.jwt, {
      name: 'Matrix world token',
      expiresInDays: 7,
      permissions: ['users:read'],
    });
    expect(apiToken.statusCode, apiToken.body).toBe(201);
    // Shared, so only the company boundary keeps B's admin out.
    const report = await call('POST', '/reportserver/api/v1/reportSketch', admin.jwt, {
      name: 'Matrix world report',
      definition: { source: 'users', groupBy: ['status'] },
      isShared: true,
    });
    expect(report.statusCode, report.body).toBe(201);
    // Paused, so the worker never sends its delivery, written here as an event would queue it.
    const webhookEndpoint = await call('POST', '/freightserver/api/v1/webhooks/endpoints', admin.jwt, {
      url: 'https://hooks.example.com/matrix-world',
      eventTypes: ['TRANSPORT'],
      isActive: false,
    });
    expect(webhookEndpoint.statusCode, webhookEndpoint.body).toBe(201);
    const webhookEndpointId = (webhookEndpoint.json() as { data: { _id: string } }).data._id;
    const webhookDeliveryId = createId();
    await testApp.database.db.insert(webhookDeliveries).values({
      companyId: admin.companyId,
      id: webhookDeliveryId,
      endpointId: webhookEndpointId,
      eventId: createId(),
      eventType: 'TRANSPORT',
      payload: { eventType: 'TRANSPORT' },
      status: 'delivered',
    });
    return {
      webhookEndpointId,
      webhookDeliveryId,
      reportSketchId: (report.json() as { data: { _id: string } }).data._id,
      issueId: (issue.json() as { data: { _id: string } }).data._id,
      shipmentId: (shipment.json() as { data: { _id: string } }).data._id,
      shipmentEventId: (shipmentEvent.json() as { data: { _id: string } }).data._id,
      trackingLinkId: (trackingLink.json() as { data: { _id: string } }).data._id,
      trackingToken: (trackingLink.json() as { data: { token: string } }).data.token,
      shipmentFilterId: (shipmentFilter.json() as { data: { _id: string } }).data._id,
      shipmentDocumentId: (shipmentDocument.json() as { data: { _id: string } }).data._id,
      apiTokenId: (apiToken.json() as { data: { _id: string } }).data._id,
      contactFilterId: (contactFilter.json() as { data: { _id: string } }).data._id,
      contactId: (contact.json() as { data: { _id: string } }).data._id,
      contactTagId: (contactTag.json() as { data: { _id: string } }).data._id,
      templateId: (template.json() as { data: { _id: string } }).data._id,
      mailId: (mail.json() as { data: { _id: string } }).data._id,
      userId: powerless.userId,
      fileId,
      roleId: member?._id ?? '',
      groupId: (group.json() as { data: { _id: string } }).data._id,
      notificationId: notification?._id ?? '',
      businessTypeId: (businessType.json() as { data: { _id: string } }).data._id,
      receivingLocationId: (location.json() as { data: { _id: string } }).data._id,
      importId: (catalogueImport.json() as { data: { _id: string } }).data._id,
      picklistGroupId: picklist?._id ?? '',
      picklistValueId: picklist?.values[0]?._id ?? '',
      exchangeRateId: (rate.json() as { data: { _id: string } }).data._id,
      oceanPortCode: 'NLZZW',
      airportCode: 'ZZW',
    };
  };

  const fillIds = (url: string, pick: (resource: string, param: string) => string) =>
    url.replace(/:(\w+)/g, (_match, param: string, offset: number) => {
      const resource = url.slice(0, offset).split('/').filter(Boolean).at(-1) ?? '';
      return pick(resource, param);
    });

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    // A's admin proved their address: its mail goes to an outside address.
    adminA = await testApp.register('matrix-a', undefined, { isVerified: true });
    adminB = await testApp.register('matrix-b');
    powerless = await testApp.addUser(adminA, { label: 'powerless', role: { permissions: [] } });
    operator = await testApp.register('matrix-operator');
    await testApp.grantPlatformAdmin(operator.email);
    companyA = { admin: adminA, ...(await buildWorld(adminA)) };
    routes = testApp.app.routeTable
      .filter((route) => isServiceRoute(route.url))
      .flatMap((route) =>
        methodsOf(route).map((method) => ({ key: `${method} ${route.url}`, method, route })),
      );
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('covers the service routes', () => {
    expect(routes.length).toBeGreaterThan(10);
  });

  it('answers 401 on every service route without a token', async () => {
    const failures: string[] = [];
    for (const { key, method, route } of routes) {
      const url = fillIds(route.url, () => '01970000-0000-7000-8000-00000000abcd');
      const sso = ssoSignInRoutes[key];
      if (sso) {
        const response = await call(method, `${url}${sso.query ?? ''}`, undefined, sso.body);
        const location = String(response.headers.location ?? '');
        if (
          response.statusCode !== sso.status ||
          (sso.status === 302 && !location.includes('sso_error=expired'))
        )
          failures.push(`${key} → ${response.statusCode} ${location}`);
        continue;
      }
      if (openWithTrackingToken.has(key)) {
        const response = await call(method, route.url.replace(':token', unknownTrackingToken));
        if (response.statusCode !== 404)
          failures.push(`${key} → ${response.statusCode} for an unknown token`);
        continue;
      }
      if (openToAnyone.has(key)) {
        const response = await call(method, `${url}?oobCode=no-such-code`);
        if (response.statusCode !== 404) failures.push(`${key} → ${response.statusCode} for an unknown code`);
        continue;
      }
      const response = await call(method, url, undefined, sampleBodies[key]);
      if (response.statusCode !== 401)
        failures.push(`${key} → ${response.statusCode} ${response.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });

  it('declares a permission on every signed-in route not open to all, and answers 403 without it', async () => {
    const failures: string[] = [];
    for (const { key, method, route } of routes) {
      if (
        idTokenRoutes.has(key) ||
        openToAnyone.has(key) ||
        openWithTrackingToken.has(key) ||
        ssoSignInRoutes[key]
      )
        continue;
      if (route.config?.platformAdmin) {
        // Company A's admin holds every permission of the company, and still no platform rights.
        const response = await call(
          method,
          fillIds(route.url, () => '01970000-0000-7000-8000-00000000abcd'),
          adminA.jwt,
          {},
        );
        const body = response.json() as { error?: { message?: string } };
        if (response.statusCode !== 403 || body.error?.message !== appAdminMessages.platformOnly)
          failures.push(`${key} → ${response.statusCode} ${response.body.slice(0, 120)}`);
        continue;
      }
      const permission = route.config?.permission;
      if (!permission) {
        if (!openToEverySignedInUser.has(key)) failures.push(`${key} declares no permission`);
        continue;
      }
      const response = await call(
        method,
        fillIds(route.url, () => '01970000-0000-7000-8000-00000000abcd'),
        powerless.jwt,
        {},
      );
      const body = response.json() as { error?: { message?: string } };
      if (response.statusCode !== 403 || body.error?.message !== `This needs the ${permission} permission`) {
        failures.push(`${key} → ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  // docs/decisions/018-api-tokens.md: a token acts only through the permissions it carries, and on
  // routes without one only where the route says so; never on its own tokens, refresh or sign-out.
  it('refuses an API token every route it was not given, and every session-only route', async () => {
    const created = await call('POST', '/iamserver/api/v1/users-token', adminA.jwt, {
      name: 'Matrix reader',
      expiresInDays: 1,
      permissions: ['users:read'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { token } = (created.json() as { data: { token: string } }).data;
    const failures: string[] = [];
    for (const { key, method, route } of routes) {
      if (
        idTokenRoutes.has(key) ||
        openToAnyone.has(key) ||
        openWithTrackingToken.has(key) ||
        ssoSignInRoutes[key]
      )
        continue;
      const { permission, isOpenToApiTokens, platformAdmin } = route.config ?? {};
      if (permission === 'users:read' || isOpenToApiTokens) continue;
      // The console refuses A's admin before anything else (attack-api-tokens: a platform admin's token too).
      const expected = platformAdmin
        ? appAdminMessages.platformOnly
        : permission
          ? `This needs the ${permission} permission`
          : apiTokenMessages.notForApiTokens;
      const response = await call(
        method,
        fillIds(route.url, () => '01970000-0000-7000-8000-00000000abcd'),
        token,
        sampleBodies[key] ?? {},
      );
      const body = response.json() as { error?: { message?: string } };
      if (response.statusCode !== 403 || body.error?.message !== expected) {
        failures.push(`${key} → ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    const listed = await call('GET', '/iamserver/api/v1/users', token);
    expect(listed.statusCode, listed.body).toBe(200);
  });

  it('answers 400 with field details for unknown fields and malformed ids', async () => {
    const failures: string[] = [];
    for (const { key, method, route } of routes) {
      if (idTokenRoutes.has(key)) continue;
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const probes: { what: string; url: string; body?: unknown }[] = [];
      const validUrl = fillIds(route.url, (resource) => idOfResource[resource]?.(companyA) ?? 'missing');
      if (schema.params) probes.push({ what: 'malformed id', url: fillIds(route.url, () => 'not-an-id') });
      // The provider's redirect carries fields of its own (Google's hd and authuser, Entra's session_state).
      if (schema.querystring && key !== 'GET /iamserver/api/v1/auth/sso/callback')
        probes.push({ what: 'unknown query field', url: `${validUrl}?unexpectedField=1` });
      if (schema.body)
        probes.push({ what: 'unknown body field', url: validUrl, body: { unexpectedField: 1 } });
      // The console's routes read their input only for a platform administrator.
      const caller = route.config?.platformAdmin ? operator : adminA;
      for (const probe of probes) {
        const response = await call(method, probe.url, caller.jwt, probe.body);
        const body = response.json() as { error?: { code?: string; details?: unknown } };
        if (response.statusCode !== 400 || body.error?.code !== 'VALIDATION_FAILED' || !body.error.details) {
          failures.push(`${key} (${probe.what}) → ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers 404 to another company's admin for every id of company A", async () => {
    const failures: string[] = [];
    for (const { key, method, route } of routes) {
      if (!route.url.includes(':') || openWithTrackingToken.has(key)) continue;
      const url = fillIds(route.url, (resource) => {
        const pick = idOfResource[resource];
        if (!pick) failures.push(`${key}: no id of company A for "${resource}" in idOfResource`);
        return pick?.(companyA) ?? 'missing';
      });
      const body = sampleBodies[key] ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
      if (route.config?.platformAdmin) {
        // B's admin is refused outright; a platform administrator meets a 404 for a company that is not there.
        const refused = await call(method, url, adminB.jwt, body);
        const unknown = await call(
          method,
          fillIds(route.url, () => '01970000-0000-7000-8000-00000000abcd'),
          operator.jwt,
          body,
        );
        if (refused.statusCode !== 403 || unknown.statusCode !== 404)
          failures.push(`${key} → ${refused.statusCode} to B, ${unknown.statusCode} for an unknown company`);
        continue;
      }
      const response = await call(method, url, adminB.jwt, body);
      if (response.statusCode !== 404)
        failures.push(`${key} → ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });
});
