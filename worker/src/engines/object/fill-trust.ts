/**
 * Whether the classical fill's result can be trusted. PatchMatch copies texture; it does not
 * understand geometry. When the hole covers a large part of a scene laid out in straight lines
 * (walls, windows, shelves, vehicles), it lays the wrong surface or stacks copies of the structure
 * beside the hole. When the hole covers 30 % of the photo or more, whatever the scene, most of
 * the result is made up from too little context: stretched texture, repeated stripes, smears.
 * Such a result is still returned, but the reply's note says so and points to the brush and to
 * the inpainting model (docs/engines/object-removal.md, "Limits"). A learned fill is judged by
 * the size alone: it knows more of geometry than a patch copy, but 30 % of a photo is too
 * little context for any fill, and an inpainting model given one tends to invent an object there.
 */
import { chessboardDistance, maskArea, maskBounds, type Mask, type RgbImage } from './image.js';

export interface FillTrustOptions {
  /** A hole over at least this share of the photo is never trusted. */
  maxHoleShare: number;
  /** Otherwise: the hole covers at least this share of the photo... */
  minHoleShare: number;
  /** ...and at least this share of the strong edges in the band around it lie on straight runs. */
  minStraightShare: number;
  /** ...of which there are at least this many per band pixel. */
  minEdgeDensity: number;
  /** The band around the hole: this share of the hole's larger side, at least `minBand` pixels. */
  bandShare: number;
  minBand: number;
  /** A strong edge: Sobel magnitude of the grey levels (0-255) at least this. */
  edgeStrength: number;
  /** A straight run: the edge continues this many pixels both ways along its own direction. */
  runHalfLength: number;
}

export const FILL_TRUST_DEFAULTS: FillTrustOptions = {
  maxHoleShare: 0.3, minHoleShare: 0.08, minStraightShare: 0.3, minEdgeDensity: 0.04, bandShare: 0.25, minBand: 16, edgeStrength: 120, runHalfLength: 4,
};

export interface FillTrust {
  trusted: boolean;
  /** Why not: the hole is too large a share of the photo, or the scene around it is built of straight lines. */
  reason: 'size' | 'structure' | null;
  /** Share of the photo the hole covers. */
  holeShare: number;
  /** Strong edges per pixel of the band around the hole. */
  edgeDensity: number;
  /** Share of those edges that lie on straight runs. */
  straightShare: number;
}

/**
 * Judges the scene around `mask` (255 = hole); `kept` (other objects, or null) is left out: their
 * outlines are not the scene's layout.
 */
export function judgeFill(image: RgbImage, mask: Mask, kept: Mask | null, options: FillTrustOptions = FILL_TRUST_DEFAULTS): FillTrust {
  const { width, height, data } = image;
  const holeShare = maskArea(mask) / (width * height);
  const bounds = maskBounds(mask);
  const none = { trusted: true, reason: null, holeShare, edgeDensity: 0, straightShare: 0 };
  if (!bounds) return none;
  if (holeShare >= options.maxHoleShare) return { ...none, trusted: false, reason: 'size' };
  if (holeShare < options.minHoleShare) return none;
  const band = Math.max(options.minBand, Math.round(options.bandShare * Math.max(bounds.x2 - bounds.x1, bounds.y2 - bounds.y1)));
  const toHole = chessboardDistance((i) => mask.data[i] !== 0, width, height);
  const toKept = kept ? chessboardDistance((i) => kept.data[i] !== 0, width, height) : null;
  const grey = new Float32Array(width * height);
  for (let i = 0; i < grey.length; i++) grey[i] = 0.299 * data[i * 3]! + 0.587 * data[i * 3 + 1]! + 0.114 * data[i * 3 + 2]!;
  // Sobel gradient of every pixel of the band whose 3x3 window holds no hole or kept pixel.
  const gx = new Float32Array(width * height), gy = new Float32Array(width * height);
  const strong = new Uint8Array(width * height);
  let bandPixels = 0, edges = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if (toHole[i]! < 2 || toHole[i]! > band || (toKept && toKept[i]! < 2)) continue;
      bandPixels++;
      const a = grey[i - width - 1]!, b = grey[i - width]!, c = grey[i - width + 1]!;
      const d = grey[i - 1]!, f = grey[i + 1]!;
      const g = grey[i + width - 1]!, h = grey[i + width]!, k = grey[i + width + 1]!;
      const sx = c + 2 * f + k - a - 2 * d - g, sy = g + 2 * h + k - a - 2 * b - c;
      if (Math.hypot(sx, sy) < options.edgeStrength) continue;
      gx[i] = sx; gy[i] = sy; strong[i] = 1; edges++;
    }
  }
  if (!bandPixels || !edges) return none;
  // A straight run: the edge goes on along its own direction, with about the same direction.
  const cosMax = Math.cos((15 * Math.PI) / 180);
  let straight = 0;
  for (let i = 0; i < strong.length; i++) {
    if (!strong[i]) continue;
    const m = Math.hypot(gx[i]!, gy[i]!);
    const tx = -gy[i]! / m, ty = gx[i]! / m;
    const x0 = i % width, y0 = (i - x0) / width;
    let run = true;
    for (let s = -options.runHalfLength; s <= options.runHalfLength && run; s++) {
      if (s === 0) continue;
      // Either this pixel or one beside it across the edge (a line drawn at a slant steps sideways).
      let ok = false;
      for (const o of [0, -1, 1]) {
        const xx = Math.round(x0 + s * tx + o * (gx[i]! / m)), yy = Math.round(y0 + s * ty + o * (gy[i]! / m));
        if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
        const q = yy * width + xx;
        if (!strong[q]) continue;
        const mq = Math.hypot(gx[q]!, gy[q]!);
        if (Math.abs(gx[q]! * gx[i]! + gy[q]! * gy[i]!) / (mq * m) >= cosMax) { ok = true; break; }
      }
      run = ok;
    }
    if (run) straight++;
  }
  const edgeDensity = edges / bandPixels, straightShare = straight / edges;
  const structured = edgeDensity >= options.minEdgeDensity && straightShare >= options.minStraightShare;
  return { trusted: !structured, reason: structured ? 'structure' : null, holeShare, edgeDensity, straightShare };
}

/**
 * The reply's sentence when the fill cannot be trusted (see judgeFill), or '' when it can. For a
 * learned fill (`model`) only the size counts: the straight-line rule is about copied patches.
 */
export function untrustedFillNote(trust: FillTrust, fill: 'patch' | 'model' = 'patch'): string {
  const advice = 'check the result, and for a better one mark a smaller area with the brush.';
  const filler = fill === 'model' ? 'the inpainting model' : 'the patch fill';
  if (trust.reason === 'size') {
    return `The removed area covers ${Math.round(trust.holeShare * 100)} % of the photo, so most of the result is made up by ${filler} and cannot be relied on: ${advice}`;
  }
  if (trust.reason === 'structure' && fill === 'patch') return `The removed area covers a large part of a scene built of straight lines, which the patch fill cannot rebuild reliably: ${advice}`;
  return '';
}

/** Said with every result of the classical fill while no inpainting model is installed. */
export const INSTALL_FILL_MODEL_NOTE =
  'A learned fill gives cleaner results: an administrator can install LaMa or MI-GAN on the admin page (Engines).';
