import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';
import { redactSecrets, redactUrls } from './redact.js';

/** Carries the request id into every log line written while a request is handled. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export function createLogger(level: string, name: string, destination?: pino.DestinationStream) {
  return pino({
    name,
    level,
    mixin: () => {
      const ctx = requestContext.getStore();
      return ctx ? { requestId: ctx.requestId } : {};
    },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'], remove: true },
    // Messages and their format arguments: URLs lose their passwords (REDIS_URL, DATABASE_URL...).
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? redactUrls(a) : a)) as Parameters<typeof method>);
      },
    },
    // Objects (errors included): secret-looking keys masked, URLs in any string scrubbed.
    formatters: { log: (object) => redactSecrets(object) },
  }, destination as pino.DestinationStream);
}

export type Logger = pino.Logger;
