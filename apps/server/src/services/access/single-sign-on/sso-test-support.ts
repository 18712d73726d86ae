// Single sign-on steps as a browser takes them; imported by *.test.ts only.
import type { TSsoDomainCheck, TSsoSettings, TSsoStartResponse } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { TDnsTestServer } from '../../../../test/dns-test-server.ts';
import { signInAtProvider } from '../../../../test/oidc-test-provider.ts';
import { apiBase } from '../admin-test-support.ts';
import { ssoFlowCookie } from './sso-routes.ts';

/** The flow cookie a response set (`name=value`), if any. */
const flowCookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .find((line) => line.startsWith(`${ssoFlowCookie}=`))
    ?.split(';')[0];

/**
 * POST /auth/sso/start, then the browser's visit to the begin address it answers: the start's
 * response, the flow cookie the begin step left (`name=value`) and the provider's address it sent
 * the browser on to.
 */
export const ssoStart = async (app: FastifyInstance, email: string) => {
  const response = await app.inject({ method: 'POST', url: `${apiBase}/auth/sso/start`, payload: { email } });
  if (response.statusCode !== 200) return { response, cookie: undefined, providerUrl: '' };
  const { cookie, location } = await ssoBegin(
    app,
    (response.json() as { data: TSsoStartResponse }).data.authorizationUrl,
  );
  return { response, cookie, providerUrl: location };
};

/** Opens a begin address as a browser would: answers the cookie it set and where it sent the browser. */
export const ssoBegin = async (app: FastifyInstance, beginUrl: string) => {
  const url = new URL(beginUrl);
  const begun = await app.inject({ url: `${url.pathname}${url.search}` });
  return { cookie: flowCookieOf(begun.headers['set-cookie']), location: String(begun.headers.location) };
};

/** The provider's redirect back to our callback, with the browser's cookie if it has one. */
export const ssoCallback = (app: FastifyInstance, back: URL, cookie: string | undefined) =>
  app.inject({ url: `${back.pathname}${back.search}`, headers: cookie ? { cookie } : {} });

/** Publishes every TXT record the company's settings ask for, then has the server check them. */
export const proveSsoDomains = async ({
  app,
  dns,
  token,
}: {
  app: FastifyInstance;
  dns: TDnsTestServer;
  token: string;
}): Promise<TSsoDomainCheck> => {
  const settings = await app.inject({
    url: `${apiBase}/companies/current/sso`,
    headers: { authorization: token },
  });
  for (const proof of (settings.json() as { data: TSsoSettings }).data.config?.domainProofs ?? []) {
    dns.setTxt(proof.recordName, proof.recordValue);
  }
  const check = await app.inject({
    method: 'POST',
    url: `${apiBase}/companies/current/sso/domains/verify`,
    headers: { authorization: token },
  });
  if (check.statusCode !== 200) throw new Error(`Domain proof failed: ${check.body}`);
  return (check.json() as { data: TSsoDomainCheck }).data;
};

/** Start → the provider's login → our callback, in one browser: answers where the callback sent it. */
export const runSsoFlow = async ({
  app,
  email,
  redirectUri,
  login = email,
}: {
  app: FastifyInstance;
  email: string;
  redirectUri: string;
  login?: string;
}) => {
  const { response, cookie, providerUrl } = await ssoStart(app, email);
  if (response.statusCode !== 200) return { startStatus: response.statusCode, location: undefined };
  const back = await signInAtProvider({ authorizationUrl: providerUrl, redirectUri, login });
  const callback = await ssoCallback(app, back, cookie);
  return { startStatus: response.statusCode, location: new URL(String(callback.headers.location)) };
};

/** The assertion and provider id the callback left in the login page's fragment. */
export const assertionOf = (location: URL) => {
  const fragment = new URLSearchParams(location.hash.slice(1));
  return { assertion: fragment.get('sso_assertion') ?? '', providerId: fragment.get('sso_provider') ?? '' };
};
