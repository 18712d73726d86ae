/** The API's error codes and their HTTP statuses: the server throws them, the web client reads them. */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type TErrorCode = keyof typeof errorStatus;

/** Every failed API response: `{ error: { code, message, details? } }` (docs/architecture.md). */
export type TErrorBody = { error: { code: TErrorCode; message: string; details?: unknown } };
