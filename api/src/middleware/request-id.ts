import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { requestContext } from '@craftwell/core/logger';

/** A request id on every log line (and echoed to the client for support). */
export const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  requestContext.run({ requestId: id }, next);
};
