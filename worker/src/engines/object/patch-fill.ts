/**
 * Exemplar-based hole filling (Wexler et al. "space-time completion" with Barnes et al.'s
 * PatchMatch for the nearest-neighbour search), coarse to fine. Every hole pixel ends up as a
 * weighted vote of real patches copied from the known part of the image, so grass stays grass and
 * walls stay walls instead of being smeared as a diffusion inpaint would.
 *
 * Works on a float RGB copy of a crop; the caller pastes the hole pixels back.
 */
import { fillHelper } from './fill-helper.js';
import { bits, countZeros, mulberry32 } from './image.js';
import { holeLayers } from './layers.js';
import { evenOutCopies } from './patch-fill/even-out.js';
import { initialGuess } from './patch-fill/first-guess.js';
import { layoutGuide } from './patch-fill/layout-guide.js';
import { anyOfFour, downsample, holeExtent, nearestValid, newField, targetPixels, validSources, type Field, type Level } from './patch-fill/level.js';
import { spatialScale } from './patch-fill/match-cost.js';
import { patchMatchPass, refreshDistances, shareLevel, SHARED_WORK_MIN_TARGETS, vote } from './patch-fill/patchmatch.js';
import { TEXTURE_WEIGHT, withTexture } from './patch-fill/texture.js';

/** Levels above this many target pixels only refine the upsampled matches (no random search). */
const FULL_SEARCH_BUDGET = 160_000;
/**
 * Below the coarsest level, at most this many target pixels times iterations per level. A level
 * inherits its matches from the one below, so its later iterations change little: on a 1 MP photo
 * with a third of it removed, the 500x500 level took 2.9 s for four iterations, and two gave a fill
 * that side by side could not be told apart from it. A 400x400 level takes three.
 */
const ITERATION_BUDGET = 200_000;
/**
 * The coarsest level is reached once the hole's larger side is at most this many pixels. Lower
 * would thin the background around the hole below a patch: a ring round a removed object
 * vanished at 32 px and the hole was filled with the surface further out.
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

/**
 * holeLayers of the crop, on the helper thread when it is up and the crop is large (same result):
 * returns the function that waits for it, or computes it here when the helper did not.
 */
function startLayers(rgbBytes: Uint8Array, hole: Uint8Array, width: number, height: number, extent: number): () => Uint8Array | null {
  const here = () => holeLayers(rgbBytes, hole, width, height, extent);
  const n = width * height;
  const helper = n >= SHARED_WORK_MIN_TARGETS ? fillHelper() : null;
  if (!helper) return here;
  const shared = (length: number) => new Uint8Array(new SharedArrayBuffer(length));
  const pixels = shared(rgbBytes.length), holeCopy = shared(n), out = shared(n + 1);
  pixels.set(rgbBytes);
  holeCopy.set(hole);
  const done = helper.start({ kind: 'layers', pixels, hole: holeCopy, width, height, extent, out });
  return () => {
    if (!done()) return here();
    return out[n] ? out.slice(0, n) : null;
  };
}

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('Aborted');
}

/**
 * Fills `hole` (1 = missing) in an RGB crop. Returns a new RGB byte buffer of the same size; known
 * pixels are unchanged. Throws if there is no known area to copy from.
 */
export function patchFill(rgbBytes: Uint8Array, hole: Uint8Array, width: number, height: number, options: PatchFillOptions = {}): Uint8Array {
  const random = mulberry32(options.seed ?? 1);
  const holeBits = bits(hole);
  const finest: Level = { width, height, channels: 3, rgb: Float32Array.from(rgbBytes), hole: holeBits, spatial: 0 };
  // The surfaces (layers.ts) need only the colours and the hole: the helper thread finds them
  // while this one builds the texture features and the layout guide.
  const layers = startLayers(rgbBytes, holeBits, width, height, holeExtent(finest));
  if (options.blocked) {
    finest.blocked = bits(options.blocked);
    // Other objects fill the whole crop: copying from them beats having nothing to copy.
    if (validSources(finest).list.length < MIN_SOURCES) finest.blocked = undefined;
  }
  if (TEXTURE_WEIGHT > 0) {
    finest.channels = 5;
    finest.rgb = withTexture(rgbBytes, holeBits, finest.blocked, width, height);
  }
  if (options.noSource) finest.noSource = bits(options.noSource);
  if (options.repeatable) finest.repeatable = bits(options.repeatable);
  finest.guide = layoutGuide(finest, options.notScene);
  finest.layer = layers() ?? undefined;
  const pyramid: Level[] = [finest];
  while (true) {
    const top = pyramid[pyramid.length - 1]!;
    if (holeExtent(top) <= COARSE_HOLE_EXTENT || Math.min(top.width, top.height) / 2 < MIN_LEVEL_SIDE) break;
    const next = downsample(top);
    // Holes grow when halved; stop before the known area gets too thin to hold whole patches.
    const sources = validSources(next).list.length;
    const known = countZeros(next.hole);
    if (sources < MIN_SOURCES || sources < MIN_SOURCE_SHARE * known) break;
    pyramid.push(next);
  }

  // Not-scene pixels join the blocked ones only once the levels are chosen: weighed there, a photo's
  // letterbox bars cut its coarser levels and a tall fill beside them turned into flat tiles.
  if (options.notScene) {
    let notScene: Uint8Array = bits(options.notScene);
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
    level.spatial = spatialScale(holeExtent(level));
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