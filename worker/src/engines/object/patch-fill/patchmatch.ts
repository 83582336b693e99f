/**
 * PatchMatch (Barnes et al.) over one level: propagation and random search for each target's
 * best source, and the vote that rewrites every hole pixel from the matched patches. The distance
 * refresh and the vote can be split with the helper thread (fill-helper.ts), with the same results.
 */
import type { FillHelper, HelperTask } from '../fill-helper.js';
import { PATCH_RADIUS, reflect, type Field, type Level } from './level.js';
import { matchCost } from './match-cost.js';

/** One PatchMatch pass: propagation from already-visited neighbours, then (optionally) random search. */
export function patchMatchPass(level: Level, field: Field, valid: Uint8Array, reverse: boolean, searchRadius: number, random: () => number): void {
  const { width, height } = level;
  const { targets, slot, source, distance } = field;
  const step = reverse ? -1 : 1;
  for (let k = reverse ? targets.length - 1 : 0; k >= 0 && k < targets.length; k += step) {
    const t = targets[k]!;
    const tx = t % width, ty = (t - tx) / width;
    let best = source[k]!, bestDist = distance[k]!;
    // Propagation: the neighbour's match shifted by one pixel.
    const nx = tx - step, ny = ty - step;
    if (nx >= 0 && nx < width) {
      const n = slot[ty * width + nx]!;
      if (n >= 0) {
        const c = source[n]! + step;
        // Stay on the source's row (a shift off the row's end would wrap to the next one).
        const cx = (source[n]! % width) + step;
        if (cx >= 0 && cx < width && valid[c] && c !== best) {
          const d = matchCost(level, t, c, bestDist);
          if (d < bestDist) { best = c; bestDist = d; }
        }
      }
    }
    if (ny >= 0 && ny < height) {
      const n = slot[ny * width + tx]!;
      if (n >= 0) {
        const c = source[n]! + step * width;
        if (c >= 0 && c < valid.length && valid[c] && c !== best) {
          const d = matchCost(level, t, c, bestDist);
          if (d < bestDist) { best = c; bestDist = d; }
        }
      }
    }
    if (searchRadius > 0) {
      const bx = best % width, by = (best - bx) / width;
      for (let radius = searchRadius; radius >= 1; radius >>= 1) {
        const cx = Math.round(bx + (random() * 2 - 1) * radius);
        const cy = Math.round(by + (random() * 2 - 1) * radius);
        if (cx < 0 || cy < 0 || cx >= width || cy >= height) continue;
        const c = cy * width + cx;
        if (!valid[c] || c === best) continue;
        const d = matchCost(level, t, c, bestDist);
        if (d < bestDist) { best = c; bestDist = d; }
      }
    }
    if (level.uses && level.hole[t] && best !== source[k]) { level.uses[source[k]!]!--; level.uses[best]!++; }
    source[k] = best;
    distance[k] = bestDist;
  }
}

/** The distances of targets from..to-1 to their current sources (the helper thread runs this too). */
export function refreshRange(level: Level, field: Field, from: number, to: number): void {
  for (let k = from; k < to; k++) {
    field.distance[k] = matchCost(level, field.targets[k]!, field.source[k]!, Infinity);
  }
}

/**
 * Runs `mine` here while the helper runs `task` (the other half of a step); when the helper did not
 * finish it, `theirs` (the same half) runs here too.
 */
function inTwoHalves(helper: FillHelper, task: HelperTask, mine: () => void, theirs: () => void): void {
  const done = helper.start(task);
  mine();
  if (!done()) theirs();
}

export function refreshDistances(level: Level, field: Field, helper: FillHelper | null): void {
  const count = field.targets.length;
  if (!helper) return refreshRange(level, field, 0, count);
  const half = count >> 1;
  inTwoHalves(helper, { kind: 'refresh', from: half, to: count }, () => refreshRange(level, field, 0, half), () => refreshRange(level, field, half, count));
}

/**
 * Levels with at least this many target pixels share their distance refresh and vote with the
 * helper thread (see fill-helper.ts); below it, handing over costs more than it saves.
 */
export const SHARED_WORK_MIN_TARGETS = 20_000;

/** A level's arrays and its field as the helper thread sees them (all in shared memory). */
export interface SharedLevel {
  level: Level;
  field: Field;
}

function inShared<T extends Uint8Array | Int32Array | Float32Array | Float64Array>(values: T): T {
  if (values.buffer instanceof SharedArrayBuffer) return values;
  const Kind = values.constructor as new (buffer: SharedArrayBuffer) => T;
  const copy = new Kind(new SharedArrayBuffer(values.byteLength));
  copy.set(values as never);
  return copy;
}

/**
 * Moves what the refresh and the vote read or write into shared memory (the level and field keep
 * using the shared copies; arrays already there stay) and sends it to the helper.
 */
export function shareLevel(level: Level, field: Field, helper: FillHelper): void {
  level.rgb = inShared(level.rgb);
  level.hole = inShared(level.hole);
  if (level.layer) level.layer = inShared(level.layer);
  if (level.blocked) level.blocked = inShared(level.blocked);
  if (level.repeatable) level.repeatable = inShared(level.repeatable);
  if (level.uses) level.uses = inShared(level.uses);
  if (level.guide) {
    const g = level.guide;
    level.guide = { colour: inShared(g.colour), trust: inShared(g.trust), ends: inShared(g.ends), guided: inShared(g.guided) };
  }
  field.targets = inShared(field.targets);
  field.slot = inShared(field.slot);
  field.source = inShared(field.source);
  field.distance = inShared(field.distance);
  const { width, height, channels, rgb, hole, spatial, layer, blocked, uses, repeatable, guide } = level;
  const seen: SharedLevel = { level: { width, height, channels, rgb, hole, spatial, layer, blocked, uses, repeatable, guide }, field };
  helper.useLevel(seen);
}

/** The row that splits a level's hole pixels in two about equal halves (the vote's work). */
function middleHoleRow(level: Level): number {
  const { width, height, hole } = level;
  let total = 0;
  for (let i = 0; i < hole.length; i++) total += hole[i]!;
  let seen = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) seen += hole[y * width + x]!;
    if (2 * seen >= total) return y + 1;
  }
  return height;
}

/**
 * Rewrites every hole pixel as the weighted mean of what the overlapping matched patches say it
 * should be. Weights favour good matches (sigma from the 75th percentile distance, as in Wexler).
 */
export function vote(level: Level, field: Field, uniform: boolean, helper: FillHelper | null): void {
  const { width, height, rgb, channels: C } = level;
  let sigma2 = 1;
  // Matches still stuck on the other surface (infinite cost, see matchCost) do not set the scale.
  if (!uniform) {
    // A loop, not filter(): a typed array's filter took ~0.2 s a call on a large level.
    const { distance } = field;
    const kept = new Float32Array(distance.length);
    let n = 0;
    for (let k = 0; k < distance.length; k++) if (Number.isFinite(distance[k])) kept[n++] = distance[k]!;
    const finite = kept.subarray(0, n);
    if (finite.length > 0) sigma2 = Math.max(1, kthSmallest(finite, Math.floor(finite.length * 0.75)));
  }
  if (C > 5) throw new Error(`vote sums at most 5 values per pixel, not ${C}`);
  // In shared memory when the helper takes half the rows.
  const buffer = (bytes: number) => (helper ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
  const out = new Float32Array(buffer(rgb.byteLength));
  out.set(rgb);
  // Each match's weight and source position once: a match overlaps every hole pixel of its patch.
  const { source } = field;
  const weights = new Float64Array(buffer(field.distance.length * 8));
  const srcXs = new Int32Array(buffer(source.length * 4)), srcYs = new Int32Array(buffer(source.length * 4));
  for (let k = 0; k < weights.length; k++) {
    weights[k] = uniform ? 1 : Math.exp(-field.distance[k]! / (2 * sigma2));
    srcXs[k] = source[k]! % width;
    srcYs[k] = (source[k]! - srcXs[k]!) / width;
  }
  if (!helper) {
    voteRows(level, field, weights, srcXs, srcYs, out, 0, height);
  } else {
    const split = middleHoleRow(level);
    inTwoHalves(
      helper, { kind: 'vote', y0: split, y1: height, weights, srcXs, srcYs, out },
      () => voteRows(level, field, weights, srcXs, srcYs, out, 0, split), () => voteRows(level, field, weights, srcXs, srcYs, out, split, height),
    );
  }
  rgb.set(out);
}

/** The vote's new values for the hole pixels of rows y0..y1-1, into `out` (the helper thread runs this too). */
export function voteRows(
  level: Level, field: Field, weights: Float64Array, srcXs: Int32Array, srcYs: Int32Array, out: Float32Array, y0: number, y1: number,
): void {
  const { width, height, rgb, hole, channels: C } = level;
  const R = PATCH_RADIUS;
  const { slot } = field;
  // Up to five values per pixel (RGB and the two texture features) summed in locals, in the same
  // order as a loop over them would.
  for (let y = y0; y < y1; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (!hole[p]) continue;
      let wsum = 0, w0 = 0, w1 = 0, w2 = 0, w3 = 0, w4 = 0;
      for (let dy = -R; dy <= R; dy++) {
        const ty = y - dy;
        if (ty < 0 || ty >= height) continue;
        for (let dx = -R; dx <= R; dx++) {
          const tx = x - dx;
          if (tx < 0 || tx >= width) continue;
          const k = slot[ty * width + tx]!;
          if (k < 0) continue;
          const sy = srcYs[k]! + dy, sx = srcXs[k]! + dx;
          const s = (sy < 0 || sy >= height ? reflect(sy, height) : sy) * width + (sx < 0 || sx >= width ? reflect(sx, width) : sx);
          const w = weights[k]!;
          const o = s * C;
          w0 += w * rgb[o]!;
          w1 += w * rgb[o + 1]!;
          w2 += w * rgb[o + 2]!;
          if (C > 3) w3 += w * rgb[o + 3]!;
          if (C > 4) w4 += w * rgb[o + 4]!;
          wsum += w;
        }
      }
      const q = p * C;
      if (wsum > 1e-9) {
        out[q] = w0 / wsum; out[q + 1] = w1 / wsum; out[q + 2] = w2 / wsum;
        if (C > 3) out[q + 3] = w3 / wsum;
        if (C > 4) out[q + 4] = w4 / wsum;
      } else {
        // Every overlapping match is poor and the weights underflow: the plain mean (rare, so summed apart).
        plainMean(level, field, srcXs, srcYs, x, y, out);
      }
    }
  }
}

/** The k-th smallest value (0-based), as a sort would put it at k; reorders `values` (Hoare's selection). */
function kthSmallest(values: Float32Array, k: number): number {
  let lo = 0, hi = values.length - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1]!;
    let i = lo, j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) { const t = values[i]!; values[i] = values[j]!; values[j] = t; i++; j--; }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k]!;
  }
  return values[k]!;
}

/** vote's fallback for one pixel: the unweighted mean of what the overlapping matches say (unchanged when none does). */
function plainMean(level: Level, field: Field, srcXs: Int32Array, srcYs: Int32Array, x: number, y: number, out: Float32Array): void {
  const { width, height, rgb, channels: C } = level;
  const R = PATCH_RADIUS;
  const sums = [0, 0, 0, 0, 0];
  let n = 0;
  for (let dy = -R; dy <= R; dy++) {
    const ty = y - dy;
    if (ty < 0 || ty >= height) continue;
    for (let dx = -R; dx <= R; dx++) {
      const tx = x - dx;
      if (tx < 0 || tx >= width) continue;
      const k = field.slot[ty * width + tx]!;
      if (k < 0) continue;
      const sy = srcYs[k]! + dy, sx = srcXs[k]! + dx;
      const s = (sy < 0 || sy >= height ? reflect(sy, height) : sy) * width + (sx < 0 || sx >= width ? reflect(sx, width) : sx);
      for (let c = 0; c < C; c++) sums[c] += rgb[s * C + c]!;
      n++;
    }
  }
  if (n > 0) for (let c = 0; c < C; c++) out[(y * width + x) * C + c] = sums[c]! / n;
}
