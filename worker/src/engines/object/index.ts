/**
 * The object remover the handler uses: validates the name, then runs the configured engine —
 * Cloudinary (by name), ClipDrop (with our mask) or the embedded detector and fill.
 */
import sharp from 'sharp';
import type { EngineInfo } from '@craftwell/contracts/jobs';
import { UserFacingJobError } from '@craftwell/contracts/handler';
import { removesAnyName, type ObjectConfig } from '@craftwell/core/config/object';
import { decodeMask, decodeRgb, encodePng, type Mask } from './image.js';
import type { SaliencyFn } from './mask.js';
import { fillObjectMask, locateObject } from './offline.js';
import { objectEngineInfo, offlineObjectEngine } from '@craftwell/core/config/engines';
import { CLIPDROP_ENGINE, clipdropCleanup } from './providers/clipdrop.js';
import { CLOUDINARY_ENGINE, cloudinaryGenRemove } from './providers/cloudinary.js';
import { validateObjectName } from '@craftwell/contracts/object-vocabulary';

export { validateObjectName } from '@craftwell/contracts/object-vocabulary';
export { parseObjectConfig, removesAnyName } from '@craftwell/core/config/object';

export interface RemoveObjectInput {
  /** The normalised input PNG. */
  png: Buffer;
  object: string;
  /** Optional user mask PNG (white = remove); detection is skipped when present. */
  maskPng?: Buffer;
}

export interface RemoveObjectOptions {
  signal?: AbortSignal;
  /** Called when the work moves on to the next of the job's stages. */
  onStage?: (stage: 'Finding object' | 'Filling') => Promise<void>;
}

export interface RemoveObjectResult {
  png: Buffer;
  engine: EngineInfo;
}

export interface ObjectRemover {
  /** The engine that serves requests without a user mask. */
  info: EngineInfo;
  remove(input: RemoveObjectInput, options?: RemoveObjectOptions): Promise<RemoveObjectResult>;
}

export interface ObjectRemoverDeps {
  /** Saliency model used to refine detector boxes into outlines (ISNet). */
  saliency?: SaliencyFn;
}

function maskToPng(mask: Mask): Promise<Buffer> {
  return sharp(Buffer.from(mask.data.buffer, mask.data.byteOffset, mask.data.byteLength), {
    raw: { width: mask.width, height: mask.height, channels: 1 },
  }).png().toBuffer();
}

/** Providers may answer in another size or with alpha: bring it back to the input's size, RGB PNG. */
function toInputSize(png: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(png).removeAlpha().resize(width, height, { fit: 'fill' }).png().toBuffer();
}

export function createObjectRemover(config: ObjectConfig, deps: ObjectRemoverDeps = {}): ObjectRemover {
  const info: EngineInfo = { ...objectEngineInfo(config) };

  async function remove(input: RemoveObjectInput, options: RemoveObjectOptions = {}): Promise<RemoveObjectResult> {
    const { signal, onStage } = options;
    const check = validateObjectName(input.object, { anyName: removesAnyName(config), hasMask: Boolean(input.maskPng) });
    if (!check.ok) throw new UserFacingJobError(check.message, check.status);
    const image = await decodeRgb(input.png);
    signal?.throwIfAborted();

    if (config.provider === 'cloudinary' && config.cloudinary && !input.maskPng) {
      await onStage?.('Filling');
      const out = await cloudinaryGenRemove(config.cloudinary, {
        png: input.png, object: check.name, signal, timeoutMs: config.providerTimeoutMs,
      });
      return { png: await toInputSize(out, image.width, image.height), engine: { ...CLOUDINARY_ENGINE } };
    }

    await onStage?.('Finding object');
    const mask = input.maskPng
      ? await decodeMask(input.maskPng, image.width, image.height)
      : (await locateObject({ image, name: check.name, minScore: config.minScore, saliency: deps.saliency })).mask.mask;
    signal?.throwIfAborted();
    await onStage?.('Filling');

    if (config.provider === 'clipdrop' && config.clipdrop) {
      const out = await clipdropCleanup(config.clipdrop, {
        png: input.png, maskPng: await maskToPng(mask), signal, timeoutMs: config.providerTimeoutMs,
      });
      return { png: await toInputSize(out, image.width, image.height), engine: { ...CLIPDROP_ENGINE } };
    }
    const { image: filled } = await fillObjectMask(image, mask, signal, { inpaintModelPath: config.inpaintModelPath });
    return { png: await encodePng(filled), engine: { ...offlineObjectEngine(config.inpaintModelPath) } };
  }

  return { info, remove };
}
