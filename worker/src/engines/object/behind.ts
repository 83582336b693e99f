/**
 * Parts of the hole that lie over a kept object standing behind the removed one: the zebra's body
 * where the giraffe's legs stood in front of it. Filled with the background, the zebra came out
 * as three striped strips with foliage between them; these parts are rebuilt from the zebra itself
 * before the rest of the hole is filled (fill.ts).
 *
 * Which objects stand behind is decided where the objects are known (instance-mask.ts: the box
 * ends higher in the photo than the removed object's). A row of hole pixels counts when one such
 * object touches it on both sides, continues on each side for half the run's length or more, and
 * the run is narrow next to that object's own extent in the row: a leg in front of a body, not a
 * gap between two things or a tube crossing the row.
 */

import { chessboardDistance } from './image.js';

/** A run may be at most this share of the object's own pixels in that row. */
const MAX_RUN_SHARE = 0.25;
/** The object must continue on each side of a run for at least this share of the run's length. */
const MIN_SIDE_SHARE = 0.5;
/** Runs shorter than this are left to the ordinary fill (a rim, not a part hidden behind). */
const MIN_RUN = 3;
/**
 * The kept object's pixels this close to the hole are its margin (instance-mask.ts keeps
 * neighbours 2 px clear, so they may hold the removed object's colour, a giraffe leg's tan edge):
 * rebuilt with the run, never copied from.
 */
const EDGE = 3;

export interface BehindParts {
  /** 1 = hole pixel to rebuild from an object behind it. */
  hole: Uint8Array;
  /** 1 = pixel of an object that is rebuilt (where those hole pixels copy from). */
  source: Uint8Array;
}

/**
 * Drops the connected parts that are wider than tall (in place); false when none is left. What a
 * removed object hides of one behind it is a leg or a post in front of a body, upright; a slice a
 * few rows high across a whole dog was a bicycle's wheels on both sides, copied in as a line.
 */
function keepUpright(parts: Uint8Array, width: number): boolean {
  const seen = new Uint8Array(parts.length);
  let kept = false;
  for (let start = 0; start < parts.length; start++) {
    if (!parts[start] || seen[start]) continue;
    const pixels = [start];
    seen[start] = 1;
    let x1 = width, x2 = -1, y1 = Infinity, y2 = -1;
    for (let k = 0; k < pixels.length; k++) {
      const p = pixels[k]!, x = p % width, y = (p - x) / width;
      x1 = Math.min(x1, x); x2 = Math.max(x2, x); y1 = Math.min(y1, y); y2 = Math.max(y2, y);
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q < 0 || q >= parts.length || seen[q] || !parts[q]) continue;
        seen[q] = 1;
        pixels.push(q);
      }
    }
    if (y2 - y1 < x2 - x1) for (const p of pixels) parts[p] = 0;
    else kept = true;
  }
  return kept;
}

/**
 * The hole's parts that lie over a kept object standing behind the removed one, in a crop:
 * `hole` is 0/non-zero per pixel, `ids` the object behind each pixel belongs to (1, 2, ...; 0 =
 * none). The parts include the object's margin beside each run. Null when there are none.
 */
export function partsBehindKept(hole: Uint8Array, ids: Uint8Array, width: number, height: number): BehindParts | null {
  const out: BehindParts = { hole: new Uint8Array(width * height), source: new Uint8Array(width * height) };
  let any = false;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let x = 0;
    while (x < width) {
      if (!hole[row + x]) { x++; continue; }
      const a = x;
      while (x < width && hole[row + x]) x++;
      const b = x - 1;
      const left = a > 0 ? ids[row + a - 1]! : 0;
      const right = b < width - 1 ? ids[row + b + 1]! : 0;
      if (!left || left !== right) continue;
      const run = b - a + 1;
      if (run < MIN_RUN) continue;
      let own = 0;
      for (let k = 0; k < width; k++) if (ids[row + k] === left) own++;
      if (run > MAX_RUN_SHARE * own) continue;
      // The object is thick on both sides (a body round a leg), not a thin tube crossing the row.
      let before = 0, after = 0;
      while (a - 1 - before >= 0 && ids[row + a - 1 - before] === left) before++;
      while (b + 1 + after < width && ids[row + b + 1 + after] === left) after++;
      if (Math.min(before, after) < MIN_SIDE_SHARE * run) continue;
      let from = a, to = b;
      while (from > 0 && a - from < EDGE && ids[row + from - 1] === left) from--;
      while (to < width - 1 && to - b < EDGE && ids[row + to + 1] === left) to++;
      out.hole.fill(1, row + from, row + to + 1);
      any = true;
    }
  }
  if (!any || !keepUpright(out.hole, width)) return null;
  // The objects the remaining parts lie over (a run starts on the object's margin, or right after it).
  const used = new Uint8Array(256);
  for (let i = 1; i < ids.length; i++) if (out.hole[i] && !out.hole[i - 1]) used[ids[i] || ids[i - 1]!] = 1;
  used[0] = 0;
  // Copy sources: every object some run lies over, its margin along the hole left out.
  const toHole = chessboardDistance((i) => hole[i] !== 0, width, height);
  for (let i = 0; i < ids.length; i++) if (used[ids[i]!] && toHole[i]! > EDGE) out.source[i] = 1;
  return out;
}

/** Rows per band of a part (see copyBehindParts). */
const BAND_ROWS = 24;
/** A shift must copy at least this share of a band from the object itself. */
const MIN_FIT = 0.8;
/** Shifts tried past a part's own width, sideways, when looking for where to copy it from. */
const SHIFT_SLACK = 12;
/** ...and up or down. */
const SHIFT_RISE = 4;

/**
 * Rebuilds each connected part by copying a whole block of the object beside it, one shift per
 * part: a stripe pattern stays coherent (a patch-by-patch fill blurred the zebra's stripes into a
 * grey ghost of the leg). The shift is the one whose copy best continues the object along the
 * part's border, among those that copy only the object's own pixels. Returns the crop with the
 * parts filled, and the parts no shift could fill (left for the patch fill), or null if none.
 */
export function copyBehindParts(rgb: Uint8Array, parts: BehindParts, width: number, height: number): { rgb: Uint8Array; left: Uint8Array | null } {
  const out = Uint8Array.from(rgb);
  const left = new Uint8Array(width * height);
  let anyLeft = false;
  const seen = new Uint8Array(width * height);
  const stack: number[] = [];
  for (let start = 0; start < parts.hole.length; start++) {
    if (!parts.hole[start] || seen[start]) continue;
    // One part: its pixels, its widest row, and the object pixels along its border.
    const pixels: number[] = [];
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      pixels.push(p);
      const x = p % width;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q < 0 || q >= parts.hole.length || seen[q] || !parts.hole[q]) continue;
        seen[q] = 1;
        stack.push(q);
      }
    }
    // Tall parts go in bands, each with its own shift: a leg's whole height seldom fits in the body beside it.
    const bands = new Map<number, number[]>();
    for (const p of pixels) {
      const band = Math.floor(Math.floor(p / width) / BAND_ROWS);
      if (!bands.has(band)) bands.set(band, []);
      bands.get(band)!.push(p);
    }
    for (const band of bands.values()) {
      if (copyBand(band, true)) continue;
      // No shift fits the whole band (too little of the object on either side): each half from its own side.
      const mid = new Map<number, number>();
      for (const p of band) {
        const y = Math.floor(p / width), x = p % width;
        const [lo, hi] = [Math.min(mid.get(y) ?? x, x), Math.max(mid.get(-y - 1) ?? x, x)];
        mid.set(y, lo); mid.set(-y - 1, hi);
      }
      const half = (p: number) => (p % width) * 2 < mid.get(Math.floor(p / width))! + mid.get(-Math.floor(p / width) - 1)!;
      const missedLeft = copyBand(band.filter(half), false);
      const missedRight = copyBand(band.filter((p) => !half(p)), false);
      anyLeft = missedLeft || missedRight || anyLeft;
    }
  }
  return { rgb: out, left: anyLeft ? left : null };

  /**
   * Copies one band of a part. With `whole`, copies only if a shift fits the whole band and says
   * whether it did; otherwise copies what it can and says whether some of it could not be copied.
   */
  function copyBand(pixels: number[], whole: boolean): boolean {
    if (!pixels.length) return !whole;
    const rowWidth = new Map<number, number>();
    const border: number[] = [];
    for (const p of pixels) {
      const y = Math.floor(p / width);
      rowWidth.set(y, (rowWidth.get(y) ?? 0) + 1);
      const x = p % width;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1]) if (q >= 0 && parts.source[q]) border.push(q);
    }
    const widest = Math.max(...rowWidth.values());
    let best: { dx: number; dy: number; cost: number; misses: number } | null = null;
    for (let dy = -SHIFT_RISE; dy <= SHIFT_RISE; dy++) {
      for (const sign of [-1, 1]) {
        for (let extra = 0; extra <= SHIFT_SLACK; extra++) {
          const dx = sign * (widest + extra), d = dy * width + dx;
          let misses = 0;
          for (const p of pixels) {
            const x = (p % width) + dx, y = Math.floor(p / width) + dy;
            if (x < 0 || y < 0 || x >= width || y >= height || !parts.source[p + d]) misses++;
          }
          if (misses > (whole ? 0 : (1 - MIN_FIT) * pixels.length)) continue;
          let cost = 0;
          for (const q of border) {
            const x = (q % width) + dx, y = Math.floor(q / width) + dy;
            if (x < 0 || y < 0 || x >= width || y >= height) { cost += 3 * 255 * 255; continue; }
            for (let c = 0; c < 3; c++) { const e = rgb[q * 3 + c]! - rgb[(q + d) * 3 + c]!; cost += e * e; }
          }
          cost += misses * 3 * 255 * 255;
          if (!best || cost < best.cost) best = { dx, dy, cost, misses };
        }
      }
    }
    if (whole && !best) return false;
    let missed = false;
    const d = best ? best.dy * width + best.dx : 0;
    for (const p of pixels) {
      const x = (p % width) + (best?.dx ?? 0), y = Math.floor(p / width) + (best?.dy ?? 0);
      if (!best || x < 0 || y < 0 || x >= width || y >= height || !parts.source[p + d]) { left[p] = 1; missed = true; continue; }
      for (let c = 0; c < 3; c++) out[p * 3 + c] = rgb[(p + d) * 3 + c]!;
    }
    return whole ? true : missed;
  }
}
