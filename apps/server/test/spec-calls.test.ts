import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';

// Spec §7 lists the paths the app calls under each service's base (`/{service}/api/v1`) and the
// identity provider's calls. Each must be a route of ours: one registered route under the path, so
// a renamed or dropped route fails here by name rather than in a browser somewhere.

const servicePaths: Record<string, string[]> = {
  logserver: ['/audit', '/audit-history'],
  master: [
    '/receivinglocation',
    '/country',
    '/dropdown/',
    '/airport/',
    '/oceanport/',
    '/type/',
    '/timezone',
    '/currency-list',
    '/dropdown-groups',
    '/dropdown',
    '/timezone-utc',
  ],
  driveserver: ['/filesystem/file'],
  iamserver: [
    '/auth/login',
    '/auth',
    '/auth/codeAuth',
    '/auth/token-refresh',
    '/auth/fetch-users-by-token',
    '/auth/fetch-google-map-key',
    '/auth/fetch-config-key',
    '/users-token',
    '/auth/reset-pwd',
    '/products',
    '/groups',
    '/roles',
    '/app-admin',
    '/issue/tracker',
    '/companies',
    '/users',
  ],
  mailserver: ['/send'],
  reportserver: ['/reportSketch'],
  contactserver: ['/contacts', '/contacts/paginate', '/contact-tags'],
};

/** The identity provider's calls (spec §7), as method and path under its host prefix. */
const identityCalls = [
  'GET /identitytoolkit.googleapis.com/v2/recaptchaConfig',
  'GET /identitytoolkit.googleapis.com/v2/passwordPolicy',
  'GET /identitytoolkit.googleapis.com/v1/projects',
  'POST /identitytoolkit.googleapis.com/v1/accounts:signInWithPassword',
  'POST /identitytoolkit.googleapis.com/v1/accounts:signUp',
  'POST /identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink',
  'POST /identitytoolkit.googleapis.com/v1/accounts:signInWithIdp',
  'POST /identitytoolkit.googleapis.com/v1/accounts:sendOobCode',
  'POST /identitytoolkit.googleapis.com/v1/accounts:lookup',
  'POST /identitytoolkit.googleapis.com/v1/accounts:delete',
  'POST /identitytoolkit.googleapis.com/v2/accounts:revokeToken',
  'POST /securetoken.googleapis.com/v1/token',
];

describe('spec §7: every call the app makes has a route', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => testApp?.close());

  it.each(Object.entries(servicePaths).flatMap(([service, paths]) => paths.map((path) => [service, path])))(
    '%s answers %s',
    (service, path) => {
      const base = `/${service}/api/v1${path.replace(/\/$/, '')}`;
      const urls = testApp.app.routeTable.map((route) => route.url ?? '');
      expect(
        urls.filter((url) => url === base || url.startsWith(`${base}/`)),
        `${base}: no route`,
      ).not.toHaveLength(0);
    },
  );

  it('answers the spec port path as /master/api/v1/{port}: ocean ports and airports', () => {
    const urls = new Set(testApp.app.routeTable.map((route) => route.url));
    expect(urls).toContain('/master/api/v1/oceanport');
    expect(urls).toContain('/master/api/v1/airport');
  });

  it.each(identityCalls)(
    'the identity provider answers %s, and not with OPERATION_NOT_ALLOWED',
    async (call) => {
      const [method, url] = call.split(' ') as ['GET' | 'POST', string];
      const apiKey = testApp.app.identity.projects[0]?.apiKey ?? '';
      const answer = await testApp.app.inject({
        method,
        url: `${url}?key=${apiKey}`,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(answer.statusCode, answer.body).not.toBe(404);
      expect(answer.statusCode, answer.body).toBeLessThan(500);
      expect(answer.body).not.toMatch(/OPERATION_NOT_ALLOWED/);
    },
  );
});
