/**
 * Parts of an object its instance mask missed because something stands in front of them: a body
 * seen between the legs of an animal in front, a tail hanging below the seat an animal sits on. The
 * object's own colours (a histogram of its mask) are compared with the colours around it (the
 * background, other objects left out) pixel by pixel; the likelihood is averaged over a small
 * window so a striped coat counts as one texture. Pieces that are clearly the object's, lie
 * next to it or next to an object in front of it, and stay away from the search region's border
 * are added. The same runs for the neighbours a removal must keep (their hidden parts are then
 * protected: a part hanging below a seat stays with its owner when the seat goes).
 */
import { boxMean, chessboardDistance, growPiece, type Box, type Mask, type RgbImage } from './image.js';

/** Photos are looked at with their longer side at most about this many pixels. */
const WORKING_SIDE = 800;
/** Levels per channel in the colour histograms. */
const LEVELS = 8;
/** Share of the box's width and height searched around it (a hidden rump lies beyond a leg). */
const MARGIN = 1;
/** Window (radius, pixels at 500 px) over which the object likelihood is averaged. */
const WINDOW_SHARE = 0.008;
/** Averaged likelihood above which a pixel looks like the object. */
const OBJECT_LIKELIHOOD = 0.75;
/** Accepted pieces grow into connected pixels above this likelihood. */
const WEAK_LIKELIHOOD = 0.5;
/** Inside another object's mask a pixel must be this clearly the object's. */
const OTHER_LIKELIHOOD = 0.7;
/** Pieces past another object: centre at most this share of the box's width beside it... */
const BESIDE_SHARE = 0.5;
/** ...and below the top this share of its height. */
const LEVEL_SHARE = 0.25;
/** A piece may add at most this share of the object's area. */
const MAX_PIECE_SHARE = 0.5;
/** A piece of the object's colours next to it alone, behind nothing, may add at most this share of its area. */
export const LONE_PIECE_SHARE = 0.08;
/** Pieces below this share of the object's area are noise. */
const MIN_PIECE_SHARE = 0.004;
/** A piece counts as seen by the model (HiddenPartsOptions.support) when this share of it is. */
const SUPPORTED_SHARE = 0.5;
/** Background pixels this close to the object are left out of its histogram (its own soft edge). */
const EDGE_GAP = 3;

function bin(image: RgbImage, i: number): number {
  const q = 256 / LEVELS;
  return (Math.floor(image.data[i * 3]! / q) * LEVELS + Math.floor(image.data[i * 3 + 1]! / q)) * LEVELS + Math.floor(image.data[i * 3 + 2]! / q);
}

/**
 * Pixels (255) to add to `object` (255 = the instance's refined mask): hidden parts of it seen
 * past `others` (255 = every other instance), also inside their masks where clearly the object's
 * (`otherLikelihood`, default OTHER_LIKELIHOOD; a piece there touching the object only at
 * `touchingLikelihood`, default never). Full-size mask; empty when nothing qualifies.
 */
export interface HiddenPartsOptions {
  /** Likelihood a piece inside `others` apart from the object needs (default OTHER_LIKELIHOOD). */
  otherLikelihood?: number;
  /** ...and one touching the object (default: never taken). */
  touchingLikelihood?: number;
  /**
   * Where the model itself, its mask not cut off at the box, sees the object (255). A piece
   * mostly there is the object's at the plain likelihoods and wherever it lies: a tail below a seat
   * lies under its owner's box, a body seen between the legs of an animal in front is held by that
   * animal's coarse mask too.
   */
  support?: Mask;
}

export function hiddenParts(image: RgbImage, object: Mask, box: Box, others: Mask, options: HiddenPartsOptions = {}): Mask {
  // Large photos are looked at every `step` pixels: the pieces are blobs, and at 1 MP a full-size
  // pass per object cost most of a second.
  const step = Math.ceil(Math.max(image.width, image.height) / WORKING_SIDE);
  if (step <= 1) return hiddenPartsAtSize(image, object, box, others, options);
  const sw = Math.ceil(image.width / step), sh = Math.ceil(image.height / step);
  const small = { data: Buffer.alloc(sw * sh * 3), width: sw, height: sh };
  const smallObject: Mask = { data: new Uint8Array(sw * sh), width: sw, height: sh };
  const smallOthers: Mask = { data: new Uint8Array(sw * sh), width: sw, height: sh };
  const smallSupport: Mask | undefined = options.support && { data: new Uint8Array(sw * sh), width: sw, height: sh };
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      const g = y * step * image.width + x * step, i = y * sw + x;
      image.data.copy(small.data, i * 3, g * 3, g * 3 + 3);
      smallObject.data[i] = object.data[g]!;
      smallOthers.data[i] = others.data[g]!;
      if (smallSupport) smallSupport.data[i] = options.support!.data[g]!;
    }
  }
  const scaled: Box = { x1: Math.floor(box.x1 / step), y1: Math.floor(box.y1 / step), x2: Math.ceil(box.x2 / step), y2: Math.ceil(box.y2 / step) };
  const found = hiddenPartsAtSize(small, smallObject, scaled, smallOthers, { ...options, support: smallSupport });
  const added: Mask = { data: new Uint8Array(image.width * image.height), width: image.width, height: image.height };
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const g = y * image.width + x;
      if (found.data[Math.floor(y / step) * sw + Math.floor(x / step)] && !object.data[g]) added.data[g] = 255;
    }
  }
  return added;
}

function hiddenPartsAtSize(image: RgbImage, object: Mask, box: Box, others: Mask, options: HiddenPartsOptions): Mask {
  const otherLikelihood = options.otherLikelihood ?? OTHER_LIKELIHOOD;
  const touchingLikelihood = options.touchingLikelihood ?? Infinity;
  const candidateLikelihood = Math.min(otherLikelihood, touchingLikelihood);
  const { width, height } = image;
  const added: Mask = { data: new Uint8Array(width * height), width, height };
  const bw = box.x2 - box.x1, bh = box.y2 - box.y1;
  const region: Box = {
    x1: Math.max(0, Math.round(box.x1 - MARGIN * bw)), x2: Math.min(width, Math.round(box.x2 + MARGIN * bw)),
    y1: Math.max(0, Math.round(box.y1 - MARGIN * bh)), y2: Math.min(height, Math.round(box.y2 + MARGIN * bh)),
  };
  const rw = region.x2 - region.x1, rh = region.y2 - region.y1;
  const at = (x: number, y: number) => (region.y1 + y) * width + region.x1 + x;
  // Distance-free "near the object" test: the object grown by EDGE_GAP inside the region.
  const near = new Uint8Array(rw * rh);
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      if (!object.data[at(x, y)]) continue;
      for (let dy = -EDGE_GAP; dy <= EDGE_GAP; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= rh) continue;
        near.fill(1, yy * rw + Math.max(0, x - EDGE_GAP), yy * rw + Math.min(rw, x + EDGE_GAP + 1));
      }
    }
  }
  const bins = LEVELS ** 3;
  const objectHist = new Float64Array(bins), backHist = new Float64Array(bins), otherHist = new Float64Array(bins);
  let objectN = 0, backN = 0, otherN = 0;
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      const g = at(x, y);
      if (object.data[g]) { objectHist[bin(image, g)]!++; objectN++; }
      else if (others.data[g]) { otherHist[bin(image, g)]!++; otherN++; }
      else if (!near[y * rw + x]) { backHist[bin(image, g)]!++; backN++; }
    }
  }
  if (objectN < 50 || backN < 50) return added;
  // Likelihood of "object" per pixel against what the pixel would otherwise be: background, or
  // (inside another object's mask, whose coarse edge may have swallowed a hidden part) that
  // object. Averaged within each kind only: a strip of coat between two legs is not thinned by
  // the legs' colours.
  const like = [new Float32Array(rw * rh), new Float32Array(rw * rh)];
  const kind = [new Float32Array(rw * rh), new Float32Array(rw * rh)];
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      const g = at(x, y);
      if (object.data[g]) continue;
      const b = bin(image, g);
      const inOther = others.data[g] ? 1 : 0;
      const o = objectHist[b]! / objectN;
      const k = inOther ? otherHist[b]! / Math.max(1, otherN) : backHist[b]! / backN;
      like[inOther]![y * rw + x] = o + k > 0 ? o / (o + k) : 0;
      kind[inOther]![y * rw + x] = 1;
    }
  }
  const r = Math.max(2, Math.round(WINDOW_SHARE * Math.max(width, height)));
  const smooth = [0, 1].map((k) => {
    const sumLike = boxMean(like[k]!, rw, rh, r), sumKind = boxMean(kind[k]!, rw, rh, r);
    return sumLike.map((v, i) => (sumKind[i]! > 0 ? v / sumKind[i]! : 0));
  });
  const candidate = new Uint8Array(rw * rh);
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      const g = at(x, y), i = y * rw + x;
      if (object.data[g]) continue;
      if (others.data[g] ? smooth[1]![i]! >= candidateLikelihood : smooth[0]![i]! >= OBJECT_LIKELIHOOD) candidate[i] = 1;
    }
  }
  let objectArea = 0;
  for (let i = 0; i < object.data.length; i++) if (object.data[i]) objectArea++;
  const inOther = (q: number) => others.data[at(q % rw, Math.floor(q / rw))]! > 0;
  const seen = new Uint8Array(rw * rh);
  for (let start = 0; start < candidate.length; start++) {
    if (!candidate[start] || seen[start]) continue;
    // Pieces are of one kind: in the open, or inside another object's mask.
    const kindOf = inOther(start);
    const { pixels: piece, touchesObject, touchesOther, atBorder } = growPiece(
      start, rw, rh, seen, at, object, others, (q) => candidate[q] !== 0 && inOther(q) === kindOf);
    if (atBorder || piece.length < MIN_PIECE_SHARE * objectArea || piece.length > MAX_PIECE_SHARE * objectArea) continue;
    if (!touchesObject && !touchesOther) continue;
    let supported = 0;
    if (options.support) for (const p of piece) if (options.support.data[at(p % rw, Math.floor(p / rw))]) supported++;
    const seenByModel = supported >= SUPPORTED_SHARE * piece.length;
    // In the open and next to the object alone, only a small piece (a lock of hair, a fringe):
    // a large one is background of the same colour (dark trees beside a dark coat).
    const lone = !kindOf && !touchesOther && !seenByModel;
    // Inside another object's mask: by default only what does not touch the object itself (where
    // the removed object's leg meets the neighbour behind it, the leg keeps its pixels); a caller reclaiming a
    // neighbour's continuation from the removed object's mask sets `touchingLikelihood`.
    if (kindOf) {
      let mean = 0;
      for (const p of piece) mean += smooth[1]![p]!;
      mean /= piece.length;
      const needed = touchesObject ? touchingLikelihood : otherLikelihood;
      if (mean < (seenByModel ? Math.min(needed, OTHER_LIKELIHOOD) : needed)) continue;
    }
    // A piece seen past another object lies beside the object, level with its body: not up by
    // the other's head, where a face of the same colour as the coat matched. One the model sees too may hang
    // below (a tail) or lie further aside, but never above: there the uncut mask leaks onto the
    // head of the animal in front.
    if (!touchesObject) {
      let cx = 0, cy = 0;
      for (const p of piece) { cx += region.x1 + (p % rw); cy += region.y1 + Math.floor(p / rw); }
      cx /= piece.length; cy /= piece.length;
      if (cy < box.y1 + LEVEL_SHARE * bh) continue;
      if (!seenByModel && (cx < box.x1 - BESIDE_SHARE * bw || cx > box.x2 + BESIDE_SHARE * bw || cy > box.y2)) continue;
    }
    // Hysteresis: the piece grows into its own kind's pixels that are more the object's than not.
    const grow = [...piece], grown: number[] = [];
    while (grow.length) {
      const p = grow.pop()!;
      grown.push(p);
      const x = p % rw, y = (p - x) / rw;
      for (const [nx, ny] of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]] as const) {
        if (nx < 0 || ny < 0 || nx >= rw || ny >= rh) continue;
        const q = ny * rw + nx, g = at(nx, ny);
        if (seen[q] || object.data[g] || inOther(q) !== kindOf || smooth[kindOf ? 1 : 0]![q]! < WEAK_LIKELIHOOD) continue;
        seen[q] = 1;
        grow.push(q);
      }
    }
    if (lone && grown.length > LONE_PIECE_SHARE * objectArea) continue;
    for (const p of grown) added.data[at(p % rw, Math.floor(p / rw))] = 255;
  }
  return added;
}

/** A neighbour's doubtful rim gives up pixels at least this clearly of the removed object's colours. */
const RIM_TARGET_LIKELIHOOD = 0.9;
/** ...averaged over a window this share of the photo's longer side (narrower than for pieces: a thin part is a few pixels wide). */
const RIM_WINDOW_SHARE = 0.0015;
/** ...and grown by this share of the longer side within the rim. */
const RIM_GROW_SHARE = 0.007;

/**
 * Pixels of a neighbour's doubtful rim (255 in `rim`: kept, but where the model was not sure of
 * it) that are clearly of the removed object's colours rather than the neighbour's: a thin part of
 * the removed object that the coarse mask of a neighbour in front took in along its outline. Colours come
 * from both sure cores (`targetCore`, `neighbourCore`), compared per pixel and averaged over a
 * small window within `box`. Full-size mask (255 = give up).
 */
export function targetColouredRim(image: RgbImage, targetCore: Mask, neighbourCore: Mask, rim: Mask, box: Box): Mask {
  const { width, height } = image;
  const out: Mask = { data: new Uint8Array(width * height), width, height };
  if (box.x2 <= box.x1 || box.y2 <= box.y1) return out;
  const bins = LEVELS ** 3;
  const targetHist = new Float64Array(bins), neighbourHist = new Float64Array(bins);
  let targetN = 0, neighbourN = 0;
  for (let y = box.y1; y < box.y2; y++) {
    for (let x = box.x1; x < box.x2; x++) {
      const g = y * width + x;
      if (targetCore.data[g]) { targetHist[bin(image, g)]!++; targetN++; }
      else if (neighbourCore.data[g]) { neighbourHist[bin(image, g)]!++; neighbourN++; }
    }
  }
  if (targetN < 50 || neighbourN < 50) return out;
  // The rest works on the rim's own bounds (with room for the window and the growth): the band
  // round the neighbour, not the whole of the two objects' boxes (half a second at 1 MP).
  const r = Math.max(1, Math.round(RIM_WINDOW_SHARE * Math.max(width, height)));
  const reach = Math.max(2, Math.round(RIM_GROW_SHARE * Math.max(width, height)));
  const whole = box;
  box = { x1: whole.x2, y1: whole.y2, x2: whole.x1 - 1, y2: whole.y1 - 1 };
  for (let y = whole.y1; y < whole.y2; y++) {
    for (let x = whole.x1; x < whole.x2; x++) {
      if (!rim.data[y * width + x]) continue;
      if (x < box.x1) box.x1 = x; if (x > box.x2) box.x2 = x; if (y < box.y1) box.y1 = y; if (y > box.y2) box.y2 = y;
    }
  }
  if (box.x2 < box.x1) return out;
  const pad = r + reach + 1;
  box = {
    x1: Math.max(whole.x1, box.x1 - pad), y1: Math.max(whole.y1, box.y1 - pad),
    x2: Math.min(whole.x2, box.x2 + 1 + pad), y2: Math.min(whole.y2, box.y2 + 1 + pad),
  };
  const rw = box.x2 - box.x1, rh = box.y2 - box.y1;
  const like = new Float32Array(rw * rh);
  for (let y = box.y1; y < box.y2; y++) {
    for (let x = box.x1; x < box.x2; x++) {
      const b = bin(image, y * width + x);
      const t = targetHist[b]! / targetN, n = neighbourHist[b]! / neighbourN;
      like[(y - box.y1) * rw + x - box.x1] = t + n > 0 ? t / (t + n) : 0.5;
    }
  }
  const smooth = boxMean(like, rw, rh, r);
  const seed = new Uint8Array(rw * rh);
  let any = false;
  for (let y = box.y1; y < box.y2; y++) {
    for (let x = box.x1; x < box.x2; x++) {
      const i = (y - box.y1) * rw + x - box.x1;
      if (rim.data[y * width + x] && smooth[i]! >= RIM_TARGET_LIKELIHOOD) { seed[i] = 1; any = true; }
    }
  }
  if (!any) return out;
  // The thin part's soft, paler edge and what shows beside it go too: left, they kept an outline of it.
  const distance = chessboardDistance((i) => seed[i] === 1, rw, rh);
  for (let y = box.y1; y < box.y2; y++) {
    for (let x = box.x1; x < box.x2; x++) {
      const g = y * width + x;
      if (rim.data[g] && distance[(y - box.y1) * rw + x - box.x1]! <= reach) out.data[g] = 255;
    }
  }
  return out;
}
