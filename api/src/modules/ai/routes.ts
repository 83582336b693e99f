/** The /api/ai calls (docs/api.md). Each validates its input here; the job does the work. */
import { Router, type Request, type Response } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { IMAGE_PRESET_NAMES, presetFinish } from '@craftwell/contracts/tool-options';
import { ARTICLE_LENGTHS, JOB_DESCRIPTION_MAX_CHARS, MAX_PROMPT_CHARS, ARTICLE_MAX_SECTIONS, ARTICLE_TONES, SECTION_ACTIONS } from '@craftwell/contracts/jobs';
import { decodeImageUpload, inspectImageUpload, MAX_IMAGE_BYTES } from '@craftwell/contracts/image-input';
import { checkPdfUpload, MAX_PDF_BYTES } from '@craftwell/contracts/pdf-input';
import { validateObjectName } from '@craftwell/contracts/object-vocabulary';
import { parseBlogTitlePrompt } from '@craftwell/contracts/text-prompts';
import { newObjectKey } from '@craftwell/storage/keys';
import { AppError, badRequest, DependencyUnavailableError } from '@craftwell/core/errors';
import { idempotencyKeyOf } from '../../middleware/idempotency-key.js';
import { currentUser } from '../../middleware/require-auth.js';
import { uploadParser } from '../../middleware/uploads.js';
import { imageInput as readImageInput, type SourceImageReader } from '../creations/source-image.js';
import type { AiService, Submission, UploadToStore } from './service.js';

const prompt = z
  .string({ message: 'Enter a prompt.' })
  .trim()
  .min(1, 'Enter a prompt.')
  .max(MAX_PROMPT_CHARS, `Keep the prompt under ${MAX_PROMPT_CHARS} characters.`);

export const articleSchema = z.object({
  prompt,
  length: z.coerce
    .number({ message: 'Choose an article length.' })
    .refine((n) => (ARTICLE_LENGTHS as readonly number[]).includes(n), 'Choose an article length of 800, 1200 or 1600 words.'),
  tone: z.enum(ARTICLE_TONES, { message: `tone must be one of ${ARTICLE_TONES.join(', ')}.` }).default('neutral'),
  audience: z.string({ message: 'audience must be text.' }).trim().max(100, 'Describe the audience in at most 100 characters.').optional(),
  sections: z
    .array(z.string({ message: 'Each section heading must be text.' }).trim().min(1, 'A section heading cannot be empty.').max(120, 'Keep each section heading under 120 characters.'), { message: 'sections must be a list of headings.' })
    .min(1, 'Keep at least one section.')
    .max(ARTICLE_MAX_SECTIONS, `Use at most ${ARTICLE_MAX_SECTIONS} sections.`)
    .optional(),
});
/** One section of an article (its heading) regenerated, lengthened or shortened. */
export const articleSectionSchema = z.object({
  prompt,
  article: z.string({ message: 'Send the article to revise.' }).min(1, 'Send the article to revise.').max(60_000, 'The article is too long to revise (at most 60,000 characters).'),
  section: z.string({ message: 'Choose the section to revise.' }).trim().min(1, 'Choose the section to revise.').max(200, 'That section heading is too long.'),
  action: z.enum(SECTION_ACTIONS, { message: `action must be one of ${SECTION_ACTIONS.join(', ')}.` }),
  tone: articleSchema.shape.tone,
  audience: articleSchema.shape.audience,
});
/** Planning the sections before the draft: the article's fields without the sections. */
export const articleOutlineSchema = articleSchema.omit({ sections: true });
export const blogTitleSchema = z.object({ prompt });
export const imageSchema = z.object({
  prompt,
  publish: z.boolean({ message: 'publish must be true or false.' }).default(false),
});

/** A finishing preset of Background Removal (IMAGE_PRESETS) and the colour to use instead of its own. */
export const presetFields = z.object({
  preset: z.enum(IMAGE_PRESET_NAMES, { message: `preset must be one of ${IMAGE_PRESET_NAMES.join(', ')}.` }).optional(),
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colour must look like #1a2b3c.').optional(),
}).refine((f) => !f.colour || f.preset, { message: 'colour goes with a preset (it replaces the preset\'s colour).' });

/** The optional job ad pasted next to the resume: matched against it for keywords. */
const resumeReviewSchema = z.object({
  job_description: z
    .string({ message: 'The job description must be text.' })
    .trim()
    .max(JOB_DESCRIPTION_MAX_CHARS, `Keep the job description under ${JOB_DESCRIPTION_MAX_CHARS.toLocaleString('en-US')} characters.`)
    .optional(),
});

function wantsAsync(req: Request) {
  return req.query.async === '1' || req.query.async === 'true';
}

/** What every job request says besides its body: ?async=1 and its Idempotency-Key. */
function requestOptions(req: Request): { async: boolean; idempotencyKey?: string } {
  const key = idempotencyKeyOf(req);
  return { async: wantsAsync(req), ...(key ? { idempotencyKey: key } : {}) };
}

function reply(res: Response, submission: Submission) {
  if (submission.mode === 'async') {
    res.status(202).json({ success: true, jobId: submission.jobId });
    return;
  }
  const { content, engine, creationId } = submission.result;
  res.json({ success: true, content, engine, creationId });
}

/**
 * Answering while the client is still sending makes Node reset the connection, so the client
 * never sees the message. Read (and discard) the rest first, up to a bound.
 */
function drainThen(req: Request, done: () => void) {
  if (req.readableEnded) return done();
  let seen = 0;
  const finish = () => { req.off('data', onData); done(); };
  const onData = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DRAIN_LIMIT_BYTES) { req.off('end', finish); finish(); }
  };
  req.on('data', onData);
  req.once('end', finish);
  req.resume();
}

const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/** Multer errors, in words a person can act on. */
function upload(field: string, maxBytes: number, what: string) {
  const handler = uploadParser({ maxFileBytes: maxBytes, maxFiles: 2 }).fields([
    { name: field, maxCount: 1 },
    { name: 'mask', maxCount: 1 },
  ]);
  return (req: Request, res: Response, next: (err?: unknown) => void) =>
    handler(req, res, (err?: unknown) => {
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') {
          const tooLarge = new AppError(`That ${what} is too large. The limit is ${Math.round(maxBytes / 1024 / 1024)} MB.`, 413);
          return drainThen(req, () => next(tooLarge));
        }
        if (err.code === 'LIMIT_UNEXPECTED_FILE') return next(badRequest(`Send the ${what} in the "${field}" field.`));
        return next(badRequest(`Upload error: ${err.message}.`));
      }
      next(err);
    });
}

/** An uploaded image, stored as its normalised PNG: decoded only once the quota is reserved. */
function pngUpload(bytes: Buffer): UploadToStore {
  return { key: newObjectKey('uploads', 'png'), body: () => decodeImageUpload(bytes), source: bytes, contentType: 'image/png' };
}

function fileOf(req: Request, field: string): Express.Multer.File | undefined {
  const files = req.files as Record<string, Express.Multer.File[]> | undefined;
  return files?.[field]?.[0];
}

/**
 * The optional instance choice of an object removal: `instance`, `instances` (comma list), `all`,
 * or a point `x`,`y` (image pixels); with any of them, `leaveFloating` (remove it even when
 * another object rests on it).
 */
export interface InstanceChoiceFields {
  instance?: number;
  instances?: number[];
  all?: boolean;
  point?: { x: number; y: number };
  leaveFloating?: boolean;
}

/** Reads the multipart fields of an instance choice; a 400 for a value a person can fix. */
export function parseInstanceChoice(body: Record<string, unknown> | undefined, width: number, height: number): InstanceChoiceFields {
  const text = (key: string) => (typeof body?.[key] === 'string' ? (body[key] as string).trim() : '');
  const choice: InstanceChoiceFields = {};
  if (text('instance')) {
    const n = Number(text('instance'));
    if (!Number.isInteger(n) || n < 0 || n > 99) throw badRequest('instance must be a whole number from 0 (the largest found) to 99.');
    choice.instance = n;
  }
  if (text('instances')) {
    const list = text('instances').split(',').map((v) => Number(v.trim()));
    if (list.length > 100 || list.some((n) => !Number.isInteger(n) || n < 0 || n > 99)) {
      throw badRequest('instances must be a comma-separated list of whole numbers from 0 to 99.');
    }
    choice.instances = list;
  }
  if (text('all')) {
    if (!['true', 'false', '1', '0'].includes(text('all'))) throw badRequest('all must be true or false.');
    choice.all = text('all') === 'true' || text('all') === '1';
  }
  if (text('x') || text('y')) {
    const x = Number(text('x')), y = Number(text('y'));
    if (!text('x') || !text('y') || !Number.isFinite(x) || !Number.isFinite(y) || x < 0 || y < 0 || x >= width || y >= height) {
      throw badRequest(`x and y must both be given, in image pixels inside the image (0–${width - 1}, 0–${height - 1}).`);
    }
    choice.point = { x, y };
  }
  if (text('leaveFloating')) {
    if (!['true', 'false', '1', '0'].includes(text('leaveFloating'))) throw badRequest('leaveFloating must be true or false.');
    choice.leaveFloating = text('leaveFloating') === 'true' || text('leaveFloating') === '1';
  }
  const given = [choice.instance !== undefined, choice.instances !== undefined, choice.all === true, choice.point !== undefined].filter(Boolean).length;
  if (given > 1) throw badRequest('Give only one of instance, instances, all=true, or a point (x, y).');
  return choice;
}

export interface AiRoutesDeps {
  service: AiService;
  /** Reads a `source` (an earlier image creation of the user's) for a chain step. */
  sourceImage?: SourceImageReader;
  /** A provider that removes anything by name is configured (else the offline vocabulary applies). */
  objectRemoverTakesAnyName: boolean;
  imageGeneration: () => { configured: boolean; message?: string };
  /** Mounts the pipeline's test job (ENABLE_TEST_JOBS): tests drive the full path through HTTP. */
  testJobs?: boolean;
}

export function aiRoutes({ service, imageGeneration, testJobs, objectRemoverTakesAnyName, sourceImage }: AiRoutesDeps): Router {
  const router = Router();

  const imageInput = (req: Request, missing: string) => readImageInput(req, sourceImage, 'image', missing);

  if (testJobs) {
    router.post('/test-echo', async (req, res) => {
      reply(res, await service.submit(currentUser(req), 'test-echo', req.body ?? {}, requestOptions(req)));
    });
  }

  router.post('/generate-article', async (req, res) => {
    const body = articleSchema.parse(req.body ?? {});
    reply(res, await service.submit(currentUser(req), 'article', { prompt: body.prompt, length: body.length as 800 | 1200 | 1600, tone: body.tone, audience: body.audience || undefined, sections: body.sections }, requestOptions(req)));
  });

  router.post('/revise-article-section', async (req, res) => {
    const body = articleSectionSchema.parse(req.body ?? {});
    reply(res, await service.submit(currentUser(req), 'article-section', { ...body, audience: body.audience || undefined }, requestOptions(req)));
  });

  router.post('/article-outline', async (req, res) => {
    const body = articleOutlineSchema.parse(req.body ?? {});
    reply(res, await service.submit(currentUser(req), 'article-outline', { prompt: body.prompt, length: body.length as 800 | 1200 | 1600, tone: body.tone, audience: body.audience || undefined, save: false }, requestOptions(req)));
  });

  router.post('/generate-blog-title', async (req, res) => {
    const body = blogTitleSchema.parse(req.body ?? {});
    // An unknown category is bad input: refuse it here, before any job or quota.
    try {
      parseBlogTitlePrompt(body.prompt);
    } catch (err) {
      throw badRequest((err as Error).message);
    }
    reply(res, await service.submit(currentUser(req), 'blog-title', body, requestOptions(req)));
  });

  router.post('/generate-image', async (req, res) => {
    const body = imageSchema.parse(req.body ?? {});
    const status = imageGeneration();
    if (!status.configured) throw new AppError(status.message ?? 'Image generation is not configured on this server.', 503, 'not_configured');
    reply(res, await service.submit(currentUser(req), 'generate-image', body, requestOptions(req)));
  });

  router.post('/remove-image-background', upload('image', MAX_IMAGE_BYTES, 'image'), async (req, res) => {
    const { bytes, sourceId } = await imageInput(req, 'Choose an image to remove its background.');
    await inspectImageUpload(bytes);
    const { preset, colour } = presetFields.parse(req.body ?? {});
    const input = pngUpload(bytes);
    const finish = preset ? { finish: presetFinish(preset, colour) } : {};
    reply(res, await service.submit(currentUser(req), 'remove-background', { inputKey: input.key, ...finish, ...(sourceId ? { sourceId } : {}) }, { ...requestOptions(req), uploads: [input] }));
  });

  router.post('/remove-image-object', upload('image', MAX_IMAGE_BYTES, 'image'), async (req, res) => {
    const { bytes, sourceId } = await imageInput(req, 'Choose an image to remove an object from.');
    const maskFile = fileOf(req, 'mask');
    const objectText = typeof req.body?.object === 'string' ? req.body.object : '';
    const check = validateObjectName(objectText, { anyName: objectRemoverTakesAnyName, hasMask: Boolean(maskFile) });
    if (!check.ok) throw new AppError(check.message, check.status);
    const image = await inspectImageUpload(bytes);
    const uploads: UploadToStore[] = [pngUpload(bytes)];
    if (maskFile) {
      const mask = await inspectImageUpload(maskFile.buffer);
      if (mask.width !== image.width || mask.height !== image.height) {
        throw badRequest(`The mask must be the same size as the image (${image.width}×${image.height}).`);
      }
      uploads.push(pngUpload(maskFile.buffer));
    }
    const choice = parseInstanceChoice(req.body, image.width, image.height);
    reply(res, await service.submit(currentUser(req), 'remove-object',
      { inputKey: uploads[0].key, object: check.name, maskKey: uploads[1]?.key, ...choice, ...(sourceId ? { sourceId } : {}) },
      { ...requestOptions(req), uploads }));
  });

  // Mask-first removal, step one: where are the instances of this object? A short job on the
  // image queue (the model lives in the workers), counted on its own light meter (quota.ts).
  router.post('/detect-objects', upload('image', MAX_IMAGE_BYTES, 'image'), async (req, res) => {
    const file = fileOf(req, 'image');
    if (!file) throw badRequest('Choose an image to find objects in.');
    const objectText = typeof req.body?.object === 'string' ? req.body.object : '';
    const check = validateObjectName(objectText);
    if (!check.ok) throw new AppError(check.message, check.status);
    const image = await inspectImageUpload(file.buffer);
    const { point } = parseInstanceChoice({ x: req.body?.x, y: req.body?.y }, image.width, image.height);
    const upload = pngUpload(file.buffer);
    const submission = await service.submit(currentUser(req), 'detect-objects',
      { inputKey: upload.key, object: check.name, point, save: false }, { ...requestOptions(req), async: false, uploads: [upload] });
    // It saves and charges nothing: a queue outage mid-wait is just a retry.
    if (submission.mode !== 'sync') throw new DependencyUnavailableError('The job queue is unavailable right now. Please try again in a moment.', 5, 503, 'queue_unavailable');
    res.json({ success: true, ...JSON.parse(submission.result.content) });
  });

  router.post('/resume-review', upload('resume', MAX_PDF_BYTES, 'resume'), async (req, res) => {
    const file = fileOf(req, 'resume');
    if (!file) throw badRequest('Choose your resume as a PDF file.');
    const { job_description: jobDescription } = resumeReviewSchema.parse(req.body ?? {});
    await checkPdfUpload(file.buffer);
    const input: UploadToStore = { key: newObjectKey('uploads', 'pdf'), body: file.buffer, contentType: 'application/pdf' };
    reply(res, await service.submit(currentUser(req), 'resume-review',
      { inputKey: input.key, ...(jobDescription ? { jobDescription } : {}) },
      { ...requestOptions(req), uploads: [input] }));
  });

  return router;
}
