/** /api/batches: many images through one image tool (service.ts). */
import { Router, type Request } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { BATCH_TOOLS, MAX_BATCH_ITEMS } from '@craftwell/contracts/batches';
import { IMAGE_PRESET_NAMES } from '@craftwell/contracts/tool-options';
import { validateObjectName } from '@craftwell/contracts/object-vocabulary';
import { decodeImageUpload, ImageInputError, inspectImageUpload } from '@craftwell/contracts/image-input';
import sharp from 'sharp';
import { AppError, badRequest, notFound } from '@craftwell/core/errors';
import { idempotencyKeyOf } from '../../middleware/idempotency-key.js';
import { currentUser } from '../../middleware/require-auth.js';
import { uploadParser } from '../../middleware/uploads.js';
import { readZipImages } from './zip-input.js';
import type { BatchFile, BatchService } from './service.js';

/** A zip or images: each file up to what one request may carry (an image over its own limit is refused as an item). */
const MAX_BATCH_FILE_BYTES = 46 * 1024 * 1024;

export const batchParams = z.object({ id: z.uuid({ message: 'That batch does not exist.' }) });
export const createBatchFields = z.object({
  tool: z.enum(BATCH_TOOLS, { message: `tool must be one of ${BATCH_TOOLS.join(', ')}.` }),
  object: z.string().max(100).optional(),
  preset: z.enum(IMAGE_PRESET_NAMES, { message: `preset must be one of ${IMAGE_PRESET_NAMES.join(', ')}.` }).optional(),
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colour must look like #1a2b3c.').optional(),
}).refine((f) => !f.preset || f.tool === 'remove-background', { message: 'Presets finish Background Removal results: use them with tool remove-background.' })
  .refine((f) => !f.colour || f.preset, { message: 'colour goes with a preset (it replaces the preset\'s colour).' });

const parseFiles = uploadParser({ maxFileBytes: MAX_BATCH_FILE_BYTES, maxFiles: MAX_BATCH_ITEMS + 2 }).fields([
  { name: 'images', maxCount: MAX_BATCH_ITEMS },
  { name: 'zip', maxCount: 1 },
  { name: 'mask', maxCount: 1 },
]);

/**
 * An Object Removal batch's brush mask: checked as the single-image mask upload is (inspect,
 * then decode), kept as a greyscale PNG. Any fault is the mask's, said so, before anything runs.
 */
async function readMask(bytes: Buffer): Promise<Buffer> {
  try {
    await inspectImageUpload(bytes);
    return await sharp(await decodeImageUpload(bytes)).greyscale().png().toBuffer();
  } catch (err) {
    if (err instanceof ImageInputError) throw new AppError(`The mask cannot be used: ${err.message}`, err.status);
    throw err;
  }
}

function parse(req: Request, res: Parameters<typeof parseFiles>[1]): Promise<void> {
  return new Promise((resolve, reject) => parseFiles(req, res, (err?: unknown) => {
    if (err instanceof multer.MulterError) {
      if (err.code === 'LIMIT_FILE_SIZE') return reject(new AppError(`A file is over ${MAX_BATCH_FILE_BYTES / 1024 / 1024} MB. Send large sets in several requests.`, 413, 'input_too_large'));
      if (err.code === 'LIMIT_FILE_COUNT' || err.code === 'LIMIT_UNEXPECTED_FILE') {
        return reject(badRequest(`Send up to ${MAX_BATCH_ITEMS} images in the "images" field, or one zip in the "zip" field.`));
      }
      return reject(badRequest(`Upload error: ${err.message}.`));
    }
    if (err) return reject(err);
    resolve();
  }));
}

/** The request's images: sent one by one and/or unpacked from its zip, in that order. */
function filesOf(req: Request): BatchFile[] {
  const files = (req.files ?? {}) as Record<string, Express.Multer.File[]>;
  const images: BatchFile[] = (files.images ?? []).map((f) => ({ name: f.originalname || 'image', bytes: f.buffer }));
  const zip = files.zip?.[0];
  return zip ? [...images, ...readZipImages(zip.buffer)] : images;
}

export function batchRoutes({ batches, objectRemoverTakesAnyName }: { batches: BatchService; objectRemoverTakesAnyName: boolean }): Router {
  const router = Router();

  router.post('/', async (req, res) => {
    const key = idempotencyKeyOf(req);
    await parse(req, res);
    const fields = createBatchFields.parse(req.body ?? {});
    const maskFile = (req.files as Record<string, Express.Multer.File[]> | undefined)?.mask?.[0];
    if (maskFile && fields.tool !== 'remove-object') throw badRequest('A mask goes with Object Removal: use it with tool remove-object.');
    let object: string | null = null;
    if (fields.tool === 'remove-object') {
      const check = validateObjectName(fields.object ?? '', { anyName: objectRemoverTakesAnyName, hasMask: Boolean(maskFile) });
      if (!check.ok) throw new AppError(check.message, check.status);
      object = check.name;
    }
    const mask = maskFile ? await readMask(maskFile.buffer) : null;
    const { batch, created } = await batches.create(currentUser(req), fields.tool, { object, preset: fields.preset ?? null, colour: fields.colour ?? null, mask }, filesOf(req), key);
    res.status(created ? 201 : 200).json({ success: true, batch });
  });

  router.get('/', async (req, res) => {
    res.json({ success: true, batches: await batches.list(currentUser(req)) });
  });

  router.get('/:id', async (req, res) => {
    const batch = await batches.get(currentUser(req), batchParams.parse(req.params).id);
    if (!batch) throw notFound('That batch does not exist.');
    res.json({ success: true, batch });
  });

  router.post('/:id/items', async (req, res) => {
    // The form's bounds first (uploads.ts), whatever the id: a flood is refused before anything else.
    await parse(req, res);
    const { id } = batchParams.parse(req.params);
    if ((req.files as Record<string, Express.Multer.File[]> | undefined)?.mask) throw badRequest('A batch\'s mask is given when it starts (POST /api/batches); added images get that one.');
    const batch = await batches.add(currentUser(req), id, filesOf(req));
    if (!batch) throw notFound('That batch does not exist.');
    res.json({ success: true, batch });
  });

  router.post('/:id/cancel', async (req, res) => {
    const batch = await batches.cancel(currentUser(req), batchParams.parse(req.params).id);
    if (!batch) throw notFound('That batch does not exist.');
    res.json({ success: true, batch });
  });

  router.get('/:id/download', async (req, res) => {
    const zip = await batches.download(currentUser(req), batchParams.parse(req.params).id);
    if (!zip) throw notFound('That batch does not exist.');
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${zip.name}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    zip.stream.on('error', () => res.destroy());
    zip.stream.pipe(res);
    res.on('close', () => zip.stream.destroy());
  });

  return router;
}
