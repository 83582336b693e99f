/**
 * From one segmented instance to the removal mask, at full resolution:
 *  1. the model's coarse mask (80×80 prototypes, 8–10 image pixels each) is snapped to the photo's
 *     edges with a guided filter (He et al.), the image's grey levels as guide;
 *  2. a lower threshold than 50 % keeps thin parts (legs, tails, wheels' spokes) the coarse mask
 *     only half covers: leftovers look worse than a little extra fill;
 *  3. the cast shadow touching the object's bottom is added (mask.ts, darker than the ground);
 *  4. the mask is dilated so no rim survives, then every OTHER detected instance is subtracted:
 *     a dog in front of a bicycle is never taken with the bicycle.
 */
import { boxMean, chessboardDistance, growPiece, padBox, type Box, type Mask, type RgbImage } from './image.js';
import { instanceMask, type Instance } from './instance-seg.js';
import sharp from 'sharp';
import { hiddenParts, targetColouredRim } from './colour-parts.js';
import { dilateMask } from './mask.js';
import { faintStrands, leftoverHair, looseStrands } from './strands.js';
import { loadOpenCv, resetOpenCvRandom } from './opencv.js';

/** Refined probability counted as object: low for what is removed (leftovers look worse than extra fill)... */
const OBJECT_LEVEL = 0.3;
/** ...and even for what is kept: a neighbour's generous edge protected a bicycle stem behind a dog's head. */
const KEEP_LEVEL = 0.5;
/** Guided-filter regulariser (grey levels 0–1): lower follows the photo's edges more closely. */
const GUIDE_EPS = 0.004;
/** Cast shadow: darker than this share of the ground's luminance, and about as grey as the ground. */
const SHADOW_DARKNESS = 0.72;
const SHADOW_MAX_CHROMA = 45;
/** A "shadow" larger than this share of the object means the ground itself is dark: none is added. */
const SHADOW_MAX_SHARE = 0.8;
/** GrabCut runs on the expanded region scaled to at most this side. */
const EXTEND_MAX_SIDE = 320;
/** Share of the box's width and height searched around it for parts the coarse mask missed. */
const EXTEND_MARGIN = 0.6;
/** Parts found by colour may add at most this share of the instance's area. */
const EXTEND_MAX_SHARE = 0.25;
/** An object behind the target is at least this many times its area (see continuesBehind). */
const BACKDROP_AREA_RATIO = 1.5;
/** A piece seen past another object must be this much closer in colour to the object than to the other. */
const PAST_OTHER_RATIO = 0.5;
/** A piece touching only the object itself may add at most this share of its area. */
const EXTEND_LONE_SHARE = 0.08;
/** Another instance whose mask overlaps the target's this much is the same thing under another class (car/truck). */
const SAME_OBJECT_OVERLAP = 0.6;
/** A neighbour reclaims pixels inside the target's mask only at this likelihood (see colour-parts.ts). */
const NEIGHBOUR_HIDDEN_LIKELIHOOD = 0.9;
/** ...and pixels there that continue the neighbour at this one. */
const NEIGHBOUR_TOUCHING_LIKELIHOOD = 0.7;
/** A neighbour whose box, grown by this many pixels, misses the removal is not looked at for hidden parts. */
const NEIGHBOUR_REACH = 8;
/** Logit above which the whole-photo look is sure of an instance (probability 0.9). */
const SURE_LOGIT = Math.log(0.9 / 0.1);
/**
 * A fainter look's mask counts where its probability is above 0.35: a coarse mask cannot resolve
 * the gap between a giraffe's legs, and the zebra seen there stayed at 0.4.
 */
const FAINT_SUPPORT_LOGIT = Math.log(0.35 / 0.65);
/** Other instances are kept this many pixels clear of the mask (their own edge is coarse too). */
const NEIGHBOUR_MARGIN = 2;

function sigmoid(v: number): number {
  return 1 / (1 + Math.exp(-v));
}


/** Guided filter of `p` with grey guide `g` (both region-sized, 0–1). */
export function guidedFilter(g: Float64Array, p: Float64Array, width: number, height: number, r: number, eps: number): Float64Array {
  const gp = new Float64Array(g.length), gg = new Float64Array(g.length);
  for (let i = 0; i < g.length; i++) { gp[i] = g[i]! * p[i]!; gg[i] = g[i]! * g[i]!; }
  const mg = boxMean(g, width, height, r), mp = boxMean(p, width, height, r);
  const mgp = boxMean(gp, width, height, r), mgg = boxMean(gg, width, height, r);
  const a = new Float64Array(g.length), b = new Float64Array(g.length);
  for (let i = 0; i < g.length; i++) {
    const variance = mgg[i]! - mg[i]! * mg[i]!;
    a[i] = (mgp[i]! - mg[i]! * mp[i]!) / (variance + eps);
    b[i] = mp[i]! - a[i]! * mg[i]!;
  }
  const ma = boxMean(a, width, height, r), mb = boxMean(b, width, height, r);
  const out = new Float64Array(g.length);
  for (let i = 0; i < g.length; i++) out[i] = ma[i]! * g[i]! + mb[i]!;
  return out;
}

/** Image pixels per prototype cell along the longer side: the coarse mask's resolution. */
function protoCell(width: number, height: number): number {
  return Math.max(width, height) / 80;
}

/** The instance's mask snapped to the photo's edges, full size (255 = object). */
export function refineInstance(image: RgbImage, instance: Instance, level = OBJECT_LEVEL): Mask {
  const { width, height } = image;
  const cell = protoCell(width, height);
  const region = padBox(instance.box, Math.ceil(2 * cell), width, height);
  const rw = region.x2 - region.x1, rh = region.y2 - region.y1;
  const g = new Float64Array(rw * rh), p = new Float64Array(rw * rh);
  const src = instance.region, sw = src.x2 - src.x1;
  for (let y = region.y1; y < region.y2; y++) {
    for (let x = region.x1; x < region.x2; x++) {
      const i = (y - region.y1) * rw + x - region.x1, o = (y * width + x) * 3;
      g[i] = (0.299 * image.data[o]! + 0.587 * image.data[o + 1]! + 0.114 * image.data[o + 2]!) / 255;
      const inside = x >= src.x1 && x < src.x2 && y >= src.y1 && y < src.y2;
      p[i] = inside ? sigmoid(instance.logits[(y - src.y1) * sw + x - src.x1]!) : 0;
    }
  }
  const q = guidedFilter(g, p, rw, rh, Math.max(2, Math.round(cell)), GUIDE_EPS);
  const data = new Uint8Array(width * height);
  for (let y = region.y1; y < region.y2; y++) {
    for (let x = region.x1; x < region.x2; x++) {
      const i = (y - region.y1) * rw + x - region.x1;
      // The coarse mask's own core always counts: the filter must not open holes in a dark coat.
      if (q[i]! >= level || p[i]! >= Math.max(level, 0.6)) data[y * width + x] = 255;
    }
  }
  return { data, width, height };
}

function luminanceAt(image: RgbImage, i: number): number {
  return 0.299 * image.data[i * 3]! + 0.587 * image.data[i * 3 + 1]! + 0.114 * image.data[i * 3 + 2]!;
}

function chromaAt(image: RgbImage, i: number): number {
  const r = image.data[i * 3]!, g = image.data[i * 3 + 1]!, b = image.data[i * 3 + 2]!;
  return Math.max(r, g, b) - Math.min(r, g, b);
}

/**
 * A neighbour's mask to keep: refined at KEEP_LEVEL, plus what the model is sure of past the
 * neighbour's box when its mask is not cut off there (Instance.wide): the dog's tail hanging below
 * the bench seat, which the dog's box stops at, stays when the bench goes.
 */
export function keptMask(image: RgbImage, inst: Instance): Mask {
  const own = refineInstance(image, inst, KEEP_LEVEL);
  if (!inst.wide) return own;
  const { width, height } = image;
  const { region, logits } = inst.wide;
  const rw = region.x2 - region.x1;
  // Sure pixels past the box, grown by a prototype cell: the refined edge may lie a little out.
  // Worked on within their own bounds only (a full-size pass per neighbour cost about a second at 1 MP).
  const surePastBox = (x: number, y: number) => inBox(region, x, y) && !inBox(inst.box, x, y)
    && logits[(y - region.y1) * rw + x - region.x1]! >= SURE_LOGIT;
  let x1 = width, y1 = height, x2 = -1, y2 = -1;
  for (let y = region.y1; y < region.y2; y++) {
    for (let x = region.x1; x < region.x2; x++) {
      if (!surePastBox(x, y)) continue;
      if (x < x1) x1 = x; if (x > x2) x2 = x; if (y < y1) y1 = y; if (y > y2) y2 = y;
    }
  }
  if (x2 < 0) return own;
  const cell = Math.ceil(protoCell(width, height));
  const near = padBox({ x1, y1, x2: x2 + 1, y2: y2 + 1 }, cell, width, height);
  const nw = near.x2 - near.x1, nh = near.y2 - near.y1;
  const grown = chessboardDistance((i) => surePastBox(near.x1 + (i % nw), near.y1 + Math.floor(i / nw)), nw, nh);
  const wide = refineInstance(image, { ...inst, box: near, region, logits }, KEEP_LEVEL);
  for (let y = near.y1; y < near.y2; y++) {
    for (let x = near.x1; x < near.x2; x++) {
      const i = y * width + x;
      if (wide.data[i] && grown[(y - near.y1) * nw + x - near.x1]! <= cell && !inBox(inst.box, x, y)) own.data[i] = 255;
    }
  }
  return own;
}

function inBox(box: Box, x: number, y: number): boolean {
  return x >= box.x1 && x < box.x2 && y >= box.y1 && y < box.y2;
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

/** Bounds of a mask's pixels, or null when it is empty. */
function maskBox(mask: Mask): Box | null {
  let x1 = mask.width, y1 = mask.height, x2 = -1, y2 = -1;
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      if (!mask.data[y * mask.width + x]) continue;
      if (x < x1) x1 = x; if (x > x2) x2 = x; if (y < y1) y1 = y; if (y > y2) y2 = y;
    }
  }
  return x2 < 0 ? null : { x1, y1, x2: x2 + 1, y2: y2 + 1 };
}

function boxesMeet(a: Box, b: Box): boolean {
  return a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;
}

function overlapShare(a: Mask, b: Mask): number {
  let inter = 0, smaller = 0, areaA = 0, areaB = 0;
  for (let i = 0; i < a.data.length; i++) {
    if (a.data[i]) areaA++;
    if (b.data[i]) areaB++;
    if (a.data[i] && b.data[i]) inter++;
  }
  smaller = Math.min(areaA, areaB);
  return smaller ? inter / smaller : 0;
}

async function resizeMask(data: Uint8Array, width: number, height: number, toW: number, toH: number): Promise<Uint8Array> {
  const out = await sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 1 } })
    .resize(toW, toH, { fit: 'fill', kernel: 'nearest' }).extractChannel(0).raw().toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/**
 * Parts of the object the coarse mask missed but that look like it: a hair bow, a fringe of fur,
 * a tail hanging below the bench seat the dog sits on. GrabCut, seeded with the instance as sure
 * object and the border of a wider region as sure background, learns the object's colours; its
 * new pieces are judged one by one (see below) and never reach the region's border.
 * Returns the added pixels (255), full size.
 */
export async function extendByColour(image: RgbImage, object: Mask, box: Box, others: Mask): Promise<Mask> {
  const { width, height } = image;
  const added: Mask = { data: new Uint8Array(width * height), width, height };
  const bw = box.x2 - box.x1, bh = box.y2 - box.y1;
  const region = padBox(box, 0, width, height);
  region.x1 = Math.max(0, Math.round(box.x1 - EXTEND_MARGIN * bw)); region.x2 = Math.min(width, Math.round(box.x2 + EXTEND_MARGIN * bw));
  region.y1 = Math.max(0, Math.round(box.y1 - EXTEND_MARGIN * bh)); region.y2 = Math.min(height, Math.round(box.y2 + EXTEND_MARGIN * bh));
  const rw = region.x2 - region.x1, rh = region.y2 - region.y1;
  const scale = Math.min(1, EXTEND_MAX_SIDE / Math.max(rw, rh));
  const sw = Math.max(8, Math.round(rw * scale)), sh = Math.max(8, Math.round(rh * scale));
  const crop = Buffer.alloc(rw * rh * 3);
  const seeds = new Uint8Array(rw * rh);
  for (let y = 0; y < rh; y++) {
    image.data.copy(crop, y * rw * 3, ((region.y1 + y) * width + region.x1) * 3, ((region.y1 + y) * width + region.x2) * 3);
    for (let x = 0; x < rw; x++) {
      const i = (region.y1 + y) * width + region.x1 + x;
      // 1 = sure object, 2 = near the region's border (sure background), 3 = probably background.
      const border = x < 3 || y < 3 || x >= rw - 3 || y >= rh - 3;
      seeds[y * rw + x] = object.data[i] ? 1 : border ? 2 : 3;
    }
  }
  const small = await sharp(crop, { raw: { width: rw, height: rh, channels: 3 } }).resize(sw, sh, { fit: 'fill' }).raw().toBuffer();
  const smallSeeds = await resizeMask(seeds, rw, rh, sw, sh);
  const cv = await loadOpenCv();
  const src = cv.matFromArray(sh, sw, cv.CV_8UC3, small);
  const labels = new cv.Mat(sh, sw, cv.CV_8UC1);
  const bgd = new cv.Mat(), fgd = new cv.Mat();
  let fg: Uint8Array;
  try {
    const l = labels.data as Uint8Array;
    const label = [0, cv.GC_FGD, cv.GC_BGD, cv.GC_PR_BGD];
    for (let i = 0; i < l.length; i++) l[i] = label[smallSeeds[i]!] ?? cv.GC_PR_BGD;
    resetOpenCvRandom(cv);
    cv.grabCut(src, labels, new cv.Rect(0, 0, 1, 1), bgd, fgd, 3, cv.GC_INIT_WITH_MASK);
    const out = labels.data as Uint8Array;
    fg = Uint8Array.from(out, (v) => (v === cv.GC_PR_FGD || v === cv.GC_FGD ? 255 : 0));
  } catch {
    return added;
  } finally {
    src.delete(); labels.delete(); bgd.delete(); fgd.delete();
  }
  const full = await resizeMask(fg, sw, sh, rw, rh);
  const meanColour = (pixels: Iterable<number>): number[] => {
    const sum = [0, 0, 0];
    let n = 0;
    for (const i of pixels) { sum[0] += image.data[i * 3]!; sum[1] += image.data[i * 3 + 1]!; sum[2] += image.data[i * 3 + 2]!; n++; }
    return sum.map((v) => v / Math.max(1, n));
  };
  const colourDistance = (a: number[], b: number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
  const inRegion = function* (select: Mask) {
    for (let y = region.y1; y < region.y2; y++) for (let x = region.x1; x < region.x2; x++) if (select.data[y * width + x]) yield y * width + x;
  };
  const objectMean = meanColour(inRegion(object));
  const othersMean = meanColour(inRegion(others));
  // Connected pieces of new object pixels, judged one by one.
  const seen = new Uint8Array(rw * rh);
  let objectArea = 0;
  for (let i = 0; i < object.data.length; i++) if (object.data[i]) objectArea++;
  let budget = EXTEND_MAX_SHARE * objectArea;
  const minPiece = Math.max(20, 0.005 * objectArea);
  for (let start = 0; start < full.length; start++) {
    if (!full[start] || seen[start] || object.data[(region.y1 + Math.floor(start / rw)) * width + region.x1 + (start % rw)]) continue;
    const { pixels: piece, touchesObject, touchesOther, atBorder } = growPiece(
      start, rw, rh, seen, (x, y) => (region.y1 + y) * width + region.x1 + x, object, others,
      (q, g) => full[q] !== 0 && !object.data[g]);
    if (atBorder || piece.length < minPiece || piece.length > budget) continue;
    // Next to the object alone, only small pieces (a bow, a fringe): a large one is background of
    // the same colour. Past another object (a tail below a bench seat), only a piece clearly of
    // the object's colour and not of the other's (a dark seat under a dog was taken otherwise).
    if (touchesOther) {
      const mean = meanColour(piece.map((p) => (region.y1 + Math.floor(p / rw)) * width + region.x1 + (p % rw)));
      if (!(colourDistance(mean, objectMean) < PAST_OTHER_RATIO * colourDistance(mean, othersMean))) continue;
    } else if (!touchesObject || piece.length > EXTEND_LONE_SHARE * objectArea) {
      continue;
    }
    budget -= piece.length;
    for (const p of piece) {
      const x = p % rw, y = (p - x) / rw;
      added.data[(region.y1 + y) * width + region.x1 + x] = 255;
    }
  }
  return added;
}

export interface InstanceRemovalMask {
  /** 255 = remove. */
  mask: Mask;
  /** Pixels of other objects the fill must never copy (255). */
  protect: Mask;
  /** Pixels of objects behind the target that the fill rebuilds from themselves (255). */
  rebuild: Mask;
  /** Kept objects standing further back than the target, one id each (1, 2, ...; 0 = none): see behind.ts. */
  behindIds: Mask;
  /** Faint strands past the mask (255), inpainted after the fill, or null: see faintStrands. */
  strays: Mask | null;
  shadowPixels: number;
}

/**
 * Whether `other` continues behind the hole: it has pixels on both sides of the target in a good
 * share of the target's rows (the bench left and right of the dog sitting on it, the wheel on
 * both sides of the dog in front of it). Such a neighbour may be copied from to rebuild it; any
 * other neighbour (a dog beside the bicycle being removed) may not.
 */
export function continuesBehind(target: Mask, other: Mask, box: Box): boolean {
  const { width } = target;
  // Only a clearly larger object is a backdrop: the bicycle beside a dog of about its size was
  // copied into the dog's hole as a grey block when it counted as one.
  let targetArea = 0, otherArea = 0;
  for (let i = 0; i < target.data.length; i++) { if (target.data[i]) targetArea++; if (other.data[i]) otherArea++; }
  if (otherArea < BACKDROP_AREA_RATIO * targetArea) return false;
  let rows = 0, both = 0;
  for (let y = box.y1; y < box.y2; y++) {
    let first = -1, last = -1;
    for (let x = box.x1; x < box.x2; x++) if (target.data[y * width + x]) { if (first < 0) first = x; last = x; }
    if (first < 0) continue;
    rows++;
    let left = false, right = false;
    for (let x = 0; x < first && !left; x++) left = other.data[y * width + x]! > 0;
    for (let x = last + 1; x < width && !right; x++) right = other.data[y * width + x]! > 0;
    if (left && right) both++;
  }
  return rows > 0 && both >= 0.3 * rows;
}

/** Gives the pixels of `within` that have no id the id of one within `reach` pixels (the kept objects' margins). */
function spreadIds(ids: Mask, within: Mask, reach: number): void {
  const { width, height } = ids;
  for (let step = 0; step < reach; step++) {
    const before = Uint8Array.from(ids.data);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (before[i] || !within.data[i]) continue;
        const id = (x > 0 && before[i - 1]) || (x < width - 1 && before[i + 1]) || (y > 0 && before[i - width]) || (y < height - 1 && before[i + width]) || 0;
        if (id) ids.data[i] = id;
      }
    }
  }
}

/**
 * Where the model sees a kept neighbour (255), for hiddenParts' `support`: its uncut mask, and
 * the masks of fainter detections of the same class that hold it (FAINT_SUPPORT_LOGIT): the
 * model's fainter look at the zebra took in the whole animal, the part between the giraffe's legs
 * included, where its first look saw only the front half, and that part went with the giraffe.
 * Undefined when neither exists.
 */
function seenByModel(inst: Instance, own: Mask, faint: Instance[], width: number, height: number): Mask | undefined {
  const seen = inst.wide ? instanceMask({ ...inst, ...inst.wide }, width, height) : undefined;
  const duplicates = faint.filter((f) => f.label === inst.label && boxesMeet(f.box, inst.box));
  if (!duplicates.length) return seen;
  const out: Mask = seen ?? { data: new Uint8Array(width * height), width, height };
  for (const f of duplicates) {
    if (overlapShare(instanceMask(f, width, height), own) < SAME_OBJECT_OVERLAP) continue;
    const m = instanceMask(f, width, height, FAINT_SUPPORT_LOGIT);
    for (let i = 0; i < m.data.length; i++) if (m.data[i]) out.data[i] = 255;
  }
  return out;
}

/**
 * The removal mask for `targets` (one or more instances of the asked class) given every instance
 * found in the photo: refined, shadow added, grown, other instances subtracted.
 */
export async function buildInstanceRemovalMask(
  image: RgbImage, targets: Instance[], all: Instance[], closer: Instance[] = [], faint: Instance[] = [],
): Promise<InstanceRemovalMask> {
  const { width, height } = image;
  const whole = { x1: 0, y1: 0, x2: width, y2: height };
  const object: Mask = { data: new Uint8Array(width * height), width, height };
  const refined = new Map<Instance, Mask>();
  const refinedOf = (inst: Instance) => {
    let m = refined.get(inst);
    if (!m) { m = refineInstance(image, inst); refined.set(inst, m); }
    return m;
  };
  // The targets as seen in the whole photo and, closer up, with parts the first look missed.
  const parts = [...targets, ...closer];
  for (const part of parts) {
    const own = refinedOf(part);
    for (let i = 0; i < own.data.length; i++) if (own.data[i]) object.data[i] = 255;
  }
  const bounds = parts.reduce<Box>((b, t) => ({
    x1: Math.min(b.x1, t.box.x1), y1: Math.min(b.y1, t.box.y1), x2: Math.max(b.x2, t.box.x2), y2: Math.max(b.y2, t.box.y2),
  }), { x1: width, y1: height, x2: 0, y2: 0 });

  // Duplicates of a target under another class (the same car called "truck") go with it.
  const others: Instance[] = [];
  for (const inst of all) {
    if (targets.includes(inst)) continue;
    const m = refinedOf(inst);
    if (targets.some((t) => overlapShare(refinedOf(t), m) >= SAME_OBJECT_OVERLAP)) {
      for (let i = 0; i < m.data.length; i++) if (m.data[i]) object.data[i] = 255;
    } else {
      others.push(inst);
    }
  }
  const othersUnion: Mask = { data: new Uint8Array(width * height), width, height };
  const kept = new Map(others.map((inst) => [inst, keptMask(image, inst)] as const));
  // The targets' sure core: where the whole-photo look had no doubt (not the coarse rim, which
  // swallowed the zebra's hindquarters between the giraffe's legs).
  const sure: Mask = { data: new Uint8Array(width * height), width, height };
  for (const target of targets) {
    const core = instanceMask(target, width, height, SURE_LOGIT);
    for (let i = 0; i < core.data.length; i++) if (core.data[i]) sure.data[i] = 255;
  }
  // A neighbour's doubtful rim that is clearly the target's colour goes with the target (the
  // bicycle's red stem that the dog's coarse mask took in above its head).
  for (const [inst, own] of kept) {
    if (!boxesMeet(padBox(inst.box, NEIGHBOUR_REACH, width, height), bounds)) continue;
    const region = padBox({
      x1: Math.min(inst.box.x1, bounds.x1), y1: Math.min(inst.box.y1, bounds.y1), x2: Math.max(inst.box.x2, bounds.x2), y2: Math.max(inst.box.y2, bounds.y2),
    }, 0, width, height);
    // Its sure core, past its box too (a tail the uncut mask is sure of is no rim).
    const core = instanceMask(inst.wide ? { ...inst, ...inst.wide } : inst, width, height, SURE_LOGIT);
    const rim: Mask = { data: new Uint8Array(width * height), width, height };
    let any = false;
    for (let y = region.y1; y < region.y2; y++) {
      for (let i = y * width + region.x1; i < y * width + region.x2; i++) if (own.data[i] && !core.data[i] && object.data[i]) { rim.data[i] = 255; any = true; }
    }
    if (!any) continue;
    const given = targetColouredRim(image, sure, core, rim, region);
    for (let i = 0; i < given.data.length; i++) if (given.data[i]) own.data[i] = 0;
  }
  for (const m of kept.values()) for (let i = 0; i < m.data.length; i++) if (m.data[i]) othersUnion.data[i] = 255;
  for (const target of targets) {
    const added = await extendByColour(image, refinedOf(target), target.box, othersUnion);
    for (let i = 0; i < added.data.length; i++) if (added.data[i]) object.data[i] = 255;
  }
  // Parts hidden behind another object (the zebra's hindquarters between the giraffe's legs),
  // which that object's coarse mask may have swallowed: they go with the target...
  const claimed: Mask = { data: new Uint8Array(width * height), width, height };
  for (const target of targets) {
    const hidden = hiddenParts(image, object, target.box, othersUnion);
    for (let i = 0; i < hidden.data.length; i++) {
      if (!hidden.data[i]) continue;
      object.data[i] = 255;
      claimed.data[i] = 255;
      for (const m of kept.values()) m.data[i] = 0;
    }
  }
  // ...and a neighbour's hidden parts stay with it (the dog keeps its white tail, swallowed by the
  // dark bench's mask, when the bench goes). Inside the target's mask, what continues the
  // neighbour and looks like it (the giraffe's leg, which a closer look at the zebra took in);
  // anything apart from it only when beyond doubt: a black tyre was taken for the black dog in
  // front of the bicycle.
  const objectBounds = maskBox(object);
  for (const [inst, own] of kept) {
    // Only neighbours next to what is removed can have parts inside it (not the truck down the street).
    if (!objectBounds || !boxesMeet(padBox(inst.box, NEIGHBOUR_REACH, width, height), objectBounds)) continue;
    const around: Mask = { data: Uint8Array.from(object.data), width, height };
    for (const [other, m] of kept) if (other !== inst) for (let i = 0; i < m.data.length; i++) if (m.data[i]) around.data[i] = 255;
    const hidden = hiddenParts(image, own, inst.box, around, {
      otherLikelihood: NEIGHBOUR_HIDDEN_LIKELIHOOD, touchingLikelihood: NEIGHBOUR_TOUCHING_LIKELIHOOD,
      support: seenByModel(inst, own, faint, width, height),
    });
    for (let i = 0; i < hidden.data.length; i++) {
      // Never from the target's sure core as the whole photo showed it: a bench took back the
      // shaded fur between a dog's front legs. Only from its doubtful rim and what the closer
      // look or the colours added to it.
      if (!hidden.data[i] || sure.data[i]) continue;
      own.data[i] = 255;
      object.data[i] = 0;
      claimed.data[i] = 0;
    }
  }

  // Wisps of hair or fur past the mask's edge go with the object (see strands.ts).
  const strands = looseStrands(image, object, bounds, othersUnion);
  for (let i = 0; i < strands.data.length; i++) if (strands.data[i]) object.data[i] = 255;

  // Every other instance keeps its pixels.
  const keep: Mask = { data: new Uint8Array(width * height), width, height };
  const rebuild: Mask = { data: new Uint8Array(width * height), width, height };
  const behindIds: Mask = { data: new Uint8Array(width * height), width, height };
  let nextId = 1;
  const targetBottom = Math.max(...targets.map((t) => t.box.y2));
  for (const inst of others) {
    const own = kept.get(inst)!;
    // An object behind the target (a bench under a dog) may lose the rim the dilation takes
    // (the dog's fur lies over its edge) and is rebuilt from itself; one in front never is.
    if (continuesBehind(object, own, bounds)) {
      for (let i = 0; i < own.data.length; i++) if (own.data[i]) rebuild.data[i] = 255;
      continue;
    }
    // Further back: its box ends higher in the photo, where it meets the ground (the zebra behind the giraffe's legs).
    const id = inst.box.y2 < targetBottom ? Math.min(255, nextId++) : 0;
    for (let i = 0; i < own.data.length; i++) if (own.data[i]) { keep.data[i] = 255; behindIds.data[i] = id; }
  }
  const core = Uint8Array.from(keep.data);
  await dilateMask(keep, NEIGHBOUR_MARGIN, whole);
  // Next to a hidden part the margin keeps nothing but the neighbour itself: a rim of zebra
  // stripes stayed along the giraffe's legs.
  await dilateMask(claimed, NEIGHBOUR_MARGIN + 1, whole);
  for (let i = 0; i < keep.data.length; i++) if (claimed.data[i] && !core[i]) keep.data[i] = 0;

  const mask: Mask = { data: Uint8Array.from(object.data), width, height };
  for (let i = 0; i < mask.data.length; i++) if (keep.data[i]) mask.data[i] = 0;
  let shadowPixels = 0;
  // The shadow never floods into another object, even one behind (a dark bench seat under a dog).
  for (const part of parts) shadowPixels += addCastShadow(image, mask, object, part.box, othersUnion);
  const diag = Math.hypot(bounds.x2 - bounds.x1, bounds.y2 - bounds.y1);
  const radius = Math.max(3, Math.round(0.015 * diag), Math.round(0.6 * protoCell(width, height)));
  const grow = radius + Math.round(0.5 * (bounds.y2 - bounds.y1));
  await dilateMask(mask, radius, padBox(bounds, grow, width, height));
  for (let i = 0; i < mask.data.length; i++) if (keep.data[i]) mask.data[i] = 0;
  spreadIds(behindIds, keep, NEIGHBOUR_MARGIN);
  // Flyaway hair too faint for the strands above, beyond the grown mask, and left-over hair seen
  // only by its colour: people only. Elsewhere on plain ground the same ridges were a floor's
  // board gaps or grass stalks beside a bench.
  let strays: Mask | null = null;
  if (targets.some((t) => t.label === 'person')) {
    strays = faintStrands(image, mask, keep, bounds.y2 - bounds.y1);
    const leftover = leftoverHair(image, mask, object, keep, bounds);
    for (let i = 0; i < strays.data.length; i++) if (leftover.data[i]) strays.data[i] = 255;
  }
  return { mask, protect: keep, rebuild, behindIds, strays, shadowPixels };
}
