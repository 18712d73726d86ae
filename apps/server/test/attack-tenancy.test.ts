import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRouteEntry } from '../src/platform/http/route-table.ts';
import {
  startIamTestApp,
  type TIamTestApp,
  type TRegistered,
  uniqueEmail,
} from '../src/services/access/access-test-support.ts';
import { testDatabaseKinds } from './databases.ts';
import { uploadTinyPng } from './multipart.ts';

// The attack matrix's tenancy half (route-matrix.test.ts checks ids in paths): company B's admin,
// holding every permission, lists everything and slips company A's ids into bodies and query
// strings. Lists show none of A's rows; a write naming A's ids is refused and changes nothing.

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type TWorld = {
  admin: TRegistered;
  member: TRegistered;
  roleId: string;
  customRoleId: string;
  groupId: string;
  fileId: string;
  notificationId: string;
  picklistGroupId: string;
  picklistValueId: string;
  mailId: string;
  exchangeRateId: string;
  templateId: string;
  templateVersionId: string;
  contactId: string;
  personId: string;
  contactTagId: string;
  issueId: string;
  reportSketchId: string;
  shipmentId: string;
  shipmentEventId: string;
  shipmentFilterId: string;
  shipmentDocumentId: string;
  trackingLinkId: string;
  webhookEndpointId: string;
};

/** Streams never end by themselves; they get their own tests (attack-session-end.test.ts). */
const notListable = new Set([
  'GET /notifyserver/api/v1/stream',
  'GET /iamserver/api/v1/auth/login',
  // Takes no token: a mailed invitation's code names the one user it is about.
  'GET /iamserver/api/v1/auth/invitation',
  // Takes no token: the identity provider's redirect back, answered with a redirect to the login page.
  'GET /iamserver/api/v1/auth/sso/callback',
  // Takes no token: a started single sign-on's begin address, answered with a redirect.
  'GET /iamserver/api/v1/auth/sso/begin',
]);

/** Queries a list route needs, from the caller's own world. */
const requiredQueries: Record<string, (own: TWorld) => string> = {
  'GET /logserver/api/v1/audit-history': (own) => `entityType=user&entityId=${own.member.userId}`,
  'GET /master/api/v1/dropdown': () => 'module=home',
  'GET /master/api/v1/exchange-rates': () => 'currency=GBP',
  'GET /master/api/v1/exchange-rates/at': () => 'currency=GBP&date=2025-01-01',
  'GET /master/api/v1/dropdown-groups': () => 'module=home',
};

/**
 * Every body or query field that names an id, with a request that puts company A's id there on
 * one of company B's own resources. A new id field without a probe here fails the suite.
 */
type TProbe = {
  method: TMethod;
  url: (own: TWorld, other: TWorld) => string;
  body?: (own: TWorld, other: TWorld) => object;
  /** Writes must be refused; reads may answer, but with nothing of A's. */
  kind: 'write' | 'read';
};
const idFieldProbes: Record<string, TProbe> = {
  // A reported problem attaches only the company's own file, and is assigned only to its own people.
  'POST /iamserver/api/v1/issue/tracker fileId': {
    method: 'POST',
    kind: 'write',
    url: () => '/iamserver/api/v1/issue/tracker',
    body: (_own, other) => ({ title: 'Tenancy probe', severity: 'low', fileId: other.fileId }),
  },
  'PATCH /iamserver/api/v1/issue/tracker/:id assigneeId': {
    method: 'PATCH',
    kind: 'write',
    url: (own) => `/iamserver/api/v1/issue/tracker/${own.issueId}`,
    body: (_own, other) => ({ assigneeId: other.member.userId }),
  },
  'POST /iamserver/api/v1/users/invite roleIds': {
    method: 'POST',
    kind: 'write',
    url: () => '/iamserver/api/v1/users/invite',
    body: (_own, other) => ({
      email: uniqueEmail('tenancy'),
      firstName: 'T',
      lastName: 'N',
      roleIds: [other.roleId],
    }),
  },
  'PUT /iamserver/api/v1/users/:id/roles roleIds': {
    method: 'PUT',
    kind: 'write',
    url: (own) => `/iamserver/api/v1/users/${own.member.userId}/roles`,
    body: (_own, other) => ({ roleIds: [other.roleId] }),
  },
  'PUT /iamserver/api/v1/users/:id/groups groupIds': {
    method: 'PUT',
    kind: 'write',
    url: (own) => `/iamserver/api/v1/users/${own.member.userId}/groups`,
    body: (_own, other) => ({ groupIds: [other.groupId] }),
  },
  'POST /iamserver/api/v1/groups userIds': {
    method: 'POST',
    kind: 'write',
    url: () => '/iamserver/api/v1/groups',
    body: (_own, other) => ({ name: `Tenancy ${Date.now()}`, userIds: [other.member.userId] }),
  },
  // Another company's user is never mailed a reset by this company's admin.
  'POST /iamserver/api/v1/auth/reset-pwd userId': {
    method: 'POST',
    kind: 'write',
    url: () => '/iamserver/api/v1/auth/reset-pwd',
    body: (_own, other) => ({ userId: other.member.userId }),
  },
  'PUT /iamserver/api/v1/groups/:id/members userIds': {
    method: 'PUT',
    kind: 'write',
    url: (own) => `/iamserver/api/v1/groups/${own.groupId}/members`,
    body: (_own, other) => ({ userIds: [other.member.userId] }),
  },
  'DELETE /iamserver/api/v1/roles/:id reassignTo': {
    method: 'DELETE',
    kind: 'write',
    url: (own, other) => `/iamserver/api/v1/roles/${own.customRoleId}?reassignTo=${other.roleId}`,
  },
  'PATCH /iamserver/api/v1/companies/current logoFileId': {
    method: 'PATCH',
    kind: 'write',
    url: () => '/iamserver/api/v1/companies/current',
    body: (_own, other) => ({ logoFileId: other.fileId }),
  },
  'PATCH /iamserver/api/v1/users/me avatarFileId': {
    method: 'PATCH',
    kind: 'write',
    url: () => '/iamserver/api/v1/users/me',
    body: (_own, other) => ({ avatarFileId: other.fileId }),
  },
  'PATCH /iamserver/api/v1/users/:id avatarFileId': {
    method: 'PATCH',
    kind: 'write',
    url: (own) => `/iamserver/api/v1/users/${own.member.userId}`,
    body: (_own, other) => ({ avatarFileId: other.fileId }),
  },
  'POST /mailserver/api/v1/send attachmentFileIds': {
    method: 'POST',
    kind: 'write',
    url: () => '/mailserver/api/v1/send',
    body: (_own, other) => ({
      to: ['client@tenancy.test'],
      subject: 'Tenancy',
      attachmentFileIds: [other.fileId],
    }),
  },
  'POST /mailserver/api/v1/send templateVersionIds': {
    method: 'POST',
    kind: 'write',
    url: () => '/mailserver/api/v1/send',
    body: (_own, other) => ({
      to: ['client@tenancy.test'],
      subject: 'Tenancy',
      templateVersionIds: [other.templateVersionId],
    }),
  },
  'PUT /master/api/v1/dropdown-groups/:id/order valueIds': {
    method: 'PUT',
    kind: 'write',
    url: (own) => `/master/api/v1/dropdown-groups/${own.picklistGroupId}/order`,
    body: (_own, other) => ({ valueIds: [other.picklistValueId] }),
  },
  'GET /iamserver/api/v1/users roleId': {
    method: 'GET',
    kind: 'read',
    url: (_own, other) => `/iamserver/api/v1/users?roleId=${other.roleId}`,
  },
  'GET /logserver/api/v1/audit actorUserId': {
    method: 'GET',
    kind: 'read',
    url: (_own, other) => `/logserver/api/v1/audit?actorUserId=${other.admin.userId}`,
  },
  'GET /logserver/api/v1/audit entityId': {
    method: 'GET',
    kind: 'read',
    url: (_own, other) => `/logserver/api/v1/audit?entityId=${other.member.userId}`,
  },
  'GET /logserver/api/v1/audit/export actorUserId': {
    method: 'GET',
    kind: 'read',
    url: (_own, other) => `/logserver/api/v1/audit/export?actorUserId=${other.admin.userId}`,
  },
  'GET /logserver/api/v1/audit/export entityId': {
    method: 'GET',
    kind: 'read',
    url: (_own, other) => `/logserver/api/v1/audit/export?entityId=${other.member.userId}`,
  },
  'GET /logserver/api/v1/audit-history entityId': {
    method: 'GET',
    kind: 'read',
    url: (_own, other) => `/logserver/api/v1/audit-history?entityType=user&entityId=${other.member.userId}`,
  },
  'GET /notifyserver/api/v1/notifications before': {
    method: 'GET',
    kind: 'read',
    url: (_own, other) => `/notifyserver/api/v1/notifications?before=${other.notificationId}`,
  },
  'POST /templateserver/api/v1/templates familyId': {
    method: 'POST',
    kind: 'write',
    url: () => '/templateserver/api/v1/templates',
    body: (_own, other) => ({
      type: 'email',
      purpose: 'other',
      name: `Tenancy ${Date.now()}`,
      language: 'en',
      subject: 'Tenancy',
      body: 'Tenancy',
      familyId: other.templateId,
    }),
  },
  // A shipment's parties are the company's own contacts; its list finds no other company's party.
  'GET /freightserver/api/v1/shipments partyId': {
    method: 'GET',
    kind: 'read',
    url: (_own, other) => `/freightserver/api/v1/shipments?partyId=${other.contactId}`,
  },
  // A house goes only under a master of its own company: B's shipment under A's master is refused.
  'PUT /freightserver/api/v1/shipments/:id/master masterId': {
    method: 'PUT',
    kind: 'write',
    url: (own) => `/freightserver/api/v1/shipments/${own.shipmentId}/master`,
    body: (_own, other) => ({ masterId: other.shipmentId }),
  },
  // A retraction takes back an event of the shipment named in its path: A's event on B's shipment is absent.
  'POST /freightserver/api/v1/shipments/:id/events/:eventId/retraction eventId': {
    method: 'POST',
    kind: 'write',
    url: (own, other) =>
      `/freightserver/api/v1/shipments/${own.shipmentId}/events/${other.shipmentEventId}/retraction`,
    body: () => ({ reason: 'Tenancy probe' }),
  },
  // A tracking link is revoked through the shipment it shares: A's link on B's shipment is absent.
  'POST /freightserver/api/v1/shipments/:id/tracking-links/:linkId/revocation linkId': {
    method: 'POST',
    kind: 'write',
    url: (own, other) =>
      `/freightserver/api/v1/shipments/${own.shipmentId}/tracking-links/${other.trackingLinkId}/revocation`,
  },
  // A charge line's party is an organisation of the company's own contacts (nested in the lines).
  'PUT /freightserver/api/v1/shipments/:id/charges lines.partyId': {
    method: 'PUT',
    kind: 'write',
    url: (own) => `/freightserver/api/v1/shipments/${own.shipmentId}/charges`,
    body: (_own, other) => ({
      lines: [
        {
          side: 'sell',
          chargeCode: 'OFR',
          partyId: other.contactId,
          quantity: '1',
          unit: 'shipment',
          unitPrice: '100',
          currency: 'EUR',
          date: '2026-03-01',
        },
      ],
    }),
  },
  'POST /contactserver/api/v1/contacts organisationId': {
    method: 'POST',
    kind: 'write',
    url: () => '/contactserver/api/v1/contacts',
    body: (_own, other) => ({ kind: 'person', name: 'Tenancy', organisationId: other.contactId }),
  },
  'POST /contactserver/api/v1/contacts ownerId': {
    method: 'POST',
    kind: 'write',
    url: () => '/contactserver/api/v1/contacts',
    body: (_own, other) => ({ kind: 'person', name: 'Tenancy', ownerId: other.admin.userId }),
  },
  'POST /contactserver/api/v1/contacts tagIds': {
    method: 'POST',
    kind: 'write',
    url: () => '/contactserver/api/v1/contacts',
    body: (_own, other) => ({ kind: 'person', name: 'Tenancy', tagIds: [other.contactTagId] }),
  },
  'PATCH /contactserver/api/v1/contacts/:id organisationId': {
    method: 'PATCH',
    kind: 'write',
    url: (own) => `/contactserver/api/v1/contacts/${own.personId}`,
    body: (_own, other) => ({ organisationId: other.contactId }),
  },
  'PATCH /contactserver/api/v1/contacts/:id ownerId': {
    method: 'PATCH',
    kind: 'write',
    url: (own) => `/contactserver/api/v1/contacts/${own.personId}`,
    body: (_own, other) => ({ ownerId: other.member.userId }),
  },
  'PATCH /contactserver/api/v1/contacts/:id tagIds': {
    method: 'PATCH',
    kind: 'write',
    url: (own) => `/contactserver/api/v1/contacts/${own.personId}`,
    body: (_own, other) => ({ tagIds: [other.contactTagId] }),
  },
  'POST /contactserver/api/v1/contacts/bulk ids': {
    method: 'POST',
    kind: 'write',
    url: () => '/contactserver/api/v1/contacts/bulk',
    body: (own, other) => ({ action: 'delete', ids: [own.personId, other.personId] }),
  },
  'POST /contactserver/api/v1/contacts/bulk tagId': {
    method: 'POST',
    kind: 'write',
    url: () => '/contactserver/api/v1/contacts/bulk',
    body: (own, other) => ({ action: 'tag', ids: [own.personId], tagId: other.contactTagId }),
  },
  'POST /contactserver/api/v1/contacts/:id/merge duplicateId': {
    method: 'POST',
    kind: 'write',
    url: (own) => `/contactserver/api/v1/contacts/${own.contactId}/merge`,
    body: (_own, other) => ({ duplicateId: other.contactId }),
  },
  'GET /contactserver/api/v1/contacts/paginate tagId': {
    method: 'GET',
    kind: 'read',
    url: (_own, other) => `/contactserver/api/v1/contacts/paginate?tagId=${other.contactTagId}`,
  },
  'GET /contactserver/api/v1/contacts/paginate ownerId': {
    method: 'GET',
    kind: 'read',
    url: (_own, other) => `/contactserver/api/v1/contacts/paginate?ownerId=${other.admin.userId}`,
  },
  'GET /contactserver/api/v1/contacts/paginate organisationId': {
    method: 'GET',
    kind: 'read',
    url: (_own, other) => `/contactserver/api/v1/contacts/paginate?organisationId=${other.contactId}`,
  },
  'GET /contactserver/api/v1/contacts/export tagId': {
    method: 'GET',
    kind: 'read',
    url: (_own, other) => `/contactserver/api/v1/contacts/export?tagId=${other.contactTagId}`,
  },
  'GET /contactserver/api/v1/contacts/export ownerId': {
    method: 'GET',
    kind: 'read',
    url: (_own, other) => `/contactserver/api/v1/contacts/export?ownerId=${other.admin.userId}`,
  },
  'GET /contactserver/api/v1/contacts/export organisationId': {
    method: 'GET',
    kind: 'read',
    url: (_own, other) => `/contactserver/api/v1/contacts/export?organisationId=${other.contactId}`,
  },
  'GET /contactserver/api/v1/contacts/duplicates exceptId': {
    method: 'GET',
    kind: 'read',
    url: (_own, other) =>
      `/contactserver/api/v1/contacts/duplicates?email=tenancy%40client.test&exceptId=${other.contactId}`,
  },
  // A schedule mails only the company's own users.
  'PUT /reportserver/api/v1/reportSketch/:id/schedule recipientIds': {
    method: 'PUT',
    kind: 'write',
    url: (own) => `/reportserver/api/v1/reportSketch/${own.reportSketchId}/schedule`,
    body: (_own, other) => ({ frequency: 'weekly', recipientIds: [other.member.userId] }),
  },
  'POST /iamserver/api/v1/users/bulk/suspend ids': {
    method: 'POST',
    kind: 'write',
    url: () => '/iamserver/api/v1/users/bulk/suspend',
    body: (own, other) => ({ ids: [own.member.userId, other.member.userId] }),
  },
  'POST /iamserver/api/v1/users/bulk/delete ids': {
    method: 'POST',
    kind: 'write',
    url: () => '/iamserver/api/v1/users/bulk/delete',
    body: (_own, other) => ({ ids: [other.member.userId] }),
  },
  // Marks only the caller's own: it answers with the ids it marked, none of A's (checked below).
  'POST /notifyserver/api/v1/notifications/mark-read ids': {
    method: 'POST',
    kind: 'read',
    url: () => '/notifyserver/api/v1/notifications/mark-read',
    body: (_own, other) => ({ ids: [other.notificationId] }),
  },
  // The client id an identity provider issued, not the id of any Cargodesk record.
  'PUT /iamserver/api/v1/companies/current/sso clientId': {
    method: 'PUT',
    kind: 'read',
    url: () => '',
  },
  'GET /notifyserver/api/v1/stream lastEventId': {
    method: 'GET',
    kind: 'read',
    // The stream resumes after an id: the resume must not reach A's notifications (checked in notify tests).
    url: () => '',
  },
};

/** Field names of a route's zod body or query schema that name ids. */
const idFieldsOf = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (!shape) return [];
  const own = Object.keys(shape).filter((field) => /(Id|Ids)$|^ids$|^reassignTo$|^before$/.test(field));
  // Ids inside a list of objects (a shipment's charge lines name their party): `lines.partyId`.
  const nested = Object.entries(shape).flatMap(([field, value]) => {
    const element = (value as { element?: unknown } | undefined)?.element;
    return element ? idFieldsOf(element).map((inner) => `${field}.${inner}`) : [];
  });
  return [...own, ...nested];
};

const methodsOf = (route: TRouteEntry): string[] =>
  (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD');

describe.each(testDatabaseKinds)('tenancy attack matrix on %s', (kind) => {
  let testApp: TIamTestApp;
  let worldA: TWorld;
  let worldB: TWorld;

  const call = (token: string, method: string, url: string, body?: object) =>
    testApp.app.inject({
      method: method as HTTPMethods,
      url,
      headers: { authorization: token },
      ...(body ? { payload: body } : {}),
    });
  const dataOf = async <T>(token: string, method: TMethod, url: string, body?: object): Promise<T> => {
    const response = await call(token, method, url, body);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return (response.json() as { data: T }).data;
  };

  /** One of each resource a probe needs, made through the API as a user would. */
  const buildWorld = async (label: string): Promise<TWorld> => {
    const admin = await testApp.register(label, `${label} Freight`, { isVerified: true });
    const member = await testApp.addUser(admin, { label: `${label}-member`, role: { systemKey: 'member' } });
    const roles = await dataOf<{ _id: string; systemKey: string | null }[]>(
      admin.jwt,
      'GET',
      '/iamserver/api/v1/roles',
    );
    const custom = await dataOf<{ _id: string }>(admin.jwt, 'POST', '/iamserver/api/v1/roles', {
      name: `${label} clerks`,
      permissions: ['users:read'],
    });
    await dataOf(admin.jwt, 'PUT', `/iamserver/api/v1/users/${member.userId}/roles`, {
      roleIds: [custom._id],
    });
    const group = await dataOf<{ _id: string }>(admin.jwt, 'POST', '/iamserver/api/v1/groups', {
      name: `${label} crew`,
      userIds: [member.userId],
    });
    const fileId = await uploadTinyPng(testApp.app, admin.jwt, `${label}.png`);
    await dataOf(admin.jwt, 'POST', '/notifyserver/api/v1/announcements', { title: `${label} news` });
    const [notification] = await dataOf<{ _id: string }[]>(
      member.jwt,
      'GET',
      '/notifyserver/api/v1/notifications',
    );
    const mail = await dataOf<{ _id: string }>(admin.jwt, 'POST', '/mailserver/api/v1/send', {
      to: [`${label}@client.test`],
      subject: `${label} mail`,
    });
    await dataOf(admin.jwt, 'PUT', '/master/api/v1/currency-settings/base', { baseCurrency: 'EUR' });
    const rate = await dataOf<{ _id: string }>(admin.jwt, 'POST', '/master/api/v1/exchange-rates', {
      currency: 'GBP',
      rate: 1.17,
      effectiveDate: '2024-01-01',
    });
    const [picklist] = await dataOf<{ _id: string; values: { _id: string }[] }[]>(
      admin.jwt,
      'GET',
      '/master/api/v1/dropdown-groups?module=home',
    );
    const template = await dataOf<{ _id: string; current: { _id: string } }>(
      admin.jwt,
      'POST',
      '/templateserver/api/v1/templates',
      {
        type: 'document',
        purpose: 'other',
        name: `${label} letter`,
        language: 'en',
        body: '<p>{{ company.name }}</p>',
      },
    );
    // The same e-mail in both companies: a duplicate check must find only the caller's own.
    const contactTag = await dataOf<{ _id: string }>(
      admin.jwt,
      'POST',
      '/contactserver/api/v1/contact-tags',
      {
        name: `${label} tag`,
      },
    );
    const contact = await dataOf<{ _id: string }>(admin.jwt, 'POST', '/contactserver/api/v1/contacts', {
      kind: 'organisation',
      name: `${label} shipper`,
      emails: [{ address: 'tenancy@client.test' }],
      tagIds: [contactTag._id],
      ownerId: admin.userId,
    });
    const person = await dataOf<{ _id: string }>(admin.jwt, 'POST', '/contactserver/api/v1/contacts', {
      kind: 'person',
      name: `${label} clerk`,
      organisationId: contact._id,
    });
    const issue = await dataOf<{ _id: string }>(admin.jwt, 'POST', '/iamserver/api/v1/issue/tracker', {
      title: `${label} problem`,
      severity: 'medium',
    });
    // Shared, so every colleague's list shows it, and no other company's.
    const report = await dataOf<{ _id: string }>(admin.jwt, 'POST', '/reportserver/api/v1/reportSketch', {
      name: `${label} report`,
      definition: { source: 'users', groupBy: ['status'] },
      isShared: true,
    });
    // A master, so another company's shipment trying to join it as a house is a real attempt.
    const shipment = await dataOf<{ _id: string }>(admin.jwt, 'POST', '/freightserver/api/v1/shipments', {
      mode: 'sea',
      direction: 'export',
      loadType: 'fcl',
      consolidation: 'master',
      parties: { shipper: { organisationId: contact._id, personId: person._id } },
    });
    const shipmentEvent = await dataOf<{ _id: string }>(
      admin.jwt,
      'POST',
      `/freightserver/api/v1/shipments/${shipment._id}/events`,
      { code: 'CONF', classifier: 'ACT', eventAt: '2026-03-01T10:00:00Z' },
    );
    const trackingLink = await dataOf<{ _id: string }>(
      admin.jwt,
      'POST',
      `/freightserver/api/v1/shipments/${shipment._id}/tracking-links`,
      {},
    );
    // Shared, naming the company's own party: no other company's list of saved filters shows it.
    const shipmentFilter = await dataOf<{ _id: string }>(
      admin.jwt,
      'POST',
      '/freightserver/api/v1/shipment-filters',
      { name: `${label} shipments`, query: { partyId: contact._id }, isShared: true },
    );
    // A booking confirmation of the shipment, drafted from the company's own seeded template.
    const shipmentDocument = await dataOf<{ _id: string }>(
      admin.jwt,
      'POST',
      `/freightserver/api/v1/shipments/${shipment._id}/documents`,
      { kind: 'booking-confirmation' },
    );
    // An address on a public name, never looked up: no event it asked for is recorded after it.
    const webhookEndpoint = await dataOf<{ _id: string }>(
      admin.jwt,
      'POST',
      '/freightserver/api/v1/webhooks/endpoints',
      { url: `https://hooks.example.com/${label}`, eventTypes: ['TRANSPORT'] },
    );
    return {
      webhookEndpointId: webhookEndpoint._id,
      shipmentId: shipment._id,
      shipmentEventId: shipmentEvent._id,
      trackingLinkId: trackingLink._id,
      shipmentFilterId: shipmentFilter._id,
      shipmentDocumentId: shipmentDocument._id,
      issueId: issue._id,
      reportSketchId: report._id,
      contactId: contact._id,
      personId: person._id,
      contactTagId: contactTag._id,
      templateId: template._id,
      templateVersionId: template.current._id,
      admin,
      member,
      roleId: roles.find((role) => role.systemKey === 'member')?._id ?? '',
      customRoleId: custom._id,
      groupId: group._id,
      fileId,
      notificationId: notification?._id ?? '',
      picklistGroupId: picklist?._id ?? '',
      picklistValueId: picklist?.values[0]?._id ?? '',
      mailId: mail._id,
      exchangeRateId: rate._id,
    };
  };

  /** Whatever of A's a response must never carry to B. */
  const markersOf = (world: TWorld) => [
    world.admin.companyId,
    world.admin.userId,
    world.admin.email,
    world.member.userId,
    world.member.email,
    world.customRoleId,
    world.roleId,
    world.groupId,
    world.fileId,
    world.shipmentDocumentId,
    world.notificationId,
    world.picklistGroupId,
    world.picklistValueId,
    world.mailId,
    world.exchangeRateId,
    world.templateId,
    world.templateVersionId,
    world.contactId,
    world.personId,
    world.contactTagId,
    world.issueId,
    world.reportSketchId,
    world.shipmentId,
    world.shipmentEventId,
    world.shipmentFilterId,
    world.trackingLinkId,
    world.webhookEndpointId,
  ];

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    worldA = await buildWorld('tenancy-a');
    worldB = await buildWorld('tenancy-b');
  });
  afterAll(async () => testApp?.close());

  it("lists none of another company's rows on any list route", async () => {
    const leaks: string[] = [];
    const lists = testApp.app.routeTable.filter(
      (route) =>
        /^\/[a-z]+\/api\/v1\//.test(route.url) &&
        !route.url.includes(':') &&
        methodsOf(route).includes('GET'),
    );
    expect(lists.length).toBeGreaterThan(15);
    const markers = markersOf(worldA);
    for (const route of lists) {
      const key = `GET ${route.url}`;
      // The platform console lists every company by design, to platform administrators only
      // (route-matrix: 403 to every company's admin).
      if (notListable.has(key) || route.config?.platformAdmin) continue;
      const query = requiredQueries[key]?.(worldB);
      const response = await call(worldB.admin.jwt, 'GET', query ? `${route.url}?${query}` : route.url);
      if (response.statusCode !== 200) {
        leaks.push(`${key} → ${response.statusCode} ${response.body.slice(0, 120)}`);
        continue;
      }
      const found = markers.filter((marker) => response.body.includes(marker));
      if (found.length > 0) leaks.push(`${key} shows ${found.join(', ')}`);
    }
    expect(leaks).toEqual([]);
  });

  it('has a probe for every id field in a body or query string', () => {
    const missing: string[] = [];
    let fields = 0;
    for (const route of testApp.app.routeTable) {
      // The console's ids name any company, for platform administrators only.
      if (route.config?.platformAdmin) continue;
      const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
      for (const method of methodsOf(route)) {
        for (const field of [...idFieldsOf(schema.body), ...idFieldsOf(schema.querystring)]) {
          fields += 1;
          if (!idFieldProbes[`${method} ${route.url} ${field}`])
            missing.push(`${method} ${route.url} ${field}`);
        }
      }
    }
    expect(missing).toEqual([]);
    // The schemas were read at all: the table above lists this many (less one more since the
    // retraction's and the tracking link revocation's probes, whose ids sit in their paths).
    expect(fields).toBeGreaterThanOrEqual(Object.keys(idFieldProbes).length - 3);
  });

  it("refuses company A's ids inside company B's bodies and query strings", async () => {
    const failures: string[] = [];
    const markers = markersOf(worldA);
    for (const [key, probe] of Object.entries(idFieldProbes)) {
      const url = probe.url(worldB, worldA);
      if (!url) continue;
      const body = probe.body?.(worldB, worldA);
      const response = await call(worldB.admin.jwt, probe.method, url, body);
      // An error may name the id the caller sent; anything else of A's is a leak.
      const sent = `${url} ${JSON.stringify(body ?? {})}`;
      const isRefused = response.statusCode >= 400 && response.statusCode < 500;
      if (probe.kind === 'write' && !isRefused)
        failures.push(`${key} → ${response.statusCode} ${response.body.slice(0, 160)}`);
      if (response.statusCode >= 500) failures.push(`${key} → ${response.statusCode}`);
      const found = markers.filter((marker) => !sent.includes(marker) && response.body.includes(marker));
      if (found.length > 0) failures.push(`${key} echoes ${found.join(', ')}`);
    }
    expect(failures).toEqual([]);
    // And nothing moved: A's member still holds only A's custom role and A's group.
    const member = await dataOf<{ roles: { _id: string }[]; groups: { _id: string }[] }>(
      worldA.admin.jwt,
      'GET',
      `/iamserver/api/v1/users/${worldA.member.userId}`,
    );
    expect(member.roles.map((role) => role._id)).toEqual([worldA.customRoleId]);
    expect(member.groups.map((group) => group._id)).toEqual([worldA.groupId]);
    const notifications = await dataOf<{ _id: string; status: string }[]>(
      worldA.member.jwt,
      'GET',
      '/notifyserver/api/v1/notifications',
    );
    expect(notifications.find((notification) => notification._id === worldA.notificationId)?.status).toBe(
      'new',
    );
    const people = await dataOf<{ _id: string; organisation: { _id: string } | null; tags: unknown[] }>(
      worldA.admin.jwt,
      'GET',
      `/contactserver/api/v1/contacts/${worldA.personId}`,
    );
    expect(people.organisation?._id).toBe(worldA.contactId);
    const timeline = await dataOf<{ events: { _id: string; retractedByEventId: string | null }[] }>(
      worldA.admin.jwt,
      'GET',
      `/freightserver/api/v1/shipments/${worldA.shipmentId}/events`,
    );
    expect(timeline.events).toMatchObject([{ _id: worldA.shipmentEventId, retractedByEventId: null }]);
    const links = await dataOf<{ _id: string; state: string }[]>(
      worldA.admin.jwt,
      'GET',
      `/freightserver/api/v1/shipments/${worldA.shipmentId}/tracking-links`,
    );
    expect(links).toMatchObject([{ _id: worldA.trackingLinkId, state: 'active' }]);
  });

  // A shipment's parties sit inside `parties`, where the id-field scan above does not look.
  it("refuses company A's contacts as the parties of company B's shipments", async () => {
    const parties = (other: TWorld) => ({
      shipper: { organisationId: other.contactId },
      consignee: { organisationId: worldB.contactId, personId: other.personId },
    });
    for (const [method, url] of [
      ['POST', '/freightserver/api/v1/shipments'],
      ['PATCH', `/freightserver/api/v1/shipments/${worldB.shipmentId}`],
    ] as const) {
      const body = {
        ...(method === 'POST' ? { mode: 'sea', direction: 'export', loadType: 'fcl' } : {}),
        parties: parties(worldA),
      };
      const response = await call(worldB.admin.jwt, method, url, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain('parties.shipper.organisationId');
    }
    const own = await dataOf<{ parties: { shipper: { organisation: { _id: string } } } }>(
      worldB.admin.jwt,
      'GET',
      `/freightserver/api/v1/shipments/${worldB.shipmentId}`,
    );
    expect(own.parties.shipper.organisation._id).toBe(worldB.contactId);
  });
  // A document's id sits in the path beside a shipment's: B's own shipment does not open A's document.
  it("reaches none of company A's shipment documents through company B's own shipments", async () => {
    const base = `/freightserver/api/v1/shipments/${worldB.shipmentId}/documents`;
    const theirs = `${base}/${worldA.shipmentDocumentId}`;
    for (const [method, url, body] of [
      ['GET', theirs],
      ['GET', `${theirs}/preview`],
      ['GET', `${theirs}/pdf`],
      ['POST', `${theirs}/status`, { status: 'APPROVED' }],
      ['POST', `${theirs}/versions`],
    ] as const) {
      const response = await call(worldB.admin.jwt, method, url, body);
      expect(response.statusCode, `${method} ${url} ${response.body}`).toBe(404);
    }
    const listed = await call(worldB.admin.jwt, 'GET', base);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.body).not.toContain(worldA.shipmentDocumentId);
    const own = await dataOf<{ status: string }>(
      worldA.admin.jwt,
      'GET',
      `/freightserver/api/v1/shipments/${worldA.shipmentId}/documents/${worldA.shipmentDocumentId}`,
    );
    expect(own.status).toBe('DRAFT');
  });
});
