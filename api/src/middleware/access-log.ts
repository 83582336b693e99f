/**
 * One log line per request that tells something: every failed (5xx at error, 4xx at info), slow
 * or writing call at info; a fast successful read only at debug, so a busy gallery does not
 * write thousands of lines a second at the default level. Method, path and status only: headers
 * carry tokens and cookies, query strings carry cursors, bodies carry uploads. The request id
 * comes from the logger's request context (request-id.ts).
 * Costs nothing per request when its logger is silent.
 */
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '@craftwell/core/logger';

/** A read slower than this is logged at info even when it succeeded. */
export const SLOW_REQUEST_MS = 500;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface AccessLogOptions {
  /** Paths never logged when they succeed (health probes every few seconds). */
  quiet?: string[];
}

export function accessLog(log: Logger, options: AccessLogOptions = {}) {
  const quiet = new Set(options.quiet ?? []);
  return (req: Request, res: Response, next: NextFunction) => {
    // Levels: error 50, info 30, debug 20. Above error (fatal, silent) nothing here is written.
    if (log.levelVal > 50) return next();
    const started = performance.now();
    const url = req.url;
    res.once('finish', () => {
      const status = res.statusCode;
      const ms = performance.now() - started;
      const path = url.split('?', 1)[0];
      const level = status >= 500 ? 'error'
        : status >= 400 || ms >= SLOW_REQUEST_MS || !READS.has(req.method) ? 'info'
          : quiet.has(path) ? null : 'debug';
      if (!level || !log.isLevelEnabled(level)) return;
      log[level]({ req: { method: req.method, url: path }, res: { statusCode: status }, responseTime: Math.round(ms) }, 'request completed');
    });
    next();
  };
}
