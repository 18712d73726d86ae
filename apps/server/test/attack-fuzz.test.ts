import type { HTTPMethods, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRouteEntry } from '../src/platform/http/route-table.ts';
import {
  startIamTestApp,
  type TIamTestApp,
  type TRegistered,
} from '../src/services/access/access-test-support.ts';
import { behaviourDatabaseKinds } from './databases.ts';
import { multipartBody, tinyPng } from './multipart.ts';
import { sampleBodies } from './route-samples.ts';

// The fuzz pass of the attack suite (issue 10): every route of the app's own route table gets each
// of its body and query fields filled with what breaks naive code — NUL bytes, lone surrogates,
// 1 MB strings, prototype names, wrong types — and must answer below 500, with the error envelope.

const megabyte = 'x'.repeat(1024 * 1024);
const prototypeNames = ['__proto__', 'constructor', 'hasOwnProperty', 'valueOf'];

/** Values for a JSON body field, named for the failure report. */
const bodyValues: [string, unknown][] = [
  ['NUL', 'cargo\u0000desk'],
  ['lone surrogate', 'cargo\ud800desk'],
  ['1 MB string', megabyte],
  ...prototypeNames.map((name): [string, unknown] => [name, name]),
  ['number', 12345],
  ['array', ['a', 1]],
  ['object', { nested: 'value' }],
  ['null', null],
  ['boolean', true],
];

/** Values for a query field, already encoded: a query string carries only text. */
const queryValues: [string, string][] = [
  ['NUL', 'cargo%00desk'],
  // The UTF-8 encoding of a lone surrogate is invalid UTF-8; the parser must not choke on it.
  ['surrogate bytes', 'cargo%ED%A0%80desk'],
  ['1 MB string', megabyte],
  ...prototypeNames.map((name): [string, string] => [name, name]),
  ['number', '12345'],
  ['empty', ''],
  ['boolean', 'true'],
];

/** The body fields the identity routes read by hand (they declare no schema; identity-protocol.md). */
const identityBodyFields = [
  'email',
  'password',
  'newPassword',
  'idToken',
  'oobCode',
  'requestType',
  'displayName',
  'photoUrl',
  'deleteAttribute',
  'returnSecureToken',
  'refresh_token',
  'grant_type',
  'continueUrl',
  'canHandleCodeInApp',
  'token',
  'tokenType',
];

/** Valid identity bodies (keyed by the path after /v1/), so one bad field is the only thing wrong. */
const identitySampleBodies: Record<string, Record<string, unknown>> = {
  'accounts:signUp': {
    email: 'fuzz-sign-up@example.com',
    password: 'correct horse 42',
    returnSecureToken: true,
  },
  'accounts:signInWithPassword': { email: 'nobody@example.com', password: 'correct horse 42' },
  'accounts:sendOobCode': { requestType: 'PASSWORD_RESET', email: 'nobody@example.com' },
  'accounts:resetPassword': { oobCode: 'not-a-code', newPassword: 'correct horse 43' },
  'accounts:signInWithEmailLink': { email: 'nobody@example.com', oobCode: 'not-a-code' },
  'accounts:revokeToken': { tokenType: 'REFRESH_TOKEN', token: 'not-a-token', idToken: 'not.a.token' },
  token: { grant_type: 'refresh_token', refresh_token: 'not-a-token' },
};

type TZodDef = { type?: string; shape?: Record<string, unknown>; [key: string]: unknown };

/** The top-level keys a zod schema accepts, looking through pipes, unions and wrappers. */
const fieldNamesOf = (schema: unknown): string[] => {
  const def = (schema as { _zod?: { def?: TZodDef } } | undefined)?._zod?.def;
  if (!def) return [];
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape ?? {});
    case 'pipe':
      return fieldNamesOf(def.in);
    case 'union':
      return [...new Set((def.options as unknown[]).flatMap(fieldNamesOf))];
    case 'intersection':
      return [...fieldNamesOf(def.left), ...fieldNamesOf(def.right)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return fieldNamesOf(def.innerType);
    default:
      return [];
  }
};

const methodsOf = (route: TRouteEntry): HTTPMethods[] =>
  (Array.isArray(route.method) ? route.method : [route.method]).filter(
    (method: HTTPMethods) => method !== 'HEAD',
  );

const hasBody = (method: string) => method !== 'GET' && method !== 'DELETE';
const isIdentityRoute = (url: string) => /^\/(identitytoolkit|securetoken)\.googleapis\.com\//.test(url);

/** Routes that take the identity provider's ID token rather than the app token. */
const idTokenRoutes = new Set([
  'GET /iamserver/api/v1/auth/login',
  'POST /iamserver/api/v1/auth/codeAuth',
  'POST /iamserver/api/v1/auth/codeAuth/resend',
  'POST /iamserver/api/v1/auth',
]);

/** Routes that end the caller's session: fuzzed last, so the rest still run signed in. */
const endsSession = (key: string) => /\/logout$|\/sessions\/revoke$/.test(key);

/** Routes with nothing to fuzz: static files, health and the SPA fallback. */
const isOutOfScope = (url: string) =>
  url === '*' ||
  url.startsWith('/assets') ||
  url === '/' ||
  ['/healthz', '/readyz', '/identity/jwks.json', '/favicon.ico'].includes(url);

/** One request; `status` when the exact answer matters, otherwise anything below 500 will do. */
type TProbe = { route: string; what: string; request: InjectOptions; status?: number };

describe.each(behaviourDatabaseKinds)('attack fuzz on %s', (kind) => {
  let testApp: TIamTestApp;
  let admin: TRegistered;
  let ids: Record<string, string>;
  let apiKey: string;

  const send = (request: InjectOptions) => testApp.app.inject(request);

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind, environment: { DEV_MAILBOX: 'true' } });
    admin = await testApp.register('fuzz', undefined, { isVerified: true });
    const member = await testApp.addUser(admin, { label: 'fuzz-member', role: { systemKey: 'member' } });
    apiKey = testApp.app.identity.projects.find((project) => project.name === 'test')?.apiKey ?? '';
    const create = async (url: string, payload: object) => {
      const response = await send({ method: 'POST', url, headers: { authorization: admin.jwt }, payload });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { data: { _id: string } }).data._id;
    };
    const upload = multipartBody([
      { name: 'file', fileName: 'fuzz.png', contentType: 'image/png', bytes: tinyPng },
    ]);
    const file = await send({
      method: 'POST',
      url: '/driveserver/api/v1/filesystem/file',
      headers: { authorization: admin.jwt, ...upload.headers },
      payload: upload.payload,
    });
    const role = await create('/iamserver/api/v1/roles', { name: 'Fuzz role', permissions: [] });
    await send({
      method: 'PUT',
      url: '/master/api/v1/currency-settings/base',
      headers: { authorization: admin.jwt },
      payload: { baseCurrency: 'EUR' },
    });
    const picklists = await send({
      url: '/master/api/v1/dropdown-groups?module=home',
      headers: { authorization: admin.jwt },
    });
    const [picklist] = (picklists.json() as { data: { _id: string; values: { _id: string }[] }[] }).data;
    ids = {
      users: member.userId,
      roles: role,
      groups: await create('/iamserver/api/v1/groups', { name: 'Fuzz crew' }),
      file: (file.json() as { data: { _id: string } }).data._id,
      sent: await create('/mailserver/api/v1/send', { to: ['fuzz@client.test'], subject: 'Fuzz' }),
      oceanport: 'NLZZF',
      airport: 'ZZF',
      'exchange-rates': await create('/master/api/v1/exchange-rates', {
        currency: 'GBP',
        rate: 1.17,
        effectiveDate: '2024-01-01',
      }),
      'dropdown-groups': picklist?._id ?? '',
      dropdown: picklist?.values[0]?._id ?? '',
      type: await create('/master/api/v1/type', { name: 'Fuzz type' }),
      receivinglocation: await create('/master/api/v1/receivinglocation', {
        code: 'FZ-1',
        name: 'Fuzz depot',
        countryCode: 'NL',
      }),
    };
    await create('/master/api/v1/oceanport', { code: 'NLZZF', name: 'Fuzz Port', countryCode: 'NL' });
    await create('/master/api/v1/airport', { code: 'ZZF', name: 'Fuzz Field', countryCode: 'NL' });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  /** The URL to call: `::` is Fastify's escaped literal colon (accounts:signUp), `:name` a path id. */
  const fillIds = (url: string, pick?: string) =>
    url
      .split('::')
      .map((part) =>
        part.replace(/:(\w+)/g, (_match, _param: string, offset: number) => {
          if (pick !== undefined) return pick;
          const resource = part.slice(0, offset).split('/').filter(Boolean).at(-1) ?? '';
          return ids[resource] ?? '01970000-0000-7000-8000-00000000abcd';
        }),
      )
      .join(':');

  /** Every probe for one route: each query and body field with each hostile value, and hostile path ids. */
  const probesOf = (method: HTTPMethods, route: TRouteEntry): TProbe[] => {
    const key = `${method} ${route.url}`;
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const isIdentity = isIdentityRoute(route.url);
    const authorization = isIdentity ? undefined : idTokenRoutes.has(key) ? admin.idToken : admin.jwt;
    const headers = authorization ? { authorization } : {};
    const baseQuery = isIdentity ? `key=${apiKey}` : '';
    const url = fillIds(route.url);
    const withQuery = (path: string, query: string) => {
      const all = [baseQuery, query].filter(Boolean).join('&');
      return all ? `${path}?${all}` : path;
    };
    const probes: TProbe[] = [];
    // A route without a query schema ignores its query string, except the identity routes' ?key=.
    const queryFields = schema.querystring
      ? fieldNamesOf(schema.querystring)
      : isIdentity
        ? ['key']
        : ['unexpected'];
    for (const field of queryFields) {
      for (const [what, value] of queryValues) {
        probes.push({
          route: key,
          what: `query ${field}=${what}`,
          request: {
            method,
            url: field === 'key' ? `${url}?key=${value}` : withQuery(url, `${field}=${value}`),
            headers,
          },
        });
      }
      probes.push({
        route: key,
        what: `query ${field} twice`,
        request: { method, url: withQuery(url, `${field}=a&${field}=b`), headers },
      });
    }
    for (const name of prototypeNames) {
      probes.push({
        route: key,
        what: `query key ${name}`,
        request: { method, url: withQuery(url, `${name}=1`), headers },
      });
    }
    if (route.url.replaceAll('::', '').includes(':')) {
      for (const [what, value] of [['NUL', '%00'], ...prototypeNames.map((name) => [name, name])]) {
        probes.push({
          route: key,
          what: `path id ${what}`,
          request: { method, url: withQuery(fillIds(route.url, value), ''), headers },
        });
      }
    }
    if (!hasBody(method)) return probes;
    const base = (sampleBodies[key] ?? identitySampleBodies[url.replace(/^.*\/v\d\//, '')] ?? {}) as Record<
      string,
      unknown
    >;
    const bodyFields = schema.body
      ? fieldNamesOf(schema.body)
      : isIdentity
        ? identityBodyFields
        : ['unexpected'];
    for (const field of bodyFields) {
      const valid = base[field];
      // Hidden inside an otherwise valid value, so format checks (an email's @) do not stop it first.
      const inside: [string, unknown][] =
        typeof valid === 'string'
          ? [
              ['NUL inside a valid value', `${valid.slice(0, 2)}\u0000${valid.slice(2)}`],
              ['lone surrogate inside a valid value', `${valid.slice(0, 2)}\udc00${valid.slice(2)}`],
            ]
          : [];
      for (const [what, value] of [...bodyValues, ...inside]) {
        probes.push({
          route: key,
          what: `body ${field}=${what}`,
          request: {
            method,
            url: withQuery(url, ''),
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify({ ...base, [field]: value }),
          },
        });
      }
    }
    for (const name of prototypeNames) {
      // Written by hand: an object literal's __proto__ key would set the prototype, not a field.
      const fields = JSON.stringify(base).slice(1, -1);
      probes.push({
        route: key,
        what: `body key ${name}`,
        request: {
          method,
          url: withQuery(url, ''),
          headers: { ...headers, 'content-type': 'application/json' },
          payload: `{${fields}${fields ? ',' : ''}"${name}":{"isAdmin":true}}`,
        },
      });
    }
    for (const [what, payload] of <[string, string][]>[
      ['body array', '[1,2]'],
      ['body string', '"text"'],
      ['body null', 'null'],
      ['nested NUL key', '{"a\\u0000b":1}'],
      ['lone surrogate key', '{"\\ud800":1}'],
    ]) {
      probes.push({
        route: key,
        what,
        request: {
          method,
          url: withQuery(url, ''),
          headers: { ...headers, 'content-type': 'application/json' },
          payload,
        },
      });
    }
    if (route.url.startsWith('/securetoken')) {
      for (const [what, value] of queryValues) {
        probes.push({
          route: key,
          what: `form refresh_token=${what}`,
          request: {
            method,
            url: withQuery(url, ''),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: `grant_type=refresh_token&refresh_token=${value}`,
          },
        });
      }
      probes.push({
        route: key,
        what: 'form key __proto__',
        request: {
          method,
          url: withQuery(url, ''),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: '__proto__=1&constructor=2&grant_type=refresh_token',
        },
      });
    }
    return probes;
  };

  /** Runs the probes a few at a time and returns each that answered 5xx or a 4xx without the envelope. */
  const runProbes = async (probes: TProbe[]) => {
    const failures: string[] = [];
    const batchSize = kind === 'pglite' ? 8 : 16;
    for (let start = 0; start < probes.length; start += batchSize) {
      const batch = probes.slice(start, start + batchSize);
      const responses = await Promise.all(batch.map((probe) => send(probe.request)));
      responses.forEach((response, index) => {
        const probe = batch[index] as TProbe;
        const summary = `${probe.route} (${probe.what}) → ${response.statusCode} ${response.body.slice(0, 160)}`;
        if (response.statusCode >= 500 || (probe.status && response.statusCode !== probe.status)) {
          failures.push(summary);
          return;
        }
        if (response.statusCode < 400) return;
        const body = (() => {
          try {
            return response.json() as { error?: { code?: unknown; message?: unknown } };
          } catch {
            return undefined;
          }
        })();
        const code = body?.error?.code;
        const isEnvelope =
          typeof body?.error?.message === 'string' &&
          (isIdentityRoute(probe.route.split(' ')[1] ?? '')
            ? typeof code === 'number'
            : typeof code === 'string');
        if (!isEnvelope) failures.push(`${summary} (not the error envelope)`);
      });
    }
    return failures;
  };

  it('refuses NUL bytes, lone surrogates and prototype names with 400 where they enter, and still finds "constructor"', async () => {
    const call = (method: HTTPMethods, url: string, payload?: unknown) =>
      send({
        method,
        url,
        headers: { authorization: admin.jwt },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const refused: [string, Promise<{ statusCode: number; body: string }>, string][] = [
      ['group name with NUL', call('POST', '/iamserver/api/v1/groups', { name: 'Night\u0000shift' }), 'name'],
      [
        'announcement with a lone surrogate',
        call('POST', '/notifyserver/api/v1/announcements', { title: 'Hello \ud83d' }),
        'title',
      ],
      ['search with NUL', call('GET', '/iamserver/api/v1/users?q=ad%00a'), 'q'],
      ['sort=__proto__', call('GET', '/master/api/v1/type?sort=__proto__'), 'sort'],
      ['sort=valueOf', call('GET', '/master/api/v1/country-settings?sort=valueOf'), 'sort'],
      ['sort=-hasOwnProperty', call('GET', '/master/api/v1/currency-settings?sort=-hasOwnProperty'), 'sort'],
      ['sort=constructor', call('GET', '/master/api/v1/receivinglocation?sort=constructor'), 'sort'],
      ['module=constructor', call('GET', '/master/api/v1/dropdown?module=constructor'), 'module'],
      [
        'picklist module=constructor',
        call('GET', '/master/api/v1/dropdown-groups?module=constructor'),
        'module',
      ],
      [
        'body key constructor',
        call('PATCH', '/iamserver/api/v1/users/me', { constructor: { name: 'x' } }),
        'constructor',
      ],
      ['query key __proto__', call('GET', '/iamserver/api/v1/groups?__proto__=1'), '__proto__'],
      ['path id with NUL', call('GET', '/iamserver/api/v1/groups/ab%00cd'), 'id'],
    ];
    for (const [what, pending, field] of refused) {
      const response = await pending;
      expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
      const { error } = JSON.parse(response.body) as {
        error: { code: string; message: string; details: { fields: { field: string }[] } };
      };
      expect(error.code, what).toBe('VALIDATION_FAILED');
      expect(
        error.details.fields.map((entry) => entry.field),
        what,
      ).toContain(field);
    }
    const signUp = await send({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${apiKey}`,
      payload: { email: 'night\u0000owl@example.com', password: 'correct horse 42' },
    });
    expect(signUp.statusCode).toBe(400);
    expect((signUp.json() as { error: { code: number; message: string } }).error).toMatchObject({
      code: 400,
      message: 'INVALID_EMAIL',
    });
    // The words themselves are fine as values: only as keys and lookups are they refused.
    const named = await call('POST', '/iamserver/api/v1/groups', { name: 'constructor' });
    expect(named.statusCode, named.body).toBe(201);
    const found = await call('GET', '/iamserver/api/v1/groups?q=constructor');
    expect(found.statusCode, found.body).toBe(200);
    expect((found.json() as { data: { name: string }[] }).data.map((group) => group.name)).toEqual([
      'constructor',
    ]);
  });

  it('answers a truncated or hostile multipart upload with 400', async () => {
    const url = '/driveserver/api/v1/filesystem/file';
    const whole = multipartBody([
      { name: 'purpose', value: 'attachment' },
      { name: 'file', fileName: 'fuzz.png', contentType: 'image/png', bytes: tinyPng },
    ]);
    const upload = (what: string, payload: Buffer, headers = whole.headers): TProbe => ({
      route: `POST ${url}`,
      what,
      request: { method: 'POST', url, headers: { authorization: admin.jwt, ...headers }, payload },
      // The parser cuts a 1 MB file name short and drops a __proto__ field: either upload may succeed.
      ...(what.startsWith('1 MB') || what === 'prototype field name' ? {} : { status: 400 }),
    });
    const probes = [
      upload('cut in half', whole.payload.subarray(0, Math.floor(whole.payload.length / 2))),
      upload('cut before the closing boundary', whole.payload.subarray(0, whole.payload.length - 8)),
      upload('headers only', whole.payload.subarray(0, 60)),
      upload('no boundary', whole.payload, { 'content-type': 'multipart/form-data' }),
      ...(
        [
          [
            'NUL file name',
            [{ name: 'file', fileName: 'fu\u0000zz.png', contentType: 'image/png', bytes: tinyPng }],
          ],
          [
            'NUL purpose',
            [
              { name: 'purpose', value: 'attach\u0000ment' },
              { name: 'file', fileName: 'a.png', bytes: tinyPng },
            ],
          ],
          [
            'prototype purpose',
            [
              { name: 'purpose', value: '__proto__' },
              { name: 'file', fileName: 'a.png', bytes: tinyPng },
            ],
          ],
          [
            'prototype field name',
            [
              { name: '__proto__', value: 'x' },
              { name: 'file', fileName: 'a.png', bytes: tinyPng },
            ],
          ],
          ['1 MB file name', [{ name: 'file', fileName: `${megabyte}.png`, bytes: tinyPng }]],
        ] as [string, Parameters<typeof multipartBody>[0]][]
      ).map(([what, parts]) => {
        const body = multipartBody(parts);
        return upload(what, body.payload, body.headers);
      }),
    ];
    expect(await runProbes(probes)).toEqual([]);
  });

  // Last: the fuzz pass calls the logout routes, which end the admin's session.
  it('answers every hostile body and query field of every route below 500, with the error envelope', async () => {
    const routes = testApp.app.routeTable
      .filter((route) => !isOutOfScope(route.url))
      .flatMap((route) => methodsOf(route).map((method) => ({ method, route })))
      .sort(
        (left, right) =>
          Number(endsSession(`${left.method} ${left.route.url}`)) -
          Number(endsSession(`${right.method} ${right.route.url}`)),
      );
    const urls = routes.map(({ route }) => route.url);
    expect(urls.some((url) => url.includes('/v1/accounts') && url.endsWith('signUp'))).toBe(true);
    expect(urls).toContain('/securetoken.googleapis.com/v1/token');
    expect(urls).toContain('/api/dev/mail');
    const probes = routes.flatMap(({ method, route }) => probesOf(method, route));
    expect(probes.length).toBeGreaterThan(1000);
    expect(await runProbes(probes)).toEqual([]);
  }, 240_000);
});
