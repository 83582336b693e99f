/**
 * What copying source patch `s` to target `t` costs: the patches' difference, plus the spatial
 * penalty (far sources cost more), the reuse cost (a source copied many times costs more) and the
 * layout guide's penalty (layout-guide.ts).
 */
import { guidePenalty } from './layout-guide.js';
import { PATCH_RADIUS, PATCH_VALUES, reflect, type Level } from './level.js';

/**
 * Cost of copying from far away, in squared colour units per patch value when the source lies one
 * hole extent from the target. Without it the best-matching patch anywhere wins, so a wall a
 * little way off can be pasted into the middle of a floor; with it each hole pixel prefers texture
 * from its own side of the hole (the surface an object stood on, the backdrop beside a person).
 * 600 is about 25 colour units RMS at one extent.
 */
const SPATIAL_WEIGHT = 600;
/** Columns cost this share of rows in that penalty: scenes are mostly layered. */
const HORIZONTAL_SHARE = 0.2;
/**
 * Cost of each hole pixel already copying from a source pixel, below the coarsest level (squared
 * colour units per patch, about 3.7 units RMS). Without it, hole pixels far from a narrow strip of
 * background all take the same few patches, and a large hole came out as a ladder of one patch
 * repeated. Objects rebuilt from themselves are exempt: a lattice is a repeating pattern, and
 * charging for its repeats put a seam like a post in its middle.
 */
const REUSE_COST = 2000;

/** Level.spatial for a level whose hole is `extent` pixels across (see SPATIAL_WEIGHT). */
export function spatialScale(extent: number): number {
  return (SPATIAL_WEIGHT * PATCH_VALUES) / Math.max(1, extent) ** 2;
}

/** Sum of squared differences between the patches at t and s, stopping once above `limit`. */
function patchDistance(level: Level, t: number, s: number, limit: number): number {
  const { width, height, rgb, blocked, channels: C } = level;
  const R = PATCH_RADIUS;
  const tx = t % width, ty = (t - tx) / width;
  const sx = s % width, sy = (s - sx) / width;
  if (C === 5 && tx >= R && ty >= R && tx < width - R && ty < height - R && sx >= R && sy >= R && sx < width - R && sy < height - R) {
    return interiorPatchDistance(rgb, blocked, width, tx, ty, sx, sy, limit);
  }
  let sum = 0;
  for (let dy = -R; dy <= R; dy++) {
    const yt = ty + dy;
    if (yt < 0 || yt >= height) continue;
    const ys = sy + dy;
    const rowT = yt * width, rowS = (ys < 0 || ys >= height ? reflect(ys, height) : ys) * width;
    for (let dx = -R; dx <= R; dx++) {
      const xt = tx + dx;
      if (xt < 0 || xt >= width) continue;
      // Another object's pixels around the target are not background to match: compared, a
      // pale object beside the hole drew flat, pale sources next to it.
      if (blocked && blocked[rowT + xt]) continue;
      const xs = sx + dx;
      const a = (rowT + xt) * C, b = (rowS + (xs < 0 || xs >= width ? reflect(xs, width) : xs)) * C;
      // Unrolled for the three or five values per pixel, summed in the same order.
      let d = rgb[a]! - rgb[b]!;
      sum += d * d;
      d = rgb[a + 1]! - rgb[b + 1]!;
      sum += d * d;
      d = rgb[a + 2]! - rgb[b + 2]!;
      sum += d * d;
      for (let c = 3; c < C; c++) {
        d = rgb[a + c]! - rgb[b + c]!;
        sum += d * d;
      }
    }
    if (sum > limit) return sum;
  }
  return sum;
}

/**
 * patchDistance for two patches wholly inside the image with five values per pixel (the common
 * case): no bounds or mirror tests, the same sums in the same order.
 */
function interiorPatchDistance(
  rgb: Float32Array, blocked: Uint8Array | undefined, width: number, tx: number, ty: number, sx: number, sy: number, limit: number,
): number {
  const R = PATCH_RADIUS, side = 2 * R + 1;
  let sum = 0;
  for (let dy = -R; dy <= R; dy++) {
    let pt = (ty + dy) * width + tx - R;
    let a = pt * 5, b = ((sy + dy) * width + sx - R) * 5;
    for (let k = 0; k < side; k++, pt++, a += 5, b += 5) {
      if (blocked && blocked[pt]) continue;
      let d = rgb[a]! - rgb[b]!;
      sum += d * d;
      d = rgb[a + 1]! - rgb[b + 1]!;
      sum += d * d;
      d = rgb[a + 2]! - rgb[b + 2]!;
      sum += d * d;
      d = rgb[a + 3]! - rgb[b + 3]!;
      sum += d * d;
      d = rgb[a + 4]! - rgb[b + 4]!;
      sum += d * d;
    }
    if (sum > limit) return sum;
  }
  return sum;
}

/** Patch distance plus the spatial penalty; stops early once above `limit`. */
export function matchCost(level: Level, t: number, s: number, limit: number): number {
  const { width } = level;
  const dx = (t % width) - (s % width), dy = Math.floor(t / width) - Math.floor(s / width);
  // Rows count more than columns: scenes are mostly layered (floor under wall, grass under sky),
  // so the same height on the other side of the hole is a better source than straight above.
  if (level.layer && level.layer[t] !== level.layer[s]) return Infinity;
  const reuse = level.uses && !level.repeatable?.[s] ? REUSE_COST * level.uses[s]! : 0;
  let penalty = level.spatial * (HORIZONTAL_SHARE * dx * dx + dy * dy) + reuse;
  if (level.guide) penalty += guidePenalty(level.guide, t, s);
  if (penalty >= limit) return penalty;
  return penalty + patchDistance(level, t, s, limit - penalty);
}
