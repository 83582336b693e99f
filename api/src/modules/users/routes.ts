/** The user calls of docs/api.md (creations lists, likes), plus /api/me, usage and avatar. */
import { Router } from 'express';
import sharp from 'sharp';
import { z } from 'zod';
import { newObjectKey } from '@craftwell/storage/keys';
import { withTransaction, type Db } from '@craftwell/core/db/pool';
import { badRequest, notFound } from '@craftwell/core/errors';
import { currentUser } from '../../middleware/require-auth.js';
import { uploadParser } from '../../middleware/uploads.js';
import * as creations from '@craftwell/core/repositories/creations';
import { usageOf, type Quotas } from '@craftwell/core/repositories/quota';
import { replaceUserImage } from '@craftwell/core/repositories/users';
import { recordObjectOwner } from '@craftwell/core/repositories/stored-objects';
import { claimPictures, type DeleteClaimed, type RouteStorage } from '../../auth/owned-objects.js';
import { createListCache, sendCached, type ListCache } from './list-cache.js';
import { createLikePrivacy } from './like-privacy.js';

export interface UserRoutesDeps {
  db: Db;
  storage: RouteStorage;
  /** The one way to delete a stored object (see auth/owned-objects.ts). */
  deleteClaimed: DeleteClaimed;
  quotas: Quotas;
  authMode: 'local' | 'clerk';
  /** Told when a user's profile changes here, so cached sessions show it at once. */
  forgetUser?: (userId: string) => Promise<void>;
  /** Copies of list replies, dropped on every change; without it every call queries. */
  lists?: ListCache;
}

const PAGE_DEFAULT_LIMIT = 60;
const PAGE_MAX_LIMIT = 100;
const LIMIT_NOT_WHOLE = `limit must be a whole number from 1 to ${PAGE_MAX_LIMIT}`;
const INVALID_CURSOR = 'That page cursor is not valid. Start again from the first page.';
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export const toggleSchema = z.object({ id: z.string({ message: 'Send the id of the creation to like.' }).uuid('That creation id is not valid.') });
export const pageSchema = z.object({
  cursor: z.string({ error: INVALID_CURSOR }).max(200, INVALID_CURSOR).optional(),
  limit: z.coerce.number({ error: LIMIT_NOT_WHOLE }).int(LIMIT_NOT_WHOLE)
    .min(1, 'limit must be at least 1').max(PAGE_MAX_LIMIT, `limit must be at most ${PAGE_MAX_LIMIT}`).default(PAGE_DEFAULT_LIMIT),
});
const idSchema = z.string().uuid('That creation id is not valid.');

function encodeCursor(row: { created_at: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.created_at.toISOString(), row.id])).toString('base64url');
}

function decodeCursor(cursor: string): creations.Cursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt))) throw new Error('bad date');
    if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) throw new Error('bad id');
    return { createdAt, id };
  } catch {
    throw badRequest(INVALID_CURSOR);
  }
}

function present(row: creations.CreationRow | creations.CreationListRow) {
  return {
    id: row.id,
    user_id: row.user_id,
    type: row.type,
    prompt: row.prompt,
    content: row.content,
    // A list item carries the start of a long article; GET /api/user/creations/:id has all of it.
    ...('content_truncated' in row ? { content_truncated: row.content_truncated } : {}),
    publish: row.publish,
    likes: row.likes,
    engine: row.engine ?? undefined,
    created_at: row.created_at,
    ...('batch_id' in row && row.batch_id ? { batch_id: row.batch_id } : {}),
    ...('source_id' in row && row.source_id ? { source_id: row.source_id } : {}),
  };
}

type PageLoader = (limit: number, after?: creations.Cursor) => Promise<creations.CreationListRow[]>;

/** One keyset page: `{success, creations, nextCursor}`, nextCursor null on the last page. */
async function pageReply({ cursor, limit }: z.infer<typeof pageSchema>, load: PageLoader) {
  const rows = await load(limit + 1, cursor ? decodeCursor(cursor) : undefined);
  const page = rows.slice(0, limit);
  const nextCursor = rows.length > limit ? encodeCursor(page[page.length - 1]) : null;
  return { success: true, creations: page.map(present), nextCursor };
}

export function userRoutes(deps: UserRoutesDeps): Router {
  const { db } = deps;
  const lists = deps.lists ?? createListCache(() => false);
  const likePrivacy = createLikePrivacy();
  /** Another user's published creation: no owner id, likers as stand-ins (like-privacy.ts). */
  const inGallery = ({ user_id: _owner, ...c }: ReturnType<typeof present>) => ({ ...c, likes: likePrivacy.hide(c.id, c.likes ?? []) });
  const router = Router();
  const avatarUpload = uploadParser({ maxFileBytes: AVATAR_MAX_BYTES, maxFiles: 1 });

  router.get('/me', (req, res) => {
    const user = currentUser(req);
    res.json({ success: true, user });
  });

  router.get('/user/get-user-creations', async (req, res) => {
    const userId = currentUser(req).id;
    const page = pageSchema.parse(req.query);
    sendCached(res, await lists.ofUser(userId, `own:${page.limit}:${page.cursor ?? ''}`,
      () => pageReply(page, (limit, after) => creations.listByUser(db, userId, limit, after))));
  });

  router.get('/user/get-published-creations', async (req, res) => {
    const page = pageSchema.parse(req.query);
    const shared = await lists.gallery(`${page.limit}:${page.cursor ?? ''}`, async () => {
      const reply = await pageReply(page, (limit, after) => creations.listPublished(db, limit, after));
      return { ...reply, creations: reply.creations.map((c) => inGallery(c)) };
    });
    // The shared copy names no one; the reader's own likes are put back for this reply only.
    sendCached(res, likePrivacy.forReader(shared, currentUser(req).id));
  });

  router.get('/user/creation-stats', async (req, res) => {
    const userId = currentUser(req).id;
    sendCached(res, await lists.ofUser(userId, 'stats', async () => {
      const stats = await creations.statsOfUser(db, userId, new Date(Date.now() - WEEK_MS));
      return { success: true, ...stats };
    }));
  });

  router.get('/user/creations/:id', async (req, res) => {
    const parsed = idSchema.safeParse(req.params.id);
    // Someone else's private creation is reported exactly like a missing one.
    const row = parsed.success ? await creations.findReadable(db, parsed.data, currentUser(req).id) : null;
    if (!row) throw notFound('That creation does not exist.');
    const readerId = currentUser(req).id;
    if (row.user_id === readerId) return void res.json({ success: true, creation: present(row) });
    const shown = inGallery(present(row));
    res.json({ success: true, creation: { ...shown, likes: likePrivacy.reveal(row.id, shown.likes, readerId) } });
  });

  router.post('/user/toggle-like-creation', async (req, res) => {
    const { id } = toggleSchema.parse(req.body ?? {});
    const userId = currentUser(req).id;
    const outcome = await withTransaction(db, async (client) => {
      if (!(await creations.findPublished(client, id))) throw notFound('That creation does not exist or is not published.');
      return creations.toggleLike(client, id, userId);
    });
    // The owner's lists hear of it from Postgres; the gallery is dropped here before the reply,
    // so the liker's next read shows the like.
    lists.changed(userId);
    res.json({ success: true, message: outcome === 'liked' ? 'Creation Liked' : 'Creation Unliked' });
  });

  router.get('/user/usage', async (req, res) => {
    res.json({ success: true, ...(await usageOf(db, deps.quotas, currentUser(req))) });
  });

  router.post('/user/avatar', avatarUpload.single('image'), async (req, res) => {
    if (deps.authMode !== 'local') throw badRequest('Your profile picture is managed by your sign-in provider.');
    if (!req.file) throw badRequest('Choose an image file for your profile picture.');
    let png: Buffer;
    try {
      png = await sharp(req.file.buffer, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(256, 256, { fit: 'cover' })
        .png()
        .toBuffer();
    } catch {
      throw badRequest('That file is not an image we can read. Use a JPG, PNG or WebP picture.');
    }
    const user = currentUser(req);
    const key = newObjectKey('results', 'png');
    await deps.storage.put(key, png, { contentType: 'image/png' });
    const url = deps.storage.publicUrl(key);
    // Should the transaction fail, the new object is unreferenced and the orphan sweep takes it.
    const replaced = await withTransaction(db, async (client) => {
      const old = await replaceUserImage(client, user.id, url);
      await recordObjectOwner(client, key, user.id);
      // users.image may name anything (older rows, other paths): only the caller's own upload goes.
      return claimPictures(client, user.id, [old ? deps.storage.keyFromUrl(old) : null]);
    });
    await deps.deleteClaimed(replaced);
    await deps.forgetUser?.(user.id);
    res.json({ success: true, content: url });
  });

  return router;
}
