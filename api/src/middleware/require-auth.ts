import type { NextFunction, Request, Response } from 'express';
import type { AuthProvider, AuthUser } from '../auth/types.js';
import { unauthorized } from '@craftwell/core/errors';

declare module 'express-serve-static-core' {
  interface Request {
    user?: AuthUser;
  }
}

/**
 * Every data route: a valid bearer token, else 401 `{success:false, message}`. A caller the
 * caches already vouch for passes without a lookup.
 */
export function requireAuth(provider: AuthProvider) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      // A sign-out on another replica reaches this one as a Redis message that may sit in the
      // same batch of ready sockets as this request: let that batch finish (setImmediate runs
      // after it) before trusting the cache, so a dropped session is refused at once.
      if (provider.cached?.(req)) await new Promise<void>((resolve) => setImmediate(resolve));
      const cached = provider.cached?.(req);
      if (cached) {
        req.user = cached;
        return next();
      }
      const user = await provider.authenticate(req);
      if (!user) return next(unauthorized());
      req.user = user;
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** The authenticated caller; only valid behind requireAuth. */
export function currentUser(req: Request): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}
