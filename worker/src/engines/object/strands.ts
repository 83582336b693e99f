/**
 * Loose strands around an object: wisps of hair or fur, a few pixels wide, that leave the edge of
 * its mask and end in the background nearby (wisps of hair against a dark floor). The instance mask is too coarse for them and the mask's dilation stops short, so they
 * were left floating where the object was, and the fill copied them into the hole as well.
 *
 * Thin lines are found with a morphological top-hat (bright lines: the luminance minus its
 * opening) and black-hat (dark lines) on the luminance. A line is taken when it is rooted at the
 * object, ends inside a band around it (the slats of a blind or the boards of a floor run on past
 * the band) and its colour leans from the background towards the object's: a blade of bright
 * grass beside a dark boot does not.
 */
import { chessboardDistance, growPiece, maskBounds, padBox, type Box, type Mask, type RgbImage } from './image.js';

/** Lines up to about twice this many pixels wide count as strands. */
const LINE_RADIUS = 3;
/** Strands are looked for this share of the object's height around it (at least MIN_REACH px). */
const REACH_SHARE = 0.1;
const MIN_REACH = 8;
/** Grey levels a line must stand out from its surroundings (JPEG noise on a floor is below). */
const LINE_CONTRAST = 12;
/** Bits of line this many pixels apart belong to one strand. */
const LINK_GAP = 2;
/** A kind of line (bright or dark) judged by colour must be at least this share of the strand. */
const MIN_KIND_SHARE = 0.25;
/** A line within this many pixels of the object is rooted at it. */
const ROOT_GAP = 4;
/** Object pixels within this many pixels of a strand's root give the object's colour there. */
const ROOT_WINDOW = 4;
/**
 * The strand's colour, from the background's towards the object's: at least this share of the
 * way (a wisp is a thin, part see-through piece of the hair) and not much off that line.
 */
const TOWARD_OBJECT = 0.1;
const MAX_OFF_LINE = 0.6;
/** The object and the background must differ by this much (RGB units) for the test to mean anything. */
const MIN_OBJECT_CONTRAST = 20;
/** All strands together add at most this share of the object's area. */
const MAX_SHARE = 0.05;

/** Separable square min (or max) filter of radius r (two loops, not a picked function: it is hot). */
function rankFilter(values: Float32Array, width: number, height: number, r: number, max: boolean): Float32Array {
  const rows = new Float32Array(values.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let v = values[row + x]!;
      const end = row + Math.min(width - 1, x + r);
      if (max) for (let k = row + Math.max(0, x - r); k <= end; k++) { const a = values[k]!; if (a > v) v = a; }
      else for (let k = row + Math.max(0, x - r); k <= end; k++) { const a = values[k]!; if (a < v) v = a; }
      rows[row + x] = v;
    }
  }
  const out = new Float32Array(values.length);
  for (let y = 0; y < height; y++) {
    const from = Math.max(0, y - r) * width, to = Math.min(height - 1, y + r) * width;
    for (let x = 0; x < width; x++) {
      let v = rows[y * width + x]!;
      if (max) for (let k = from + x; k <= to + x; k += width) { const a = rows[k]!; if (a > v) v = a; }
      else for (let k = from + x; k <= to + x; k += width) { const a = rows[k]!; if (a < v) v = a; }
      out[y * width + x] = v;
    }
  }
  return out;
}

type Colour = [number, number, number];

/**
 * Pixels (255, full size) of loose strands of `object` (255) to remove with it, within the band
 * around `box`; never pixels of `others` (255).
 */
export function looseStrands(image: RgbImage, object: Mask, box: Box, others: Mask): Mask {
  const { width, height } = image;
  const added: Mask = { data: new Uint8Array(width * height), width, height };
  const reach = Math.max(MIN_REACH, Math.round(REACH_SHARE * (box.y2 - box.y1)));
  const pad = reach + LINE_RADIUS + 1;
  const x1 = Math.max(0, box.x1 - pad), y1 = Math.max(0, box.y1 - pad);
  const x2 = Math.min(width, box.x2 + pad), y2 = Math.min(height, box.y2 + pad);
  const rw = x2 - x1, rh = y2 - y1;
  if (rw <= 0 || rh <= 0) return added;
  const at = (i: number) => (y1 + Math.floor(i / rw)) * width + x1 + (i % rw);
  const lum = new Float32Array(rw * rh);
  let objectArea = 0;
  for (let i = 0; i < lum.length; i++) {
    const g = at(i);
    lum[i] = 0.299 * image.data[g * 3]! + 0.587 * image.data[g * 3 + 1]! + 0.114 * image.data[g * 3 + 2]!;
    if (object.data[g]) objectArea++;
  }
  if (objectArea === 0) return added;
  const dist = chessboardDistance((i) => object.data[at(i)]! > 0, rw, rh);
  const opened = rankFilter(rankFilter(lum, rw, rh, LINE_RADIUS, false), rw, rh, LINE_RADIUS, true);
  const closed = rankFilter(rankFilter(lum, rw, rh, LINE_RADIUS, true), rw, rh, LINE_RADIUS, false);
  const colourOf = (g: number): Colour => [image.data[g * 3]!, image.data[g * 3 + 1]!, image.data[g * 3 + 2]!];
  let budget = MAX_SHARE * objectArea;

  // 1 = bright line, 2 = dark line (in the band, not another object's).
  const line = new Uint8Array(rw * rh);
  for (let i = 0; i < line.length; i++) {
    if (dist[i]! === 0 || dist[i]! > reach || others.data[at(i)]) continue;
    if (lum[i]! - opened[i]! >= LINE_CONTRAST) line[i] = 1;
    else if (closed[i]! - lum[i]! >= LINE_CONTRAST) line[i] = 2;
  }
  // A faint wisp breaks up into bits, bright and dark, a pixel or two apart: they are one strand.
  const seen = new Uint8Array(rw * rh);
  for (let start = 0; start < line.length; start++) {
    if (!line[start] || seen[start]) continue;
    const pixels: number[] = [];
    const stack = [start];
    seen[start] = 1;
    let rooted = false, runsOn = false;
    while (stack.length) {
      const p = stack.pop()!;
      pixels.push(p);
      const x = p % rw, y = (p - x) / rw;
      if (dist[p]! <= ROOT_GAP) rooted = true;
      if (dist[p]! >= reach || x === 0 || y === 0 || x === rw - 1 || y === rh - 1) runsOn = true;
      for (let dy = -LINK_GAP; dy <= LINK_GAP; dy++) {
        for (let dx = -LINK_GAP; dx <= LINK_GAP; dx++) {
          const nx = x + dx, ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= rw || ny >= rh) continue;
          const q = ny * rw + nx;
          if (line[q] && !seen[q]) { seen[q] = 1; stack.push(q); }
        }
      }
    }
    if (!rooted || runsOn || pixels.length > budget) continue;
    // The colour is judged on each kind apart: a bright wisp's dark gaps are the floor between.
    const kinds = [1, 2].map((k) => pixels.filter((p) => line[p] === k)).filter((kind) => kind.length >= MIN_KIND_SHARE * pixels.length);
    if (!kinds.some((kind) => leansToObject(kind, line, dist, rw, rh, at, object, colourOf))) continue;
    budget -= pixels.length;
    for (const p of pixels) added.data[at(p)] = 255;
  }
  return added;
}

/**
 * Whether a line's colour lies between the background around it and the object at its root,
 * nearer than the background is (see TOWARD_OBJECT).
 */
function leansToObject(
  pixels: number[], line: Uint8Array, dist: Int32Array, rw: number, rh: number,
  at: (i: number) => number, object: Mask, colourOf: (g: number) => Colour,
): boolean {
  const strand: Colour = [0, 0, 0], back: Colour = [0, 0, 0], obj: Colour = [0, 0, 0];
  let nb = 0, no = 0;
  const add = (sum: Colour, c: Colour) => { sum[0] += c[0]; sum[1] += c[1]; sum[2] += c[2]; };
  const member = new Set(pixels);
  const backSeen = new Set<number>(), objSeen = new Set<number>();
  for (const p of pixels) {
    add(strand, colourOf(at(p)));
    const x = p % rw, y = (p - x) / rw;
    const root = dist[p]! <= ROOT_GAP;
    const r = root ? ROOT_WINDOW : 2;
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        const nx = x + dx, ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= rw || ny >= rh) continue;
        const q = ny * rw + nx;
        const g = at(q);
        if (object.data[g]) {
          if (root && !objSeen.has(q)) { objSeen.add(q); add(obj, colourOf(g)); no++; }
        } else if (Math.abs(dx) <= 2 && Math.abs(dy) <= 2 && !line[q] && !member.has(q) && !backSeen.has(q)) {
          backSeen.add(q); add(back, colourOf(g)); nb++;
        }
      }
    }
  }
  if (nb === 0 || no === 0) return false;
  const s = strand.map((v) => v / pixels.length), b = back.map((v) => v / nb), o = obj.map((v) => v / no);
  const ob = [o[0]! - b[0]!, o[1]! - b[1]!, o[2]! - b[2]!];
  const sb = [s[0]! - b[0]!, s[1]! - b[1]!, s[2]! - b[2]!];
  const span = Math.hypot(ob[0]!, ob[1]!, ob[2]!);
  if (span < MIN_OBJECT_CONTRAST) return false;
  const along = (sb[0]! * ob[0]! + sb[1]! * ob[1]! + sb[2]! * ob[2]!) / span;
  const off = Math.sqrt(Math.max(0, sb[0]! ** 2 + sb[1]! ** 2 + sb[2]! ** 2 - along ** 2));
  return along >= TOWARD_OBJECT * span && off <= MAX_OFF_LINE * Math.max(along, 1);
}

/**
 * Faint strands: the wisps past the grown removal mask that are too faint for the top-hat above
 * (a few grey levels over a dark floor, their colour washed out by JPEG). Found as ridges of the
 * lightly smoothed luminance (the Hessian's strong eigenvalue, the other weak: a line, not a spot),
 * linked into strands that start at the mask's edge and end within STRAY_REACH of it; the floor's
 * boards and reflections run on past it. They are too thin to fill by copying, and left in place
 * floating wisps stayed beside where the head was: they are inpainted (composite.ts).
 */
const STRAY_SIGMA = 1;
/** Ridge strength (grey levels at the smoothing scale) a strand pixel must reach. */
const STRAY_STRENGTH = 1.5;
/** The weaker curvature must stay below this share of the strong one (a line, not a spot). */
const STRAY_ELONGATION = 0.5;
/** Strands end within this share of the object's height from the mask (at least MIN_STRAY_REACH px). */
const STRAY_REACH_SHARE = 0.07;
const MIN_STRAY_REACH = 12;
const MAX_STRAY_REACH = 48;
/** A strand spans at least this many pixels. */
const MIN_STRAY_SPAN = 10;
/** Bits of a faint wisp this many pixels from a strand already taken belong to it. */
const CHAIN_GAP = 4;
/** All faint strands together are at most this share of the mask. */
const MAX_STRAY_SHARE = 0.02;

/** A strand whose pixels lie within this spread (px, standard deviation) of one line is straight. */
const STRAIGHT_SPREAD = 1.2;

/** Standard deviation of the pixels across their best-fitting line. */
function spreadAcross(pixels: number[], width: number): number {
  let mx = 0, my = 0;
  for (const p of pixels) { mx += p % width; my += Math.floor(p / width); }
  mx /= pixels.length; my /= pixels.length;
  let sxx = 0, syy = 0, sxy = 0;
  for (const p of pixels) {
    const dx = (p % width) - mx, dy = Math.floor(p / width) - my;
    sxx += dx * dx; syy += dy * dy; sxy += dx * dy;
  }
  sxx /= pixels.length; syy /= pixels.length; sxy /= pixels.length;
  const minor = (sxx + syy) / 2 - Math.sqrt(((sxx - syy) / 2) ** 2 + sxy * sxy);
  return Math.sqrt(Math.max(0, minor));
}

/** Mean absolute step (grey levels) between neighbouring background pixels around a strand, above which it is textured. */
const MAX_BACKGROUND_BUSYNESS = 4;

/** Mean absolute horizontal and vertical luminance step over the known, non-ridge pixels within 3 px of a strand. */
function backgroundBusyness(lum: Float32Array, ridge: Uint8Array, mask: Mask, pixels: number[], width: number, height: number): number {
  const around = new Set<number>();
  for (const p of pixels) {
    const x = p % width, y = (p - x) / width;
    for (let dy = -3; dy <= 3; dy++) {
      for (let dx = -3; dx <= 3; dx++) {
        const nx = x + dx, ny = y + dy;
        if (nx < 1 || ny < 1 || nx >= width - 1 || ny >= height - 1) continue;
        const q = ny * width + nx;
        if (!ridge[q] && !mask.data[q]) around.add(q);
      }
    }
  }
  let sum = 0, n = 0;
  for (const q of around) {
    if (around.has(q + 1)) { sum += Math.abs(lum[q + 1]! - lum[q]!); n++; }
    if (around.has(q + width)) { sum += Math.abs(lum[q + width]! - lum[q]!); n++; }
  }
  return n ? sum / n : Infinity;
}

function gaussianSmooth(values: Float32Array, width: number, height: number, sigma: number, only?: Box): Float32Array {
  const r = Math.ceil(3 * sigma);
  const kernel = Array.from({ length: 2 * r + 1 }, (_, k) => Math.exp(-((k - r) ** 2) / (2 * sigma * sigma)));
  const total = kernel.reduce((a, b) => a + b, 0);
  // Only the pixels of `only` (and the rows their column pass reads) are computed: the same values there, zero elsewhere.
  const box = only ?? { x1: 0, y1: 0, x2: width, y2: height };
  const rows = new Float32Array(values.length), out = new Float32Array(values.length);
  for (let y = Math.max(0, box.y1 - r); y < Math.min(height, box.y2 + r); y++) {
    for (let x = box.x1; x < box.x2; x++) {
      let s = 0;
      for (let k = -r; k <= r; k++) s += kernel[k + r]! * values[y * width + Math.min(width - 1, Math.max(0, x + k))]!;
      rows[y * width + x] = s / total;
    }
  }
  for (let y = box.y1; y < box.y2; y++) {
    for (let x = box.x1; x < box.x2; x++) {
      let s = 0;
      for (let k = -r; k <= r; k++) s += kernel[k + r]! * rows[Math.min(height - 1, Math.max(0, y + k)) * width + x]!;
      out[y * width + x] = s / total;
    }
  }
  return out;
}

/** `mask`'s bounding box grown by `pad` (inside the image), or null when it is empty. */
function paddedBounds(mask: Mask, pad: number): Box | null {
  const bounds = maskBounds(mask);
  return bounds && padBox(bounds, pad, mask.width, mask.height);
}

/** Pixels (255) of faint strands leaving `mask`, never on `others` (255); `objectHeight` sets the reach. */
export function faintStrands(image: RgbImage, mask: Mask, others: Mask | null, objectHeight: number): Mask {
  const { width, height, data } = image;
  const found: Mask = { data: new Uint8Array(width * height), width, height };
  const reach = Math.min(MAX_STRAY_REACH, Math.max(MIN_STRAY_REACH, Math.round(STRAY_REACH_SHARE * objectHeight)));
  let area = 0;
  for (let i = 0; i < mask.data.length; i++) if (mask.data[i]) area++;
  if (area === 0) return found;
  const lum = new Float32Array(width * height);
  for (let i = 0; i < lum.length; i++) lum[i] = 0.299 * data[i * 3]! + 0.587 * data[i * 3 + 1]! + 0.114 * data[i * 3 + 2]!;
  // Read within the reach of the mask and a pixel beyond (the ridge test's neighbours).
  const g = gaussianSmooth(lum, width, height, STRAY_SIGMA, paddedBounds(mask, reach + 1) ?? undefined);
  const dist = chessboardDistance((i) => mask.data[i]! > 0, width, height);
  // 1 = bright ridge, 2 = dark ridge.
  const ridge = new Uint8Array(width * height);
  const scale = STRAY_SIGMA * STRAY_SIGMA;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if (mask.data[i] || dist[i]! > reach || others?.data[i]) continue;
      const xx = g[i - 1]! - 2 * g[i]! + g[i + 1]!, yy = g[i - width]! - 2 * g[i]! + g[i + width]!;
      const xy = (g[i + width + 1]! - g[i + width - 1]! - g[i - width + 1]! + g[i - width - 1]!) / 4;
      const half = Math.sqrt(((xx - yy) / 2) ** 2 + xy * xy);
      const low = (xx + yy) / 2 - half, high = (xx + yy) / 2 + half;
      if (-low * scale >= STRAY_STRENGTH && Math.abs(high) < STRAY_ELONGATION * -low) ridge[i] = 1;
      else if (high * scale >= STRAY_STRENGTH && Math.abs(low) < STRAY_ELONGATION * high) ridge[i] = 2;
    }
  }
  let budget = MAX_STRAY_SHARE * area;
  interface Piece { pixels: number[]; rooted: boolean; span: number }
  const pieces: Piece[] = [];
  const seen = new Uint8Array(width * height);
  for (let start = 0; start < ridge.length; start++) {
    if (!ridge[start] || seen[start]) continue;
    const kind = ridge[start];
    const pixels: number[] = [];
    const stack = [start];
    seen[start] = 1;
    let rooted = false, runsOn = false;
    let x1 = width, x2 = 0, y1 = height, y2 = 0;
    while (stack.length) {
      const p = stack.pop()!;
      pixels.push(p);
      const x = p % width, y = (p - x) / width;
      x1 = Math.min(x1, x); x2 = Math.max(x2, x); y1 = Math.min(y1, y); y2 = Math.max(y2, y);
      if (dist[p]! <= ROOT_GAP - 1) rooted = true;
      if (dist[p]! >= reach) runsOn = true;
      for (let dy = -LINK_GAP; dy <= LINK_GAP; dy++) {
        for (let dx = -LINK_GAP; dx <= LINK_GAP; dx++) {
          const nx = x + dx, ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const q = ny * width + nx;
          if (ridge[q] === kind && !seen[q]) { seen[q] = 1; stack.push(q); }
        }
      }
    }
    if (runsOn) continue;
    // Only on a plain background: in foliage or grass every leaf edge is a ridge, and inpainted they left smooth blobs.
    if (backgroundBusyness(lum, ridge, mask, pixels, width, height) > MAX_BACKGROUND_BUSYNESS) continue;
    pieces.push({ pixels, rooted, span: Math.max(x2 - x1, y2 - y1) + 1 });
  }
  const taken = new Uint8Array(width * height);
  const take = (piece: Piece) => {
    budget -= piece.pixels.length;
    for (const p of piece.pixels) taken[p] = 1;
  };
  // Strands that start at the mask; a straight piece is the scene's (a blind's slat, a sill, tape
  // on the floor), a wisp bends.
  for (const piece of pieces) {
    if (!piece.rooted || piece.span < MIN_STRAY_SPAN || piece.pixels.length > budget) continue;
    if (spreadAcross(piece.pixels, width) < STRAIGHT_SPREAD) continue;
    take(piece);
  }
  // Then the bits a faint wisp breaks into past a gap, from strands already taken outwards.
  const near = (p: number) => {
    const x = p % width, y = (p - x) / width;
    for (let dy = -CHAIN_GAP; dy <= CHAIN_GAP; dy++) {
      for (let dx = -CHAIN_GAP; dx <= CHAIN_GAP; dx++) {
        const nx = x + dx, ny = y + dy;
        if (nx >= 0 && ny >= 0 && nx < width && ny < height && taken[ny * width + nx]) return true;
      }
    }
    return false;
  };
  for (let grew = true; grew;) {
    grew = false;
    for (const piece of pieces) {
      if (taken[piece.pixels[0]!] || piece.pixels.length > budget || !piece.pixels.some(near)) continue;
      if (piece.span >= MIN_STRAY_SPAN && spreadAcross(piece.pixels, width) < STRAIGHT_SPREAD) continue;
      take(piece);
      grew = true;
    }
  }
  // The ridge is the strand's middle: one pixel more on each side covers it.
  for (let p = 0; p < taken.length; p++) {
    if (!taken[p]) continue;
    const x = p % width, y = (p - x) / width;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx, ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const q = ny * width + nx;
        if (!mask.data[q] && !others?.data[q]) found.data[q] = 255;
      }
    }
  }
  return found;
}

/**
 * Left-over hair that is neither a line nor bright or dark enough for the strands above: a lock
 * of coloured hair on a plain wall, a blob of a few JPEG blocks that leans a little towards the
 * hair's colour.
 * Past the grown mask, on a plain background, pixels whose colour stands out from the known
 * pixels around them of about their brightness (the wall's, not the floor's below it) are taken,
 * in pieces that start at the mask (hysteresis: a clear core, grown over fainter pixels), end
 * within the strays' reach and lean from the background's colour towards the person's beside them.
 * Inpainted with the faint strands (composite.ts).
 */
/** Radius of the window of known pixels (every other one) a pixel is held against. */
const LEFTOVER_WINDOW = 12;
/** Known pixels within this many grey levels of a pixel's brightness are its background. */
const LEFTOVER_SAME_BRIGHTNESS = 30;
/** Of those, the ones within this colour distance of their median make the background's colour. */
const LEFTOVER_INLIER = 10;
const LEFTOVER_MIN_SAMPLES = 24;
/**
 * The background is plain when at least half the samples are its inliers, nine in ten of those
 * unlike the pixel itself, and the inliers spread this little (RGB units, smoothed: a plain painted
 * wall with JPEG noise spreads 4 to 5.5).
 */
const LEFTOVER_MIN_INLIER_SHARE = 0.5;
const LEFTOVER_PLAIN_SHARE = 0.9;
const LEFTOVER_MAX_SPREAD = 6;
/** Colour distance from the background: a piece's core, and the fainter pixels it grows over. */
const LEFTOVER_CORE = 12;
const LEFTOVER_EDGE = 6;

const INLIER_SQUARED = LEFTOVER_INLIER ** 2;
const squaredDistance = (dr: number, dg: number, db: number) => dr * dr + dg * dg + db * db;

/** Hair is looked for around the top of a person only: lower down the same test took grass tufts and leaves. */
const LEFTOVER_HEAD_SHARE = 0.35;

/**
 * Pixels (255) of left-over hair past the grown `mask`, never on `others`; `object` is the
 * person's own (ungrown) mask and `box` its box: the colour a piece must lean towards is the
 * person's next to it.
 */
export function leftoverHair(image: RgbImage, mask: Mask, object: Mask, others: Mask | null, box: Box): Mask {
  const { width, height, data } = image;
  const found: Mask = { data: new Uint8Array(width * height), width, height };
  const objectHeight = box.y2 - box.y1;
  const reach = Math.min(MAX_STRAY_REACH, Math.max(MIN_STRAY_REACH, Math.round(STRAY_REACH_SHARE * objectHeight)));
  const headEnd = Math.min(height, Math.round(box.y1 + LEFTOVER_HEAD_SHARE * objectHeight));
  const dist = chessboardDistance((i) => mask.data[i]! > 0, width, height);
  // Read within the reach of the mask and a window beyond (the samples', or the person's beside
  // a piece), above the head's end and a window below.
  const window = Math.max(LEFTOVER_WINDOW, LEFTOVER_OBJECT_WINDOW);
  const around = paddedBounds(mask, reach + window);
  if (!around) return found;
  around.y2 = Math.min(around.y2, headEnd + window);
  if (around.y2 <= around.y1) return found;
  const channel = (c: number) => {
    const values = new Float32Array(width * height);
    for (let i = 0; i < values.length; i++) values[i] = data[i * 3 + c]!;
    return gaussianSmooth(values, width, height, STRAY_SIGMA, around);
  };
  const [r, g, b] = [channel(0), channel(1), channel(2)];
  const lum = new Float32Array(width * height);
  for (let i = 0; i < lum.length; i++) lum[i] = 0.299 * r[i]! + 0.587 * g[i]! + 0.114 * b[i]!;
  const away = new Float32Array(width * height);
  const background = new Float32Array(3 * width * height);
  // The window's samples (at most one per pixel of its every-other grid), in a reused array.
  const samples = new Int32Array((LEFTOVER_WINDOW + 1) ** 2);
  let sampleCount = 0;
  const counts = new Int32Array(256);
  // Median of one channel over the samples, to the nearest level (a count per level).
  const median = (channel: Float32Array) => {
    counts.fill(0);
    for (let k = 0; k < sampleCount; k++) counts[Math.round(channel[samples[k]!]!)]!++;
    let level = 0;
    for (let seen = counts[0]!; seen <= sampleCount >> 1; seen += counts[level]!) level++;
    return level;
  };
  for (let y = 0; y < headEnd; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (mask.data[i] || others?.data[i] || dist[i]! > reach) continue;
      sampleCount = 0;
      const li = lum[i]!;
      for (let dy = -LEFTOVER_WINDOW; dy <= LEFTOVER_WINDOW; dy += 2) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -LEFTOVER_WINDOW; dx <= LEFTOVER_WINDOW; dx += 2) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (mask.data[q] || others?.data[q] || Math.abs(lum[q]! - li) > LEFTOVER_SAME_BRIGHTNESS) continue;
          samples[sampleCount++] = q;
        }
      }
      if (sampleCount < LEFTOVER_MIN_SAMPLES) continue;
      // The median first, then the mean of the samples near it: a lock of hair filling a good part of the
      // window must not pull the background's colour towards its own.
      const mr = median(r), mg = median(g), mb = median(b);
      // Plain: past the pixels like this one (the hair itself), nearly every sample is near the
      // median; a texture of leaves or slats has colours on every side of it.
      let n = 0, ir = 0, ig = 0, ib = 0, unlike = 0;
      for (let k = 0; k < sampleCount; k++) {
        const q = samples[k]!;
        const inlier = squaredDistance(r[q]! - mr, g[q]! - mg, b[q]! - mb) <= INLIER_SQUARED;
        if (inlier || squaredDistance(r[q]! - r[i]!, g[q]! - g[i]!, b[q]! - b[i]!) > INLIER_SQUARED) unlike++;
        if (!inlier) continue;
        n++; ir += r[q]!; ig += g[q]!; ib += b[q]!;
      }
      if (n < LEFTOVER_MIN_INLIER_SHARE * sampleCount || n < LEFTOVER_PLAIN_SHARE * unlike) continue;
      ir /= n; ig /= n; ib /= n;
      let spread = 0;
      for (let k = 0; k < sampleCount; k++) {
        const q = samples[k]!;
        const d2 = squaredDistance(r[q]! - ir, g[q]! - ig, b[q]! - ib);
        if (d2 <= INLIER_SQUARED) spread += d2;
      }
      if (spread / n > LEFTOVER_MAX_SPREAD ** 2) continue;
      away[i] = Math.sqrt(squaredDistance(r[i]! - ir, g[i]! - ig, b[i]! - ib));
      background[3 * i] = ir; background[3 * i + 1] = ig; background[3 * i + 2] = ib;
    }
  }
  let area = 0;
  for (let i = 0; i < mask.data.length; i++) if (mask.data[i]) area++;
  let budget = MAX_STRAY_SHARE * area;
  const seen = new Uint8Array(width * height);
  for (let start = 0; start < away.length; start++) {
    if (seen[start] || away[start]! < LEFTOVER_CORE) continue;
    const { pixels } = growPiece(start, width, height, seen, (x, y) => y * width + x, mask, mask, (q) => away[q]! >= LEFTOVER_EDGE);
    const rooted = pixels.some((p) => dist[p]! <= ROOT_GAP), runsOn = pixels.some((p) => dist[p]! >= reach);
    if (!rooted || runsOn || pixels.length > budget || !leansToPerson(pixels, r, g, b, background, object)) continue;
    budget -= pixels.length;
    for (const p of pixels) found.data[p] = 255;
  }
  return found;
}

/** Object pixels within this many pixels of a piece give the person's colour beside it. */
const LEFTOVER_OBJECT_WINDOW = 16;

/** Whether a piece's colour lies from its background's towards the person's beside it (as a strand's must, above). */
function leansToPerson(
  pixels: number[], r: Float32Array, g: Float32Array, b: Float32Array, background: Float32Array, object: Mask,
): boolean {
  const { width, height } = object;
  const piece: Colour = [0, 0, 0], behind: Colour = [0, 0, 0];
  let x1 = width, x2 = 0, y1 = height, y2 = 0;
  for (const p of pixels) {
    piece[0] += r[p]!; piece[1] += g[p]!; piece[2] += b[p]!;
    for (let c = 0; c < 3; c++) behind[c]! += background[3 * p + c]!;
    const x = p % width, y = (p - x) / width;
    x1 = Math.min(x1, x); x2 = Math.max(x2, x); y1 = Math.min(y1, y); y2 = Math.max(y2, y);
  }
  const own: Colour = [0, 0, 0];
  let n = 0;
  for (let y = Math.max(0, y1 - LEFTOVER_OBJECT_WINDOW); y <= Math.min(height - 1, y2 + LEFTOVER_OBJECT_WINDOW); y++) {
    for (let x = Math.max(0, x1 - LEFTOVER_OBJECT_WINDOW); x <= Math.min(width - 1, x2 + LEFTOVER_OBJECT_WINDOW); x++) {
      const q = y * width + x;
      if (!object.data[q]) continue;
      own[0] += r[q]!; own[1] += g[q]!; own[2] += b[q]!; n++;
    }
  }
  if (!n) return false;
  const towards: Colour = [0, 0, 0], off: Colour = [0, 0, 0];
  for (let c = 0; c < 3; c++) {
    towards[c] = own[c]! / n - behind[c]! / pixels.length;
    off[c] = piece[c]! / pixels.length - behind[c]! / pixels.length;
  }
  const span = Math.hypot(...towards);
  if (span < MIN_OBJECT_CONTRAST) return false;
  const along = (off[0] * towards[0] + off[1] * towards[1] + off[2] * towards[2]) / span;
  const across = Math.sqrt(Math.max(0, Math.hypot(...off) ** 2 - along * along));
  return along >= TOWARD_OBJECT * span && across <= MAX_OFF_LINE * Math.hypot(...off);
}
