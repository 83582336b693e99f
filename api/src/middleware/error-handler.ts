import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import multer from 'multer';
import { ZodError } from 'zod';
import { AppError, DependencyUnavailableError, databaseUnavailable, storageFull } from '@craftwell/core/errors';
import { isDatabaseOutage } from '@craftwell/core/db/outage';
import { QueueUnavailableError } from '@craftwell/queue/types';
import { isStorageFull } from '@craftwell/storage/errors';
import type { Logger } from '@craftwell/core/logger';

function statusOf(err: unknown): number | undefined {
  const s = (err as { status?: unknown; statusCode?: unknown })?.status ?? (err as { statusCode?: unknown })?.statusCode;
  return typeof s === 'number' && s >= 400 && s < 600 ? s : undefined;
}

/** busboy's parse errors (no boundary, cut short, bad part header) reach us as plain Errors. */
function isBrokenMultipart(err: unknown, req: Request): boolean {
  return err instanceof Error && Boolean(req.is('multipart/*'))
    && /^(Multipart: |Unexpected end of (form|multipart data)|Malformed part header)/.test(err.message);
}

/** Postgres or Redis down, or storage full: a reply that says "try again later", never a 500. */
function asOutage(err: unknown): DependencyUnavailableError | null {
  if (err instanceof DependencyUnavailableError) return err;
  if (err instanceof QueueUnavailableError) return new DependencyUnavailableError(err.message, 5);
  if (isStorageFull(err)) return storageFull();
  if (isDatabaseOutage(err)) return databaseUnavailable();
  return null;
}

/** The one place errors become replies: `{success:false, message}`, never a stack trace. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return;
    const outage = asOutage(err);
    if (outage) {
      log.warn({ err, path: req.path }, 'dependency unavailable');
      res.setHeader('Retry-After', String(outage.retryAfterSeconds));
      return void res.status(outage.status).json({ success: false, message: outage.message });
    }
    let status = 500;
    let message = 'Something went wrong on our side. Please try again.';
    if (err instanceof AppError) {
      status = err.status;
      message = err.message;
    } else if (err instanceof ZodError) {
      status = 400;
      message = err.issues[0]?.message ?? 'Invalid request.';
    } else if (err instanceof multer.MulterError) {
      status = err.code === 'LIMIT_FILE_SIZE' ? 413 : 400;
      message = err.code === 'LIMIT_FILE_SIZE' ? 'That file is too large.' : `Upload error: ${err.message}.`;
    } else if (isBrokenMultipart(err, req)) {
      status = 400;
      message = 'The upload is not valid form data or was cut short. Choose the file and send it again.';
    } else if ((err as { type?: string })?.type === 'entity.parse.failed') {
      status = 400;
      message = 'The request body is not valid JSON.';
    } else if ((err as { type?: string })?.type === 'entity.too.large') {
      status = 413;
      message = 'The request body is too large.';
    } else if (err && typeof err === 'object' && 'expose' in err && (err as { expose?: boolean }).expose) {
      status = statusOf(err) ?? 400;
      message = (err as Error).message;
    } else if (statusOf(err) && (err as Error).message && statusOf(err)! < 500) {
      status = statusOf(err)!;
      message = (err as Error).message;
    }
    if (status >= 500) log.error({ err, path: req.path }, 'request failed');
    res.status(status).json({ success: false, message });
  };
}

export const notFoundApi: RequestHandler = (_req, res) => {
  res.status(404).json({ success: false, message: 'No such API route.' });
};
