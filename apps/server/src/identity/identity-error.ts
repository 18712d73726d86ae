/**
 * An Identity Toolkit error. `message` is the protocol string the firebase/auth SDK maps to its
 * `auth/...` codes (identity-protocol.md §3); `detail` follows it after " : ".
 */
export class IdentityError extends Error {
  readonly statusCode: number;
  /** The protocol code alone (EMAIL_EXISTS), without the detail the message may carry. */
  readonly code: string;

  constructor(message: string, detail?: string, statusCode = 400) {
    super(detail ? `${message} : ${detail}` : message);
    this.name = 'IdentityError';
    this.code = message;
    this.statusCode = statusCode;
  }
}

const statusNames: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  413: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** The Google API error body the SDK reads: `error.message` carries the code. */
export const toIdentityErrorBody = (statusCode: number, message: string) => ({
  error: {
    code: statusCode,
    message,
    errors: [{ message, domain: 'global', reason: 'invalid' }],
    status: statusNames[statusCode] ?? 'INVALID_ARGUMENT',
  },
});
