/**
 * Every Redis client and every BullMQ object on it needs an 'error' listener (without one, an
 * outage prints a stack per reconnect attempt, or ends the process). The listener here logs the
 * outage once when the client goes down and once when it is back: one line per state change.
 */
import type { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

/** Where the lines go: the process's logger (warn when down, info when back). */
export interface ConnectionLog {
  down(message: string, error: Error): void;
  up(message: string): void;
  /** An error of a BullMQ object that is not about the connection (logged each time). */
  error(message: string, error: Error): void;
}

/** For callers that pass no logger. */
export const SILENT_CONNECTION_LOG: ConnectionLog = { down: () => undefined, up: () => undefined, error: () => undefined };

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** Errors that mean "Redis cannot be reached", as ioredis and BullMQ word them. */
export function isConnectionError(error: Error): boolean {
  const code = (error as Error & { code?: string }).code;
  return (code !== undefined && CONNECTION_CODES.has(code))
    || /Connection is closed|Stream isn't writeable|connect E[A-Z]+|Command timed out|MaxRetriesPerRequest|read E[A-Z]+|write E[A-Z]+/i.test(error.message);
}

/**
 * Watches one Redis client (`name` says what it is for) and the BullMQ objects built on it
 * (their errors are the client's errors, re-emitted): logs "down" at the first error after being
 * up and "back" at the next ready.
 */
export function watchConnection(name: string, client: Redis, log: ConnectionLog, ...users: EventEmitter[]): (user: EventEmitter) => void {
  let down = false;
  const onError = (error: Error) => {
    if (down) return;
    down = true;
    log.down(`${name}: Redis unreachable (${error.message}); retrying quietly until it is back`, error);
  };
  client.on('error', onError);
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.up(`${name}: Redis reachable again`);
  });
  const watch = (user: EventEmitter) => {
    user.on('error', (error: Error) => (isConnectionError(error) ? onError(error) : log.error(`${name}: ${error.message}`, error)));
  };
  users.forEach(watch);
  /** Watches one more BullMQ object on this client. */
  return watch;
}
