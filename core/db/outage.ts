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


/** Where the outage lines go (the process's logger). */
export interface OutageLog {
  warn(message: string): void;
  info(message: string): void;
}

/**
 * One line when Postgres becomes unreachable and one when it is back, however many requests and
 * libraries (session lookups, the pool itself) hit the outage in between. "Back" is the pool's
 * next new connection: every client is dropped in an outage, so the first one made after it is
 * the proof.
 */
export function watchDatabase(pool: { on(event: 'connect', listener: () => void): unknown; on(event: 'error', listener: (err: Error) => void): unknown }, log: OutageLog, name = 'Postgres') {
  let down = false;
  const noteError = (error: unknown): boolean => {
    if (!isDatabaseOutage(error)) return false;
    if (!down) {
      down = true;
      const message = (error as { message?: unknown }).message;
      log.warn(`${name} unreachable (${typeof message === 'string' && message ? message : 'connection failed'}); answering 503 until it is back`);
    }
    return true;
  };
  pool.on('error', (err) => { noteError(err); });
  pool.on('connect', () => {
    if (!down) return;
    down = false;
    log.info(`${name} reachable again`);
  });
  return {
    /** True (and logged at most once per outage) when `error` is Postgres being unreachable. */
    noteError,
    get down() { return down; },
  };
}
