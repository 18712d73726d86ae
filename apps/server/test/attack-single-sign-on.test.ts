import type { TSsoSettings } from '@cargodesk/shared';
import { and, eq } from 'drizzle-orm';
import { OAuthProvider, signInWithCredential } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityAccounts } from '../src/db/schema/index.ts';
import { runPlatformAdminCommand } from '../src/identity/platform-admin-command.ts';
import { projectIds } from '../src/identity/projects.ts';
import {
  startIamTestApp,
  type TIamTestApp,
  type TRegistered,
} from '../src/services/access/access-test-support.ts';
import {
  assertionOf,
  proveSsoDomains,
  runSsoFlow,
} from '../src/services/access/single-sign-on/sso-test-support.ts';
import { behaviourDatabaseKinds } from './databases.ts';
import { startDnsTestServer, type TDnsTestServer } from './dns-test-server.ts';
import { createAuthClient } from './identity-client.ts';
import { startOidcTestProvider, type TOidcTestProvider } from './oidc-test-provider.ts';

// The review's critical path (docs/decisions/032): a self-registered company admin points single
// sign-on at a provider of their own, names the operator's domain, and has the provider assert the
// operator's address verified, hoping for FIRST_PLATFORM_ADMIN, the platform-admin command, or
// another company's invitation. Each step must fail at the mechanism.

const label = () => crypto.randomUUID().slice(0, 8);

describe.each(behaviourDatabaseKinds)('single sign-on cannot mint platform rights on %s', (kind) => {
  let testApp: TIamTestApp;
  let dns: TDnsTestServer;
  let provider: TOidcTestProvider;
  let attacker: TRegistered;
  let redirectUri: string;
  const operatorDomain = `operator-${label()}.test`;
  const operatorEmail = `ops@${operatorDomain}`;
  const clients: { close: () => Promise<void> }[] = [];
  const api = (
    url: string,
    token: string,
    init: { method?: 'POST' | 'PUT' | 'DELETE'; payload?: object } = {},
  ) => testApp.app.inject({ url: `/iamserver/api/v1${url}`, headers: { authorization: token }, ...init });
  const apiKey = () => testApp.app.identity.projects.find(({ name }) => name === 'test')?.apiKey ?? '';
  const appLogin = (idToken: string) =>
    testApp.app.inject({ url: '/iamserver/api/v1/auth/login', headers: { authorization: idToken } });
  const isSuperAdmin = async (jwt: string) => {
    const me = await testApp.app.inject({
      url: '/iamserver/api/v1/auth/fetch-users-by-token',
      headers: { authorization: jwt },
    });
    return (me.json() as { data: { isSuperAdmin?: boolean }[] }).data[0]?.isSuperAdmin === true;
  };
  const accountOf = async (email: string) =>
    (
      await testApp.database.db
        .select()
        .from(identityAccounts)
        .where(and(eq(identityAccounts.projectId, projectIds.test), eq(identityAccounts.email, email)))
    )[0];

  beforeAll(async () => {
    dns = await startDnsTestServer();
    testApp = await startIamTestApp({
      kind,
      environment: {
        FIRST_PLATFORM_ADMIN: operatorEmail,
        PRODUCTION_HOST: 'production.cargodesk.test',
        SSO_ALLOW_HTTP_ISSUERS: 'true',
        SSO_ALLOW_PRIVATE_ISSUERS: 'true',
        SSO_DNS_SERVERS: dns.address,
      },
    });
    attacker = await testApp.register('attacker');
    const settings = await api('/companies/current/sso', attacker.jwt);
    redirectUri = (settings.json() as { data: TSsoSettings }).data.redirectUri;
    provider = await startOidcTestProvider({ redirectUris: [redirectUri], clientId: 'attacker' });
    const saved = await api('/companies/current/sso', attacker.jwt, {
      method: 'PUT',
      payload: {
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        domains: [operatorDomain],
        jitProvisioning: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await provider?.close();
    await testApp?.close();
    await dns?.close();
  });

  it('takes a domain without proof, but its provider speaks for nobody there', async () => {
    const flow = await runSsoFlow({ app: testApp.app, email: operatorEmail, redirectUri });
    expect(flow.startStatus).toBe(404);
    expect(await accountOf(operatorEmail)).toBeUndefined();
  });

  it('even with the domain proved, vouches for the address in its own company only', async () => {
    // The worst case: the attacker runs the DNS of the operator's domain for a while.
    expect((await proveSsoDomains({ app: testApp.app, dns, token: attacker.jwt })).verified).toEqual([
      operatorDomain,
    ]);
    const flow = await runSsoFlow({ app: testApp.app, email: operatorEmail, redirectUri });
    const { assertion, providerId } = assertionOf(flow.location ?? new URL('http://x'));
    expect(assertion).not.toBe('');
    const client = createAuthClient({ origin: testApp.origin, apiKey: apiKey() });
    clients.push(client);
    const { user } = await signInWithCredential(
      client.auth,
      new OAuthProvider(providerId).credential({ idToken: assertion }),
    );
    // Signed in to the attacker's company, as its provider may do...
    const login = await appLogin(await user.getIdToken());
    expect(login.statusCode, login.body).toBe(200);
    // ...but not verified for the installation: FIRST_PLATFORM_ADMIN and the command refuse it.
    expect(user.emailVerified).toBe(false);
    expect((await accountOf(operatorEmail))?.emailVerified).toBe(false);
    expect(await isSuperAdmin(login.json().data.jwt)).toBe(false);
    expect(
      await runPlatformAdminCommand(testApp.database.db, {
        args: ['add', operatorEmail],
        defaultProject: 'test',
      }),
    ).toEqual({
      exitCode: 1,
      output: expect.stringContaining('is not verified yet'),
    });
    expect((await accountOf(operatorEmail))?.platformAdmin).toBe(false);
  });

  it('does not let a provider-vouched account ride another company’s invitation', async () => {
    const victimDomain = `victim-${label()}.test`;
    const address = `new-hire@${victimDomain}`;
    const saved = await api('/companies/current/sso', attacker.jwt, {
      method: 'PUT',
      payload: {
        issuer: provider.issuer,
        clientId: provider.clientId,
        domains: [operatorDomain, victimDomain],
        jitProvisioning: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await proveSsoDomains({ app: testApp.app, dns, token: attacker.jwt });
    const flow = await runSsoFlow({ app: testApp.app, email: address, redirectUri });
    const { assertion, providerId } = assertionOf(flow.location ?? new URL('http://x'));
    const client = createAuthClient({ origin: testApp.origin, apiKey: apiKey() });
    clients.push(client);
    const { user } = await signInWithCredential(
      client.auth,
      new OAuthProvider(providerId).credential({ idToken: assertion }),
    );
    // The provisioned account belongs to the attacker's company: another company cannot invite it...
    const other = await testApp.register('hiring');
    const invited = await api('/users/invite', other.jwt, {
      method: 'POST',
      payload: { email: address, firstName: 'New', lastName: 'Hire' },
    });
    expect(invited.statusCode).toBe(409);
    // ...and the attacker's session never reaches the other company.
    const login = await appLogin(await user.getIdToken(true));
    expect(login.json().data.company?._id ?? login.json().data.company?.id).not.toBe(other.companyId);
  });

  it('grants FIRST_PLATFORM_ADMIN once per installation, in whichever project it happens first', async () => {
    // The operator proves the mailbox in the production project and is granted there.
    const { idToken } = await testApp.signUp(operatorEmail, { project: 'production' });
    await testApp.database.db
      .update(identityAccounts)
      .set({ emailVerified: true })
      .where(
        and(eq(identityAccounts.projectId, projectIds.production), eq(identityAccounts.email, operatorEmail)),
      );
    const registered = await testApp.app.inject({
      method: 'POST',
      url: '/iamserver/api/v1/auth',
      headers: { authorization: idToken, host: 'production.cargodesk.test' },
      payload: { companyName: 'Operator Freight', firstName: 'Ops', lastName: 'Team' },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const signedIn = await testApp.app.inject({
      url: '/iamserver/api/v1/auth/login',
      headers: { authorization: idToken, host: 'production.cargodesk.test' },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(await isSuperAdmin(signedIn.json().data.jwt)).toBe(true);
    // The operator removes it; the test project's account of the same address, now proven, gains nothing.
    await runPlatformAdminCommand(testApp.database.db, {
      args: ['remove', operatorEmail],
      defaultProject: 'production',
    });
    await testApp.database.db
      .update(identityAccounts)
      .set({ emailVerified: true })
      .where(and(eq(identityAccounts.projectId, projectIds.test), eq(identityAccounts.email, operatorEmail)));
    expect(await accountOf(operatorEmail)).toBeDefined();
    const claims = await testApp.app.identity.admin.claimFirstPlatformAdmin('test', operatorEmail);
    expect(claims).toBe('not-needed');
    expect((await accountOf(operatorEmail))?.platformAdmin).toBe(false);
  });
});
