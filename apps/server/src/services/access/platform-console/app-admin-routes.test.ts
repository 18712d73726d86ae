import {
  appAdminMessages,
  dateMessages,
  type TAdminCompany,
  type TCompanyUser,
  type TCurrentUser,
  type TPlatformAuditEvent,
  type TRole,
} from '@cargodesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { waitForMail } from '../../../../test/identity-client.ts';
import { uploadTinyPng } from '../../../../test/multipart.ts';
import { auditReader } from '../../../../test/route-helpers.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../access-test-support.ts';

// The platform console: what a platform administrator sees of every company, and what each change
// does to the company, its admins' mailboxes and the two trails.

type TMethod = 'GET' | 'POST' | 'PATCH';

describe.each(behaviourDatabaseKinds)('the platform console on %s', (kind) => {
  let testApp: TIamTestApp;
  let operator: TRegistered;
  let customer: TRegistered;
  const auditOf = auditReader(() => testApp.database.db);

  const inject = (options: { method?: TMethod; url: string; token: string; payload?: object }) =>
    testApp.app.inject({
      method: options.method ?? 'GET',
      url: `/iamserver/api/v1${options.url}`,
      headers: { authorization: options.token },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  const dataOf = async <T>(response: Awaited<ReturnType<typeof inject>>, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return (response.json() as { data: T }).data;
  };

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    operator = await testApp.register('console-operator', 'Console Operator Ltd');
    await testApp.grantPlatformAdmin(operator.email);
    customer = await testApp.register('console-customer', 'Console Customer Shipping');
  });
  afterAll(async () => testApp?.close());

  it('shows the flag to the platform administrator only', async () => {
    const me = async (token: string) =>
      (await dataOf<TCurrentUser[]>(await inject({ url: '/auth/fetch-users-by-token', token })))[0];
    expect((await me(operator.jwt))?.isSuperAdmin).toBe(true);
    expect((await me(customer.jwt))?.isSuperAdmin).toBe(false);
  });

  it('refuses every console route to a company admin, before reading the input', async () => {
    for (const [method, url] of [
      ['GET', '/app-admin/companies'],
      ['GET', `/app-admin/companies/${customer.companyId}`],
      ['PATCH', `/app-admin/companies/${customer.companyId}/plan`],
      ['POST', `/app-admin/companies/${customer.companyId}/suspend`],
      ['GET', `/companies/${customer.companyId}/users`],
      ['GET', '/app-admin/audit?unknown=1'],
    ] as const) {
      const response = await inject({ method, url, token: customer.jwt, payload: { bogus: true } });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({
        error: { code: 'FORBIDDEN', message: appAdminMessages.platformOnly },
      });
    }
  });

  it('lists companies with search, status, plan, user count, mails sent and storage used', async () => {
    await uploadTinyPng(testApp.app, customer.jwt, 'usage.png');
    // Registration mailed the admin a verification link: the company's one delivered mail.
    await waitForMail(testApp.origin, customer.email);
    await testApp.addUser(customer, { label: 'console-member', role: { systemKey: 'member' } });
    const page = await inject({ url: '/app-admin/companies?q=console%20customer', token: operator.jwt });
    expect(page.statusCode, page.body).toBe(200);
    const { data, meta } = page.json() as { data: TAdminCompany[]; meta: { total: number } };
    expect(meta.total).toBe(1);
    expect(data[0]).toMatchObject({
      _id: customer.companyId,
      name: 'Console Customer Shipping',
      status: 'active',
      planName: 'Trial',
      isExpired: false,
      userCount: 2,
      mailsSentThisMonth: 1,
    });
    expect(data[0]?.storageBytes).toBeGreaterThan(0);
    // Unknown sort fields are a 400 with the field, like every list.
    const badSort = await inject({ url: '/app-admin/companies?sort=secret', token: operator.jwt });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    // An unknown company is a 404.
    const missing = await inject({
      url: '/app-admin/companies/01970000-0000-7000-8000-00000000abcd',
      token: operator.jwt,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('reads a company’s users and roles, and puts each read on the platform trail', async () => {
    const users = await inject({ url: `/companies/${customer.companyId}/users`, token: operator.jwt });
    expect(users.statusCode, users.body).toBe(200);
    const listed = (users.json() as { data: TCompanyUser[] }).data.map((user) => user.email);
    expect(listed).toContain(customer.email);
    expect(listed).not.toContain(operator.email);
    const roles = await dataOf<TRole[]>(
      await inject({ url: `/companies/${customer.companyId}/roles`, token: operator.jwt }),
    );
    expect(roles.map((role) => role.name)).toEqual(expect.arrayContaining(['Admin', 'Member', 'Viewer']));
    const trail = await dataOf<TPlatformAuditEvent[]>(
      await inject({
        url: `/app-admin/audit?companyId=${customer.companyId}&action=view-company`,
        token: operator.jwt,
      }),
    );
    expect(trail.map((event) => event.details)).toEqual([{ viewed: 'roles' }, { viewed: 'users' }]);
    expect(trail[0]).toMatchObject({ actorEmail: operator.email, companyName: 'Console Customer Shipping' });
  });

  it('extends an expired plan: the company reads as current at its next sign-in, and both trails say who', async () => {
    const expired = await dataOf<TAdminCompany>(
      await inject({
        method: 'PATCH',
        url: `/app-admin/companies/${customer.companyId}/plan`,
        token: operator.jwt,
        payload: { expiresOn: '2020-01-31' },
      }),
    );
    expect(expired).toMatchObject({ isExpired: true, planExpiresAt: '2020-01-31T23:59:59.999Z' });
    const extended = await dataOf<TAdminCompany>(
      await inject({
        method: 'PATCH',
        url: `/app-admin/companies/${customer.companyId}/plan`,
        token: operator.jwt,
        payload: { planName: 'Business', expiresOn: '2099-12-31' },
      }),
    );
    expect(extended).toMatchObject({ isExpired: false, planName: 'Business' });
    const [me] = await dataOf<TCurrentUser[]>(
      await inject({ url: '/auth/fetch-users-by-token', token: customer.jwt }),
    );
    expect(me).toMatchObject({ isExpired: false, company: { subscripedPlan: { name: 'Business' } } });
    const entry = (await auditOf(customer.companyId, { entityId: customer.companyId })).at(-1);
    expect(entry).toMatchObject({
      action: 'update',
      actorUserId: null,
      actorEmail: `${operator.email} (platform administrator)`,
      after: { planName: 'Business', planExpiresAt: '2099-12-31T23:59:59.999Z' },
    });
    const empty = await inject({
      method: 'PATCH',
      url: `/app-admin/companies/${customer.companyId}/plan`,
      token: operator.jwt,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const badDay = await inject({
      method: 'PATCH',
      url: `/app-admin/companies/${customer.companyId}/plan`,
      token: operator.jwt,
      payload: { expiresOn: '2099-02-30' },
    });
    expect(badDay.statusCode).toBe(400);
  });

  it('refuses a plan expiry that is no real day in the range with 400 naming expiresOn, and changes nothing', async () => {
    const path = `/app-admin/companies/${customer.companyId}/plan`;
    const before = await dataOf<TAdminCompany>(
      await inject({ method: 'PATCH', url: path, token: operator.jwt, payload: { expiresOn: '2099-06-30' } }),
    );
    // Year 0 did not exist (PostgreSQL refused it: 500), and 0001 came back as 2001.
    for (const expiresOn of [
      '0000-01-01',
      '0001-01-01',
      '1899-12-31',
      '10000-01-01',
      '2026-02-29',
      '2026-13-45',
    ]) {
      const refused = await inject({
        method: 'PATCH',
        url: path,
        token: operator.jwt,
        payload: { expiresOn },
      });
      expect(refused.statusCode, expiresOn).toBe(400);
      expect(refused.json(), expiresOn).toMatchObject({
        error: {
          code: 'VALIDATION_FAILED',
          details: { fields: [{ field: 'expiresOn', message: dateMessages.calendarDate() }] },
        },
      });
    }
    const companies = await dataOf<TAdminCompany[]>(
      await inject({
        url: `/app-admin/companies?q=${encodeURIComponent('Console Customer')}`,
        token: operator.jwt,
      }),
    );
    expect(companies.find((company) => company._id === customer.companyId)?.planExpiresAt).toBe(
      before.planExpiresAt,
    );
    // The range's last day is a plan until the end of time, as far as anyone will notice.
    const lastDay = await dataOf<TAdminCompany>(
      await inject({ method: 'PATCH', url: path, token: operator.jwt, payload: { expiresOn: '9999-12-31' } }),
    );
    expect(lastDay.planExpiresAt).toBe('9999-12-31T23:59:59.999Z');
  });

  it('suspends a company with a reason its admins are mailed, ending its sessions; reactivating lets it back in', async () => {
    const member = await testApp.addUser(customer, {
      label: 'console-suspended',
      role: { systemKey: 'member' },
    });
    const before = Date.now();
    const noReason = await inject({
      method: 'POST',
      url: `/app-admin/companies/${customer.companyId}/suspend`,
      token: operator.jwt,
      payload: { reason: '' },
    });
    expect(noReason.statusCode).toBe(400);
    const suspended = await dataOf<TAdminCompany>(
      await inject({
        method: 'POST',
        url: `/app-admin/companies/${customer.companyId}/suspend`,
        token: operator.jwt,
        payload: { reason: 'Unpaid invoice 2026-118' },
      }),
    );
    expect(suspended).toMatchObject({ status: 'suspended', statusReason: 'Unpaid invoice 2026-118' });
    const mail = await waitForMail(testApp.origin, customer.email, { after: before });
    expect(mail.subject).toBe('Your company Console Customer Shipping was suspended on Cargodesk');
    expect(mail.text).toContain('Unpaid invoice 2026-118');
    // Every user of the company is refused at once, the admin who was mailed and the member alike.
    for (const user of [customer, member]) {
      const refused = await inject({ url: '/auth/fetch-users-by-token', token: user.jwt });
      expect(refused.statusCode).toBe(403);
    }
    const twice = await inject({
      method: 'POST',
      url: `/app-admin/companies/${customer.companyId}/suspend`,
      token: operator.jwt,
      payload: { reason: 'Again' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: { message: appAdminMessages.alreadySuspended } });

    // The operator's own company stays up: suspending it would lock them out of the console.
    const own = await inject({
      method: 'POST',
      url: `/app-admin/companies/${operator.companyId}/suspend`,
      token: operator.jwt,
      payload: { reason: 'By mistake' },
    });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ error: { message: appAdminMessages.ownCompany } });
    // Still signed in: nothing of the operator's company was touched.
    expect((await inject({ url: '/auth/fetch-users-by-token', token: operator.jwt })).statusCode).toBe(200);

    const reactivatedAt = Date.now();
    const reactivated = await dataOf<TAdminCompany>(
      await inject({
        method: 'POST',
        url: `/app-admin/companies/${customer.companyId}/reactivate`,
        token: operator.jwt,
        payload: { reason: 'Invoice paid' },
      }),
    );
    expect(reactivated.status).toBe('active');
    const back = await waitForMail(testApp.origin, customer.email, { after: reactivatedAt });
    expect(back.subject).toBe('Your company Console Customer Shipping is active again on Cargodesk');
    const login = await testApp.app.inject({
      url: '/iamserver/api/v1/auth/login',
      headers: { authorization: customer.idToken },
    });
    expect(login.statusCode, login.body).toBe(200);

    const trail = await dataOf<TPlatformAuditEvent[]>(
      await inject({ url: `/app-admin/audit?companyId=${customer.companyId}`, token: operator.jwt }),
    );
    expect(trail.slice(0, 2).map((event) => event.action)).toEqual(['reactivate', 'suspend']);
    expect(trail[1]?.details).toMatchObject({
      after: { status: 'suspended', statusReason: 'Unpaid invoice 2026-118' },
    });
  });
});
