/**
 * Telling "Postgres is unreachable" apart from a bug: connection errors, server shutdown and
 * "too many connections" are outages (answer 503 and retry later); anything else is not.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** SQLSTATE classes 08 (connection exception), 57P (operator intervention), 53300 (too many connections). */
const SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
const MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

export function isDatabaseOutage(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || SQLSTATE.test(e.code))) return true;
  if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
  // AggregateError (several addresses refused) and wrapped errors.
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseOutage(inner, depth + 1))) return true;
  return isDatabaseOutage(e.cause, depth + 1);
}

