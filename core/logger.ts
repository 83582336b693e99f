import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';

/** Carries the request id into every log line written while a request is handled. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export function createLogger(level: string, name: string) {
  return pino({
    name,
    level,
    mixin: () => {
      const ctx = requestContext.getStore();
      return ctx ? { requestId: ctx.requestId } : {};
    },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'], remove: true },
  });
}

export type Logger = pino.Logger;
