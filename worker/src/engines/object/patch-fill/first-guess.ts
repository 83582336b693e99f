/**
 * The coarsest level's first guess of the hole, which the patch search only refines: row by row
 * from the known pixels beside the hole, then peeled in from the outside where no row reaches.
 */
import { bits } from '../image.js';
import { holeExtent, onionPeel, PATCH_RADIUS, type Level } from './level.js';

/** Per-channel median of the known pixels (not other objects') of row `y` between columns `from` and `to`, or null. */
function knownRowMedian(level: Level, y: number, from: number, to: number, onlyLayer?: number): number[] | null {
  const { width, rgb, hole, layer, channels: C } = level;
  const values: number[][] = Array.from({ length: C }, () => []);
  for (let x = Math.max(0, from); x <= Math.min(width - 1, to); x++) {
    const i = y * width + x;
    // Another object's pixels are never copied, so they must not colour the guess either: with
    // a pale object beside the hole counted, the ground around it was filled with flat blocks.
    if (hole[i] || level.blocked?.[i]) continue;
    if (onlyLayer !== undefined && layer && layer[i] !== onlyLayer) continue;
    for (let c = 0; c < C; c++) values[c]!.push(rgb[i * C + c]!);
  }
  if (values[0]!.length === 0) return null;
  return values.map((v) => v.sort((a, b) => a - b)[v.length >> 1]!);
}

/**
 * Row part of the first guess. Scenes are mostly layered, so each row of the hole is guessed from
 * the known pixels of the same row near it (within a quarter of the hole's extent), never from
 * above or below, where an inward diffusion would drag grass up into the stands:
 * - a hole small enough to bridge runs from the left side's median to the right side's, so a
 *   band that is lit on one side of the hole and shaded on the other stays both;
 * - a larger hole takes the median of both sides at once, which picks the row's dominant
 *   background (the wall, the table) rather than whatever object happens to touch the hole (a
 *   flag on one side of a person would otherwise be bridged across her).
 * Returns which pixels now hold a value; rows with no known pixel nearby are left.
 */
function rowMedianFill(level: Level, bridge: boolean): Uint8Array {
  const { width, height, rgb, hole, channels: C } = level;
  const known = bits(hole, true);
  const band = Math.max(PATCH_RADIUS + 1, Math.round(holeExtent(level) / 4));
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let first = -1, last = -1;
    for (let x = 0; x < width; x++) if (hole[row + x]) { if (first < 0) first = x; last = x; }
    if (first < 0) continue;
    const both = knownRowMedian(level, y, first - band, last + band);
    if (!both) continue;
    const left = bridge ? knownRowMedian(level, y, first - band, first - 1) : null;
    const right = bridge ? knownRowMedian(level, y, last + 1, last + band) : null;
    // Across a continued border, each hole pixel takes its own surface's colour in this row (or,
    // if the row has none nearby, anywhere in the row).
    const perLayer = level.layer
      ? [0, 1].map((k) => knownRowMedian(level, y, first - band, last + band, k) ?? knownRowMedian(level, y, 0, width - 1, k))
      : null;
    for (let x = first; x <= last; x++) {
      const i = row + x;
      if (!hole[i]) continue;
      const own = perLayer?.[level.layer![i]!];
      if (own) {
        for (let c = 0; c < C; c++) rgb[i * C + c] = own[c]!;
        known[i] = 1;
        continue;
      }
      const t = last > first ? (x - first) / (last - first) : 0.5;
      for (let c = 0; c < C; c++) {
        rgb[i * C + c] = left && right ? (1 - t) * left[c]! + t * right[c]! : (left ?? right ?? both)[c]!;
      }
      known[i] = 1;
    }
  }
  return known;
}

/**
 * Smooth first guess for the coarsest level: row by row (see rowMedianFill), then peeling for
 * rows with no known pixel nearby. Peeling a whole large hole from the outside in would let the
 * side with the most border win: the ground under a person's feet crept up into the background
 * behind, and an object beside the hole was smeared across the backdrop. The patch search only
 * refines this guess, so the horizon it lays down is the one the result keeps.
 */
export function initialGuess(level: Level, bridge: boolean): void {
  onionPeel(level, rowMedianFill(level, bridge));
}
