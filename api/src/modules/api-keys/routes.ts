/**
 * Personal API keys of the signed-in user: create (the key is in this reply only; scopes and an
 * optional expiry, see auth/api-key-scopes.ts), list, revoke. A password change revokes them all.
 * Keys are managed from a browser session only: a leaked key cannot mint more keys.
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import type { Db } from '@craftwell/core/db/pool';
import { badRequest, forbidden, notFound } from '@craftwell/core/errors';
import * as apiKeys from '@craftwell/core/repositories/api-keys';
import { newApiKey } from '../../auth/api-keys.js';
import { API_KEY_SCOPES, DEFAULT_API_KEY_SCOPES } from '../../auth/api-key-scopes.js';
import { currentUser } from '../../middleware/require-auth.js';

export const createApiKeyBody = z.object({
  name: z.string({ message: 'Give the key a name.' }).trim().min(1, 'Give the key a name.').max(60, 'Use at most 60 characters for the name.'),
  scopes: z.array(z.enum(API_KEY_SCOPES, { message: `Scopes are ${API_KEY_SCOPES.join(', ')}.` }))
    .min(1, 'Give the key at least one scope.').max(API_KEY_SCOPES.length).optional(),
  expiresInDays: z.number({ message: 'expiresInDays must be a whole number of days from 1 to 3650.' })
    .int('expiresInDays must be a whole number of days from 1 to 3650.')
    .min(1, 'expiresInDays must be a whole number of days from 1 to 3650.')
    .max(3650, 'expiresInDays must be a whole number of days from 1 to 3650.').nullable().optional(),
});
export const apiKeyParams = z.object({ id: z.string().uuid('That key id is not valid.') });

function sessionOnly(req: Request, _res: Response, next: NextFunction) {
  next(currentUser(req).apiKeyId ? forbidden('API keys cannot manage API keys. Sign in to the web app to do this.') : undefined);
}

export function apiKeyRoutes(deps: { db: Db }): Router {
  const { db } = deps;
  const router = Router();
  router.use(sessionOnly);

  router.get('/', async (req, res) => {
    res.json({ success: true, keys: await apiKeys.listKeys(db, currentUser(req).id) });
  });

  router.post('/', async (req, res) => {
    const body = createApiKeyBody.parse(req.body ?? {});
    const scopes = [...new Set(body.scopes ?? DEFAULT_API_KEY_SCOPES)];
    if (scopes.includes('admin') && !currentUser(req).isAdmin) throw badRequest('Only administrators can give a key the admin scope.');
    const expiresAt = body.expiresInDays ? new Date(Date.now() + body.expiresInDays * 24 * 60 * 60 * 1000) : null;
    const { key, prefix, hash } = newApiKey();
    const row = await apiKeys.createKey(db, currentUser(req).id, { name: body.name, prefix, hash, scopes, expiresAt });
    res.status(201).json({ success: true, message: 'API key created. Copy it now: it is shown only once.', key, apiKey: row });
  });

  router.delete('/:id', async (req, res) => {
    const { id } = apiKeyParams.parse(req.params);
    if (!(await apiKeys.revokeKey(db, currentUser(req).id, id))) throw notFound('That API key does not exist.');
    res.json({ success: true, message: 'API key revoked' });
  });

  return router;
}
