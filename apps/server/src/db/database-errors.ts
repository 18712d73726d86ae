// Failures that say the database cannot be reached or did not answer in time, as opposed to a bug
// in a query: the request answers 503 UNAVAILABLE (try again shortly), not 500.

/** A failure to open the database, reported as one line before the process exits. */
export class DatabaseOpenError extends Error {}

/** Socket errors on the way to the server. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57014 (statement timeout), 57P01–57P03
 * (terminated by an administrator, a crash, or starting up), 53300 (too many connections) and
 * 3D000 (the database is gone).
 */
const isUnavailableState = (state: string) =>
  state.startsWith('08') || ['57014', '57P01', '57P02', '57P03', '53300', '3D000'].includes(state);

/** node-postgres reports its own timeouts and broken connections by message only. */
const driverMessages =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|not queryable|Cannot use a pool after calling end/i;

export const isDatabaseUnavailable = (error: unknown): boolean => {
  // Drizzle wraps the driver's error in `cause`; a dual-stack connect fails as an AggregateError.
  const seen = new Set<unknown>();
  const pending = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!(current instanceof Error) || seen.has(current)) continue;
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (networkCodes.has(code) || isUnavailableState(code))) return true;
    if (driverMessages.test(current.message)) return true;
    pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...current.errors);
  }
  return false;
};
