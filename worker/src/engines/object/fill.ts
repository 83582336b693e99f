/**
 * Fills the masked region of a photo. Thin holes go to OpenCV's Telea inpaint (fast and clean when
 * every hole pixel is near known ones); thick holes go to the patch-based fill, which copies real
 * texture instead of smearing. Both run on a crop around the mask; only hole pixels are pasted
 * back, so the rest of a large photo keeps its exact pixels and resolution. When the operator
 * supplies an inpainting model (OBJECT_INPAINT_MODEL), every hole goes to it instead. What is
 * pasted back into the photo, and how, is composite.ts.
 */
import { bits, chessboardDistance, cropMask, cropRgb, maskBounds, type Box, type Mask, type RgbImage } from './image.js';
import { inpaintWithModel, modelCrop } from './inpaint-model.js';
import { copyBehindParts, partsBehindKept } from './behind.js';
import { recompositeKeptEdges } from './kept-edges.js';
import { inpaintStrays, pasteCrop } from './composite.js';
import { teleaInpaint } from './opencv.js';
import { patchFill } from './patch-fill.js';
import { continueStraightLines } from './straight-lines.js';

/** Holes whose pixels are all within this many pixels of the edge count as thin. */
const THIN_HOLE_HALF_WIDTH = 6;

export type FillMethod = 'telea' | 'patch' | 'model';

export interface FillOptions {
  /** LaMa-style ONNX model for every hole; null or absent = the classical fills. */
  inpaintModelPath?: string | null;
  /** Other objects' pixels (255): the patch fill never copies from them; the model never sees them. */
  protect?: Mask | null;
  /** Objects rebuilt from themselves (255): their patterns may repeat in the fill. */
  repeatable?: Mask | null;
  /** Kept objects standing further back than the removed one, one id each (1, 2, ...; 0 = none): parts of the hole over them are rebuilt from them (behind.ts). */
  behindIds?: Mask | null;
  /** Faint strands of the removed object past the mask (255): inpainted after the fill, with what it copied of them (strands.ts). */
  strays?: Mask | null;
}

export interface FillResult {
  image: RgbImage;
  method: FillMethod;
  crop: Box;
}

/** Crop around the hole, with room on every side for texture to copy from. */
export function fillCrop(bounds: Box, width: number, height: number): Box {
  const side = Math.max(bounds.x2 - bounds.x1, bounds.y2 - bounds.y1);
  const margin = Math.max(32, Math.round(side * 0.75));
  return {
    x1: Math.max(0, bounds.x1 - margin),
    y1: Math.max(0, bounds.y1 - margin),
    x2: Math.min(width, bounds.x2 + margin),
    y2: Math.min(height, bounds.y2 + margin),
  };
}

/** A row or column of a letterbox bar: no channel of any pixel above this (JPEG ringing included). */
const BAR_MAX_LEVEL = 32;

/**
 * The black bars of a letterboxed or pillarboxed photo (a video still, a screenshot): whole rows
 * at the top and bottom, whole columns at the sides, that are black. They are no part of the
 * scene, so the patch fill never copies them (a black block was pasted into the fill). Null when there are none.
 */
export function letterboxBars(image: RgbImage): Mask | null {
  const { width, height, data } = image;
  const dark = (x: number, y: number) => {
    const i = (y * width + x) * 3;
    return data[i]! <= BAR_MAX_LEVEL && data[i + 1]! <= BAR_MAX_LEVEL && data[i + 2]! <= BAR_MAX_LEVEL;
  };
  const rowDark = (y: number) => { for (let x = 0; x < width; x++) if (!dark(x, y)) return false; return true; };
  const columnDark = (x: number) => { for (let y = 0; y < height; y++) if (!dark(x, y)) return false; return true; };
  let y1 = 0, y2 = height, x1 = 0, x2 = width;
  while (y1 < height && rowDark(y1)) y1++;
  while (y2 > y1 && rowDark(y2 - 1)) y2--;
  while (x1 < width && columnDark(x1)) x1++;
  while (x2 > x1 && columnDark(x2 - 1)) x2--;
  // An all-dark photo is a (night) scene, not bars.
  if (y1 >= y2 || x1 >= x2) return null;
  if (y1 === 0 && y2 === height && x1 === 0 && x2 === width) return null;
  const bars: Mask = { data: new Uint8Array(width * height), width, height };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if (y < y1 || y >= y2 || x < x1 || x >= x2) bars.data[y * width + x] = 255;
  }
  return bars;
}

/** Largest distance from a hole pixel to the nearest known pixel (chessboard metric). */
export function holeHalfWidth(mask: Mask): number {
  const { width, height, data } = mask;
  const dist = chessboardDistance((i) => !data[i], width, height);
  let max = 0;
  for (let i = 0; i < data.length; i++) if (data[i] && dist[i]! > max) max = dist[i]!;
  return max;
}

/**
 * The patch fill of a crop, kept objects never copied. Parts of the hole over a kept object
 * behind the removed one (behind.ts) are rebuilt first, from that object alone; the rest is then
 * filled from the background, those parts now known but not copied either.
 */
function patchFillAround(
  image: RgbImage, crop: RgbImage, hole: Mask, box: Box, signal: AbortSignal | undefined, options: FillOptions, noSource?: Uint8Array,
  trace?: { from: Uint8Array; copies: Uint8Array },
): Uint8Array {
  const bars = letterboxBars(image);
  const notScene = bars ? cropMask(bars, box).data : undefined;
  const repeatable = options.repeatable ? cropMask(options.repeatable, box).data : undefined;
  let blocked = options.protect ? cropMask(options.protect, box).data : undefined;
  let rgb: Uint8Array = crop.data;
  let rest = hole.data;
  const behind = blocked && options.behindIds ? partsBehindKept(hole.data, cropMask(options.behindIds, box).data, crop.width, crop.height) : null;
  if (behind) {
    const elsewhere = bits(behind.source, true);
    const copied = copyBehindParts(rgb, behind, crop.width, crop.height);
    const rebuilt = copied.left
      ? patchFill(copied.rgb, copied.left, crop.width, crop.height, { signal, seed: 7, blocked: elsewhere, repeatable: behind.source })
      : copied.rgb;
    rgb = Uint8Array.from(rgb);
    rest = Uint8Array.from(hole.data);
    const nowBlocked = Uint8Array.from(blocked!);
    for (let i = 0; i < behind.hole.length; i++) {
      if (!behind.hole[i]) continue;
      for (let c = 0; c < 3; c++) rgb[i * 3 + c] = rebuilt[i * 3 + c]!;
      rest[i] = 0;
      nowBlocked[i] = 255;
      // The object's margin beside a run was rebuilt too: it is pasted back with the hole.
      hole.data[i] = 255;
    }
    blocked = nowBlocked;
  }
  return patchFill(rgb, rest, crop.width, crop.height, { signal, seed: 7, blocked, repeatable, notScene, noSource, trace });
}

/** Returns a copy of `image` with the mask's pixels, and any faint strands beside it, filled. */
export async function fillMasked(
  image: RgbImage, mask: Mask, signal?: AbortSignal, options: FillOptions = {},
): Promise<FillResult> {
  if (!options.strays) return fillMaskedHole(image, mask, signal, options);
  // The strays, and whatever the patch fill copied of them into the hole.
  const strays: Mask = { ...options.strays, data: Uint8Array.from(options.strays.data) };
  const filled = await fillMaskedHole(image, mask, signal, options, strays);
  return { ...filled, image: await inpaintStrays(filled.image, strays) };
}

/** The fill of the hole alone; hole pixels copied from pixels of `strays` are added to it. */
async function fillMaskedHole(
  image: RgbImage, mask: Mask, signal: AbortSignal | undefined, options: FillOptions, strays?: Mask,
): Promise<FillResult> {
  const bounds = maskBounds(mask);
  const out: RgbImage = { data: Buffer.from(image.data), width: image.width, height: image.height };
  if (!bounds) return { image: out, method: 'telea', crop: { x1: 0, y1: 0, x2: 0, y2: 0 } };
  if (options.inpaintModelPath) {
    signal?.throwIfAborted();
    const filled = await inpaintWithModel(image, mask, options.inpaintModelPath, options.protect ?? null);
    const crop = modelCrop(bounds, image.width, image.height);
    if (options.protect) recompositeKeptEdges(image, filled, mask, options.protect, crop);
    return { image: filled, method: 'model', crop };
  }
  const box = fillCrop(bounds, image.width, image.height);
  const crop = cropRgb(image, box);
  const hole = cropMask(mask, box);
  const method: FillMethod = holeHalfWidth(hole) <= THIN_HOLE_HALF_WIDTH ? 'telea' : 'patch';
  let filled: Uint8Array;
  // Pixels to paste back: the hole, and whatever the fill's steps add to it.
  const paste = Uint8Array.from(hole.data);
  if (method === 'telea') {
    filled = await teleaInpaint(crop, hole);
  } else {
    // Straight lines seen on both sides are drawn across first (not over kept objects further
    // back: those are rebuilt from themselves); the patch fill then fills around them.
    const skip = options.behindIds ? cropMask(options.behindIds, box).data : undefined;
    const blocked = options.protect ? cropMask(options.protect, box).data : undefined;
    const lines = await continueStraightLines(crop.data, hole.data, blocked, skip, crop.width, crop.height);
    let fillHole = hole;
    if (lines) {
      fillHole = { ...hole, data: Uint8Array.from(hole.data) };
      for (let i = 0; i < fillHole.data.length; i++) if (lines.drawn[i]) fillHole.data[i] = 0;
    }
    const trace = strays ? { from: cropMask(strays, box).data, copies: new Uint8Array(crop.width * crop.height) } : undefined;
    filled = patchFillAround(image, lines ? { ...crop, data: Buffer.from(lines.rgb) } : crop, fillHole, box, signal, options, lines?.onLines, trace);
    if (strays && trace) {
      for (let i = 0; i < trace.copies.length; i++) {
        if (trace.copies[i]) strays.data[(box.y1 + Math.floor(i / crop.width)) * image.width + box.x1 + (i % crop.width)] = 255;
      }
    }
    for (let i = 0; i < paste.length; i++) if (fillHole.data[i]) paste[i] = 255;
  }
  pasteCrop(out, filled, paste, box, crop.width);
  // Kept objects' edges take the new background in place of the removed object's colour.
  if (options.protect) recompositeKeptEdges(image, out, mask, options.protect, box);
  return { image: out, method, crop: box };
}
