/**
 * The object remover the handler uses: validates the name, then runs the configured engine —
 * Cloudinary (by name), ClipDrop (with our mask) or the embedded detector and fill.
 */
import sharp from 'sharp';
import type { EngineInfo } from '@craftwell/contracts/jobs';
import { UserFacingJobError } from '@craftwell/contracts/handler';
import { removesAnyName, type ObjectConfig } from '@craftwell/core/config/object';
import { objectEngineInfo, offlineObjectEngine } from '@craftwell/core/config/engines';
import { startFillHelper, useFillThreads } from './fill-helper.js';
import { decodeMask, decodeRgb, encodePng, maskBounds, type Mask, type RgbImage } from './image.js';
import { continuesBehind } from './protect-neighbours.js';
import { instanceMask, instanceModelAvailable, segmentInstances } from './instance-seg.js';
import type { SaliencyFn } from './mask.js';
import {
  describeRemoval, fillObjectMask, removalMask, type RemovalMask,
} from './offline.js';
import { FAINT_SOURCE_SCORE, type InstanceChoice } from './find-instances.js';
import { INSTALL_FILL_MODEL_NOTE, judgeFill, untrustedFillNote } from './fill-trust.js';
import type { InstalledModelLookup } from './installed-model.js';
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
  /** Which of several instances to remove (default: the largest). */
  choice?: InstanceChoice;
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
  /** Instance-segmentation model file; absent = the bundled one (tests point it elsewhere). */
  instanceModelPath?: string;
  /** The inpainting model installed from the admin page, looked up per job (OBJECT_INPAINT_MODEL wins). */
  installedModel?: InstalledModelLookup;
  /** Told when an installed model cannot be used, so the job falls back to the built-in fill. */
  warn?: (message: string) => void;
}

/**
 * Objects the model finds that a user's mask does not mostly cover: the fill must not copy them
 * into the hole (`protect`), except those the hole lies on, which it rebuilds from themselves
 * (`rebuild`). Null without the model (the fill then copies from anywhere, as before).
 */
async function objectsAroundUserMask(
  image: RgbImage, mask: Mask, modelPath?: string,
): Promise<{ protect: Mask; rebuild: Mask; behindIds: Mask } | null> {
  if (!instanceModelAvailable(modelPath)) return null;
  // Faint detections too: the fill must not clone even what the model is unsure of (a small object near the hole).
  const instances = await segmentInstances(image, { minScore: FAINT_SOURCE_SCORE, modelPath }).catch(() => null);
  if (!instances?.length) return null;
  const protect: Mask = { data: new Uint8Array(mask.data.length), width: mask.width, height: mask.height };
  const rebuild: Mask = { data: new Uint8Array(mask.data.length), width: mask.width, height: mask.height };
  const behindIds: Mask = { data: new Uint8Array(mask.data.length), width: mask.width, height: mask.height };
  let nextId = 1;
  const bounds = maskBounds(mask);
  if (!bounds) return null;
  for (const inst of instances) {
    const m = instanceMask(inst, image.width, image.height);
    let inside = 0, total = 0;
    for (let i = 0; i < m.data.length; i++) if (m.data[i]) { total++; if (mask.data[i]) inside++; }
    // What the mask covers goes; what it lies on (a table round a hole) is copied from.
    if (inside > 0.5 * total) continue;
    if (continuesBehind(mask, m, bounds)) {
      for (let i = 0; i < m.data.length; i++) if (m.data[i] && !mask.data[i]) rebuild.data[i] = 255;
      continue;
    }
    // Further back than what the mask covers: it ends higher in the photo (see behind.ts).
    let bottom = -1;
    for (let i = 0; i < m.data.length; i++) if (m.data[i]) bottom = Math.floor(i / image.width);
    const id = bottom < bounds.y2 - 1 ? Math.min(255, nextId++) : 0;
    for (let i = 0; i < m.data.length; i++) if (m.data[i] && !mask.data[i]) { protect.data[i] = 255; behindIds.data[i] = id; }
  }
  return { protect, rebuild, behindIds };
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
  useFillThreads(config.fillThreads);

  /** The administrator-installed model, if any; a failed lookup means the built-in fill, said in the log. */
  async function installedModelPath(): Promise<string | null> {
    if (!deps.installedModel) return null;
    try {
      return (await deps.installedModel())?.path ?? null;
    } catch (error) {
      deps.warn?.(`object removal: could not get the installed inpainting model (${error instanceof Error ? error.message : String(error)}); using the built-in fill`);
      return null;
    }
  }

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

    // The fill's helper thread loads while the object is found (see fill-helper.ts).
    startFillHelper();
    await onStage?.('Finding object');
    let removal: RemovalMask | null = null;
    let mask: Mask;
    let protect: Mask | null;
    let rebuild: Mask | null;
    let behindIds: Mask | null;
    let strays: Mask | null = null;
    if (input.maskPng) {
      mask = await decodeMask(input.maskPng, image.width, image.height);
      const around = config.provider === 'clipdrop' ? null : await objectsAroundUserMask(image, mask, deps.instanceModelPath);
      protect = around?.protect ?? null;
      rebuild = around?.rebuild ?? null;
      behindIds = around?.behindIds ?? null;
    } else {
      removal = await removalMask({
        image, name: check.name, minScore: config.minScore, saliency: deps.saliency,
        choice: input.choice, instanceModelPath: deps.instanceModelPath,
      });
      ({ mask, protect, rebuild, behindIds, strays } = removal);
    }
    signal?.throwIfAborted();
    await onStage?.('Filling');

    if (config.provider === 'clipdrop' && config.clipdrop) {
      const out = await clipdropCleanup(config.clipdrop, {
        png: input.png, maskPng: await maskToPng(mask), signal, timeoutMs: config.providerTimeoutMs,
      });
      return { png: await toInputSize(out, image.width, image.height), engine: { ...CLIPDROP_ENGINE } };
    }
    const fillOptions = { protect, repeatable: rebuild, behindIds, strays };
    let modelPath = config.inpaintModelPath ?? (await installedModelPath());
    let fill;
    try {
      fill = await fillObjectMask(image, mask, signal, { ...fillOptions, inpaintModelPath: modelPath });
    } catch (error) {
      // An installed model that will not run must not cost the user the job: the built-in fill serves.
      if (!modelPath || modelPath === config.inpaintModelPath || signal?.aborted) throw error;
      deps.warn?.(`object removal: the installed inpainting model could not run (${error instanceof Error ? error.message : String(error)}); used the built-in fill`);
      modelPath = null;
      fill = await fillObjectMask(image, mask, signal, fillOptions);
    }
    const { image: filled, method } = fill;
    // The fill says when its result cannot be trusted instead of returning it silently.
    const untrusted = untrustedFillNote(judgeFill(image, mask, protect), method === 'model' ? 'model' : 'patch');
    const note = describeRemoval(check.name, removal, method)
      + (untrusted ? ` ${untrusted}` : '')
      + (method !== 'model' ? ` ${INSTALL_FILL_MODEL_NOTE}` : '');
    return {
      png: await encodePng(filled),
      engine: { ...offlineObjectEngine(modelPath), note },
    };
  }

  return { info, remove };
}
