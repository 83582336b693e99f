/**
 * GET /files/<key>: serves stored results without a token (an <img> cannot send one). The same
 * route works for both drivers: it streams from local disk or from S3. Only `results/` is public;
 * `uploads/` (user inputs such as resumes) is never served. Keys are validated before any lookup.
 */
import { Router, type Request, type Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { ObjectNotFoundError } from './errors.js';
import { isValidKey, keyPrefixOf } from './keys.js';
import type { ObjectStorage } from './object-storage.js';

/** Types a browser may render inline; anything else is sent as a download. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

function notFound(res: Response): void {
  res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found');
}

/** A published result may sit in shared caches, for an hour, so an unpublish reaches them soon. */
const PUBLIC_CACHE = 'public, max-age=3600';
/** Anything else (unpublished results, pictures) stays out of shared caches and CDNs. */
const PRIVATE_CACHE = 'private, max-age=31536000, immutable';

export interface FilesRouterOptions {
  /** True when the object may be cached publicly (a published creation's result). */
  isPublic(key: string): Promise<boolean>;
}

export function createFilesRouter(storage: ObjectStorage, options: FilesRouterOptions): Router {
  const router = Router();

  router.get('/*key', async (req: Request, res: Response, next) => {
    const segments = (req.params as { key?: string[] | string }).key;
    const key = Array.isArray(segments) ? segments.join('/') : String(segments ?? '');
    if (!isValidKey(key) || keyPrefixOf(key) !== 'results') return notFound(res);
    try {
      const isPublic = await options.isPublic(key);
      const { stream, info } = await storage.getStream(key);
      const baseType = info.contentType.split(';')[0].trim().toLowerCase();
      res.status(200).set({
        'Content-Type': info.contentType,
        'Content-Length': String(info.size),
        'Last-Modified': info.lastModified.toUTCString(),
        'Cache-Control': isPublic ? PUBLIC_CACHE : PRIVATE_CACHE,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
        'Cross-Origin-Resource-Policy': 'cross-origin',
        'Content-Disposition': INLINE_TYPES.has(baseType) ? 'inline' : 'attachment',
      });
      if (req.method === 'HEAD') {
        stream.destroy();
        res.end();
        return;
      }
      await pipeline(stream, res);
    } catch (error) {
      if (error instanceof ObjectNotFoundError) return notFound(res);
      if (res.headersSent) {
        res.destroy(error as Error);
        return;
      }
      next(error);
    }
  });

  return router;
}
