// Single sign-on steps as a browser takes them; imported by *.test.ts only.
import type { TSsoDomainCheck, TSsoSettings, TSsoStartResponse } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { TDnsTestServer } from '../../../test/dns-test-server.ts';
import { signInAtProvider } from '../../../test/oidc-test-provider.ts';
import { apiBase } from './admin-test-support.ts';
import { ssoFlowCookie } from './sso-routes.ts';

/** POST /auth/sso/start; answers the response and the flow cookie it left (`name=value`). */
export const ssoStart = async (app: FastifyInstance, email: string) => {
  const response = await app.inject({ method: 'POST', url: `${apiBase}/auth/sso/start`, payload: { email } });
  const setCookie = [response.headers['set-cookie'] ?? []]
    .flat()
    .find((line) => line.startsWith(`${ssoFlowCookie}=`));
  return { response, cookie: setCookie?.split(';')[0] };
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
  const { response, cookie } = await ssoStart(app, email);
  if (response.statusCode !== 200) return { startStatus: response.statusCode, location: undefined };
  const { authorizationUrl } = (response.json() as { data: TSsoStartResponse }).data;
  const back = await signInAtProvider({ authorizationUrl, redirectUri, login });
  const callback = await ssoCallback(app, back, cookie);
  return { startStatus: response.statusCode, location: new URL(String(callback.headers.location)) };
};

/** The assertion and provider id the callback left in the login page's fragment. */
export const assertionOf = (location: URL) => {
  const fragment = new URLSearchParams(location.hash.slice(1));
  return { assertion: fragment.get('sso_assertion') ?? '', providerId: fragment.get('sso_provider') ?? '' };
};
