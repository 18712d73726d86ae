import { HttpResponse, http } from 'msw';

// The identity service at the network edge, for tests that run the real firebase/auth SDK (through
// getIdentity) against it: password sign-in and the account lookup the SDK does after it.

export const idTokenLifetimeSeconds = 3600;

/** An ID token the SDK can read: it never checks the signature (identity-protocol.md §4). */
export const idToken = (serial: number) => {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    iss: 'test-issuer',
    aud: 'cargodesk-test',
    sub: 'uid-1',
    user_id: 'uid-1',
    iat: now,
    auth_time: now,
    exp: now + idTokenLifetimeSeconds,
    email: 'ada@example.com',
    serial,
    firebase: { identities: { email: ['ada@example.com'] }, sign_in_provider: 'password' },
  };
  return `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}.signature`;
};

/** Which of the double's tokens this is. */
export const serialOf = (token: string | null | undefined) =>
  token
    ? (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { serial: number })
        .serial
    : undefined;

/** An Identity Toolkit endpoint. A path pattern would read the colon of `accounts:lookup` as a parameter. */
export const identityUrl = (method: string) =>
  new RegExp(`/identitytoolkit\\.googleapis\\.com/v1/accounts:${method}$`);

/** Signs in ada@example.com (uid-1, e-mail verified) with any password; `nextToken` gives each sign-in's ID token. */
export const signInHandlers = ({ nextToken }: { nextToken: () => string }) => [
  http.post(identityUrl('signInWithPassword'), () =>
    HttpResponse.json({
      localId: 'uid-1',
      email: 'ada@example.com',
      idToken: nextToken(),
      refreshToken: 'refresh-token-1',
      expiresIn: String(idTokenLifetimeSeconds),
      registered: true,
    }),
  ),
  http.post(identityUrl('lookup'), () =>
    HttpResponse.json({
      users: [
        {
          localId: 'uid-1',
          email: 'ada@example.com',
          emailVerified: true,
          passwordHash: 'UkVEQUNURUQ=',
          providerUserInfo: [{ providerId: 'password', rawId: 'ada@example.com', email: 'ada@example.com' }],
          createdAt: '1700000000000',
          lastLoginAt: '1700000000000',
        },
      ],
    }),
  ),
];
