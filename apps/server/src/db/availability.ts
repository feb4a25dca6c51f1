// Whether an error means the database cannot be reached right now (server down, restarting, connection
// lost), as opposed to a fault of the statement. Such errors answer 503 with Retry-After instead of 500:
// the client should simply try again in a moment.

/** Seconds a client is asked to wait while the database is unavailable. */
export const RETRY_AFTER_SECONDS = 5;

export class DatabaseUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`The database is unavailable (${reason}); try again in a few seconds`);
  }
}

// Node socket errors of a connection that cannot be made or was lost.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
// PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01-57P03 (shutdown, crash, cannot connect now).
const SERVER_STATES = /^(08...|57P0[123])$/;
// node-postgres reports a dropped connection or an exhausted pool with these messages and no code.
const LOST_CONNECTION = /Connection terminated|connection timeout|Client has encountered a connection error/i;

/** The reason the database is unavailable if `error` (or an error it wraps) says so, else undefined. */
export function databaseUnavailableReason(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current instanceof DatabaseUnavailable) return current.reason;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return `connection failed: ${code}`;
    if (typeof code === 'string' && SERVER_STATES.test(code))
      return `server not accepting connections: ${code}`;
    if (LOST_CONNECTION.test(current.message)) return 'connection lost';
    // An AggregateError (several addresses refused) carries its causes in `errors`.
    const nested = (current as { errors?: unknown }).errors;
    current = Array.isArray(nested) && nested.length > 0 ? nested[0] : current.cause;
  }
  return undefined;
}
