import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiServer, apiUrl, clearCookies, errorBody, setTokenCookie } from '../test/api-server.ts';
import {
  ApiError,
  apiProgressRequest,
  apiRequest,
  resetUnauthorizedHandling,
  setSuspendedHandler,
  setUnauthorizedHandler,
} from './api-client.ts';

const rolesUrl = apiUrl('/iamserver/api/v1/roles');

let unauthorizedCalls = 0;
let suspendedCalls = 0;

beforeEach(() => {
  unauthorizedCalls = 0;
  suspendedCalls = 0;
  setUnauthorizedHandler(() => {
    unauthorizedCalls += 1;
  });
  setSuspendedHandler(() => {
    suspendedCalls += 1;
  });
});
afterEach(() => {
  clearCookies();
  resetUnauthorizedHandling();
});

/** The ApiError a request ended with (fails the test if it succeeded). */
const failureOf = async (request: Promise<unknown>) => {
  const error = await request.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

describe('apiRequest', () => {
  it('sends the token cookie as the Authorization header, without a prefix, and returns data', async () => {
    setTokenCookie('app.token.value');
    let authorization: string | null = null;
    apiServer.use(
      http.get(rolesUrl, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ data: [{ _id: 'r1', name: 'Member' }] });
      }),
    );
    await expect(apiRequest('iamserver', '/roles')).resolves.toEqual([{ _id: 'r1', name: 'Member' }]);
    expect(authorization).toBe('app.token.value');
  });

  it('sends no Authorization header without a cookie', async () => {
    let hasAuthorization = true;
    apiServer.use(
      http.get(rolesUrl, ({ request }) => {
        hasAuthorization = request.headers.has('authorization');
        return HttpResponse.json({ data: [] });
      }),
    );
    await apiRequest('iamserver', '/roles');
    expect(hasAuthorization).toBe(false);
  });

  it('turns the error envelope into an ApiError with its code, message, status and details', async () => {
    apiServer.use(
      http.post(rolesUrl, () =>
        HttpResponse.json(
          errorBody('VALIDATION', 'name: is required', [{ field: 'name', message: 'is required' }]),
          { status: 400 },
        ),
      ),
    );
    const error = await failureOf(apiRequest('iamserver', '/roles', { method: 'POST', body: {} }));
    expect(error).toMatchObject({
      code: 'VALIDATION',
      message: 'name: is required',
      status: 400,
      details: [{ field: 'name', message: 'is required' }],
    });
  });

  it('says the server is unavailable when a 502 carries no envelope', async () => {
    apiServer.use(http.get(rolesUrl, () => new HttpResponse('Bad Gateway', { status: 502 })));
    const error = await failureOf(apiRequest('iamserver', '/roles'));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toMatch(/not reachable right now/);
  });

  it('reports a network failure as NETWORK with a message for the user', async () => {
    apiServer.use(http.get(rolesUrl, () => HttpResponse.error()));
    const error = await failureOf(apiRequest('iamserver', '/roles'));
    expect(error).toMatchObject({ code: 'NETWORK', status: 0 });
    expect(error.message).toMatch(/Cannot reach the Cargodesk server/);
  });

  it('reports a success whose body was cut off as NETWORK, never as an empty answer', async () => {
    const cutOff = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"data":[{"_id":'));
        controller.error(new TypeError('network error'));
      },
    });
    apiServer.use(http.get(rolesUrl, () => new HttpResponse(cutOff, { status: 200 })));
    const error = await failureOf(apiRequest('iamserver', '/roles'));
    expect(error).toMatchObject({ code: 'NETWORK', status: 0 });
    expect(error.message).toMatch(/cut off/);
  });

  it('runs the 401 handler once however many requests fail together, and again after a reset', async () => {
    setTokenCookie('expired');
    apiServer.use(
      http.get(rolesUrl, () =>
        HttpResponse.json(errorBody('UNAUTHORIZED', 'Session expired'), { status: 401 }),
      ),
    );
    const errors = await Promise.all([1, 2, 3].map(() => failureOf(apiRequest('iamserver', '/roles'))));
    expect(errors.map(({ code }) => code)).toEqual(['UNAUTHORIZED', 'UNAUTHORIZED', 'UNAUTHORIZED']);
    expect(unauthorizedCalls).toBe(1);

    // The session resets the guard after its logout: the next expired session is handled again.
    resetUnauthorizedHandling();
    await failureOf(apiRequest('iamserver', '/roles'));
    expect(unauthorizedCalls).toBe(2);
  });

  it('leaves an expected 401 (login, code check) to the caller', async () => {
    apiServer.use(
      http.get(apiUrl('/iamserver/api/v1/auth/login'), () =>
        HttpResponse.json(errorBody('UNAUTHORIZED', 'Invalid token'), { status: 401 }),
      ),
    );
    const error = await failureOf(
      apiRequest('iamserver', '/auth/login', { authorization: 'id-token', isUnauthorizedExpected: true }),
    );
    expect(error.message).toBe('Invalid token');
    expect(unauthorizedCalls).toBe(0);
  });

  it('passes a 403 through to the caller without ending the session', async () => {
    setTokenCookie('valid');
    apiServer.use(
      http.get(rolesUrl, () =>
        HttpResponse.json(errorBody('FORBIDDEN', 'You may not read roles'), { status: 403 }),
      ),
    );
    const error = await failureOf(apiRequest('iamserver', '/roles'));
    expect(error).toMatchObject({ code: 'FORBIDDEN', status: 403, message: 'You may not read roles' });
    expect(unauthorizedCalls).toBe(0);
    expect(suspendedCalls).toBe(0);
  });

  it('ends the session once when a 403 says the account was suspended', async () => {
    setTokenCookie('valid');
    apiServer.use(
      http.get(rolesUrl, () =>
        HttpResponse.json(errorBody('FORBIDDEN', 'Account was suspended'), { status: 403 }),
      ),
    );
    await Promise.all([
      failureOf(apiRequest('iamserver', '/roles')),
      failureOf(apiRequest('iamserver', '/roles')),
    ]);
    expect(suspendedCalls).toBe(1);
    expect(unauthorizedCalls).toBe(0);
  });
});

describe('apiProgressRequest', () => {
  const importsUrl = apiUrl('/contactserver/api/v1/contacts/imports');
  /** A body sent in these pieces, as a slow server would. */
  const streamOf = (pieces: string[]) =>
    new HttpResponse(
      new ReadableStream({
        start(controller) {
          for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
          controller.close();
        },
      }),
      { headers: { 'content-type': 'application/x-ndjson' } },
    );

  it('asks for progress, hands each line to the caller, even one split across pieces, and returns the data', async () => {
    let accept: string | null = null;
    apiServer.use(
      http.post(importsUrl, ({ request }) => {
        accept = request.headers.get('accept');
        return streamOf([
          '{"progress":{"rows":0,"of":2500}}\n{"progress":{"ro',
          'ws":1000,"of":2500}}\n',
          '{"data":{"created":2500}}\n',
        ]);
      }),
    );
    const heard: unknown[] = [];
    const result = await apiProgressRequest('contactserver', '/contacts/imports', {
      method: 'POST',
      onProgress: (progress) => heard.push(progress),
    });
    expect(accept).toBe('application/x-ndjson');
    expect(heard).toEqual([
      { rows: 0, of: 2500 },
      { rows: 1000, of: 2500 },
    ]);
    expect(result).toEqual({ created: 2500 });
  });

  it('turns an error line into an ApiError with its message, and a body cut off before its data into a network error', async () => {
    apiServer.use(
      http.post(importsUrl, () =>
        streamOf([
          '{"progress":{"rows":0,"of":10}}\n',
          '{"error":{"code":"INTERNAL","message":"Something went wrong on our side."}}\n',
        ]),
      ),
    );
    const failed = await failureOf(
      apiProgressRequest('contactserver', '/contacts/imports', { method: 'POST', onProgress: () => {} }),
    );
    expect(failed).toMatchObject({ code: 'INTERNAL', message: 'Something went wrong on our side.' });

    apiServer.use(http.post(importsUrl, () => streamOf(['{"progress":{"rows":0,"of":10}}\n'])));
    const cutOff = await failureOf(
      apiProgressRequest('contactserver', '/contacts/imports', { method: 'POST', onProgress: () => {} }),
    );
    expect(cutOff.code).toBe('NETWORK');
  });
});
