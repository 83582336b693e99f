/**
 * Exemplar-based hole filling (Wexler et al. "space-time completion" with Barnes et al.'s
 * PatchMatch for the nearest-neighbour search), coarse to fine. Every hole pixel ends up as a
 * weighted vote of real patches copied from the known part of the image, so grass stays grass and
 * walls stay walls instead of being smeared as a diffusion inpaint would.
 *
 * Works on a float RGB copy of a crop; the caller pastes the hole pixels back.
 */

import { fillHelper, type FillHelper, type HelperTask } from './fill-helper.js';
import { boxMean, mulberry32 } from './image.js';
import { holeLayers } from './layers.js';

const PATCH_RADIUS = 3; // 7x7 patches
/** Levels above this many target pixels only refine the upsampled matches (no random search). */
const FULL_SEARCH_BUDGET = 160_000;
/**
 * Below the coarsest level, at most this many target pixels times iterations per level. A level
 * inherits its matches from the one below, so its later iterations change little: on a 1 MP photo
 * with a third of it removed, the 500x500 level took 2.9 s for four iterations, and two gave a fill
 * that side by side could not be told apart from it (the girl's blinds and floor, the car's road).
 * Of the eleven shared asks only the girl's (0.64 MP) loses one: a 400x400 level takes three.
 */
const ITERATION_BUDGET = 200_000;
/**
 * The coarsest level is reached once the hole's larger side is at most this many pixels. Lower
 * would thin the background around the hole below a patch: the saucer ring round a cup vanished
 * at 32 px and the cup was filled with the wood further out.
 */
const COARSE_HOLE_EXTENT = 64;
const MIN_LEVEL_SIDE = 24;
/** A level needs at least this many whole known patches to copy from. */
const MIN_SOURCES = 64;
/**
 * A coarser level is used only while this share of its known pixels can still be patch centres.
 * Halving thins every strip of known background; once a strip is thinner than a patch it can no
 * longer be copied from, and the coarse fill (which the finer levels only refine) would be built
 * from whatever thick region is left, e.g. a dark table instead of the wall beside a person.
 */
const MIN_SOURCE_SHARE = 0.4;
/** Holes up to this many pixels across (full resolution) are bridged row by row in the first guess. */
const BRIDGE_EXTENT = 160;
/** Below the coarsest level, matches are refined by searching this far around them. */
const FINE_SEARCH_RADIUS = 24;
/**
 * Cost of copying from far away, in squared colour units per patch value when the source lies one
 * hole extent from the target. Without it the best-matching patch anywhere wins, so a wall a
 * little way off can be pasted into the middle of a floor; with it each hole pixel prefers texture
 * from its own side of the hole (the saucer under a cup, the backdrop beside a person). 600 (about
 * 25 colour units RMS at one extent) beat 150 on every photo the tests measure: more of the saucer
 * kept under the cup (0.83 -> 0.87), the hedge closer to itself behind the car.
 */
const SPATIAL_WEIGHT = 600;
/** Columns cost this share of rows in that penalty: scenes are mostly layered. */
const HORIZONTAL_SHARE = 0.2;
/**
 * Cost of each hole pixel already copying from a source pixel, below the coarsest level (squared
 * colour units per patch, about 3.7 units RMS). Without it, hole pixels far from a narrow strip of
 * background all take the same few patches, and the field behind a removed bench came out as a
 * ladder of one patch repeated. Objects rebuilt from themselves are exempt: a bench's lattice is a
 * repeating pattern, and charging for its repeats put a seam like a post in its middle.
 */
const REUSE_COST = 2000;
const PATCH_VALUES = (2 * PATCH_RADIUS + 1) ** 2 * 3;
/** At most this many sweeps of the least-squares solve for the copies' colour shifts (see evenOutCopies)... */
const SHIFT_ITERATIONS = 300;
/** ...each over-relaxed by this factor. */
const SHIFT_RELAXATION = 1.8;
/** Radius of the blur that spreads each copy's colour shift over its edges (see evenOutCopies). */
const SHIFT_BLUR = 6;
/**
 * Texture features (Newson et al. 2014, "Video inpainting of complex scenes"): beside its colour,
 * each pixel carries the mean absolute horizontal and vertical brightness change around it, taken
 * at full resolution and averaged down the pyramid like the colours. At a coarse level, blurred
 * grass and a blurred flat wall have the same colour; the features still tell them apart, so the
 * fill does not lay a flat block into a textured field. Weight: each feature unit counts as this
 * many colour units.
 */
const TEXTURE_WEIGHT = 3;
/** Window (radius) over which the brightness changes are averaged. */
const TEXTURE_RADIUS = 2;

/**
 * Layout guide (see layoutGuide): a source whose blurred surroundings differ from what the guide
 * expects at the target costs this much per squared colour unit beyond GUIDE_TOLERANCE, for each
 * pixel of a patch. The coarsest level's first guess lays the bands down, but nothing kept the
 * search to them: the blinds behind a girl ended in a pale block at the sill, and the dark hedge
 * behind a car became a mound of the bright foliage above it.
 */
const GUIDE_WEIGHT = 4;
const GUIDE_COST = GUIDE_WEIGHT * (2 * PATCH_RADIUS + 1) ** 2;
/**
 * Blurred colours this close (RGB distance) count as the same band. Without it, the slow change of
 * light across a field was enough to send every target to the few sources beside the hole, and
 * their blend left flat blocks where a bench's seat had been.
 */
const GUIDE_TOLERANCE = 20;
/** The guide's blur radius is the hole's extent divided by this: bands, not textures. */
const GUIDE_BLUR_SHARE = 16;
/**
 * A row's bridge is trusted fully when its two ends agree, and not at all once their blurred
 * colours are this far apart: a lawn on one side of a car and a road on the other say nothing
 * about where one ends, and bridged, a slope of lawn crossed the road. Such a row still says what
 * lies in it: a source must then look like one end or the other. Unguided there, the foot of the
 * hedge behind the car was laid with copies of the white building seen through the trees.
 */
const GUIDE_AGREEMENT = 60;

interface Level {
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
  /** 1 = a pixel of an object rebuilt from itself (a bench behind a dog): free to copy many times. */
  repeatable?: Uint8Array;
  /** The layout the search is held to (see layoutGuide). */
  guide?: LayoutGuide;
}

/** Per pixel, what layoutGuide says the fill should look like there, blurred to bands. */
interface LayoutGuide {
  /** The known image blurred, bridged across the hole row by row (RGB per pixel). */
  colour: Float32Array;
  /** How far the bridge is trusted (0..1): as far as the row's two ends agree. */
  trust: Float32Array;
  /** The blurred colours at the two ends of the pixel's row run (6 per pixel). */
  ends: Float32Array;
  /** 1 = the pixel has a guide at all (known, or in a row run with a known end); 0 = filled by peeling. */
  guided: Float32Array;
}

export interface PatchFillOptions {
  signal?: AbortSignal;
  /** Seed for the random search, so results are reproducible. */
  seed?: number;
  /** Pixels (1 or 255) of other objects: patches overlapping them are never copied. */
  blocked?: Uint8Array;
  /** Pixels (1 or 255) of objects rebuilt from themselves: their patterns may repeat (no reuse cost). */
  repeatable?: Uint8Array;
  /** Pixels (1 or 255) that are no part of the scene (letterbox bars): never copied, and not weighed in choosing the levels. */
  notScene?: Uint8Array;
  /** Pixels (1 or 255) of the scene that are never copied but still matched against (lines already drawn across the hole). */
  noSource?: Uint8Array;
  /**
   * Pixels whose copies the caller wants to know (faint strands it inpaints afterwards): every
   * hole pixel whose final source is one of `from` is set to 1 in `copies`.
   */
  trace?: { from: Uint8Array; copies: Uint8Array };
}

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('Aborted');
}

/**
 * RGB plus the two texture features per pixel (see TEXTURE_WEIGHT). A change counts only between
 * two known, unblocked pixels: the hole's and other objects' edges are not the scene's texture.
 * Hole pixels get their features from the fill, like their colours.
 */
function withTexture(rgbBytes: Uint8Array, hole: Uint8Array, blocked: Uint8Array | undefined, width: number, height: number): Float32Array {
  const scene = (i: number) => !hole[i] && !(blocked && blocked[i]);
  const grey = (i: number) => rgbBytes[i * 3]! + rgbBytes[i * 3 + 1]! + rgbBytes[i * 3 + 2]!;
  // Per pixel: change to the right / below, and whether it counts.
  const gx = new Float32Array(width * height), gy = new Float32Array(width * height);
  const hx = new Uint8Array(width * height), hy = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!scene(i)) continue;
      if (x + 1 < width && scene(i + 1)) { gx[i] = Math.abs(grey(i + 1) - grey(i)) / 3; hx[i] = 1; }
      if (y + 1 < height && scene(i + width)) { gy[i] = Math.abs(grey(i + width) - grey(i)) / 3; hy[i] = 1; }
    }
  }
  // Window sums, columns then rows. The changes are float32 thirds of whole numbers up to 765, so
  // every sum of them is exact in a double and the order of adding does not matter.
  const R = TEXTURE_RADIUS, scale = TEXTURE_WEIGHT, n = width * height;
  const colGx = new Float64Array(n), colGy = new Float64Array(n), colHx = new Int32Array(n), colHy = new Int32Array(n);
  for (let y = 0; y < height; y++) {
    const from = Math.max(0, y - R), to = Math.min(height - 1, y + R);
    for (let x = 0; x < width; x++) {
      let sx = 0, nx = 0, sy = 0, ny = 0;
      for (let yy = from; yy <= to; yy++) {
        const j = yy * width + x;
        sx += gx[j]!; nx += hx[j]!; sy += gy[j]!; ny += hy[j]!;
      }
      const i = y * width + x;
      colGx[i] = sx; colHx[i] = nx; colGy[i] = sy; colHy[i] = ny;
    }
  }
  const out = new Float32Array(n * 5);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      out[i * 5] = rgbBytes[i * 3]!; out[i * 5 + 1] = rgbBytes[i * 3 + 1]!; out[i * 5 + 2] = rgbBytes[i * 3 + 2]!;
      if (hole[i]) continue;
      let sx = 0, nx = 0, sy = 0, ny = 0;
      for (let xx = Math.max(0, x - R); xx <= Math.min(width - 1, x + R); xx++) {
        const j = y * width + xx;
        sx += colGx[j]!; nx += colHx[j]!; sy += colGy[j]!; ny += colHy[j]!;
      }
      out[i * 5 + 3] = nx ? (scale * sx) / nx : 0;
      out[i * 5 + 4] = ny ? (scale * sy) / ny : 0;
    }
  }
  return out;
}

/** A 0/1 mask halved: a coarse pixel is 1 if any of its four children is. */
function anyOfFour(mask: Uint8Array, fineWidth: number, width: number, height: number): Uint8Array {
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
function meanOfFour(values: Float32Array, channels: number, fineWidth: number, width: number, height: number): Float32Array {
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
function downsample(level: Level): Level {
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

function holeExtent(level: Level): number {
  let x1 = level.width, y1 = level.height, x2 = -1, y2 = -1;
  for (let y = 0; y < level.height; y++) {
    for (let x = 0; x < level.width; x++) {
      if (!level.hole[y * level.width + x]) continue;
      if (x < x1) x1 = x; if (x > x2) x2 = x; if (y < y1) y1 = y; if (y > y2) y2 = y;
    }
  }
  return x2 < 0 ? 0 : Math.max(x2 - x1 + 1, y2 - y1 + 1);
}

/** Per-channel median of the known pixels (not other objects') of row `y` between columns `from` and `to`, or null. */
function knownRowMedian(level: Level, y: number, from: number, to: number, onlyLayer?: number): number[] | null {
  const { width, rgb, hole, layer, channels: C } = level;
  const values: number[][] = Array.from({ length: C }, () => []);
  for (let x = Math.max(0, from); x <= Math.min(width - 1, to); x++) {
    const i = y * width + x;
    // Another object's pixels are never copied, so they must not colour the guess either: with
    // the white dog on a removed bench counted, the field around it was filled with flat blocks.
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
 *   hedge that is lit on one side of a parked car and shaded on the other stays both;
 * - a larger hole takes the median of both sides at once, which picks the row's dominant
 *   background (the wall, the table) rather than whatever object happens to touch the hole (a
 *   flag on one side of a person would otherwise be bridged across her).
 * Returns which pixels now hold a value; rows with no known pixel nearby are left.
 */
function rowMedianFill(level: Level, bridge: boolean): Uint8Array {
  const { width, height, rgb, hole, channels: C } = level;
  const known = Uint8Array.from(hole, (h) => (h ? 0 : 1));
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
 * side with the most border win: grass under a player's feet crept up into the stands behind him,
 * and a shuttle model beside a person was smeared across the backdrop. The patch search only
 * refines this guess, so the horizon it lays down is the one the result keeps.
 */
function initialGuess(level: Level, bridge: boolean): void {
  onionPeel(level, rowMedianFill(level, bridge));
}

/** Fills what is not `known` by peeling from the outside in, each pixel the mean of its known neighbours. */
function onionPeel(level: Level, known: Uint8Array): void {
  const { width, height, rgb, channels: C } = level;
  const sum = new Float64Array(C);
  let remaining = known.reduce((n, k) => n + (k ? 0 : 1), 0);
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
function boxBlurUsable(rgb: Float32Array, C: number, usable: (i: number) => boolean, width: number, height: number, r: number): Float32Array {
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
 * The layout the fill must follow, and how far to trust it. The known image is box-blurred (hole,
 * other objects and letterbox bars left out) so that it shows bands, not textures; across the hole,
 * each row's run of hole and other objects' pixels is bridged linearly from the blurred pixel at
 * either end, so the blinds above a sill and the floor below it each run on across a removed
 * person. A run's trust falls as its two ends disagree (see GUIDE_AGREEMENT); runs with one end
 * only, and pixels no row reaches (filled by peeling), are not trusted.
 */
function layoutGuide(level: Level, notScene?: Uint8Array): LayoutGuide {
  const { width, height, rgb, hole, blocked, channels: C } = level;
  const r = Math.max(2, Math.round(holeExtent(level) / GUIDE_BLUR_SHARE));
  const usable = (i: number) => !hole[i] && !blocked?.[i] && !notScene?.[i];
  const guide = boxBlurUsable(rgb, C, usable, width, height, r);
  const known = Uint8Array.from(hole, (h) => (h ? 0 : 1));
  const trust = Float32Array.from(known);
  const guided = Float32Array.from(known);
  const ends = new Float32Array(width * height * 6);
  for (let i = 0; i < width * height; i++) for (let c = 0; c < 3; c++) { ends[i * 6 + c] = guide[i * 3 + c]!; ends[i * 6 + 3 + c] = guide[i * 3 + c]!; }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width;) {
      if (usable(row + x)) { x++; continue; }
      let end = x;
      while (end < width && !usable(row + end)) end++;
      const a = x > 0 ? row + x - 1 : -1, b = end < width ? row + end : -1;
      if (a >= 0 || b >= 0) {
        const left = a >= 0 ? a : b, right = b >= 0 ? b : a;
        let spread = 0;
        for (let c = 0; c < 3; c++) spread += (guide[left * 3 + c]! - guide[right * 3 + c]!) ** 2;
        const agreement = a >= 0 && b >= 0 ? Math.max(0, 1 - Math.sqrt(spread) / GUIDE_AGREEMENT) : 0;
        for (let xx = x; xx < end; xx++) {
          const i = row + xx;
          if (!hole[i]) continue;
          const t = (xx - x + 1) / (end - x + 1);
          for (let c = 0; c < 3; c++) guide[i * 3 + c] = (1 - t) * guide[left * 3 + c]! + t * guide[right * 3 + c]!;
          trust[i] = agreement;
          guided[i] = 1;
          for (let c = 0; c < 3; c++) { ends[i * 6 + c] = guide[left * 3 + c]!; ends[i * 6 + 3 + c] = guide[right * 3 + c]!; }
          known[i] = 1;
        }
      }
      x = end;
    }
  }
  onionPeel({ ...level, channels: 3, rgb: guide }, known);
  return { colour: guide, trust, ends, guided };
}

/**
 * Mirrors a coordinate that falls off the image back inside it. Source patches near the border are
 * read mirrored, so a strip of background along the image edge (the wall beside a person who
 * fills the frame) stays usable at coarse levels, where it is only a few pixels wide.
 */
function reflect(v: number, size: number): number {
  if (v < 0) return Math.min(size - 1, -v);
  if (v >= size) return Math.max(0, 2 * size - 2 - v);
  return v;
}

/** Pixels whose whole (mirrored) patch lies outside the hole: where patches are copied from. */
function validSources(level: Level): { valid: Uint8Array; list: Int32Array } {
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
function targetPixels(level: Level): Int32Array {
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
      // Another object's pixels around the target are not background to match: compared, the
      // white dog on a removed bench drew flat, pale sources under its paws.
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
function matchCost(level: Level, t: number, s: number, limit: number): number {
  const { width } = level;
  const dx = (t % width) - (s % width), dy = Math.floor(t / width) - Math.floor(s / width);
  // Rows count more than columns: scenes are mostly layered (floor under wall, grass under sky),
  // so the same height on the other side of the hole is a better source than straight above.
  if (level.layer && level.layer[t] !== level.layer[s]) return Infinity;
  const reuse = level.uses && !level.repeatable?.[s] ? REUSE_COST * level.uses[s]! : 0;
  let penalty = level.spatial * (HORIZONTAL_SHARE * dx * dx + dy * dy) + reuse;
  if (level.guide) {
    const { colour: g, ends: e, trust: trusts, guided } = level.guide;
    let d2 = 0;
    for (let c = 0; c < 3; c++) { const d = g[t * 3 + c]! - g[s * 3 + c]!; d2 += d * d; }
    // Where the row's ends agree, the source must look like the bridge between them; as far as
    // they disagree, like one end or the other (lawn or road, not the white building above).
    let toLeft = 0, toRight = 0;
    for (let c = 0; c < 3; c++) {
      const a = e[t * 6 + c]! - g[s * 3 + c]!, b = e[t * 6 + 3 + c]! - g[s * 3 + c]!;
      toLeft += a * a;
      toRight += b * b;
    }
    const trust = trusts[t]!;
    const bridge = Math.max(0, Math.sqrt(d2) - GUIDE_TOLERANCE);
    const either = Math.max(0, Math.sqrt(Math.min(toLeft, toRight)) - GUIDE_TOLERANCE);
    penalty += GUIDE_COST * (trust * bridge * bridge + (guided[t]! - trust) * either * either);
  }
  if (penalty >= limit) return penalty;
  return penalty + patchDistance(level, t, s, limit - penalty);
}

interface Field {
  targets: Int32Array;
  /** Index of each target pixel in `targets`, or -1. */
  slot: Int32Array;
  /** Source pixel index per target. */
  source: Int32Array;
  distance: Float32Array;
}

function newField(level: Level, targets: Int32Array): Field {
  const slot = new Int32Array(level.width * level.height).fill(-1);
  for (let k = 0; k < targets.length; k++) slot[targets[k]!] = k;
  return { targets, slot, source: new Int32Array(targets.length), distance: new Float32Array(targets.length) };
}

function nearestValid(level: Level, valid: Uint8Array, x: number, y: number, list: Int32Array, random: () => number): number {
  const { width, height } = level;
  const cx = Math.min(width - 1, Math.max(0, x));
  const cy = Math.min(height - 1, Math.max(0, y));
  if (valid[cy * width + cx]) return cy * width + cx;
  return list[Math.floor(random() * list.length)]!;
}

/** One PatchMatch pass: propagation from already-visited neighbours, then (optionally) random search. */
function patchMatchPass(level: Level, field: Field, valid: Uint8Array, reverse: boolean, searchRadius: number, random: () => number): void {
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

function refreshDistances(level: Level, field: Field, helper: FillHelper | null): void {
  const count = field.targets.length;
  if (!helper) return refreshRange(level, field, 0, count);
  const half = count >> 1;
  inTwoHalves(helper, { kind: 'refresh', from: half, to: count }, () => refreshRange(level, field, 0, half), () => refreshRange(level, field, half, count));
}

/**
 * Levels with at least this many target pixels share their distance refresh and vote with the
 * helper thread (see fill-helper.ts); below it, handing over costs more than it saves.
 */
const SHARED_WORK_MIN_TARGETS = 20_000;

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
function shareLevel(level: Level, field: Field, helper: FillHelper): void {
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
function vote(level: Level, field: Field, uniform: boolean, helper: FillHelper | null): void {
  const { width, height, rgb, channels: C } = level;
  let sigma2 = 1;
  // Matches still stuck on the other surface (infinite cost, see matchCost) do not set the scale.
  if (!uniform) {
    const finite = Float32Array.from(field.distance.filter(Number.isFinite));
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

/**
 * Evens out the fill's copies, as panorama stitching evens out the exposure of its photos. Each
 * run of hole pixels copied with one offset is a region; every region takes one colour shift,
 * chosen (least squares, Gauss-Seidel) so that over all pixel pairs where regions meet each
 * other or the known image the copied colours agree on average; the shifts are then blurred so
 * that they add no new step at a region's edge. The fill copies real patches, so where it took
 * the sunlit part of a floor for one side of a hole and the shaded part for the other, the two
 * met in a sharp edge that traced the removed girl's outline; evened out, the floor runs from
 * light to dark as the floor around it does. Textures inside a region are kept as they are.
 */
function evenOutCopies(level: Level, field: Field): void {
  const { width, height, hole, rgb, channels: C } = level;
  const n = width * height;
  const offset = new Int32Array(n).fill(-1);
  const copied = new Float32Array(n * 3);
  for (let k = 0; k < field.targets.length; k++) {
    const t = field.targets[k]!;
    if (!hole[t]) continue;
    const s = field.source[k]!;
    offset[t] = s - t;
    for (let c = 0; c < 3; c++) copied[t * 3 + c] = rgb[s * C + c]!;
  }
  // Regions: 4-connected hole pixels with the same offset.
  const region = new Int32Array(n).fill(-1);
  let regions = 0;
  const stack: number[] = [];
  // A pixel's four neighbours (-1 off the crop), in a reused array: this runs for every hole pixel.
  const around = new Int32Array(4);
  for (let i = 0; i < n; i++) {
    if (!hole[i] || region[i]! >= 0) continue;
    region[i] = regions;
    stack.push(i);
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % width;
      around[0] = x > 0 ? p - 1 : -1; around[1] = x < width - 1 ? p + 1 : -1; around[2] = p - width; around[3] = p + width;
      for (let j = 0; j < 4; j++) {
        const q = around[j]!;
        if (q < 0 || q >= n || !hole[q] || region[q]! >= 0 || offset[q] !== offset[p]) continue;
        region[q] = regions;
        stack.push(q);
      }
    }
    regions++;
  }
  // Normal equations of sum over meeting pairs of (u_p + c_r - u_q - c_s)^2 (c = 0 for known q).
  const degree = new Float64Array(regions);
  const rhs = new Float64Array(regions * 3);
  const links = new Map<number, number>();
  const usable = (q: number) => !level.blocked?.[q] && !level.noSource?.[q];
  const valueOf = (q: number, c: number) => (hole[q] ? copied[q * 3 + c]! : rgb[q * C + c]!);
  for (let p = 0; p < n; p++) {
    if (!hole[p]) continue;
    const x = p % width;
    const r = region[p]!;
    around[0] = x < width - 1 ? p + 1 : -1; around[1] = p + width; around[2] = x > 0 ? p - 1 : -1; around[3] = p - width;
    for (let j = 0; j < 4; j++) {
      const q = around[j]!;
      if (q < 0 || q >= n) continue;
      if (hole[q] && region[q] === r) continue;
      if (!hole[q] && !usable(q)) continue;
      // Hole-hole pairs are seen from both sides; count each once (from the lower index).
      if (hole[q] && q < p) continue;
      if (hole[q]) {
        const s = region[q]!;
        degree[r]++; degree[s]++;
        for (let c = 0; c < 3; c++) {
          const up = valueOf(p, c), uq = valueOf(q, c);
          rhs[r * 3 + c] += uq - up; rhs[s * 3 + c] += up - uq;
        }
        const a = Math.min(r, s), b = Math.max(r, s);
        const key = a * regions + b;
        links.set(key, (links.get(key) ?? 0) + 1);
      } else {
        degree[r]++;
        for (let c = 0; c < 3; c++) rhs[r * 3 + c] += valueOf(q, c) - valueOf(p, c);
      }
    }
  }
  // Region adjacency as compressed rows: others and weights of region r at start[r]..start[r + 1].
  const start = new Int32Array(regions + 1);
  for (const key of links.keys()) { start[Math.floor(key / regions) + 1]++; start[(key % regions) + 1]++; }
  for (let r = 0; r < regions; r++) start[r + 1] += start[r]!;
  const fill = start.slice(0, regions);
  const others = new Int32Array(start[regions]!);
  const weights = new Float32Array(start[regions]!);
  for (const [key, weight] of links) {
    const a = Math.floor(key / regions), b = key % regions;
    others[fill[a]!] = b; weights[fill[a]!++] = weight;
    others[fill[b]!] = a; weights[fill[b]!++] = weight;
  }
  // Successive over-relaxation until no shift moves by a tenth of a colour unit.
  const shift = new Float64Array(regions * 3);
  for (let it = 0; it < SHIFT_ITERATIONS; it++) {
    let moved = 0;
    for (let r = 0; r < regions; r++) {
      if (degree[r] === 0) continue;
      let s0 = rhs[r * 3]!, s1 = rhs[r * 3 + 1]!, s2 = rhs[r * 3 + 2]!;
      for (let j = start[r]!; j < start[r + 1]!; j++) {
        const o = others[j]! * 3, w = weights[j]!;
        s0 += w * shift[o]!; s1 += w * shift[o + 1]!; s2 += w * shift[o + 2]!;
      }
      const d = degree[r]!;
      const d0 = SHIFT_RELAXATION * (s0 / d - shift[r * 3]!);
      const d1 = SHIFT_RELAXATION * (s1 / d - shift[r * 3 + 1]!);
      const d2 = SHIFT_RELAXATION * (s2 / d - shift[r * 3 + 2]!);
      shift[r * 3] += d0; shift[r * 3 + 1] += d1; shift[r * 3 + 2] += d2;
      moved = Math.max(moved, Math.abs(d0), Math.abs(d1), Math.abs(d2));
    }
    if (moved < 0.1) break;
  }
  // Per-pixel shift, blurred within the hole so region edges get no new step.
  const perPixel = new Float32Array(n * 3);
  for (let p = 0; p < n; p++) if (hole[p]) for (let c = 0; c < 3; c++) perPixel[p * 3 + c] = shift[region[p]! * 3 + c]!;
  const smooth = boxBlurUsable(perPixel, 3, (i) => hole[i] === 1 || usable(i), width, height, SHIFT_BLUR);
  for (let p = 0; p < n; p++) if (hole[p]) for (let c = 0; c < 3; c++) rgb[p * C + c] += smooth[p * 3 + c]!;
}

/**
 * Fills `hole` (1 = missing) in an RGB crop. Returns a new RGB byte buffer of the same size; known
 * pixels are unchanged. Throws if there is no known area to copy from.
 */
export function patchFill(rgbBytes: Uint8Array, hole: Uint8Array, width: number, height: number, options: PatchFillOptions = {}): Uint8Array {
  const random = mulberry32(options.seed ?? 1);
  const holeBits = Uint8Array.from(hole, (h) => (h ? 1 : 0));
  const finest: Level = { width, height, channels: 3, rgb: Float32Array.from(rgbBytes), hole: holeBits, spatial: 0 };
  if (options.blocked) {
    finest.blocked = Uint8Array.from(options.blocked, (b) => (b ? 1 : 0));
    // Other objects fill the whole crop: copying from them beats having nothing to copy.
    if (validSources(finest).list.length < MIN_SOURCES) finest.blocked = undefined;
  }
  if (TEXTURE_WEIGHT > 0) {
    finest.channels = 5;
    finest.rgb = withTexture(rgbBytes, holeBits, finest.blocked, width, height);
  }
  if (options.noSource) finest.noSource = Uint8Array.from(options.noSource, (b) => (b ? 1 : 0));
  if (options.repeatable) finest.repeatable = Uint8Array.from(options.repeatable, (b) => (b ? 1 : 0));
  finest.layer = holeLayers(rgbBytes, finest.hole, width, height, holeExtent(finest)) ?? undefined;
  finest.guide = layoutGuide(finest, options.notScene);
  const pyramid: Level[] = [finest];
  while (true) {
    const top = pyramid[pyramid.length - 1]!;
    if (holeExtent(top) <= COARSE_HOLE_EXTENT || Math.min(top.width, top.height) / 2 < MIN_LEVEL_SIDE) break;
    const next = downsample(top);
    // Holes grow when halved; stop before the known area gets too thin to hold whole patches.
    const sources = validSources(next).list.length;
    const known = next.hole.reduce((n, h) => n + (h ? 0 : 1), 0);
    if (sources < MIN_SOURCES || sources < MIN_SOURCE_SHARE * known) break;
    pyramid.push(next);
  }

  // Not-scene pixels join the blocked ones only once the levels are chosen: weighed there, a photo's
  // letterbox bars cut its coarser levels and a tall fill beside them turned into flat tiles.
  if (options.notScene) {
    let notScene: Uint8Array = Uint8Array.from(options.notScene, (b) => (b ? 1 : 0));
    for (let li = 0; li < pyramid.length; li++) {
      const level = pyramid[li]!;
      if (li > 0) notScene = anyOfFour(notScene, pyramid[li - 1]!.width, level.width, level.height);
      const before = level.blocked;
      const blocked = before ? Uint8Array.from(before) : new Uint8Array(level.width * level.height);
      for (let i = 0; i < notScene.length; i++) if (notScene[i]) blocked[i] = 1;
      level.blocked = blocked;
      // Nothing else to copy from: the bars are better than no fill.
      if (validSources(level).list.length < MIN_SOURCES) level.blocked = before;
    }
  }

  const bridge = holeExtent(finest) <= BRIDGE_EXTENT;
  let previous: { level: Level; field: Field } | null = null;
  let sharedAny = false;
  for (let li = pyramid.length - 1; li >= 0; li--) {
    throwIfAborted(options.signal);
    const level = pyramid[li]!;
    level.spatial = (SPATIAL_WEIGHT * PATCH_VALUES) / Math.max(1, holeExtent(level)) ** 2;
    const { valid, list } = validSources(level);
    if (list.length === 0) throw new Error('No known area around the hole to copy texture from');
    const field = newField(level, targetPixels(level));
    const { width: w } = level;

    if (!previous) {
      initialGuess(level, bridge);
      for (let k = 0; k < field.targets.length; k++) {
        const t = field.targets[k]!;
        // Known pixels start on themselves when they can; everything else at random.
        field.source[k] = valid[t] ? t : list[Math.floor(random() * list.length)]!;
      }
    } else {
      // Upsample the coarser matches: same offset, doubled.
      const coarse = previous;
      for (let k = 0; k < field.targets.length; k++) {
        const t = field.targets[k]!;
        const tx = t % w, ty = (t - tx) / w;
        const cx = Math.min(coarse.level.width - 1, tx >> 1), cy = Math.min(coarse.level.height - 1, ty >> 1);
        const ck = coarse.field.slot[cy * coarse.level.width + cx]!;
        if (ck < 0) {
          field.source[k] = nearestValid(level, valid, tx, ty, list, random);
          continue;
        }
        const cs = coarse.field.source[ck]!;
        const csx = cs % coarse.level.width, csy = (cs - csx) / coarse.level.width;
        field.source[k] = nearestValid(level, valid, 2 * csx + (tx & 1), 2 * csy + (ty & 1), list, random);
      }
      level.uses = new Int32Array(level.width * level.height);
      for (let k = 0; k < field.targets.length; k++) if (level.hole[field.targets[k]!]) level.uses[field.source[k]!]!++;
    }
    // The helper thread takes half of this level's refresh and vote work (same results).
    const helper = field.targets.length >= SHARED_WORK_MIN_TARGETS ? fillHelper() : null;
    if (helper) {
      shareLevel(level, field, helper);
      sharedAny = true;
    }
    // The upsampled matches' plain vote is the finer level's first estimate of the hole.
    if (previous) vote(level, field, true, helper);
    // The coarsest level searches the whole crop; finer ones refine the upsampled matches nearby,
    // and very large levels only propagate (they inherit good matches from below).
    const coarsest = !previous;
    const affordable = field.targets.length <= FULL_SEARCH_BUDGET;
    const searchRadius = coarsest ? Math.max(level.width, level.height) : affordable ? FINE_SEARCH_RADIUS : 0;
    const iterations = coarsest ? 10 : affordable ? Math.max(1, Math.min(li === 0 ? 2 : 4, Math.floor(ITERATION_BUDGET / field.targets.length))) : 1;
    for (let it = 0; it < iterations; it++) {
      throwIfAborted(options.signal);
      refreshDistances(level, field, helper);
      patchMatchPass(level, field, valid, it % 2 === 1, searchRadius, random);
      if (coarsest || affordable) patchMatchPass(level, field, valid, it % 2 === 0, searchRadius, random);
      vote(level, field, false, helper);
    }
    previous = { level, field };
  }

  // The helper lets go of the last level's arrays (tens of MB at 1 MP) until the next fill.
  if (sharedAny) fillHelper()?.useLevel(null);
  if (previous) evenOutCopies(previous.level, previous.field);
  if (previous && options.trace) {
    const { targets, source } = previous.field;
    for (let k = 0; k < targets.length; k++) if (finest.hole[targets[k]!] && options.trace.from[source[k]!]) options.trace.copies[targets[k]!] = 1;
  }
  const out = new Uint8Array(rgbBytes.length);
  const { rgb, channels: C } = finest;
  for (let p = 0; p < width * height; p++) {
    for (let c = 0; c < 3; c++) out[p * 3 + c] = Math.max(0, Math.min(255, Math.round(rgb[p * C + c]!)));
  }
  return out;
}
