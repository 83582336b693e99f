/**
 * POST /api/images/background (multipart): a cut-out (`image`, a transparent PNG such as a
 * background-removal result) and the options — a colour or a `background` picture behind it,
 * crop to the subject, or the mask alone — answered as a PNG download.
 */
import { Router } from 'express';
import { uploadParser } from '../../middleware/uploads.js';
import { z } from 'zod';
import { normalizeImageUpload } from '@craftwell/contracts/image-input';
import { badRequest } from '@craftwell/core/errors';
import { applyBackgroundOptions } from './background-options.js';

const MAX_BYTES = 20 * 1024 * 1024;

export const backgroundOptionsFields = z.object({
  output: z.enum(['image', 'mask'], { message: 'output must be image or mask.' }).default('image'),
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colour must look like #1a2b3c.').optional(),
  crop: z.enum(['true', 'false'], { message: 'crop must be true or false.' }).default('false'),
});

export function imageRoutes(): Router {
  const router = Router();
  const upload = uploadParser({ maxFileBytes: MAX_BYTES, maxFiles: 2 }).fields([
    { name: 'image', maxCount: 1 },
    { name: 'background', maxCount: 1 },
  ]);

  router.post('/background', upload, async (req, res) => {
    const files = req.files as Record<string, Express.Multer.File[]> | undefined;
    const image = files?.image?.[0];
    if (!image) throw badRequest('Send the cut-out image in the "image" field.');
    const fields = backgroundOptionsFields.parse(req.body ?? {});
    const cutout = await normalizeImageUpload(image.buffer);
    const background = files?.background?.[0] ? (await normalizeImageUpload(files.background[0].buffer)).png : undefined;
    const png = await applyBackgroundOptions(cutout.png, { output: fields.output, colour: fields.colour, background, crop: fields.crop === 'true' });
    const name = `${fields.output === 'mask' ? 'mask' : 'background-removed'}-${Date.now()}.png`;
    res.setHeader('Content-Type', 'image/png');
    res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(png);
  });

  return router;
}
