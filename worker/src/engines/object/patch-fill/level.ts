/**
 * The patch fill's working image: one level of the pyramid (colours and texture features as
 * floats, the hole, what may not be copied), the match field over it, and the geometry every
 * stage shares (patch size, mirrored borders, which pixels are sources and which are targets).
 */
import { boxMean, countZeros } from '../image.js';
import type { LayoutGuide } from './layout-guide.js';

export const PATCH_RADIUS = 3; // 7x7 patches
export const PATCH_VALUES = (2 * PATCH_RADIUS + 1) ** 2 * 3;

export interface Level {
  width: number;
  height: number;
  /** Values per pixel: RGB, then the texture features (see textureFeatures). */
  channels: number;
  /** Floats, `channels` per pixel; hole pixels hold the current estimate. */
  rgb: Float32Array;
  /** 1 = hole. */
  hole: Uint8Array;
  /** Added cost per squared pixel between target and source (see SPATIAL_WEIGHT). */
  spatial: number;
  /** Surface of every pixel when the hole crosses a border (see layers.ts): copy only from the own surface. */
  layer?: Uint8Array;
  /** 1 = another object's pixel: never a patch source, so the fill cannot clone a neighbour. */
  blocked?: Uint8Array;
  /** 1 = a scene pixel never to copy, though still compared and guided by (a line drawn across the hole: see straight-lines.ts). */
  noSource?: Uint8Array;
  /** Below the coarsest level: how many hole pixels copy from each source pixel (see REUSE_COST). */
  uses?: Int32Array;
  /** 1 = a pixel of an object rebuilt from itself (one continuing behind the removed object): free to copy many times. */
  repeatable?: Uint8Array;
  /** The layout the search is held to (see layoutGuide). */
  guide?: LayoutGuide;
}

export interface Field {
  targets: Int32Array;
  /** Index of each target pixel in `targets`, or -1. */
  slot: Int32Array;
  /** Source pixel index per target. */
  source: Int32Array;
  distance: Float32Array;
}

export function newField(level: Level, targets: Int32Array): Field {
  const slot = new Int32Array(level.width * level.height).fill(-1);
  for (let k = 0; k < targets.length; k++) slot[targets[k]!] = k;
  return { targets, slot, source: new Int32Array(targets.length), distance: new Float32Array(targets.length) };
}

/** A 0/1 mask halved: a coarse pixel is 1 if any of its four children is. */
export function anyOfFour(mask: Uint8Array, fineWidth: number, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = 2 * y * fineWidth + 2 * x;
      out[y * width + x] = mask[i]! | mask[i + 1]! | mask[i + fineWidth]! | mask[i + fineWidth + 1]!;
    }
  }
  return out;
}

/** Halves a map of `channels` values per pixel by averaging each 2x2 block. */
export function meanOfFour(values: Float32Array, channels: number, fineWidth: number, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = 2 * y * fineWidth + 2 * x;
      for (let c = 0; c < channels; c++) {
        out[(y * width + x) * channels + c] = (values[i * channels + c]! + values[(i + 1) * channels + c]! +
          values[(i + fineWidth) * channels + c]! + values[(i + fineWidth + 1) * channels + c]!) / 4;
      }
    }
  }
  return out;
}

/** Halves a level; a coarse pixel is a hole if any of its children is one. */
export function downsample(level: Level): Level {
  const width = Math.max(1, Math.floor(level.width / 2));
  const height = Math.max(1, Math.floor(level.height / 2));
  const C = level.channels;
  const rgb = new Float32Array(width * height * C);
  const hole = new Uint8Array(width * height);
  const sum = new Float64Array(C);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let n = 0, anyHole = 0;
      sum.fill(0);
      for (let dy = 0; dy < 2; dy++) {
        for (let dx = 0; dx < 2; dx++) {
          const i = (2 * y + dy) * level.width + 2 * x + dx;
          if (level.hole[i]) { anyHole = 1; continue; }
          for (let c = 0; c < C; c++) sum[c] += level.rgb[i * C + c]!;
          n++;
        }
      }
      const o = y * width + x;
      hole[o] = anyHole;
      if (n > 0) for (let c = 0; c < C; c++) rgb[o * C + c] = sum[c]! / n;
    }
  }
  let layer: Uint8Array | undefined;
  if (level.layer) {
    layer = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let ones = 0;
        for (let dy = 0; dy < 2; dy++) for (let dx = 0; dx < 2; dx++) ones += level.layer[(2 * y + dy) * level.width + 2 * x + dx]!;
        layer[y * width + x] = ones >= 2 ? 1 : 0;
      }
    }
  }
  const blocked = level.blocked && anyOfFour(level.blocked, level.width, width, height);
  const repeatable = level.repeatable && anyOfFour(level.repeatable, level.width, width, height);
  const noSource = level.noSource && anyOfFour(level.noSource, level.width, width, height);
  const guide = level.guide && {
    colour: meanOfFour(level.guide.colour, 3, level.width, width, height),
    trust: meanOfFour(level.guide.trust, 1, level.width, width, height),
    ends: meanOfFour(level.guide.ends, 6, level.width, width, height),
    guided: meanOfFour(level.guide.guided, 1, level.width, width, height),
  };
  return { width, height, channels: C, rgb, hole, spatial: 0, layer, blocked, noSource, repeatable, guide };
}

export function holeExtent(level: Level): number {
  let x1 = level.width, y1 = level.height, x2 = -1, y2 = -1;
  for (let y = 0; y < level.height; y++) {
    for (let x = 0; x < level.width; x++) {
      if (!level.hole[y * level.width + x]) continue;
      if (x < x1) x1 = x; if (x > x2) x2 = x; if (y < y1) y1 = y; if (y > y2) y2 = y;
    }
  }
  return x2 < 0 ? 0 : Math.max(x2 - x1 + 1, y2 - y1 + 1);
}

/** Fills what is not `known` by peeling from the outside in, each pixel the mean of its known neighbours. */
export function onionPeel(level: Level, known: Uint8Array): void {
  const { width, height, rgb, channels: C } = level;
  const sum = new Float64Array(C);
  let remaining = countZeros(known);
  while (remaining > 0) {
    const ready: number[] = [];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (known[i]) continue;
        if ((x > 0 && known[i - 1]) || (x < width - 1 && known[i + 1]) ||
            (y > 0 && known[i - width]) || (y < height - 1 && known[i + width])) ready.push(i);
      }
    }
    if (ready.length === 0) break; // no known pixel at all
    for (const i of ready) {
      const x = i % width, y = (i - x) / width;
      let n = 0;
      sum.fill(0);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx, yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          const j = yy * width + xx;
          if (!known[j]) continue;
          for (let c = 0; c < C; c++) sum[c] += rgb[j * C + c]!;
          n++;
        }
      }
      for (let c = 0; c < C; c++) rgb[i * C + c] = sum[c]! / n;
    }
    for (const i of ready) known[i] = 1;
    remaining -= ready.length;
  }
}

/**
 * Box blur of the first three values per pixel over the pixels `usable` says to count
 * (normalised: a pixel with none of them within `r` keeps its own values).
 */
export function boxBlurUsable(rgb: Float32Array, C: number, usable: (i: number) => boolean, width: number, height: number, r: number): Float32Array {
  const n = width * height;
  const weight = new Float32Array(n);
  const weighted = [0, 1, 2].map(() => new Float32Array(n));
  for (let i = 0; i < n; i++) {
    if (!usable(i)) continue;
    weight[i] = 1;
    for (let c = 0; c < 3; c++) weighted[c]![i] = rgb[i * C + c]!;
  }
  // Means over the same window: their ratio is the mean over the usable pixels in it.
  const share = boxMean(weight, width, height, r);
  const means = weighted.map((v) => boxMean(v, width, height, r));
  const out = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < 3; c++) out[i * 3 + c] = share[i]! > 0 ? means[c]![i]! / share[i]! : rgb[i * C + c]!;
  }
  return out;
}

/**
 * Mirrors a coordinate that falls off the image back inside it. Source patches near the border are
 * read mirrored, so a strip of background along the image edge (the wall beside a person who
 * fills the frame) stays usable at coarse levels, where it is only a few pixels wide.
 */
export function reflect(v: number, size: number): number {
  if (v < 0) return Math.min(size - 1, -v);
  if (v >= size) return Math.max(0, 2 * size - 2 - v);
  return v;
}

/** Pixels whose whole (mirrored) patch lies outside the hole: where patches are copied from. */
export function validSources(level: Level): { valid: Uint8Array; list: Int32Array } {
  const { width, height, hole, blocked, noSource } = level;
  const R = PATCH_RADIUS;
  // Integral image of the mirror-padded hole (and blocked pixels) to test each patch in O(1).
  const pw = width + 2 * R, ph = height + 2 * R;
  const sat = new Int32Array((pw + 1) * (ph + 1));
  for (let y = 0; y < ph; y++) {
    const row = reflect(y - R, height) * width;
    let rowSum = 0;
    for (let x = 0; x < pw; x++) {
      const p = row + reflect(x - R, width);
      rowSum += hole[p]! | (blocked ? blocked[p]! : 0) | (noSource ? noSource[p]! : 0);
      sat[(y + 1) * (pw + 1) + x + 1] = sat[y * (pw + 1) + x + 1]! + rowSum;
    }
  }
  const valid = new Uint8Array(width * height);
  const list: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Padded coordinates: the patch centred on (x, y) spans [x, x + 2R] there.
      const x0 = x, y0 = y, x1 = x + 2 * R + 1, y1 = y + 2 * R + 1;
      const holes = sat[y1 * (pw + 1) + x1]! - sat[y0 * (pw + 1) + x1]! - sat[y1 * (pw + 1) + x0]! + sat[y0 * (pw + 1) + x0]!;
      if (holes === 0) { valid[y * width + x] = 1; list.push(y * width + x); }
    }
  }
  return { valid, list: Int32Array.from(list) };
}

/** Pixels whose patch touches the hole (the hole grown by the patch radius), in scan order. */
export function targetPixels(level: Level): Int32Array {
  const { width, height, hole } = level;
  const R = PATCH_RADIUS;
  const mark = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!hole[y * width + x]) continue;
      for (let yy = Math.max(0, y - R); yy <= Math.min(height - 1, y + R); yy++) {
        mark.fill(1, yy * width + Math.max(0, x - R), yy * width + Math.min(width - 1, x + R) + 1);
      }
    }
  }
  const out: number[] = [];
  for (let i = 0; i < mark.length; i++) if (mark[i]) out.push(i);
  return Int32Array.from(out);
}

export function nearestValid(level: Level, valid: Uint8Array, x: number, y: number, list: Int32Array, random: () => number): number {
  const { width, height } = level;
  const cx = Math.min(width - 1, Math.max(0, x));
  const cy = Math.min(height - 1, Math.max(0, y));
  if (valid[cy * width + cx]) return cy * width + cx;
  return list[Math.floor(random() * list.length)]!;
}
