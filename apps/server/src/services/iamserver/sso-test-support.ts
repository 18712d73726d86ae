// Single sign-on steps as a browser takes them; imported by *.test.ts only.
import type { TSsoDomainCheck, TSsoSettings } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { TDnsTestServer } from '../../../test/dns-test-server.ts';
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
