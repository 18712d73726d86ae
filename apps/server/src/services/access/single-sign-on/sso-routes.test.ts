import {
  ssoMessages,
  type TAuditEvent,
  type TLoginResponse,
  type TSsoSettings,
  type TSsoStartResponse,
} from '@cargodesk/shared';
import { and, eq } from 'drizzle-orm';
import { FirebaseError } from 'firebase/app';
import {
  OAuthProvider,
  sendPasswordResetEmail,
  sendSignInLinkToEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithEmailLink,
} from 'firebase/auth';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompanyMember } from '../../../../test/company-members.ts';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { startDnsTestServer, type TDnsTestServer } from '../../../../test/dns-test-server.ts';
import {
  createAuthClient,
  readOobCode,
  requestSignInLink,
  waitForMail,
} from '../../../../test/identity-client.ts';
import {
  signInAtProvider,
  startOidcTestProvider,
  type TOidcTestProvider,
} from '../../../../test/oidc-test-provider.ts';
import {
  companySsoConfigs,
  companySsoDomains,
  identityAccounts,
  roles,
  ssoSignIns,
  userRoles,
  users,
} from '../../../db/schema/index.ts';
import { createSealer } from '../../../platform/auth/sealed-secrets.ts';
import { getOrCreateSecret } from '../../../platform/auth/secrets.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered, testPassword } from '../access-test-support.ts';
import { apiBase, createAdminTestHelpers } from '../admin-test-support.ts';
import { discoverProvider } from './oidc-client.ts';
import { markSsoDomainVerified, replaceSsoDomains, upsertSsoConfig } from './sso-repository.ts';
import { assertionOf, proveSsoDomains, ssoBegin, ssoCallback, ssoStart } from './sso-test-support.ts';

// Single sign-on (docs/decisions/020-single-sign-on.md) against a real OpenID provider: settings,
// the authorization-code flow, the SDK's accounts:signInWithIdp, the linking rules and their abuse
// cases, and companies that require single sign-on.

const randomLabel = () => crypto.randomUUID().slice(0, 8);

describe.each(behaviourDatabaseKinds)('single sign-on on %s', (kind) => {
  let testApp: TIamTestApp;
  const { inject } = createAdminTestHelpers(() => testApp);
  let redirectUri: string;
  let acme: TRegistered;
  let other: TRegistered;
  let hostile: TRegistered;
  let acmeProvider: TOidcTestProvider;
  let hostileProvider: TOidcTestProvider;
  let dns: TDnsTestServer;
  const acmeDomain = `acme-${randomLabel()}.test`;
  const otherDomain = `other-${randomLabel()}.test`;
  const hostileDomain = `hostile-${randomLabel()}.test`;
  const clients: { close: () => Promise<void> }[] = [];

  const testApiKey = () => testApp.app.identity.projects.find(({ name }) => name === 'test')?.apiKey ?? '';
  const newClient = () => {
    const client = createAuthClient({ origin: testApp.origin, apiKey: testApiKey() });
    clients.push(client);
    return client;
  };

  const configure = (token: string, provider: TOidcTestProvider, body: object = {}) =>
    inject({
      method: 'PUT',
      url: '/companies/current/sso',
      token,
      payload: {
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        domains: [acmeDomain],
        jitProvisioning: false,
        requireSso: false,
        ...body,
      },
    });

  /**
   * A user of the company with its address, holding a system role, with a password account. Not
   * signed in: a company that requires single sign-on refuses the app's own sign-in.
   */
  const addMember = (company: TRegistered, email: string, role: 'admin' | 'member' = 'member') =>
    insertCompanyMember(testApp, { companyId: company.companyId, role, email });

  /** Publishes the TXT records the settings ask for and has the server check them. */
  const prove = (token: string) => proveSsoDomains({ app: testApp.app, dns, token });

  /** Start → the provider's pages → our callback, in one browser: answers where the callback sent it. */
  const runFlow = async (email: string, provider: TOidcTestProvider, login = email) => {
    const { response: start, cookie, providerUrl } = await ssoStart(testApp.app, email);
    expect(start.statusCode, start.body).toBe(200);
    expect(providerUrl.startsWith(provider.issuer)).toBe(true);
    const back = await signInAtProvider({ authorizationUrl: providerUrl, redirectUri, login });
    const callback = await ssoCallback(testApp.app, back, cookie);
    expect(callback.statusCode, callback.body).toBe(302);
    return new URL(String(callback.headers.location));
  };

  /** What the login page does with the assertion: the SDK's signInWithCredential, then the app login. */
  const completeInBrowser = async (location: URL) => {
    const { assertion, providerId } = assertionOf(location);
    expect(assertion).not.toBe('');
    const { auth } = newClient();
    const credential = await signInWithCredential(
      auth,
      new OAuthProvider(providerId).credential({ idToken: assertion }),
    );
    const idToken = await credential.user.getIdToken();
    const login = await testApp.app.inject({
      url: `${apiBase}/auth/login`,
      headers: { authorization: idToken },
    });
    return { credential, idToken, login, assertion, providerId };
  };

  const signInWithPassword = async (email: string) => {
    const { auth } = newClient();
    const { user } = await signInWithEmailAndPassword(auth, email, testPassword);
    return testApp.app.inject({
      url: `${apiBase}/auth/login`,
      headers: { authorization: await user.getIdToken() },
    });
  };

  const sdkErrorOf = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(FirebaseError);
    return (error as FirebaseError).code;
  };

  beforeAll(async () => {
    dns = await startDnsTestServer();
    // The test provider runs on 127.0.0.1: private issuers are allowed here, refused below.
    testApp = await startIamTestApp({
      kind,
      environment: {
        SSO_ALLOW_HTTP_ISSUERS: 'true',
        SSO_ALLOW_PRIVATE_ISSUERS: 'true',
        SSO_DNS_SERVERS: dns.address,
      },
    });
    acme = await testApp.register('acme');
    other = await testApp.register('other');
    hostile = await testApp.register('hostile');
    const settings = await inject({ url: '/companies/current/sso', token: acme.jwt });
    redirectUri = (settings.json() as { data: TSsoSettings }).data.redirectUri;
    acmeProvider = await startOidcTestProvider({ redirectUris: [redirectUri] });
    hostileProvider = await startOidcTestProvider({ redirectUris: [redirectUri], clientId: 'hostile' });
  });
  afterAll(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await acmeProvider?.close();
    await hostileProvider?.close();
    await testApp?.close();
    await dns?.close();
  });

  describe('settings', () => {
    it('starts empty and names the redirect URI to register at the provider', async () => {
      const response = await inject({ url: '/companies/current/sso', token: other.jwt });
      expect(response.statusCode).toBe(200);
      const { data } = response.json() as { data: TSsoSettings };
      expect(data.config).toBeNull();
      expect(data.redirectUri).toMatch(/\/iamserver\/api\/v1\/auth\/sso\/callback$/);
    });

    it('refuses a first save without a secret, an issuer that is no OpenID provider, and public mail domains', async () => {
      const noSecret = await configure(acme.jwt, acmeProvider, { clientSecret: undefined });
      expect(noSecret.statusCode).toBe(400);
      expect(noSecret.json().error.message).toContain(ssoMessages.secretRequired);
      const badIssuer = await configure(acme.jwt, acmeProvider, { issuer: 'http://127.0.0.1:1' });
      expect(badIssuer.statusCode).toBe(400);
      expect(badIssuer.json().error.message).toContain(ssoMessages.discoveryFailed);
      const gmail = await configure(acme.jwt, acmeProvider, { domains: ['gmail.com'] });
      expect(gmail.statusCode).toBe(400);
      expect(gmail.json().error.code).toBe('VALIDATION_FAILED');
      const notAUrl = await configure(acme.jwt, acmeProvider, { issuer: 'not a url' });
      expect(notAUrl.statusCode).toBe(400);
    });

    it('saves with discovery and keys fetched, seals the secret, never returns it, and audits the change', async () => {
      const response = await configure(acme.jwt, acmeProvider);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).not.toContain(acmeProvider.clientSecret);
      const { config } = (response.json() as { data: TSsoSettings }).data;
      expect(config).toMatchObject({
        issuer: acmeProvider.issuer,
        hasClientSecret: true,
        domains: [acmeDomain],
      });
      const [row] = await testApp.database.db
        .select()
        .from(companySsoConfigs)
        .where(eq(companySsoConfigs.companyId, acme.companyId));
      expect(row?.clientSecretSealed).not.toContain(acmeProvider.clientSecret);
      expect(row?.providerMetadata.token_endpoint).toContain(acmeProvider.issuer);
      expect(row?.jwks.keys.length).toBeGreaterThan(0);
      // Left out, the secret stays as it was.
      const again = await configure(acme.jwt, acmeProvider, { clientSecret: undefined });
      expect(again.statusCode, again.body).toBe(200);
      const audit = await testApp.app.inject({
        url: '/logserver/api/v1/audit?entityType=sso-config',
        headers: { authorization: acme.jwt },
      });
      const events = (audit.json() as { data: TAuditEvent[] }).data;
      expect(events.map((event) => event.action)).toEqual(expect.arrayContaining(['create', 'update']));
      expect(JSON.stringify(events)).not.toContain(acmeProvider.clientSecret);
    });

    it('speaks for a domain only once the company proved it by a DNS TXT record', async () => {
      const email = `proof@${acmeDomain}`;
      const before = await ssoStart(testApp.app, email);
      expect(before.response.statusCode).toBe(404);
      const settings = await inject({ url: '/companies/current/sso', token: acme.jwt });
      const [proof] = (settings.json() as { data: TSsoSettings }).data.config?.domainProofs ?? [];
      expect(proof).toMatchObject({
        domain: acmeDomain,
        recordName: `_cargodesk-sso.${acmeDomain}`,
        verifiedAt: null,
      });
      const check = () =>
        inject({ method: 'POST', url: '/companies/current/sso/domains/verify', token: acme.jwt });
      // No record, then a record with another value: still waiting.
      expect((await check()).json().data).toMatchObject({ verified: [], pending: [acmeDomain] });
      dns.setTxt(proof?.recordName ?? '', 'cargodesk-domain-verification=guessed');
      expect((await check()).json().data).toMatchObject({ verified: [], pending: [acmeDomain] });
      expect((await ssoStart(testApp.app, email)).response.statusCode).toBe(404);
      dns.setTxt(proof?.recordName ?? '', proof?.recordValue);
      const proved = await check();
      expect(proved.statusCode, proved.body).toBe(200);
      expect(proved.json().data).toMatchObject({ verified: [acmeDomain], pending: [] });
      expect(proved.json().data.settings.config.domainProofs[0].verifiedAt).toEqual(expect.any(String));
      expect((await ssoStart(testApp.app, email)).response.statusCode).toBe(200);
      // A later save keeps the proof of a domain it keeps.
      const resaved = await configure(acme.jwt, acmeProvider, { clientSecret: undefined });
      expect(resaved.json().data.config.domainProofs[0].verifiedAt).toEqual(expect.any(String));
    });

    it('refuses a domain another company proved, while a claim still waiting for proof reserves nothing', async () => {
      const response = await configure(hostile.jwt, hostileProvider, {
        domains: [hostileDomain, acmeDomain],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(ssoMessages.domainClaimed);
      // The hostile company waits on the other company's domain: that company can still claim it.
      const pending = await configure(hostile.jwt, hostileProvider, {
        domains: [hostileDomain, otherDomain],
      });
      expect(pending.statusCode, pending.body).toBe(200);
      const byOther = await configure(other.jwt, acmeProvider, { domains: [otherDomain] });
      expect(byOther.statusCode, byOther.body).toBe(200);
      expect(
        (await inject({ method: 'DELETE', url: '/companies/current/sso', token: other.jwt })).statusCode,
      ).toBe(200);
    });

    it('is for holders of company:write only', async () => {
      const member = await testApp.addUser(acme, { label: 'member', role: { systemKey: 'member' } });
      for (const [method, url] of [
        ['GET', '/companies/current/sso'],
        ['PUT', '/companies/current/sso'],
        ['DELETE', '/companies/current/sso'],
        ['POST', '/companies/current/sso/test'],
        ['POST', '/companies/current/sso/domains/verify'],
      ] as const) {
        const response = await inject({ method, url, token: member.jwt, payload: {} });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
    });

    it('tests a connection without saving anything', async () => {
      const response = await inject({
        method: 'POST',
        url: '/companies/current/sso/test',
        token: other.jwt,
        payload: { issuer: acmeProvider.issuer },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.keyCount).toBeGreaterThan(0);
      const settings = await inject({ url: '/companies/current/sso', token: other.jwt });
      expect((settings.json() as { data: TSsoSettings }).data.config).toBeNull();
    });
  });

  describe('sign-in', () => {
    it('answers 404 for a domain without single sign-on', async () => {
      const response = await inject({
        method: 'POST',
        url: '/auth/sso/start',
        payload: { email: `someone@nowhere-${randomLabel()}.test` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(ssoMessages.noProvider);
    });

    it('signs a member in through the provider and the SDK, once per assertion, with refreshed tokens naming the provider', async () => {
      const email = `member@${acmeDomain}`;
      await addMember(acme, email);
      const location = await runFlow(email, acmeProvider);
      expect(location.pathname).toBe('/login');
      const { credential, idToken, login, assertion, providerId } = await completeInBrowser(location);
      expect(providerId).toBe(`oidc.${acme.companyId}`);
      expect(credential.user.email).toBe(email);
      expect(login.statusCode, login.body).toBe(200);
      expect((login.json() as { data: TLoginResponse }).data.jwt).toBeTruthy();
      expect(decodeJwt(idToken).firebase).toMatchObject({ sign_in_provider: providerId });
      const refreshed = decodeJwt(await credential.user.getIdToken(true));
      expect(refreshed.firebase).toMatchObject({ sign_in_provider: providerId });
      // Used up: the same assertion again is refused.
      const { auth } = newClient();
      const replay = await sdkErrorOf(
        signInWithCredential(auth, new OAuthProvider(providerId).credential({ idToken: assertion })),
      );
      expect(replay).toBe('auth/invalid-credential');
    });

    it('refuses forged assertions and another provider id with INVALID_IDP_RESPONSE', async () => {
      const { auth } = newClient();
      const forged = await sdkErrorOf(
        signInWithCredential(
          auth,
          new OAuthProvider(`oidc.${acme.companyId}`).credential({ idToken: 'forged-assertion' }),
        ),
      );
      expect(forged).toBe('auth/invalid-credential');
      const email = `other-provider@${acmeDomain}`;
      await addMember(acme, email);
      const { assertion } = assertionOf(await runFlow(email, acmeProvider));
      const wrongProvider = await sdkErrorOf(
        signInWithCredential(
          auth,
          new OAuthProvider(`oidc.${other.companyId}`).credential({ idToken: assertion }),
        ),
      );
      expect(wrongProvider).toBe('auth/invalid-credential');
      const raw = await testApp.app.inject({
        method: 'POST',
        url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=${testApiKey()}`,
        payload: { requestUri: 'http://localhost', postBody: 'providerId=oidc.x', returnSecureToken: true },
      });
      expect(raw.statusCode).toBe(400);
      expect(raw.json().error.message).toContain('INVALID_IDP_RESPONSE');
    });

    it('refuses a replayed or unknown state, and a provider error', async () => {
      const email = `replay@${acmeDomain}`;
      await addMember(acme, email);
      const { cookie, providerUrl } = await ssoStart(testApp.app, email);
      const back = await signInAtProvider({ authorizationUrl: providerUrl, redirectUri, login: email });
      const first = await ssoCallback(testApp.app, back, cookie);
      expect(String(first.headers.location)).toContain('#sso_assertion=');
      const second = await ssoCallback(testApp.app, back, cookie);
      expect(String(second.headers.location)).toContain('sso_error=expired');
      const unknown = await ssoCallback(
        testApp.app,
        new URL(`${back.origin}${back.pathname}?code=x&state=unknown`),
        cookie,
      );
      expect(String(unknown.headers.location)).toContain('sso_error=expired');
      const again = await ssoStart(testApp.app, email);
      const state = new URL(again.providerUrl).searchParams.get('state');
      const tampered = await ssoCallback(
        testApp.app,
        new URL(`${back.origin}${back.pathname}?code=not-a-code&state=${state}`),
        again.cookie,
      );
      expect(String(tampered.headers.location)).toContain('sso_error=failed');
    });

    it('finishes a flow only in the browser that began it (no login CSRF)', async () => {
      const email = `csrf-${randomLabel()}@${acmeDomain}`;
      await addMember(acme, email);
      const victim = await ssoStart(testApp.app, email);
      for (const cookie of [undefined, victim.cookie]) {
        // The attacker starts and signs in at the provider, then sends the callback link to a victim.
        const attacker = await ssoStart(testApp.app, email);
        expect(attacker.cookie).toMatch(/^cargodesk_sso_flow=/);
        const back = await signInAtProvider({
          authorizationUrl: attacker.providerUrl,
          redirectUri,
          login: email,
        });
        const callback = await ssoCallback(testApp.app, back, cookie);
        expect(callback.statusCode).toBe(302);
        expect(String(callback.headers.location)).toContain('sso_error=other-browser');
        expect(String(callback.headers.location)).not.toContain('sso_assertion');
        // The flow is spent: the attacker's own browser cannot reuse the link either.
        const reused = await ssoCallback(testApp.app, back, attacker.cookie);
        expect(String(reused.headers.location)).toContain('sso_error=expired');
      }
    });

    it('binds a flow on its begin address, on this server’s origin, once', async () => {
      const email = `begin-${randomLabel()}@${acmeDomain}`;
      const start = await inject({ method: 'POST', url: '/auth/sso/start', payload: { email } });
      const { authorizationUrl } = (start.json() as { data: TSsoStartResponse }).data;
      // The start sets no cookie (the page may call the API from another origin); the begin address,
      // a top-level navigation on this server, does.
      expect(start.headers['set-cookie']).toBeUndefined();
      expect(new URL(authorizationUrl).pathname).toBe('/iamserver/api/v1/auth/sso/begin');
      const begun = await testApp.app.inject({
        url: new URL(authorizationUrl).pathname + new URL(authorizationUrl).search,
      });
      expect(String(begun.headers['set-cookie'])).toMatch(
        /^cargodesk_sso_flow=[\w-]{43}; Path=\/iamserver\/api\/v1\/auth\/sso; Max-Age=600; HttpOnly; SameSite=Lax$/,
      );
      expect(String(begun.headers.location)).toContain(`login_hint=${encodeURIComponent(email)}`);
      // Opened again, by anyone: the flow is already bound, and nothing else is.
      const again = await ssoBegin(testApp.app, authorizationUrl);
      expect(again.cookie).toBeUndefined();
      expect(again.location).toContain('sso_error=expired');
    });

    it('refuses a new person without just-in-time provisioning, and provisions a Member with it', async () => {
      const email = `newcomer-${randomLabel()}@${acmeDomain}`;
      expect((await runFlow(email, acmeProvider)).search).toContain('sso_error=not-provisioned');
      expect(
        (await configure(acme.jwt, acmeProvider, { clientSecret: undefined, jitProvisioning: true }))
          .statusCode,
      ).toBe(200);
      const { login } = await completeInBrowser(await runFlow(email, acmeProvider));
      expect(login.statusCode, login.body).toBe(200);
      const [user] = await testApp.database.db.select().from(users).where(eq(users.email, email));
      expect(user?.companyId).toBe(acme.companyId);
      const held = await testApp.database.db
        .select({ systemKey: roles.systemKey })
        .from(userRoles)
        .innerJoin(roles, and(eq(roles.companyId, userRoles.companyId), eq(roles.id, userRoles.roleId)))
        .where(and(eq(userRoles.companyId, acme.companyId), eq(userRoles.userId, user?.id ?? '')));
      expect(held).toEqual([{ systemKey: 'member' }]);
      const [account] = await testApp.database.db
        .select()
        .from(identityAccounts)
        .where(eq(identityAccounts.email, email));
      // Vouched for by the company's provider for its sign-in only: the mailbox is not proven.
      expect(account?.emailVerified).toBe(false);
      expect(account?.passwordHash).toBeNull();
    });

    it('never joins an address the provider did not verify: needConfirmation for an account, refusal otherwise', async () => {
      const member = `unverified@${acmeDomain}`;
      await addMember(acme, member);
      acmeProvider.people.set(member, { email: member, email_verified: false });
      const location = await runFlow(member, acmeProvider);
      const { assertion, providerId } = assertionOf(location);
      const { auth } = newClient();
      const code = await sdkErrorOf(
        signInWithCredential(auth, new OAuthProvider(providerId).credential({ idToken: assertion })),
      );
      expect(code).toBe('auth/account-exists-with-different-credential');
      const stranger = `stranger-${randomLabel()}@${acmeDomain}`;
      acmeProvider.people.set(stranger, { email: stranger, email_verified: 'true' });
      expect((await runFlow(stranger, acmeProvider)).search).toContain('sso_error=unverified-email');
    });

    it('refuses an address outside the company’s domains', async () => {
      acmeProvider.people.set('outsider', { email: `outsider@${otherDomain}`, email_verified: true });
      expect((await runFlow(`outsider@${acmeDomain}`, acmeProvider, 'outsider')).search).toContain(
        'sso_error=outside-domains',
      );
    });

    it('refuses a hostile company’s provider asserting another company’s member, verified', async () => {
      // The other company has no single sign-on, so its domain is free to claim: the membership rule holds.
      const victim = `victim@${otherDomain}`;
      await addMember(other, victim);
      // The worst case: the hostile company runs the DNS of a domain where another company's member
      // has an address, and proves it.
      const saved = await configure(hostile.jwt, hostileProvider, {
        domains: [hostileDomain, otherDomain],
        jitProvisioning: true,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await prove(hostile.jwt)).verified).toEqual(
        expect.arrayContaining([hostileDomain, otherDomain]),
      );
      hostileProvider.people.set(victim, { email: victim, email_verified: true });
      expect((await runFlow(victim, hostileProvider)).search).toContain('sso_error=other-company');
      // And asserting an address in a domain another company claimed: outside its own domains.
      hostileProvider.people.set('spoof', { email: `member@${acmeDomain}`, email_verified: true });
      expect((await runFlow(`spoof@${hostileDomain}`, hostileProvider, 'spoof')).search).toContain(
        'sso_error=outside-domains',
      );
      // The victim's password sign-in is untouched.
      expect((await signInWithPassword(victim)).statusCode).toBe(200);
    });
  });

  describe('require single sign-on', () => {
    it('mails a member no sign-in link, answering as for any address, keeps the Admin’s, and refuses a link mailed before', async () => {
      const member = `link-member-${randomLabel()}@${acmeDomain}`;
      const admin = `link-admin-${randomLabel()}@${acmeDomain}`;
      const nobody = `link-nobody-${randomLabel()}@${acmeDomain}`;
      await addMember(acme, member);
      await addMember(acme, admin, 'admin');
      const continueUrl = `${testApp.config.publicUrl}/dashboard`;
      const sendLink = (email: string) =>
        sendSignInLinkToEmail(newClient().auth, email, { url: continueUrl, handleCodeInApp: true });
      const askRaw = (email: string) =>
        requestSignInLink({ origin: testApp.origin, apiKey: testApiKey(), continueUrl }, email);

      // Mailed while the company still let its members in without single sign-on.
      const mailedBefore = Date.now();
      await sendLink(member);
      const earlyLink = readOobCode((await waitForMail(testApp.origin, member, { after: mailedBefore })).text)
        .link.href;
      const saved = await configure(acme.jwt, acmeProvider, { clientSecret: undefined, requireSso: true });
      expect(saved.statusCode, saved.body).toBe(200);
      try {
        const asked = Date.now();
        const forMember = await askRaw(member);
        const forNobody = await askRaw(nobody);
        await sendLink(member);
        const forAdmin = await askRaw(admin);
        // The same answer for the refused member, an address with no account and the Admin.
        expect(forMember).toEqual(forAdmin);
        expect(forNobody).toEqual(forAdmin);
        // The outbox sends in order: once the Admin's mail is out, a mail to the member would be too.
        const adminMail = await waitForMail(testApp.origin, admin, { after: asked });
        await expect(waitForMail(testApp.origin, member, { after: asked, timeoutMs: 1000 })).rejects.toThrow(
          /No mail/,
        );

        const refused = await sdkErrorOf(signInWithEmailLink(newClient().auth, member, earlyLink));
        expect(refused).toBe('auth/admin-restricted-operation');
        // Break-glass: the Admin signs in by link, and the app login lets the Admin in.
        const { user } = await signInWithEmailLink(
          newClient().auth,
          admin,
          readOobCode(adminMail.text).link.href,
        );
        const login = await testApp.app.inject({
          url: `${apiBase}/auth/login`,
          headers: { authorization: await user.getIdToken() },
        });
        expect(login.statusCode, login.body).toBe(200);
      } finally {
        await configure(acme.jwt, acmeProvider, { clientSecret: undefined, requireSso: false });
      }
      // Once the rule is off, the member's next link arrives.
      const after = Date.now();
      await sendLink(member);
      expect((await waitForMail(testApp.origin, member, { after })).subject).toBe('Sign in to Cargodesk');
    });

    it('refuses members’ password sign-in and reset links, keeps the Admin’s (break-glass), and lets single sign-on in', async () => {
      const member = `required-${randomLabel()}@${acmeDomain}`;
      const admin = `admin-${randomLabel()}@${acmeDomain}`;
      await addMember(acme, member);
      await addMember(acme, admin, 'admin');
      const saved = await configure(acme.jwt, acmeProvider, { clientSecret: undefined, requireSso: true });
      expect(saved.statusCode, saved.body).toBe(200);

      const refused = await signInWithPassword(member);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(ssoMessages.requireSso);
      expect((await signInWithPassword(admin)).statusCode).toBe(200);
      const { login } = await completeInBrowser(await runFlow(member, acmeProvider));
      expect(login.statusCode, login.body).toBe(200);

      const before = Date.now();
      await sendPasswordResetEmail(newClient().auth, member);
      const mail = await waitForMail(testApp.origin, member, { after: before });
      expect(mail.subject).toBe('Sign in to Cargodesk with single sign-on');
      expect(mail.text).not.toContain('oobCode');
      await sendPasswordResetEmail(newClient().auth, admin);
      const adminMail = await waitForMail(testApp.origin, admin, { after: before });
      expect(adminMail.text).toContain('oobCode');

      await configure(acme.jwt, acmeProvider, { clientSecret: undefined, requireSso: false });
      expect((await signInWithPassword(member)).statusCode).toBe(200);
    });
  });

  it('keeps each company’s configuration, domains and flows to itself under row-level security', async () => {
    const { db } = testApp.database;
    const seenBy = (companyId: string) =>
      withTenantRead(db, companyId, async (tx) => ({
        configs: await tx.select().from(companySsoConfigs),
        domains: await tx.select().from(companySsoDomains),
        flows: await tx.select().from(ssoSignIns),
      }));
    const byOther = await seenBy(other.companyId);
    expect(byOther).toEqual({ configs: [], domains: [], flows: [] });
    const byAcme = await seenBy(acme.companyId);
    expect(byAcme.configs.map((row) => row.companyId)).toEqual([acme.companyId]);
    expect(new Set(byAcme.flows.map((row) => row.companyId))).toEqual(new Set([acme.companyId]));
    await expect(
      withTenant(db, other.companyId, (tx) =>
        tx
          .insert(companySsoDomains)
          .values({ domain: `planted-${randomLabel()}.test`, companyId: acme.companyId, proofToken: 'x' }),
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/row-level security/) } });
  });

  it('removes the configuration, frees its domains, and audits it', async () => {
    const removed = await inject({ method: 'DELETE', url: '/companies/current/sso', token: hostile.jwt });
    expect(removed.statusCode, removed.body).toBe(200);
    const start = await inject({
      method: 'POST',
      url: '/auth/sso/start',
      payload: { email: `victim@${otherDomain}` },
    });
    expect(start.statusCode).toBe(404);
    const again = await inject({ method: 'DELETE', url: '/companies/current/sso', token: hostile.jwt });
    expect(again.statusCode).toBe(404);
  });
});

// A company admin must not make the server reach its own network through the issuer (decision 025).
// Only addresses that are refused before any connection are named here: nothing leaves this machine.
describe.each(behaviourDatabaseKinds)('single sign-on to private addresses on %s', (kind) => {
  let testApp: TIamTestApp;
  const { inject } = createAdminTestHelpers(() => testApp);
  let admin: TRegistered;
  let provider: TOidcTestProvider;
  let redirectUri: string;
  const domain = `private-${randomLabel()}.test`;

  beforeAll(async () => {
    // http allowed, so that only the address rule stands between the admin and the network.
    testApp = await startIamTestApp({ kind, environment: { SSO_ALLOW_HTTP_ISSUERS: 'true' } });
    admin = await testApp.register('private');
    const settings = await inject({ url: '/companies/current/sso', token: admin.jwt });
    redirectUri = (settings.json() as { data: TSsoSettings }).data.redirectUri;
    // A real provider that would answer, so a refusal cannot be a mere "did not answer".
    provider = await startOidcTestProvider({ redirectUris: [redirectUri] });
  });
  afterAll(async () => {
    await provider?.close();
    await testApp?.close();
  });

  const port = () => new URL(provider.issuer).port;
  const privateIssuers = () => [
    provider.issuer,
    `http://localhost:${port()}`,
    `http://[::1]:${port()}`,
    `http://[::ffff:127.0.0.1]:${port()}`,
    'http://10.0.0.1',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1',
  ];

  it('refuses to test or save an issuer on a loopback, private, link-local or CGNAT address, or a name resolving to one', async () => {
    for (const issuer of privateIssuers()) {
      for (const [method, url] of [
        ['POST', '/companies/current/sso/test'],
        ['PUT', '/companies/current/sso'],
      ] as const) {
        const response = await inject({
          method,
          url,
          token: admin.jwt,
          payload:
            method === 'POST'
              ? { issuer }
              : {
                  issuer,
                  clientId: provider.clientId,
                  clientSecret: provider.clientSecret,
                  domains: [domain],
                },
        });
        expect(response.statusCode, `${method} ${issuer}`).toBe(400);
        const { error } = response.json() as { error: { code: string; message: string; details: unknown } };
        expect(error.code).toBe('VALIDATION_FAILED');
        expect(error.message, issuer).toContain(ssoMessages.privateAddress);
        expect(error.details).toEqual({ fields: [expect.objectContaining({ field: 'issuer' })] });
      }
    }
    const settings = await inject({ url: '/companies/current/sso', token: admin.jwt });
    expect((settings.json() as { data: TSsoSettings }).data.config).toBeNull();
  });

  it('fails a sign-in cleanly when a saved provider’s token endpoint is now a private address', async () => {
    // As if saved while its name resolved to a public address, then rebound to a private one.
    const { metadata, jwks } = await discoverProvider(provider.issuer, {
      allowHttp: true,
      allowPrivateAddresses: true,
    });
    const { db } = testApp.database;
    const sealer = createSealer(await getOrCreateSecret(db, 'sso-client-secret-key'));
    await withTenant(db, admin.companyId, async (tx) => {
      await upsertSsoConfig(tx, {
        companyId: admin.companyId,
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecretSealed: sealer.seal(provider.clientSecret),
        domains: [domain],
        isEnabled: true,
        requireSso: false,
        jitProvisioning: true,
        providerMetadata: metadata,
        jwks,
        metadataFetchedAt: new Date(),
      });
      await replaceSsoDomains(tx, admin.companyId, [domain], () => 'token');
      await markSsoDomainVerified(tx, { companyId: admin.companyId, domain, proofToken: 'token' });
    });
    const email = `newcomer@${domain}`;
    const { response: start, cookie, providerUrl } = await ssoStart(testApp.app, email);
    expect(start.statusCode, start.body).toBe(200);
    const back = await signInAtProvider({ authorizationUrl: providerUrl, redirectUri, login: email });
    const callback = await ssoCallback(testApp.app, back, cookie);
    // The code was never redeemed: the person is back on the login page with a message, not an error page.
    expect(callback.statusCode).toBe(302);
    expect(String(callback.headers.location)).toContain('sso_error=failed');
    const created = await testApp.database.db.select().from(users).where(eq(users.email, email));
    expect(created).toEqual([]);
  });
});
