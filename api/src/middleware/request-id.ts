import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { Logger } from '@craftwell/core/logger';

declare module 'express-serve-static-core' {
  interface Request {
    /** This request's id: the caller's X-Request-Id when it is sane, else a new one. */
    id?: string;
  }
}

/**
 * A request id, echoed to the client for support and written on the request's log lines. It is
 * passed by hand (requestLog) rather than through AsyncLocalStorage: on Node 20 that switches on
 * async hooks for every promise in the process, about a tenth of a cached read's CPU.
 */
export const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
  req.id = id;
  res.setHeader('X-Request-Id', id);
  next();
};

/** The logger for lines written while handling `req`: each carries its request id. */
export function requestLog(log: Logger, req: Request): Logger {
  return req.id ? log.child({ requestId: req.id }) : log;
}
