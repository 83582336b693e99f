/**
 * The instance model's coarse mask (80×80 prototypes, 8–10 image pixels each) snapped to the
 * photo's edges with a guided filter (He et al.), the image's grey levels as guide. A threshold
 * lower than 50 % keeps thin parts (legs, tails, spokes) the coarse mask only half covers.
 */
import { boxMean, padBox, type Mask, type RgbImage } from './image.js';
import type { Instance } from './instance-seg.js';

/** Refined probability counted as object: low for what is removed (leftovers look worse than extra fill)... */
const OBJECT_LEVEL = 0.3;
/** ...and even for what is kept: a neighbour's generous edge protected a thin part of the target behind it. */
export const KEEP_LEVEL = 0.5;
/** Guided-filter regulariser (grey levels 0–1): lower follows the photo's edges more closely. */
const GUIDE_EPS = 0.004;
/** Logit above which the whole-photo look is sure of an instance (probability 0.9). */
export const SURE_LOGIT = Math.log(0.9 / 0.1);

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
export function protoCell(width: number, height: number): number {
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
