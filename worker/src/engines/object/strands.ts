/**
 * Loose strands around an object: wisps of hair or fur, a few pixels wide, that leave the edge of
 * its mask and end in the background nearby (the wisps around a girl's head against a dark
 * floor). The instance mask is too coarse for them and the mask's dilation stops short, so they
 * were left floating where the object was, and the fill copied them into the hole as well.
 *
 * Thin lines are found with a morphological top-hat (bright lines: the luminance minus its
 * opening) and black-hat (dark lines) on the luminance. A line is taken when it is rooted at the
 * object, ends inside a band around it (the slats of a blind or the boards of a floor run on past
 * the band) and its colour leans from the background towards the object's: a blade of bright
 * grass beside a dark boot does not.
 */
import { chessboardDistance, type Box, type Mask, type RgbImage } from './image.js';

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

/** Separable square min (or max) filter of radius r. */
function rankFilter(values: Float32Array, width: number, height: number, r: number, max: boolean): Float32Array {
  const pick = max ? Math.max : Math.min;
  const rows = new Float32Array(values.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let v = values[y * width + x]!;
      for (let k = Math.max(0, x - r); k <= Math.min(width - 1, x + r); k++) v = pick(v, values[y * width + k]!);
      rows[y * width + x] = v;
    }
  }
  const out = new Float32Array(values.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let v = rows[y * width + x]!;
      for (let k = Math.max(0, y - r); k <= Math.min(height - 1, y + r); k++) v = pick(v, rows[k * width + x]!);
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
