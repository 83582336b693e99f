/**
 * Stage "grow the mask": what goes, less what is kept, plus the cast shadow at the object's foot,
 * grown so that no rim of the object survives, less what is kept again; and, for labels with
 * loose hair, the faint strands past it that are inpainted after the fill (strands.ts).
 */
import { padBox, type Box, type Mask, type RgbImage } from './image.js';
import { dilateMask } from './mask.js';
import { protoCell } from './refine.js';
import type { RemovalState } from './removal-state.js';
import { faintStrands, leftoverHair } from './strands.js';

export interface GrowOptions {
  /** The mask grows by this share of the removed parts' diagonal... */
  growShare: number;
  /** ...at least this many pixels... */
  minGrow: number;
  /** ...and at least this share of the instance model's coarse cell (its edge is that coarse). */
  cellShare: number;
  /**
   * Labels whose flyaway hair too faint for the strands, and left-over hair seen only by its
   * colour, are looked for past the grown mask. On other objects the same thin bright ridges on
   * plain ground are the ground's own (board gaps, grass stalks).
   */
  hairLabels: readonly string[];
}

export const GROW_DEFAULTS: GrowOptions = { growShare: 0.015, minGrow: 3, cellShare: 0.6, hairLabels: ['person'] };

/** Cast shadow: darker than this share of the ground's luminance, and about as grey as the ground. */
const SHADOW_DARKNESS = 0.72;
const SHADOW_MAX_CHROMA = 45;
/** A "shadow" larger than this share of the object means the ground itself is dark: none is added. */
const SHADOW_MAX_SHARE = 0.8;

/** `mask`, `shadowPixels` and `strays` from what goes and what is kept. */
export async function growMask(state: RemovalState, options: GrowOptions = GROW_DEFAULTS): Promise<void> {
  const { image, object, keep, bounds, mask } = state;
  const { width, height } = image;
  mask.data.set(object.data);
  for (let i = 0; i < mask.data.length; i++) if (keep.data[i]) mask.data[i] = 0;
  // The shadow never floods into another object, even one behind (a dark surface under the target).
  for (const part of state.parts) state.shadowPixels += addCastShadow(image, mask, object, part.box, state.othersUnion);
  const diag = Math.hypot(bounds.x2 - bounds.x1, bounds.y2 - bounds.y1);
  const radius = Math.max(options.minGrow, Math.round(options.growShare * diag), Math.round(options.cellShare * protoCell(width, height)));
  const grow = radius + Math.round(0.5 * (bounds.y2 - bounds.y1));
  await dilateMask(mask, radius, padBox(bounds, grow, width, height));
  for (let i = 0; i < mask.data.length; i++) if (keep.data[i]) mask.data[i] = 0;
  if (state.targets.some((t) => options.hairLabels.includes(t.label))) {
    const strays = faintStrands(image, mask, keep, bounds.y2 - bounds.y1);
    const leftover = leftoverHair(image, mask, object, keep, bounds);
    for (let i = 0; i < strays.data.length; i++) if (leftover.data[i]) strays.data[i] = 255;
    state.strays = strays;
  }
}

function luminanceAt(image: RgbImage, i: number): number {
  return 0.299 * image.data[i * 3]! + 0.587 * image.data[i * 3 + 1]! + 0.114 * image.data[i * 3 + 2]!;
}

function chromaAt(image: RgbImage, i: number): number {
  const r = image.data[i * 3]!, g = image.data[i * 3 + 1]!, b = image.data[i * 3 + 2]!;
  return Math.max(r, g, b) - Math.min(r, g, b);
}

/**
 * Adds the cast shadow attached to the object's bottom: from the lowest sixth of the object,
 * a flood into pixels clearly darker than the ground next to the object and about as grey,
 * within one object height sideways and a third below. Returns the pixels added.
 */
export function addCastShadow(image: RgbImage, mask: Mask, object: Mask, box: Box, protect: Mask | null): number {
  const { width, height } = image;
  const bh = box.y2 - box.y1;
  let bottom = -1, area = 0;
  for (let y = box.y1; y < box.y2; y++) for (let x = box.x1; x < box.x2; x++) if (object.data[y * width + x]) { area++; bottom = y; }
  if (bottom < 0 || bottom >= height - 2) return 0;
  const region = { x1: Math.max(0, box.x1 - bh), x2: Math.min(width, box.x2 + bh), y1: Math.max(0, Math.round(bottom - bh / 6)), y2: Math.min(height, Math.round(bottom + bh / 3)) };
  const free = (i: number) => !mask.data[i] && !(protect?.data[i]);
  // The ground: what surrounds the foot, outside the object.
  const ground: number[] = [];
  for (let y = region.y1; y < region.y2; y += 2) for (let x = region.x1; x < region.x2; x += 2) if (free(y * width + x)) ground.push(luminanceAt(image, y * width + x));
  if (ground.length < 50) return 0;
  ground.sort((a, b) => a - b);
  const groundLum = ground[Math.floor(ground.length * 0.6)]!;
  if (!(groundLum > 30)) return 0;
  const seedTop = Math.round(bottom - bh / 6);
  const shadow = new Uint8Array(width * height);
  const stack: number[] = [];
  for (let y = Math.max(region.y1, seedTop); y <= bottom; y++) for (let x = region.x1; x < region.x2; x++) if (object.data[y * width + x]) stack.push(y * width + x);
  let count = 0;
  const limit = SHADOW_MAX_SHARE * area;
  while (stack.length && count <= limit) {
    const p = stack.pop()!;
    const x = p % width, y = (p - x) / width;
    for (const [nx, ny] of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]] as const) {
      if (nx < region.x1 || nx >= region.x2 || ny < region.y1 || ny >= region.y2) continue;
      const q = ny * width + nx;
      if (shadow[q] || object.data[q] || !free(q)) continue;
      if (luminanceAt(image, q) >= SHADOW_DARKNESS * groundLum || chromaAt(image, q) > SHADOW_MAX_CHROMA) continue;
      shadow[q] = 1;
      count++;
      stack.push(q);
    }
  }
  if (count > limit) return 0;
  for (let i = 0; i < shadow.length; i++) if (shadow[i]) mask.data[i] = 255;
  return count;
}
