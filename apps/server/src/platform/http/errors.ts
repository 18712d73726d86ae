import { errorStatus, type TErrorBody, type TErrorCode } from '@cargodesk/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../db/database-errors.ts';
import type { TReportsError } from './error-reporting.ts';

export type { TErrorBody, TErrorCode };

/** Thrown by services; the error handler turns it into `{ error: { code, message, details } }`. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly statusCode: number;
  readonly details: unknown;

  constructor(code: TErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = errorStatus[code];
    this.details = details;
  }
}

/**
 * A 400 about one field of the body, worded as the request validation words its own
 * (`Invalid body: <field> <message>`), the field in the details beside any other `details`.
 */
export const fieldError = (field: string, message: string, details: Record<string, unknown> = {}) =>
  new AppError('VALIDATION_FAILED', `Invalid body: ${field} ${message}`, {
    fields: [{ field, message }],
    ...details,
  });

export const databaseUnavailableMessage = 'The database is not answering.';

const codeForStatus = (statusCode: number): TErrorCode => {
  const match = Object.entries(errorStatus).find(([, status]) => status === statusCode);
  if (match) return match[0] as TErrorCode;
  return statusCode >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
};

/**
 * What a custom zod issue carries for the client in its `params` (a refused freight value's
 * `{ problem, expectedDigit, suggestions }`), kept only when it is plain data: the screen offers
 * "did you mean …?" from it. Zod's own issues carry no `params`, so their fields stay as they were.
 */
const issueParams = (params: unknown): { params?: Record<string, unknown> } => {
  const given = (params as { params?: unknown } | undefined)?.params;
  if (!given || typeof given !== 'object' || Array.isArray(given)) return {};
  return { params: JSON.parse(JSON.stringify(given)) as Record<string, unknown> };
};

/** Turns any error into the envelope; no stack trace or internal message ever leaves the server. */
export const toErrorBody = (error: FastifyError | Error): { statusCode: number; body: TErrorBody } => {
  if (error instanceof AppError) {
    const details = error.details === undefined ? {} : { details: error.details };
    return {
      statusCode: error.statusCode,
      body: { error: { code: error.code, message: error.message, ...details } },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.map((issue) => ({
      field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: issue.message,
      ...issueParams(issue.params),
    }));
    return {
      statusCode: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: `Invalid ${error.validationContext ?? 'request'}: ${fields.map((f) => (f.field ? `${f.field} ${f.message}` : f.message)).join('; ')}`,
          details: { fields },
        },
      },
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      statusCode: 503,
      body: { error: { code: 'UNAVAILABLE', message: databaseUnavailableMessage } },
    };
  }
  const statusCode = (error as FastifyError).statusCode ?? 500;
  if (statusCode >= 500) {
    return {
      statusCode: 500,
      body: { error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } },
    };
  }
  // Fastify's own 4xx errors (malformed JSON, body too large, wrong content type) carry safe messages.
  return { statusCode, body: { error: { code: codeForStatus(statusCode), message: error.message } } };
};

export const registerErrorHandling = (
  app: FastifyInstance,
  { reportServerError }: { reportServerError?: TReportsError } = {},
) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { statusCode, body } = toErrorBody(error);
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      reportServerError?.(error, request);
    }
    // A database outage is usually short: well-behaved clients wait before trying again.
    if (statusCode === 503) reply.header('retry-after', '5');
    // A refused rate says when to try again, in the header as well as in its details.
    const retryAfter = (body.error as { details?: { retryAfterSeconds?: unknown } }).details
      ?.retryAfterSeconds;
    if (statusCode === 429 && typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    return reply.status(statusCode).send(body);
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}` },
    }),
  );
};
