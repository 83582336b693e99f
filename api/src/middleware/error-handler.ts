import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { ZodError } from 'zod';
import { CraftwellError, DependencyUnavailableError, ERRORS, databaseUnavailable, storageFull, type ErrorCode } from '@craftwell/core/errors';
import { codeForStatus, retryAfterOf, type ErrorReply } from '@craftwell/contracts/errors';
import { isDatabaseOutage } from '@craftwell/core/db/outage';
import { isStorageFull } from '@craftwell/storage/errors';
import type { Logger } from '@craftwell/core/logger';

export interface SendErrorOptions {
  /** Narrower than the code's own status (415 for a bad_request about a file type). */
  status?: number;
  /** Seconds for Retry-After; by default the code's (outages), none for the rest. */
  retryAfterSeconds?: number;
  /** Fields a route adds for its callers (the rate limiter's retryAfter). */
  extra?: Record<string, unknown>;
}

/**
 * The one writer of error replies: `{success: false, message, code}` with the code's status and,
 * for codes that pass by themselves, Retry-After. Every refusal goes through here (thrown errors
 * via errorHandler, early refusals in middleware by calling it), so a client can always act on
 * `code` (contracts/errors.ts) instead of parsing `message`.
 */
export function sendError(res: Response, code: ErrorCode, message: string = ERRORS[code].message, options: SendErrorOptions = {}): void {
  const retryAfter = options.retryAfterSeconds ?? retryAfterOf(code);
  if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
  const reply: ErrorReply = { success: false, message, code };
  res.status(options.status ?? ERRORS[code].status).json({ ...options.extra, ...reply });
}

function statusOf(err: unknown): number | undefined {
  const s = (err as { status?: unknown; statusCode?: unknown })?.status ?? (err as { statusCode?: unknown })?.statusCode;
  return typeof s === 'number' && s >= 400 && s < 600 ? s : undefined;
}

/** busboy's parse errors (no boundary, cut short, bad part header) reach us as plain Errors. */
function isBrokenMultipart(err: unknown, req: Request): boolean {
  return err instanceof Error && Boolean(req.is('multipart/*'))
    && /^(Multipart: |Unexpected end of (form|multipart data)|Malformed part header)/.test(err.message);
}

/** Postgres down or storage full, met as the driver's own error: a "try again later" reply, never a 500. */
function asOutage(err: unknown): DependencyUnavailableError | null {
  if (isStorageFull(err)) return storageFull();
  if (isDatabaseOutage(err)) return databaseUnavailable();
  return null;
}

/** Errors of the libraries under the api (zod, multer, body-parser, busboy) in the vocabulary. */
function asCraftwellError(err: unknown, req: Request): CraftwellError | null {
  if (err instanceof CraftwellError) return err;
  const outage = asOutage(err);
  if (outage) return outage;
  if (err instanceof ZodError) return new CraftwellError('bad_request', err.issues[0]?.message ?? 'Invalid request.');
  if (err instanceof multer.MulterError) {
    return err.code === 'LIMIT_FILE_SIZE'
      ? new CraftwellError('input_too_large', 'That file is too large.')
      : new CraftwellError('bad_request', `Upload error: ${err.message}.`);
  }
  if (isBrokenMultipart(err, req)) return new CraftwellError('bad_request', 'The upload is not valid form data or was cut short. Choose the file and send it again.');
  const type = (err as { type?: string })?.type;
  if (type === 'entity.parse.failed') return new CraftwellError('bad_request', 'The request body is not valid JSON.');
  if (type === 'entity.too.large') return new CraftwellError('input_too_large', 'The request body is too large.');
  const status = statusOf(err);
  const exposed = err && typeof err === 'object' && 'expose' in err && (err as { expose?: boolean }).expose;
  if ((exposed || (status !== undefined && status < 500)) && (err as Error).message) {
    // http-errors thrown by middleware (body-parser's others, send): their status, a code for it.
    return new CraftwellError(codeForStatus(status ?? 400), (err as Error).message, { status: status ?? 400 });
  }
  return null;
}

/** The one place thrown errors become replies (through sendError), never a stack trace. */
export function errorHandler(log: Logger, databaseState?: { noteError(error: unknown): boolean }): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return;
    // An outage is one line when it starts (core/db/outage.ts), not a stack per request.
    databaseState?.noteError(err);
    const known = asCraftwellError(err, req);
    if (!known) {
      log.error({ err, path: req.path }, 'request failed');
      return sendError(res, 'internal');
    }
    const retryAfterSeconds = known instanceof DependencyUnavailableError ? known.retryAfterSeconds : undefined;
    // Outages pass by themselves and are logged where they are watched (down, back): the request
    // gets a stackless line with its code.
    if (retryAfterSeconds !== undefined || retryAfterOf(known.code) !== undefined) log.warn({ code: known.code, path: req.path }, known.message);
    else if (known.status >= 500) log.error({ err, path: req.path }, 'request failed');
    sendError(res, known.code, known.message, { status: known.status, retryAfterSeconds });
  };
}

export const notFoundApi: RequestHandler = (_req, res) => {
  sendError(res, 'not_found', 'No such API route.');
};
