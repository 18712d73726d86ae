/// <reference path="./oidc-provider.d.ts" />
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// A real OpenID provider (panva's oidc-provider) on 127.0.0.1 and a random port, for the single
// sign-on tests. Its development login page takes any login and password: the login becomes the
// account id, and `people` says what the provider asserts about it (by default: that login as a
// verified e-mail address).

export type TAssertedPerson = {
  email?: string;
  email_verified?: unknown;
  name?: string;
  given_name?: string;
  family_name?: string;
};

export type TOidcTestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the provider asserts for a login; unset logins assert themselves, verified. */
  people: Map<string, TAssertedPerson>;
  close: () => Promise<void>;
};

export const startOidcTestProvider = async ({
  redirectUris,
  clientId = 'cargodesk',
  clientSecret = 'a-client-secret-long-enough-for-hs256-32b',
}: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}): Promise<TOidcTestProvider> => {
  const people = new Map<string, TAssertedPerson>();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // The scope's claims in the ID token itself, as Entra and Google Workspace send them.
    conformIdTokenClaims: false,
    cookies: { keys: ['test-cookie-key-for-the-oidc-provider'] },
    findAccount: async (_context, accountId) => ({
      accountId,
      claims: async () => {
        const person = people.get(accountId) ?? { email: accountId, email_verified: true };
        return { sub: accountId, ...person } as { sub: string };
      },
    }),
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    people,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

/**
 * Goes through the provider's login and consent pages as a browser would (cookies, redirects,
 * forms) and answers the redirect back to us, with its code and state, without following it.
 */
export const signInAtProvider = async ({
  authorizationUrl,
  redirectUri,
  login,
}: {
  authorizationUrl: string;
  redirectUri: string;
  login: string;
}): Promise<URL> => {
  const cookies = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 12; step += 1) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) cookies.delete(name);
      else cookies.set(name, value);
    }
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.toString().startsWith(redirectUri)) return next;
      url = next;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action || !prompt) {
      throw new Error(`The provider answered ${response.status}: ${html.slice(0, 300)}`);
    }
    url = new URL(action.replaceAll('&amp;', '&'), url);
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('The provider never redirected back');
};
