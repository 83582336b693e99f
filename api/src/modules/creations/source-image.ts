/**
 * Working on an earlier result again (a chain step): a request names one of the user's image
 * creations by id (`source`) instead of uploading it, and what it makes is linked to that source.
 * The one place that reads and checks such a source, for the AI tools and the image edits alike.
 */
import type { Request } from 'express';
import { z } from 'zod';
import type { Db } from '@craftwell/core/db/pool';
import { badRequest, notFound } from '@craftwell/core/errors';
import { findOwned } from '@craftwell/core/repositories/own-creations';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import { currentUser } from '../../middleware/require-auth.js';

/** The stored image of one of this user's image creations, or null (not theirs, not an image, gone). */
export type SourceImageReader = (userId: string, creationId: string) => Promise<Buffer | null>;

export function sourceImageReader(db: Db, storage: ObjectStorage): SourceImageReader {
  return async (userId, creationId) => {
    const creation = await findOwned(db, creationId, userId);
    const key = creation?.type === 'image' ? creation.object_key ?? storage.keyFromUrl(creation.content) : null;
    return key ? storage.getBuffer(key).catch(() => null) : null;
  };
}

/**
 * An image request's input: the uploaded `field`, or with `source` that creation's image (an
 * uploaded file still wins, linked to the source). A source that is not the user's own image
 * creation is a 404 whatever the reason, so ids of others' creations cannot be probed.
 */
export async function imageInput(
  req: Request, sourceImage: SourceImageReader | undefined, field: string, missing: string,
): Promise<{ bytes: Buffer; sourceId?: string }> {
  const files = req.files as Record<string, Express.Multer.File[]> | undefined;
  const file = files?.[field]?.[0];
  const source = typeof req.body?.source === 'string' ? req.body.source.trim() : '';
  if (!source) {
    if (!file) throw badRequest(missing);
    return { bytes: file.buffer };
  }
  const id = z.uuid().safeParse(source);
  const stored = id.success && sourceImage ? await sourceImage(currentUser(req).id, id.data) : null;
  if (!id.success || !stored) throw notFound('That source creation does not exist, is not yours, or is not an image.');
  return { bytes: file?.buffer ?? stored, sourceId: id.data };
}
