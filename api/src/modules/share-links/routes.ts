/**
 * The owner's side of share links: create one for a creation, list them, revoke one. Another
 * user's creation or link answers 404, exactly like one that does not exist.
 */
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { Db } from '@craftwell/core/db/pool';
import { badRequest, notFound } from '@craftwell/core/errors';
import { currentUser } from '../../middleware/require-auth.js';
import { creationIdParams } from '../creations/routes.js';
import * as store from '@craftwell/core/repositories/share-links';
import { hashPassword, newToken, tokenDigest } from './tokens.js';

export interface ShareLinkRoutesDeps {
  db: Db;
  publicUrl?: string;
}

const MAX_DAYS = 365;
const DAY_MS = 86_400_000;

export const createShareLinkBody = z.object({
  expiresAt: z.string().datetime({ offset: true, message: 'expiresAt must be a date-time such as 2026-12-31T23:59:00Z.' }).optional(),
  expiresInDays: z.number().int('expiresInDays must be a whole number of days.').optional(),
  password: z.string().min(1, 'The password must not be empty.').max(200, 'The password is at most 200 characters.').optional(),
}).strict();
export const shareLinkParams = z.object({ id: z.string().uuid('That share link id is not valid.') });

export const shareLinkReply = z.object({ id: z.string(), url: z.string(), expiresAt: z.string().nullable(), hasPassword: z.boolean(), createdAt: z.string() });

/** The expiry asked for, or null for none; in the future and at most a year away. */
function expiryOf(body: z.infer<typeof createShareLinkBody>, now: number): Date | null {
  if (body.expiresAt !== undefined && body.expiresInDays !== undefined) throw badRequest('Give expiresAt or expiresInDays, not both.');
  const at = body.expiresAt !== undefined ? new Date(body.expiresAt)
    : body.expiresInDays !== undefined ? new Date(now + body.expiresInDays * DAY_MS) : null;
  if (!at) return null;
  if (at.getTime() <= now) throw badRequest('The expiry must be in the future.');
  if (at.getTime() > now + MAX_DAYS * DAY_MS) throw badRequest(`A share link can last at most ${MAX_DAYS} days.`);
  return at;
}

export function shareUrl(req: Request, publicUrl: string | undefined, token: string): string {
  const base = publicUrl ? publicUrl.replace(/\/+$/, '') : `${req.protocol}://${req.get('host')}`;
  return `${base}/s/${token}`;
}

export function shareLinkRoutes(deps: ShareLinkRoutesDeps): Router {
  const { db } = deps;
  const router = Router();

  router.post('/creations/:id/share-links', async (req, res) => {
    const { id } = creationIdParams.parse(req.params);
    const body = createShareLinkBody.parse(req.body ?? {});
    const expiresAt = expiryOf(body, Date.now());
    const token = newToken();
    const link = await store.insertLink(db, {
      creationId: id, userId: currentUser(req).id, tokenHash: tokenDigest(token),
      passwordHash: body.password !== undefined ? await hashPassword(body.password) : null, expiresAt,
    });
    if (!link) throw notFound('That creation does not exist or is not yours.');
    res.status(201).json({
      success: true,
      content: { id: link.id, url: shareUrl(req, deps.publicUrl, token), expiresAt: link.expires_at?.toISOString() ?? null, hasPassword: link.password_hash !== null, createdAt: link.created_at.toISOString() },
    });
  });

  router.get('/share-links', async (req, res) => {
    const rows = await store.listLinks(db, currentUser(req).id);
    const now = Date.now();
    res.json({
      success: true,
      links: rows.map((r) => ({
        id: r.id, creationId: r.creation_id, creationType: r.creation_type, creationPrompt: r.creation_prompt,
        expiresAt: r.expires_at?.toISOString() ?? null, expired: r.expires_at !== null && r.expires_at.getTime() <= now,
        hasPassword: r.has_password, createdAt: r.created_at.toISOString(),
      })),
    });
  });

  router.delete('/share-links/:id', async (req, res) => {
    const { id } = shareLinkParams.parse(req.params);
    if (!(await store.revokeLink(db, id, currentUser(req).id))) throw notFound('That share link does not exist or is not yours.');
    res.json({ success: true, message: 'Share link revoked' });
  });

  return router;
}
