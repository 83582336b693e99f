/**
 * What an owner does with one creation: delete it (row and stored object), take it out of the
 * gallery, and download it (images as PNG, text as Markdown or Word). Only the owner: another
 * user's id answers 404, exactly like an id that does not exist.
 */
import { pipeline } from 'node:stream/promises';
import { Router, type Response } from 'express';
import sharp from 'sharp';
import { z } from 'zod';
import { withTransaction, type Db } from '@craftwell/core/db/pool';
import { badRequest, notFound } from '@craftwell/core/errors';
import type { Logger } from '@craftwell/core/logger';
import * as ownCreations from '@craftwell/core/repositories/own-creations';
import { currentUser } from '../../middleware/require-auth.js';
import { claimCreationObject, type DeleteClaimed, type RouteStorage } from '../../auth/owned-objects.js';
import { articleTopic, downloadName, type DownloadFormat } from './download-names.js';

export interface CreationRoutesDeps {
  db: Db;
  storage: RouteStorage;
  /** The one way to delete a stored object (see auth/owned-objects.ts). */
  deleteClaimed: DeleteClaimed;
  log: Logger;
  /** Told when a user's creations change, so cached list pages go before the reply. */
  listChanged?: (userId: string) => void;
}

export const creationIdParams = z.object({ id: z.string().uuid('That creation id is not valid.') });
export const downloadQuery = z.object({
  format: z.enum(['png', 'jpg', 'md', 'docx'], { message: 'format must be png, jpg, md or docx.' }).optional(),
});

const NOT_FOUND = 'That creation does not exist or is not yours.';

function attachment(res: Response, fileName: string, contentType: string) {
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'private, no-store');
}

export function creationRoutes(deps: CreationRoutesDeps): Router {
  const { db, storage } = deps;
  const router = Router();

  router.delete('/creations/:id', async (req, res) => {
    const { id } = creationIdParams.parse(req.params);
    const userId = currentUser(req).id;
    const claimed = await withTransaction(db, async (client) => {
      const owned = await claimCreationObject(client, userId, id);
      return (await ownCreations.deleteOwned(client, id, userId)) ? owned : null;
    });
    if (!claimed) throw notFound(NOT_FOUND);
    deps.listChanged?.(userId);
    // The row is gone first, so nothing ever points at a missing file. Should the delete of the
    // object fail, the hourly orphan sweep removes it (it is no longer referenced).
    await deps.deleteClaimed(claimed);
    res.json({ success: true, message: 'Creation deleted' });
  });

  router.post('/creations/:id/unpublish', async (req, res) => {
    const { id } = creationIdParams.parse(req.params);
    if (!(await ownCreations.setPublished(db, id, currentUser(req).id, false))) throw notFound(NOT_FOUND);
    deps.listChanged?.(currentUser(req).id);
    res.json({ success: true, message: 'Removed from the community gallery' });
  });

  router.get('/creations/:id/download', async (req, res) => {
    const { id } = creationIdParams.parse(req.params);
    const creation = await ownCreations.findOwned(db, id, currentUser(req).id);
    if (!creation) throw notFound(NOT_FOUND);
    const isImage = creation.type === 'image';
    const format: DownloadFormat = downloadQuery.parse(req.query).format ?? (isImage ? 'png' : 'md');
    if (isImage !== (format === 'png' || format === 'jpg')) {
      throw badRequest(isImage ? 'Images download as png or jpg.' : 'Text downloads as md or docx.');
    }
    const fileName = downloadName(creation, format);
    if (format === 'jpg') {
      // JPEG for marketplaces and mail: transparency becomes white, quality 90.
      const key = creation.object_key ?? storage.keyFromUrl(creation.content);
      if (!key || !(await storage.stat(key))) throw notFound('The image file of this creation is no longer stored.');
      attachment(res, fileName, 'image/jpeg');
      res.end(await sharp(await storage.getBuffer(key), { limitInputPixels: 40_000_000 }).flatten({ background: '#ffffff' }).jpeg({ quality: 90, mozjpeg: true }).toBuffer());
      return;
    }
    if (format === 'png') {
      const key = creation.object_key ?? storage.keyFromUrl(creation.content);
      const stored = key ? await storage.stat(key) : null;
      if (!key || !stored) throw notFound('The image file of this creation is no longer stored.');
      attachment(res, fileName, 'image/png');
      if (stored.contentType === 'image/png') {
        const { stream } = await storage.getStream(key);
        await pipeline(stream, res);
        return;
      }
      res.end(await sharp(await storage.getBuffer(key), { limitInputPixels: 40_000_000 }).png().toBuffer());
      return;
    }
    if (format === 'md') {
      attachment(res, fileName, 'text/markdown; charset=utf-8');
      res.end(creation.content);
      return;
    }
    const title = creation.type === 'article' ? articleTopic(creation.prompt) : creation.prompt;
    // The Word writer is loaded on the first .docx download, not at start.
    const { markdownToDocx } = await import('./markdown-docx.js');
    const docx = await markdownToDocx(creation.content, title);
    attachment(res, fileName, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    res.end(docx);
  });

  return router;
}
