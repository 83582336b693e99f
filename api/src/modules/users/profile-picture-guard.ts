/**
 * better-auth's update-user accepts any `image`. The avatar upload later deletes "the old
 * picture", so a picture must only ever be nothing or an object the user uploaded: anything else
 * (another user's result, a link to another site) is refused before better-auth sees it.
 */
import type { RequestHandler } from 'express';
import type { RouteStorage } from '../../auth/owned-objects.js';
import type { AuthProvider } from '../../auth/types.js';
import type { Db } from '@craftwell/core/db/pool';
import { isObjectOwnedBy } from '@craftwell/core/repositories/stored-objects';
import { unauthorized } from '@craftwell/core/errors';
import { sendError } from '../../middleware/error-handler.js';

export const FOREIGN_PICTURE_MESSAGE = 'Choose a profile picture by uploading it; other images cannot be used.';

/** Runs after the body parser on /api/auth/update-user. */
export function profilePictureGuard(deps: { db: Db; storage: RouteStorage; authProvider: AuthProvider }): RequestHandler {
  return async (req, res, next) => {
    try {
      const image = (req.body as { image?: unknown } | undefined)?.image;
      if (image === undefined || image === null || image === '') return next();
      // The same caller better-auth will see: one credential (one-credential.ts runs first).
      const user = await deps.authProvider.authenticate(req, { allowCookie: true });
      if (!user) return next(unauthorized());
      const key = typeof image === 'string' ? deps.storage.keyFromUrl(image) : null;
      if (key && (await isObjectOwnedBy(deps.db, key, user.id))) return next();
      sendError(res, 'bad_request', FOREIGN_PICTURE_MESSAGE);
    } catch (err) {
      next(err);
    }
  };
}
