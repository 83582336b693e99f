/**
 * The edge of an object kept beside a removed one still holds some of the removed object's
 * colour: a segmentation edge is a pixel or two generous, and the boundary pixels between a light
 * kept object and a dark removed one are mixtures of both. Once the hole is filled with the
 * background, those pixels read as a thin dark outline of the removed object around the kept one. This re-composites them, as matting
 * tools' "decontaminate colours" does: each edge pixel is modelled as a mix of the kept object's
 * colour F (read a little further inside it) and the old background B (the removed object's
 * colour next to it, before the fill), I = a*F + (1-a)*B; its old background share (1-a) is then
 * swapped for the new background B' (the fill next to it): I + (1-a)*(B' - B).
 */
import { boxMeanAt, chessboardDistance, cropMask, cropRgb, type Box, type Mask, type RgbImage } from './image.js';

/** Kept pixels this close to the hole (chessboard px) are re-composited. */
export const KEPT_EDGE_DEPTH = 3;
/** Window radius of the local colour estimates. */
const WINDOW = 5;
/** F and B must differ by this much (RGB distance) for the mix to be read at all. */
const MIN_CONTRAST = 40;
/** A local estimate needs this many pixels in its window. */
const MIN_SAMPLES = 4;

/**
 * Re-composites, in `filled`, the pixels of kept objects (`kept`) within KEPT_EDGE_DEPTH of the
 * hole, looking only inside `box` (the fill's crop: the hole with room around it). Returns how
 * many pixels changed.
 */
export function recompositeKeptEdges(original: RgbImage, filled: RgbImage, hole: Mask, kept: Mask, box: Box): number {
  const before = cropRgb(original, box);
  const after = cropRgb(filled, box);
  const changed = recompositeCrop(before.data, after.data, cropMask(hole, box).data, cropMask(kept, box).data, before.width, before.height);
  let count = 0;
  for (let y = 0; y < before.height; y++) {
    for (let x = 0; x < before.width; x++) {
      const c = y * before.width + x;
      if (!changed[c]) continue;
      const o = ((box.y1 + y) * filled.width + box.x1 + x) * 3;
      filled.data[o] = after.data[c * 3]!;
      filled.data[o + 1] = after.data[c * 3 + 1]!;
      filled.data[o + 2] = after.data[c * 3 + 2]!;
      count++;
    }
  }
  return count;
}

/** The same on one crop's arrays; `filled` is changed in place, the changed pixels come back as 1. */
function recompositeCrop(
  original: Uint8Array, filled: Uint8Array, hole: Uint8Array, kept: Uint8Array, width: number, height: number,
): Uint8Array {
  const n = width * height;
  const changed = new Uint8Array(n);
  const toHole = chessboardDistance((i) => hole[i] !== 0, width, height);
  // Inside the kept object beyond the edge band: its own colour, free of the old background.
  const interior = new Float64Array(n);
  const inHole = new Float64Array(n);
  let edgePixels = 0;
  for (let i = 0; i < n; i++) {
    if (hole[i]) inHole[i] = 1;
    else if (kept[i]) {
      if (toHole[i]! > KEPT_EDGE_DEPTH) interior[i] = 1;
      else edgePixels++;
    }
  }
  if (!edgePixels) return changed;
  // Window means, read at the edge pixels only.
  const holeShare = boxMeanAt(inHole, width, height, WINDOW);
  const interiorShare = boxMeanAt(interior, width, height, WINDOW);
  const channelMeans = (source: Uint8Array, weight: Float64Array) => [0, 1, 2].map((c) => {
    const v = new Float64Array(n);
    for (let i = 0; i < n; i++) v[i] = weight[i]! * source[i * 3 + c]!;
    return boxMeanAt(v, width, height, WINDOW);
  });
  const oldBackground = channelMeans(original, inHole);
  const newBackground = channelMeans(filled, inHole);
  const keptColour = channelMeans(original, interior);
  const area = (2 * WINDOW + 1) ** 2;
  for (let i = 0; i < n; i++) {
    if (hole[i] || !kept[i] || toHole[i]! > KEPT_EDGE_DEPTH) continue;
    // Shares are window means; at the image border the window is smaller, which only makes this stricter.
    const holeHere = holeShare(i), interiorHere = interiorShare(i);
    if (holeHere * area < MIN_SAMPLES || interiorHere * area < MIN_SAMPLES) continue;
    const b = [0, 1, 2].map((c) => oldBackground[c]!(i) / holeHere);
    const bNew = [0, 1, 2].map((c) => newBackground[c]!(i) / holeHere);
    const f = [0, 1, 2].map((c) => keptColour[c]!(i) / interiorHere);
    const d = f.map((v, c) => v - b[c]!);
    const contrast = d[0]! ** 2 + d[1]! ** 2 + d[2]! ** 2;
    if (contrast < MIN_CONTRAST ** 2) continue;
    let dot = 0;
    for (let c = 0; c < 3; c++) dot += (original[i * 3 + c]! - b[c]!) * d[c]!;
    const alpha = Math.min(1, Math.max(0, dot / contrast));
    if (alpha >= 1) continue;
    for (let c = 0; c < 3; c++) {
      const own = original[i * 3 + c]!;
      // Kept between the pixel, the object's colour and the new background: a mixed window can
      // overshoot into a hue none of them has (a cyan speck on a pale edge).
      const v = Math.min(Math.max(own, f[c]!, bNew[c]!), Math.max(Math.min(own, f[c]!, bNew[c]!), own + (1 - alpha) * (bNew[c]! - b[c]!)));
      filled[i * 3 + c] = Math.min(255, Math.max(0, Math.round(v)));
    }
    changed[i] = 1;
  }
  return changed;
}
