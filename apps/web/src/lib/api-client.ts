import type {
  accountSuspendedMessage as TAccountSuspended,
  TErrorBody,
  TErrorCode,
  TListMeta,
} from '@cargodesk/shared';
import { getRuntimeConfig } from '../config/runtime-config.ts';
import { readTokenCookie } from './cookie.ts';

export type TService =
  | 'iamserver'
  | 'master'
  | 'logserver'
  | 'driveserver'
  | 'mailserver'
  | 'reportserver'
  | 'contactserver'
  | 'notifyserver'
  | 'templateserver'
  | 'freightserver';

/**
 * docs/product.md §7's "localhost on a per-service port": an API origin in the runtime config may carry a
 * `{port}` placeholder, filled with the port each service listens on when run on its own
 * (`--services <name>`).
 */
export const servicePorts: Record<TService, number> = {
  iamserver: 3001,
  master: 3002,
  logserver: 3003,
  driveserver: 3004,
  mailserver: 3005,
  reportserver: 3006,
  contactserver: 3007,
  notifyserver: 3008,
  templateserver: 3009,
  freightserver: 3010,
};

/** The base URL of a service's API for the current page host (docs/product.md §7). */
export const serviceBaseUrl = (service: TService, hostname: string = window.location.hostname) => {
  const { apiBase } = getRuntimeConfig();
  const origin = (apiBase.byHost[hostname] ?? apiBase.fallback).replace(
    '{port}',
    String(servicePorts[service]),
  );
  return `${origin}${apiBase.path.replace('{service}', service)}`;
};

/** The one shape every failure takes in the web app, whatever went wrong. */
export class ApiError extends Error {
  readonly code: TErrorCode | 'NETWORK';
  readonly status: number;
  /** The error body's `details` (field errors, an import's problems by line), when it had any. */
  readonly details: unknown;
  constructor({
    code,
    message,
    status,
    details,
  }: {
    code: TErrorCode | 'NETWORK';
    message: string;
    status: number;
    details?: unknown;
  }) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

export const toErrorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

/** Told the app token a refused request was sent with (none when there was no cookie). */
let onUnauthorized: ((sentWith: string | undefined) => void) | undefined;
let onSuspended: (() => void) | undefined;
let isHandlingUnauthorized = false;

/** The server's 403 text for a suspended user or company; a literal, so zod stays out of this module. */
const accountSuspendedMessage: typeof TAccountSuspended = 'Account was suspended';

/** The session registers how a 401 is handled; it runs once however many requests fail together. */
export const setUnauthorizedHandler = (handler: (sentWith: string | undefined) => void) => {
  onUnauthorized = handler;
  isHandlingUnauthorized = false;
};

/** How a request of a suspended user (403 `Account was suspended`) ends the session; runs once, like a 401. */
export const setSuspendedHandler = (handler: () => void) => {
  onSuspended = handler;
};

export const resetUnauthorizedHandling = () => {
  isHandlingUnauthorized = false;
};

type TRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Overrides the cookie's app token, e.g. with an identity ID token for login and registration. */
  authorization?: string;
  /** A 401 is the caller's business (login, code check), not a reason to end the session. */
  isUnauthorizedExpected?: boolean;
  signal?: AbortSignal;
  /** Uploads may need longer than the usual 30 s. */
  timeoutMs?: number;
  /** The media type asked for; JSON unless said. */
  accept?: string;
};

const requestTimeoutMs = 30_000;

const readErrorBody = async (response: Response): Promise<Partial<TErrorBody['error']>> => {
  try {
    const body = (await response.json()) as Partial<TErrorBody>;
    return body.error ?? {};
  } catch {
    return {};
  }
};

const statusMessages: Record<number, string> = {
  502: 'The Cargodesk server is not reachable right now. Please try again in a moment.',
  503: 'The Cargodesk server is not available right now. Please try again in a moment.',
  504: 'The Cargodesk server took too long to answer. Please try again in a moment.',
};

/** Calls a service endpoint and returns its successful response; every failure becomes an ApiError. */
const sendRequest = async (
  service: TService,
  path: string,
  {
    method = 'GET',
    query,
    body,
    authorization,
    isUnauthorizedExpected,
    signal,
    timeoutMs = requestTimeoutMs,
    accept = 'application/json',
  }: TRequestOptions = {},
): Promise<Response> => {
  const url = new URL(`${serviceBaseUrl(service)}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept };
  // docs/product.md §7: the token cookie's value, with no prefix.
  const token = authorization ?? readTokenCookie();
  if (token) headers.authorization = token;
  // A FormData body (an upload) sets its own multipart content type and boundary.
  const isForm = body instanceof FormData;
  // A Blob (a file sent as it is) carries its own type.
  const isBlob = body instanceof Blob;
  if (isBlob) headers['content-type'] = body.type || 'application/octet-stream';
  else if (body !== undefined && !isForm) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body:
        body === undefined || isForm || isBlob ? (body as FormData | Blob | undefined) : JSON.stringify(body),
      signal: signal
        ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
        : AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({
      code: 'NETWORK',
      status: 0,
      message: 'Cannot reach the Cargodesk server. Check your connection and try again.',
    });
  }

  if (!response.ok) {
    const { code, message, details } = await readErrorBody(response);
    if (response.status === 401 && !isUnauthorizedExpected && onUnauthorized && !isHandlingUnauthorized) {
      isHandlingUnauthorized = true;
      onUnauthorized(authorization === undefined ? token : undefined);
    }
    // Only for the app token: a login with an ID token reports suspension on its own.
    if (
      response.status === 403 &&
      message === accountSuspendedMessage &&
      authorization === undefined &&
      onSuspended &&
      !isHandlingUnauthorized
    ) {
      isHandlingUnauthorized = true;
      onSuspended();
    }
    throw new ApiError({
      code: code ?? (response.status >= 500 ? 'UNAVAILABLE' : 'BAD_REQUEST'),
      status: response.status,
      message:
        message ??
        statusMessages[response.status] ??
        `The server answered with an error (${response.status}).`,
      details,
    });
  }
  return response;
};

/** Calls a service endpoint and returns its whole JSON body; every failure becomes an ApiError. */
const requestBody = async <TBody>(service: TService, path: string, options: TRequestOptions = {}) => {
  const response = await sendRequest(service, path, options);
  if (response.status === 204) return {} as TBody;
  return readSuccessBody<TBody>(response);
};

/** Calls an endpoint that answers with bytes (a PDF) and returns them; every failure becomes an ApiError. */
export const apiBlobRequest = async (service: TService, path: string, options: TRequestOptions = {}) => {
  const response = await sendRequest(service, path, options);
  try {
    return await response.blob();
  } catch {
    throw new ApiError({ code: 'NETWORK', status: 0, message: cutOffMessage });
  }
};

const cutOffMessage = 'The answer from the Cargodesk server was cut off. Please try again.';

/**
 * A success whose body cannot be read (the page is being left, the connection dropped mid-way) is a
 * connection failure, never an empty answer: an empty answer would look like a server that knows no
 * such user, and the start-up would sign a valid session out.
 */
const readSuccessBody = async <TBody>(response: Response): Promise<TBody> => {
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new ApiError({ code: 'NETWORK', status: 0, message: cutOffMessage });
  }
  if (text === '') return {} as TBody;
  try {
    return JSON.parse(text) as TBody;
  } catch {
    throw new ApiError({ code: 'NETWORK', status: 0, message: cutOffMessage });
  }
};

/** Calls a service endpoint and returns the body's `data`; every failure becomes an ApiError. */
export const apiRequest = async <TData>(
  service: TService,
  path: string,
  options: TRequestOptions = {},
): Promise<TData> => (await requestBody<{ data?: TData }>(service, path, options)).data as TData;

/**
 * Calls an endpoint that reports its progress as lines of JSON (`application/x-ndjson`): each
 * `{ progress }` line goes to `onProgress`, a `{ data }` line is the answer, and an `{ error }` line
 * becomes an ApiError, as an error status would.
 */
export const apiProgressRequest = async <TData, TProgress>(
  service: TService,
  path: string,
  { onProgress, ...options }: TRequestOptions & { onProgress: (progress: TProgress) => void },
): Promise<TData> => {
  const response = await sendRequest(service, path, { ...options, accept: 'application/x-ndjson' });
  type TLine = { progress?: TProgress; data?: TData; error?: Partial<TErrorBody['error']> };
  let pending = '';
  const readLines = (text: string): TLine[] => {
    pending += text;
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    return complete.filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as TLine);
  };
  try {
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read();
      const text = done ? `${decoder.decode()}\n` : decoder.decode(value, { stream: true });
      for (const line of readLines(text)) {
        if (line.progress) onProgress(line.progress);
        if (line.error)
          throw new ApiError({
            code: line.error.code ?? 'UNAVAILABLE',
            status: 500,
            message: line.error.message ?? 'The server could not finish.',
            details: line.error.details,
          });
        if ('data' in line) return line.data as TData;
      }
      if (done) break;
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
  }
  throw new ApiError({ code: 'NETWORK', status: 0, message: cutOffMessage });
};

/** Calls a list endpoint and returns a page of it: `{ data, meta }` (docs/architecture.md). */
export const apiListRequest = <TItem>(service: TService, path: string, options: TRequestOptions = {}) =>
  requestBody<{ data: TItem[]; meta: TListMeta }>(service, path, options);
