/**
 * Parts of the hole that lie over a kept object standing behind the removed one: an animal's body
 * where the legs of the removed animal stood in front of it. Filled with the background, the body
 * came out as strips of its pattern with background between them; these parts are rebuilt from
 * the object itself before the rest of the hole is filled (fill.ts).
 *
 * Which objects stand behind is decided where the objects are known (protect-neighbours.ts: the box
 * ends higher in the photo than the removed object's). A row of hole pixels counts when one such
 * object touches it on both sides, continues on each side for half the run's length or more, and
 * the run is narrow next to that object's own extent in the row: a leg in front of a body, not a
 * gap between two things or a tube crossing the row. Columns count the same way, turned: a seat's
 * front edge in front of the one sitting on it, between its body and its tail.
 */

import { chessboardDistance } from './image.js';

/** A run may be at most this share of the object's own pixels in that row. */
const MAX_RUN_SHARE = 0.25;
/** The object must continue on each side of a run for at least this share of the run's length. */
const MIN_SIDE_SHARE = 0.5;
/** Runs shorter than this are left to the ordinary fill (a rim, not a part hidden behind). */
const MIN_RUN = 3;
/**
 * The kept object's pixels this close to the hole are its margin (protect-neighbours.ts keeps
 * neighbours 2 px clear, so they may hold the removed object's colour along its edge):
 * rebuilt with the run, never copied from.
 */
const EDGE = 3;

export interface BehindParts {
  /** 1 = hole pixel to rebuild from an object behind it. */
  hole: Uint8Array;
  /** 1 = pixel of an object that is rebuilt (where those hole pixels copy from). */
  source: Uint8Array;
  /** 1 = hole pixel of a lying part (found along columns; copied from above or below). */
  lying: Uint8Array;
}

/** A part is dropped when its height (across its runs) is under this share of its width (see keepUpright). */
const UPRIGHT_RATIO = 0.5;

/** The 4-connected groups of set pixels of `mask`, each as its pixel indices. */
function connectedParts(mask: Uint8Array, width: number): number[][] {
  const seen = new Uint8Array(mask.length);
  const out: number[][] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    const pixels = [start];
    seen[start] = 1;
    for (let k = 0; k < pixels.length; k++) {
      const p = pixels[k]!, x = p % width;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q < 0 || q >= mask.length || seen[q] || !mask[q]) continue;
        seen[q] = 1;
        pixels.push(q);
      }
    }
    out.push(pixels);
  }
  return out;
}

/**
 * Drops the connected parts much wider than tall (in place); false when none is left. What a
 * removed object hides of one behind it is a leg or a post in front of a body, upright; a slice a
 * few rows high across the whole hole was a wheel on either side, copied in as a line.
 * Parts about as wide as tall stay (hindquarters behind a seat's edge, found along columns, are
 * a little taller than wide where a tail hangs).
 */
function keepUpright(parts: Uint8Array, width: number): boolean {
  let kept = false;
  for (const pixels of connectedParts(parts, width)) {
    let x1 = width, x2 = -1, y1 = Infinity, y2 = -1;
    for (const p of pixels) {
      const x = p % width, y = (p - x) / width;
      x1 = Math.min(x1, x); x2 = Math.max(x2, x); y1 = Math.min(y1, y); y2 = Math.max(y2, y);
    }
    if (y2 - y1 < UPRIGHT_RATIO * (x2 - x1)) for (const p of pixels) parts[p] = 0;
    else kept = true;
  }
  return kept;
}

/** `data` (`channels` values per pixel, `width` × `height`) with rows and columns swapped. */
function transpose(data: Uint8Array, width: number, height: number, channels = 1): Uint8Array {
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < channels; c++) out[(x * height + y) * channels + c] = data[(y * width + x) * channels + c]!;
    }
  }
  return out;
}

/** Hole runs along rows that lie over one object behind (see partsBehindKept), upright parts only; null when none. */
function runsOverObject(hole: Uint8Array, ids: Uint8Array, width: number, height: number): Uint8Array | null {
  const parts = new Uint8Array(width * height);
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
      parts.fill(1, row + from, row + to + 1);
      any = true;
    }
  }
  return any && keepUpright(parts, width) ? parts : null;
}

/**
 * The hole's parts that lie over a kept object standing behind the removed one, in a crop:
 * `hole` is 0/non-zero per pixel, `ids` the object behind each pixel belongs to (1, 2, ...; 0 =
 * none). Runs along rows make upright parts (a leg in front of a body); runs along columns make
 * lying ones (a seat's front edge in front of the hindquarters of the one sitting on it, between
 * its body and its tail). The parts include the object's margin beside each run. Null when there are none.
 */
export function partsBehindKept(hole: Uint8Array, ids: Uint8Array, width: number, height: number): BehindParts | null {
  const upright = runsOverObject(hole, ids, width, height);
  const turned = runsOverObject(transpose(hole, width, height), transpose(ids, width, height), height, width);
  const lyingAll = turned ? transpose(turned, height, width) : null;
  if (!upright && !lyingAll) return null;
  const out: BehindParts = { hole: new Uint8Array(width * height), source: new Uint8Array(width * height), lying: new Uint8Array(width * height) };
  for (let i = 0; i < out.hole.length; i++) {
    if (upright?.[i]) out.hole[i] = 1;
    else if (lyingAll?.[i]) { out.hole[i] = 1; out.lying[i] = 1; }
  }
  // The objects the parts lie over: every run takes in some of its object's margin.
  const used = new Uint8Array(256);
  for (let i = 0; i < ids.length; i++) if (out.hole[i]) used[ids[i]!] = 1;
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
 * Rebuilds each connected part by copying whole blocks of the object beside it, one shift per
 * band of BAND_ROWS rows: a stripe pattern stays coherent (a patch-by-patch fill blurred stripes into a
 * grey ghost of the leg). The shift is the one whose copy best continues the object along the
 * part's border, among those that copy only the object's own pixels. Returns the crop with the
 * parts filled, and the parts no shift could fill (left for the patch fill), or null if none.
 */
export function copyBehindParts(rgb: Uint8Array, parts: BehindParts, width: number, height: number): { rgb: Uint8Array; left: Uint8Array | null } {
  const upright = parts.hole.map((v, i) => (v && !parts.lying[i] ? 1 : 0));
  const copied = copyUpright(rgb, upright, parts.source, width, height);
  if (!parts.lying.includes(1)) return copied;
  // A lying part is an upright one turned: copied with rows and columns swapped, from above or below.
  const turned = copyUpright(transpose(rgb, width, height, 3), transpose(parts.lying, width, height), transpose(parts.source, width, height), height, width);
  const lyingRgb = transpose(turned.rgb, height, width, 3);
  const lyingLeft = turned.left ? transpose(turned.left, height, width) : null;
  const left = copied.left ?? new Uint8Array(width * height);
  for (let i = 0; i < parts.lying.length; i++) {
    if (!parts.lying[i]) continue;
    for (let c = 0; c < 3; c++) copied.rgb[i * 3 + c] = lyingRgb[i * 3 + c]!;
    if (lyingLeft?.[i]) left[i] = 1;
  }
  return { rgb: copied.rgb, left: left.includes(1) ? left : null };
}

/** copyBehindParts for upright parts (`hole`), copied sideways from `source`. */
function copyUpright(rgb: Uint8Array, hole: Uint8Array, sourceMask: Uint8Array, width: number, height: number): { rgb: Uint8Array; left: Uint8Array | null } {
  const out = Uint8Array.from(rgb);
  const left = new Uint8Array(width * height);
  let anyLeft = false;
  type Shift = { dx: number; dy: number };
  const source = (p: number, { dx, dy }: Shift) => {
    const x = (p % width) + dx, y = Math.floor(p / width) + dy;
    return x >= 0 && y >= 0 && x < width && y < height && sourceMask[p + dy * width + dx] ? p + dy * width + dx : -1;
  };
  /** The shift whose copy best continues the object along the pixels' border, copying at most `missShare` from elsewhere. */
  const bestShift = (pixels: number[], missShare: number): Shift | null => {
    const rowWidth = new Map<number, number>();
    const border: number[] = [];
    for (const p of pixels) {
      const y = Math.floor(p / width), x = p % width;
      rowWidth.set(y, (rowWidth.get(y) ?? 0) + 1);
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1]) if (q >= 0 && sourceMask[q]) border.push(q);
    }
    const widest = Math.max(...rowWidth.values());
    let best: (Shift & { cost: number }) | null = null;
    for (let dy = -SHIFT_RISE; dy <= SHIFT_RISE; dy++) {
      for (const sign of [-1, 1]) {
        for (let extra = 0; extra <= SHIFT_SLACK; extra++) {
          const shift = { dx: sign * (widest + extra), dy };
          let misses = 0;
          for (const p of pixels) if (source(p, shift) < 0) misses++;
          if (misses > missShare * pixels.length) continue;
          // What lies beside the border in the copy should look like what lies there in the photo.
          let cost = misses * 3 * 255 * 255;
          for (const q of border) {
            const x = (q % width) + shift.dx, y = Math.floor(q / width) + dy;
            if (x < 0 || y < 0 || x >= width || y >= height) { cost += 3 * 255 * 255; continue; }
            const r = q + dy * width + shift.dx;
            for (let c = 0; c < 3; c++) { const e = rgb[q * 3 + c]! - rgb[r * 3 + c]!; cost += e * e; }
          }
          if (!best || cost < best.cost) best = { ...shift, cost };
        }
      }
    }
    return best;
  };
  /** Copies what the shift can; the rest is left for the patch fill. */
  const copy = (pixels: number[], shift: Shift | null) => {
    for (const p of pixels) {
      const r = shift ? source(p, shift) : -1;
      if (r < 0) { left[p] = 1; anyLeft = true; continue; }
      for (let c = 0; c < 3; c++) out[p * 3 + c] = rgb[r * 3 + c]!;
    }
  };
  for (const pixels of connectedParts(hole, width)) {
    // Tall parts go in bands, each with its own shift: a leg's whole height seldom fits in the body beside it.
    const bands = new Map<number, number[]>();
    for (const p of pixels) {
      const band = Math.floor(Math.floor(p / width) / BAND_ROWS);
      if (!bands.has(band)) bands.set(band, []);
      bands.get(band)!.push(p);
    }
    for (const band of bands.values()) {
      const whole = bestShift(band, 0);
      if (whole) { copy(band, whole); continue; }
      // Too little of the object on either side for the whole band: each half from its own side.
      const ends = new Map<number, [number, number]>();
      for (const p of band) {
        const y = Math.floor(p / width), x = p % width, e = ends.get(y);
        ends.set(y, e ? [Math.min(e[0], x), Math.max(e[1], x)] : [x, x]);
      }
      const leftHalf = (p: number) => { const [a, b] = ends.get(Math.floor(p / width))!; return 2 * (p % width) < a + b; };
      for (const half of [band.filter(leftHalf), band.filter((p) => !leftHalf(p))]) {
        if (half.length) copy(half, bestShift(half, 1 - MIN_FIT));
      }
    }
  }
  return { rgb: out, left: anyLeft ? left : null };
}
