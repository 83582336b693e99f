/**
 * Turns a detector box into a removal mask: the object's outline inside the box (GrabCut seeded
 * with the box, or a saliency model when one is supplied), the shadow where it meets the ground,
 * then a small dilation so no rim of the object survives the fill.
 */
import sharp from 'sharp';
import { cropRgb, type Box, type Mask, type RgbImage } from './image.js';
import { loadOpenCv, resetOpenCvRandom } from './opencv.js';

/** GrabCut runs on a copy of the padded crop no larger than this (cost grows with pixels). */
const REFINE_MAX_SIDE = 360;
const GRABCUT_ITERATIONS = 4;
/** A refined outline covering less than this share of the box is not trusted: use the box. */
const MIN_OUTLINE_SHARE = 0.12;
/** Saliency/GrabCut level counted as object; low, because leftovers look worse than extra fill. */
const FOREGROUND_LEVEL = 64;
/** Share of the detector box's width/height added on each side before refining. */
const BOX_GROWTH = 0.08;
/**
 * Boxes smaller than this (pixels, after growth) are removed whole. Neither saliency nor GrabCut
 * has enough pixels to outline a distant object: GrabCut kept only one part of it, and which part it
 * kept changed from run to run (its colour models start from OpenCV's shared random state). A
 * small box costs the fill little extra and leaves nothing of the object behind.
 */
const SMALL_BOX_AREA = 96 * 96;

/** 8-bit alpha (255 = salient) for an RGB image, same size: e.g. the ISNet background model. */
export type SaliencyFn = (rgb: RgbImage) => Promise<Buffer>;

export interface MaskOptions {
  saliency?: SaliencyFn;
}

export interface ObjectMask {
  mask: Mask;
  /** How the outline was found. */
  outline: 'grabcut' | 'saliency' | 'box';
  /** Pixels added below the object for its contact shadow. */
  shadowPixels: number;
}

function paddedBox(box: Box, width: number, height: number): Box {
  const bw = box.x2 - box.x1, bh = box.y2 - box.y1;
  const pad = Math.max(8, Math.round(0.15 * Math.max(bw, bh)));
  return {
    x1: Math.max(0, Math.floor(box.x1 - pad)),
    y1: Math.max(0, Math.floor(box.y1 - pad)),
    x2: Math.min(width, Math.ceil(box.x2 + pad)),
    y2: Math.min(height, Math.ceil(box.y2 + pad)),
  };
}

async function resizeGrey(data: Uint8Array, width: number, height: number, toW: number, toH: number): Promise<Uint8Array> {
  if (width === toW && height === toH) return data;
  const buf = await sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 1 } })
    .resize(toW, toH, { fit: 'fill', kernel: 'linear' })
    // sharp's pipeline widens one channel to sRGB; keep one byte per pixel.
    .extractChannel(0)
    .raw()
    .toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

async function resizeRgb(image: RgbImage, toW: number, toH: number): Promise<RgbImage> {
  if (image.width === toW && image.height === toH) return image;
  const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(toW, toH, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { data, width: toW, height: toH };
}

/** GrabCut foreground (255/0) for `rect` inside `image`, or null if OpenCV cannot separate it. */
async function grabCut(image: RgbImage, rect: Box): Promise<Uint8Array | null> {
  const cv = await loadOpenCv();
  const src = cv.matFromArray(image.height, image.width, cv.CV_8UC3, image.data);
  const mask = new cv.Mat();
  const bgd = new cv.Mat();
  const fgd = new cv.Mat();
  try {
    const r = new cv.Rect(rect.x1, rect.y1, Math.max(1, rect.x2 - rect.x1), Math.max(1, rect.y2 - rect.y1));
    resetOpenCvRandom(cv);
    cv.grabCut(src, mask, r, bgd, fgd, GRABCUT_ITERATIONS, cv.GC_INIT_WITH_RECT);
    const labels = mask.data as Uint8Array;
    const out = new Uint8Array(labels.length);
    for (let i = 0; i < labels.length; i++) {
      out[i] = labels[i] === cv.GC_FGD || labels[i] === cv.GC_PR_FGD ? 255 : 0;
    }
    return out;
  } catch {
    return null;
  } finally {
    src.delete(); mask.delete(); bgd.delete(); fgd.delete();
  }
}

/** Drops specks (< 2 % of the largest part; a rim can be a separate part) and fills enclosed holes. */
function cleanOutline(fg: Uint8Array, width: number, height: number): Uint8Array {
  const label = new Int32Array(width * height).fill(-1);
  const sizes: number[] = [];
  const stack: number[] = [];
  for (let i = 0; i < fg.length; i++) {
    if (!fg[i] || label[i]! >= 0) continue;
    const id = sizes.length;
    let size = 0;
    stack.push(i);
    label[i] = id;
    while (stack.length) {
      const p = stack.pop()!;
      size++;
      const x = p % width;
      const neighbours = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width];
      for (const q of neighbours) {
        if (q < 0 || q >= fg.length || !fg[q] || label[q]! >= 0) continue;
        label[q] = id;
        stack.push(q);
      }
    }
    sizes.push(size);
  }
  const largest = Math.max(0, ...sizes);
  const out = new Uint8Array(fg.length);
  for (let i = 0; i < fg.length; i++) {
    const id = label[i]!;
    if (id >= 0 && sizes[id]! >= 0.02 * largest) out[i] = 255;
  }
  // Background not reachable from the crop border is a hole inside the object: fill it.
  const outside = new Uint8Array(fg.length);
  for (let x = 0; x < width; x++) { stack.push(x, (height - 1) * width + x); }
  for (let y = 0; y < height; y++) { stack.push(y * width, y * width + width - 1); }
  while (stack.length) {
    const p = stack.pop()!;
    if (out[p] || outside[p]) continue;
    outside[p] = 1;
    const x = p % width;
    if (x > 0) stack.push(p - 1);
    if (x < width - 1) stack.push(p + 1);
    if (p >= width) stack.push(p - width);
    if (p + width < fg.length) stack.push(p + width);
  }
  for (let i = 0; i < fg.length; i++) if (!outside[i]) out[i] = 255;
  return out;
}

function shareInside(fg: Uint8Array, width: number, rect: Box): number {
  let n = 0;
  for (let y = rect.y1; y < rect.y2; y++) for (let x = rect.x1; x < rect.x2; x++) if (fg[y * width + x]) n++;
  return n / Math.max(1, (rect.x2 - rect.x1) * (rect.y2 - rect.y1));
}

/** Object outline inside the padded crop, at crop resolution (255/0), and how it was found. */
async function outlineInCrop(image: RgbImage, crop: Box, box: Box, options: MaskOptions): Promise<{ fg: Uint8Array; outline: ObjectMask['outline'] }> {
  const cw = crop.x2 - crop.x1, ch = crop.y2 - crop.y1;
  const scale = Math.min(1, REFINE_MAX_SIDE / Math.max(cw, ch));
  const sw = Math.max(1, Math.round(cw * scale)), sh = Math.max(1, Math.round(ch * scale));
  const small = await resizeRgb(cropRgb(image, crop), sw, sh);
  const rect: Box = {
    x1: Math.max(0, Math.floor((box.x1 - crop.x1) * scale)),
    y1: Math.max(0, Math.floor((box.y1 - crop.y1) * scale)),
    x2: Math.min(sw, Math.ceil((box.x2 - crop.x1) * scale)),
    y2: Math.min(sh, Math.ceil((box.y2 - crop.y1) * scale)),
  };
  const boxOnly = (): Uint8Array => {
    const fg = new Uint8Array(sw * sh);
    for (let y = rect.y1; y < rect.y2; y++) fg.fill(255, y * sw + rect.x1, y * sw + rect.x2);
    return fg;
  };
  const keepInBox = (fg: Uint8Array): Uint8Array => {
    const out = new Uint8Array(fg.length);
    for (let y = rect.y1; y < rect.y2; y++) for (let x = rect.x1; x < rect.x2; x++) out[y * sw + x] = fg[y * sw + x]! >= FOREGROUND_LEVEL ? 255 : 0;
    return out;
  };

  let result: { fg: Uint8Array; outline: ObjectMask['outline'] } = { fg: boxOnly(), outline: 'box' };
  const refine = (box.x2 - box.x1) * (box.y2 - box.y1) >= SMALL_BOX_AREA;
  if (refine && options.saliency) {
    // A saliency failure only costs precision: GrabCut below takes over.
    const alpha = await options.saliency(small).catch(() => null);
    if (alpha && alpha.length === sw * sh) {
      const fg = cleanOutline(keepInBox(new Uint8Array(alpha.buffer, alpha.byteOffset, alpha.byteLength)), sw, sh);
      if (shareInside(fg, sw, rect) >= MIN_OUTLINE_SHARE) result = { fg, outline: 'saliency' };
    }
  }
  // GrabCut needs some background around the box to model it.
  const bgShare = 1 - ((rect.x2 - rect.x1) * (rect.y2 - rect.y1)) / (sw * sh);
  if (refine && result.outline === 'box' && bgShare >= 0.08) {
    const cut = await grabCut(small, rect);
    if (cut) {
      const fg = cleanOutline(keepInBox(cut), sw, sh);
      if (shareInside(fg, sw, rect) >= MIN_OUTLINE_SHARE) result = { fg, outline: 'grabcut' };
    }
  }
  const full = await resizeGrey(result.fg, sw, sh, cw, ch);
  if (full.length !== cw * ch) throw new Error(`Outline has ${full.length} bytes, expected ${cw * ch}`);
  return { fg: Uint8Array.from(full, (v) => (v >= 128 ? 255 : 0)), outline: result.outline };
}

function luminance(image: RgbImage, i: number): number {
  return 0.299 * image.data[i * 3]! + 0.587 * image.data[i * 3 + 1]! + 0.114 * image.data[i * 3 + 2]!;
}

function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/**
 * Adds the contact shadow: a thin band under every column where the object reaches its lowest
 * rows, plus darker-than-ground pixels next to the object's foot that connect to it.
 */
export function addContactShadow(image: RgbImage, mask: Mask, box: Box): number {
  const { width, height } = mask;
  const bh = box.y2 - box.y1, bw = box.x2 - box.x1;
  const lowest = new Int32Array(width).fill(-1);
  let bottom = -1;
  for (let y = Math.floor(box.y1); y < Math.min(height, Math.ceil(box.y2)); y++) {
    for (let x = Math.floor(box.x1); x < Math.min(width, Math.ceil(box.x2)); x++) {
      if (mask.data[y * width + x]) { lowest[x] = y; if (y > bottom) bottom = y; }
    }
  }
  // An object cut by the bottom edge has no visible contact line.
  if (bottom < 0 || bottom >= height - 2) return 0;
  const foot = bottom - Math.max(2, Math.round(0.15 * bh));
  const band = Math.max(3, Math.round(0.05 * bh));
  let added = 0;
  let footX1 = width, footX2 = -1;
  for (let x = 0; x < width; x++) {
    if (lowest[x]! < foot) continue;
    if (x < footX1) footX1 = x;
    if (x > footX2) footX2 = x;
    for (let y = lowest[x]! + 1; y <= Math.min(height - 1, lowest[x]! + band); y++) {
      const i = y * width + x;
      if (!mask.data[i]) { mask.data[i] = 255; added++; }
    }
  }
  if (footX2 < 0) return added;

  // Ground reference: the strip further below the foot, or beside it when the image ends.
  const ground: number[] = [];
  const gx1 = Math.max(0, Math.round(footX1 - 0.2 * bw)), gx2 = Math.min(width, Math.round(footX2 + 0.2 * bw));
  for (let y = Math.round(bottom + 0.25 * bh); y < Math.min(height, Math.round(bottom + 0.45 * bh)); y++) {
    for (let x = gx1; x < gx2; x += 2) if (!mask.data[y * width + x]) ground.push(luminance(image, y * width + x));
  }
  if (ground.length < 50) {
    for (let y = Math.max(0, foot); y <= bottom; y++) {
      for (let x = Math.max(0, Math.round(box.x1 - 0.3 * bw)); x < Math.min(width, Math.round(box.x2 + 0.3 * bw)); x += 2) {
        if (!mask.data[y * width + x] && (x < box.x1 || x >= box.x2)) ground.push(luminance(image, y * width + x));
      }
    }
  }
  const groundLum = median(ground);
  if (!(groundLum > 20)) return added;

  // Cast shadows that matter sit at the foot: search just around and below it.
  const fw = footX2 - footX1 + 1;
  const sx1 = Math.max(0, Math.round(footX1 - 0.15 * fw)), sx2 = Math.min(width, Math.round(footX2 + 1 + 0.15 * fw));
  const sy1 = Math.max(0, bottom - band), sy2 = Math.min(height, Math.round(bottom + 0.15 * bh));
  const inRegion = (x: number, y: number) => x >= sx1 && x < sx2 && y >= sy1 && y < sy2;
  const shadow = new Uint8Array(width * height);
  const stack: number[] = [];
  for (let y = sy1; y < sy2; y++) for (let x = sx1; x < sx2; x++) if (mask.data[y * width + x]) stack.push(y * width + x);
  let shadowCount = 0;
  const limit = 0.25 * objectArea(mask, box);
  while (stack.length && shadowCount <= limit) {
    const p = stack.pop()!;
    const x = p % width, y = (p - x) / width;
    for (const [nx, ny] of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]] as const) {
      if (!inRegion(nx, ny)) continue;
      const q = ny * width + nx;
      if (mask.data[q] || shadow[q]) continue;
      if (luminance(image, q) >= 0.75 * groundLum) continue;
      shadow[q] = 1;
      shadowCount++;
      stack.push(q);
    }
  }
  // A "shadow" as big as the object means the ground itself is dark: keep only the band.
  if (shadowCount > limit) return added;
  for (let i = 0; i < shadow.length; i++) if (shadow[i]) { mask.data[i] = 255; added++; }
  return added;
}

function objectArea(mask: Mask, box: Box): number {
  let n = 0;
  for (let y = Math.floor(box.y1); y < Math.min(mask.height, Math.ceil(box.y2)); y++) {
    for (let x = Math.floor(box.x1); x < Math.min(mask.width, Math.ceil(box.x2)); x++) if (mask.data[y * mask.width + x]) n++;
  }
  return n;
}

/**
 * Grows the mask by `radius` pixels (round) inside `region` only: one distance transform of the
 * background, thresholded, which costs the same for any radius (a large dilation kernel does not).
 */
export async function dilateMask(mask: Mask, radius: number, region: Box): Promise<void> {
  const cv = await loadOpenCv();
  const w = region.x2 - region.x1, h = region.y2 - region.y1;
  const background = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = (region.y1 + y) * mask.width + region.x1;
    for (let x = 0; x < w; x++) background[y * w + x] = mask.data[row + x] ? 0 : 255;
  }
  const src = cv.matFromArray(h, w, cv.CV_8UC1, background);
  const dist = new cv.Mat();
  try {
    cv.distanceTransform(src, dist, cv.DIST_L2, 5);
    const d = dist.data32F as Float32Array;
    for (let y = 0; y < h; y++) {
      const row = (region.y1 + y) * mask.width + region.x1;
      for (let x = 0; x < w; x++) if (d[y * w + x]! <= radius) mask.data[row + x] = 255;
    }
  } finally {
    src.delete(); dist.delete();
  }
}

/** The full-size removal mask (255 = remove) for the object inside `box`. */
export async function buildObjectMask(image: RgbImage, detected: Box, options: MaskOptions = {}): Promise<ObjectMask> {
  // The detector's boxes are loose either way (a handle can fall outside): grow it.
  const gx = BOX_GROWTH * (detected.x2 - detected.x1), gy = BOX_GROWTH * (detected.y2 - detected.y1);
  const box: Box = {
    x1: Math.max(0, Math.floor(detected.x1 - gx)), y1: Math.max(0, Math.floor(detected.y1 - gy)),
    x2: Math.min(image.width, Math.ceil(detected.x2 + gx)), y2: Math.min(image.height, Math.ceil(detected.y2 + gy)),
  };
  const crop = paddedBox(box, image.width, image.height);
  const { fg, outline } = await outlineInCrop(image, crop, box, options);
  const mask: Mask = { data: new Uint8Array(image.width * image.height), width: image.width, height: image.height };
  const cw = crop.x2 - crop.x1;
  for (let y = crop.y1; y < crop.y2; y++) mask.data.set(fg.subarray((y - crop.y1) * cw, (y - crop.y1 + 1) * cw), y * image.width + crop.x1);

  const shadowPixels = addContactShadow(image, mask, box);
  const diag = Math.hypot(box.x2 - box.x1, box.y2 - box.y1);
  const radius = Math.max(3, Math.round(0.02 * diag));
  const grow = radius + Math.round(0.3 * (box.y2 - box.y1));
  await dilateMask(mask, radius, {
    x1: Math.max(0, crop.x1 - grow), y1: Math.max(0, crop.y1 - grow),
    x2: Math.min(image.width, crop.x2 + grow), y2: Math.min(image.height, crop.y2 + grow),
  });
  return { mask, outline, shadowPixels };
}
