/**
 * The detect step of mask-first object removal (POST /api/ai/detect-objects): the instances of a
 * named object in a photo, largest first, each with its box, score, area and a small mask PNG of
 * its box, so the page can outline them and the user can pick one (its index is what the remove
 * call's `instance` means: both run the same model on the same normalised image).
 */
import sharp from 'sharp';
import { UserFacingJobError } from '@craftwell/contracts/handler';
import { decodeRgb, type Box } from './image.js';
import { instanceModelAvailable } from './instance-seg.js';
import { findInstances, notFoundMessage, restingOn, type InstanceChoice, chooseInstances } from './find-instances.js';

/** Mask PNGs are at most this many pixels on their longer side (the page scales them up). */
const MASK_PNG_MAX_SIDE = 256;

export interface DetectedInstance {
  index: number;
  label: string;
  score: number;
  box: Box;
  /** Pixels of the instance's mask at full resolution. */
  area: number;
  /** The instance's mask over its box (white = object), data URL of a PNG, at most 256 px a side. */
  maskPng: string;
  /** What rests on it (an animal on a seat), which removing it would leave in mid-air: the remove call refuses without leaveFloating. */
  carries?: string;
}

export interface DetectInstancesResult {
  object: string;
  width: number;
  height: number;
  instances: DetectedInstance[];
  /** Index of the instance under the requested point, or null. */
  picked: number | null;
  /** Set when nothing was found. */
  message?: string;
}

export class InstanceModelMissingError extends Error {
  constructor() {
    super('Picking objects on the photo is not available on this server (the instance-segmentation model is not installed). Type the name and remove it directly instead.');
  }
}

/** Runs on the normalised upload (PNG). `name` must already be validated (one known word). */
export async function detectInstances(
  png: Buffer, name: string, options: { minScore: number; point?: InstanceChoice['point']; modelPath?: string },
): Promise<DetectInstancesResult> {
  if (!instanceModelAvailable(options.modelPath)) throw new InstanceModelMissingError();
  const image = await decodeRgb(png);
  const found = await findInstances(image, name, { minScore: options.minScore, modelPath: options.modelPath });
  const matches = found?.matches ?? [];
  const all = found?.all ?? [];
  const instances: DetectedInstance[] = [];
  for (const [index, inst] of matches.entries()) {
    const { region, logits } = inst;
    const rw = region.x2 - region.x1, rh = region.y2 - region.y1;
    const bytes = Buffer.alloc(rw * rh);
    for (let i = 0; i < bytes.length; i++) bytes[i] = logits[i]! > 0 ? 255 : 0;
    const scale = Math.min(1, MASK_PNG_MAX_SIDE / Math.max(rw, rh));
    const maskPng = await sharp(bytes, { raw: { width: rw, height: rh, channels: 1 } })
      .resize(Math.max(1, Math.round(rw * scale)), Math.max(1, Math.round(rh * scale)))
      .png({ compressionLevel: 9 })
      .toBuffer();
    const carried = restingOn(image, inst, all);
    instances.push({
      index, label: inst.label, score: Math.round(inst.score * 1000) / 1000, box: inst.box, area: inst.area,
      maskPng: `data:image/png;base64,${maskPng.toString('base64')}`,
      ...(carried ? { carries: carried.label } : {}),
    });
  }
  let picked: number | null = null;
  if (options.point && matches.length) {
    try {
      picked = chooseInstances(matches, { point: options.point }, name)[0] ?? null;
    } catch (error) {
      if (!(error instanceof UserFacingJobError)) throw error;
    }
  }
  return {
    object: name, width: image.width, height: image.height, instances, picked,
    ...(instances.length ? {} : { message: notFoundMessage(name) }),
  };
}
