/**
 * The layout guide: what the fill should look like at each hole pixel, as blurred bands bridged
 * across the hole row by row, and the cost a source pays for not fitting it.
 */
import { bits } from '../image.js';
import { boxBlurUsable, holeExtent, onionPeel, PATCH_RADIUS, type Level } from './level.js';

/**
 * Layout guide (see layoutGuide): a source whose blurred surroundings differ from what the guide
 * expects at the target costs this much per squared colour unit beyond GUIDE_TOLERANCE, for each
 * pixel of a patch. The coarsest level's first guess lays the bands down, but nothing kept the
 * search to them: a band of blinds behind a removed person ended in a pale block above the band
 * below, and a dark band of shrubs became a mound of the bright foliage above it.
 */
const GUIDE_WEIGHT = 4;
const GUIDE_COST = GUIDE_WEIGHT * (2 * PATCH_RADIUS + 1) ** 2;
/**
 * Blurred colours this close (RGB distance) count as the same band. Without it, the slow change of
 * light across a field was enough to send every target to the few sources beside the hole, and
 * their blend left flat blocks in the hole.
 */
const GUIDE_TOLERANCE = 20;
/** The guide's blur radius is the hole's extent divided by this: bands, not textures. */
const GUIDE_BLUR_SHARE = 16;
/**
 * A row's bridge is trusted fully when its two ends agree, and not at all once their blurred
 * colours are this far apart: grass on one side of the hole and paving on the other say nothing
 * about where one ends, and bridged, a slope of grass crossed the paving. Such a row still says
 * what lies in it: a source must then look like one end or the other. Unguided there, the foot of
 * a band of shrubs was laid with copies of a bright wall seen through the foliage above it.
 */
const GUIDE_AGREEMENT = 60;

/** Per pixel, what layoutGuide says the fill should look like there, blurred to bands. */
export interface LayoutGuide {
  /** The known image blurred, bridged across the hole row by row (RGB per pixel). */
  colour: Float32Array;
  /** How far the bridge is trusted (0..1): as far as the row's two ends agree. */
  trust: Float32Array;
  /** The blurred colours at the two ends of the pixel's row run (6 per pixel). */
  ends: Float32Array;
  /** 1 = the pixel has a guide at all (known, or in a row run with a known end); 0 = filled by peeling. */
  guided: Float32Array;
}

/**
 * The layout the fill must follow, and how far to trust it. The known image is box-blurred (hole,
 * other objects and letterbox bars left out) so that it shows bands, not textures; across the hole,
 * each row's run of hole and other objects' pixels is bridged linearly from the blurred pixel at
 * either end, so layered bands (blinds above a sill, a floor below it) each run on across
 * the hole. A run's trust falls as its two ends disagree (see GUIDE_AGREEMENT); runs with one end
 * only, and pixels no row reaches (filled by peeling), are not trusted.
 */
export function layoutGuide(level: Level, notScene?: Uint8Array): LayoutGuide {
  const { width, height, rgb, hole, blocked, channels: C } = level;
  const r = Math.max(2, Math.round(holeExtent(level) / GUIDE_BLUR_SHARE));
  const usable = (i: number) => !hole[i] && !blocked?.[i] && !notScene?.[i];
  const guide = boxBlurUsable(rgb, C, usable, width, height, r);
  const known = bits(hole, true);
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
 * What a source `s` pays for not fitting the guide at target `t` (see GUIDE_WEIGHT): where the
 * row's ends agree, the source must look like the bridge between them; as far as they disagree,
 * like one end or the other.
 */
export function guidePenalty(guide: LayoutGuide, t: number, s: number): number {
  const { colour: g, ends: e, trust: trusts, guided } = guide;
  let d2 = 0;
  for (let c = 0; c < 3; c++) { const d = g[t * 3 + c]! - g[s * 3 + c]!; d2 += d * d; }
  let toLeft = 0, toRight = 0;
  for (let c = 0; c < 3; c++) {
    const a = e[t * 6 + c]! - g[s * 3 + c]!, b = e[t * 6 + 3 + c]! - g[s * 3 + c]!;
    toLeft += a * a;
    toRight += b * b;
  }
  const trust = trusts[t]!;
  const bridge = Math.max(0, Math.sqrt(d2) - GUIDE_TOLERANCE);
  const either = Math.max(0, Math.sqrt(Math.min(toLeft, toRight)) - GUIDE_TOLERANCE);
  return GUIDE_COST * (trust * bridge * bridge + (guided[t]! - trust) * either * either);
}
