/**
 * POST /api/images/background (multipart): a cut-out and the options — a colour or a `background`
 * picture behind it, crop to the subject, a square canvas, a size, or the mask alone
 * (background-options.ts).
 * - With `image` (an uploaded cut-out): the result is answered as a PNG download, nothing saved.
 * - With `source` (one of the user's image creations): a chain step. The result is saved as a new
 *   creation linked to its source and answered like a tool's ({success, content, creationId}).
 *   It runs no model, so it is not counted against the quota (docs/product-rules.md).
 */
import { Router } from 'express';
import { z } from 'zod';
import { normalizeImageUpload } from '@craftwell/contracts/image-input';
import type { Db } from '@craftwell/core/db/pool';
import { insertCreation, saveWithObject } from '@craftwell/core/repositories/creations';
import { newObjectKey } from '@craftwell/storage/keys';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import { currentUser } from '../../middleware/require-auth.js';
import { uploadParser } from '../../middleware/uploads.js';
import { imageInput, type SourceImageReader } from '../creations/source-image.js';
import { applyBackgroundOptions, MAX_OUTPUT_SIDE, MIN_OUTPUT_SIDE, resizesOnly, type BackgroundOptions } from './background-options.js';

const MAX_BYTES = 20 * 1024 * 1024;

export const backgroundOptionsFields = z.object({
  output: z.enum(['image', 'mask'], { message: 'output must be image or mask.' }).default('image'),
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colour must look like #1a2b3c.').optional(),
  crop: z.enum(['true', 'false'], { message: 'crop must be true or false.' }).default('false'),
  square: z.enum(['true', 'false'], { message: 'square must be true or false.' }).default('false'),
  size: z.coerce.number({ message: `size must be a whole number of pixels from ${MIN_OUTPUT_SIDE} to ${MAX_OUTPUT_SIDE}.` })
    .int(`size must be a whole number of pixels from ${MIN_OUTPUT_SIDE} to ${MAX_OUTPUT_SIDE}.`)
    .min(MIN_OUTPUT_SIDE, `size must be a whole number of pixels from ${MIN_OUTPUT_SIDE} to ${MAX_OUTPUT_SIDE}.`)
    .max(MAX_OUTPUT_SIDE, `size must be a whole number of pixels from ${MIN_OUTPUT_SIDE} to ${MAX_OUTPUT_SIDE}.`)
    .optional(),
});

/** The saved creation's prompt: what was done to the source, in words. */
function describeStep(options: BackgroundOptions): string {
  const steps = [
    ...(resizesOnly(options) ? [] : [options.output === 'mask' ? 'Mask of the subject' : options.background ? 'New background picture' : options.colour ? `New background colour ${options.colour}` : 'Transparent background']),
    ...(options.crop ? ['cropped to the subject'] : []),
    ...(options.square ? ['square'] : []),
    ...(options.size ? [`${options.size} px`] : []),
  ].join(', ');
  return steps.charAt(0).toUpperCase() + steps.slice(1);
}

export interface ImageRoutesDeps {
  db: Db;
  storage: ObjectStorage;
  sourceImage: SourceImageReader;
  /** The owner's lists changed (drops their cached pages before the reply). */
  listChanged?: (userId: string) => void;
}

export function imageRoutes({ db, storage, sourceImage, listChanged }: ImageRoutesDeps): Router {
  const router = Router();
  const upload = uploadParser({ maxFileBytes: MAX_BYTES, maxFiles: 2 }).fields([
    { name: 'image', maxCount: 1 },
    { name: 'background', maxCount: 1 },
  ]);

  router.post('/background', upload, async (req, res) => {
    const { bytes, sourceId } = await imageInput(req, sourceImage, 'image', 'Send the cut-out image in the "image" field, or the id of one of your image creations in "source".');
    const fields = backgroundOptionsFields.parse(req.body ?? {});
    const files = req.files as Record<string, Express.Multer.File[]> | undefined;
    const cutout = await normalizeImageUpload(bytes);
    const background = files?.background?.[0] ? (await normalizeImageUpload(files.background[0].buffer)).png : undefined;
    const options: BackgroundOptions = {
      output: fields.output, colour: fields.colour, background, crop: fields.crop === 'true', square: fields.square === 'true', size: fields.size,
    };
    const png = await applyBackgroundOptions(cutout.png, options);
    if (sourceId) {
      const user = currentUser(req);
      const key = newObjectKey('results', 'png');
      const content = storage.publicUrl(key);
      const row = await saveWithObject(db, storage, { key, body: png, contentType: 'image/png' }, (client) => insertCreation(client, {
        userId: user.id, type: 'image', prompt: describeStep(options), content, publish: false,
        // No engine: a sharp edit of the source, not a model's output.
        engine: null, objectKey: key, jobId: null, sourceId,
      }));
      listChanged?.(user.id);
      res.json({ success: true, content: row.content, creationId: row.id });
      return;
    }
    const name = `${fields.output === 'mask' ? 'mask' : 'background-removed'}-${Date.now()}.png`;
    res.setHeader('Content-Type', 'image/png');
    res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(png);
  });

  return router;
}
