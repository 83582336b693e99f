/**
 * Straight lines continued across the hole before the patch fill (after Sun et al. 2005, "Image
 * completion with structure propagation", with the structure found instead of drawn by the user).
 * A patch fill continues textures, not lines: the boards of a wall behind a removed object came
 * back as blocks, and a line across a floor as two stray pieces. Here a line seen on both sides
 * of the hole (two segments of the same straight line, the hole between them) is drawn across it
 * first, each pixel near it taking the line's cross-section from the two ends, blended by where it
 * lies between them. The patch fill then treats the drawn pixels as known and fills around them.
 * Only lines that look the same all along and at both ends count: foliage lines up by chance
 * often enough that, without those checks, a streak was drawn through foliage.
 */

import { chessboardDistance } from './image.js';
import { loadOpenCv, type OpenCv } from './opencv.js';

/** Lines are looked for in the known band this wide around the hole (and not in other objects). */
const RING = 24;
/** Edges this close to another object are its outline, not the background's lines. */
const OUTLINE_MARGIN = 3;
/** Canny thresholds on the luminance (0-255). */
const CANNY_LOW = 40;
const CANNY_HIGH = 110;
/** A segment must be at least this long to count as a line. */
const MIN_SEGMENT = 16;
/** Two segments are one line when their directions differ by at most this (radians, 2.5 degrees)... */
const MAX_ANGLE = (2.5 * Math.PI) / 180;
/** ...and all four of their ends lie this close to one straight line (pixels). */
const MAX_OFFSET = 2.5;
/** Share of the path between two segments that may be known background. */
const MAX_SEEN_SHARE = 0.25;
/** The hidden stretch may be at most this many times as long as the two visible segments together. */
const MAX_GAP_SHARE = 15;
/** The two ends' cross-sections must differ by at most this much (mean absolute colour units). */
const MAX_PROFILE_DIFFERENCE = 25;
/** A segment whose cross-section changes more than this along it is not a line (see crossSectionChange). */
const MAX_SECTION_CHANGE = 10;
/** Grey levels a thin line's middle must stand out from both its sides. */
const THIN_LINE_CONTRAST = 15;
/** Pixels up to this far from a line take its cross-section. */
const HALF_WIDTH = 5;
/** The cross-section is the mean over this many steps along each visible end. */
const PROFILE_STEPS = 6;
/** At most this many lines are drawn (the most collinear pairs first). */
const MAX_LINES = 40;

interface Segment {
  /** End nearer the hole (where the line enters it) and the other end. */
  inner: [number, number];
  outer: [number, number];
  /** Unit direction from outer to inner (towards the hole). */
  dir: [number, number];
}

export interface ContinuedLines {
  rgb: Uint8Array;
  /** 1 = hole pixel drawn from a line (now known). */
  drawn: Uint8Array;
  /** The lines drawn, as [x1, y1, x2, y2] between the two inner ends. */
  lines: number[][];
  /**
   * 1 = a known pixel on one of the thin lines drawn (within its cross-section, anywhere along it):
   * the patch fill must not copy these, or it lays a second piece of the tape beside the one drawn.
   */
  onLines: Uint8Array;
}

function houghSegments(cv: OpenCv, rgb: Uint8Array, ring: Uint8Array, width: number, height: number): number[][] {
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < grey.length; i++) grey[i] = Math.round(0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!);
  const src = cv.matFromArray(height, width, cv.CV_8UC1, grey);
  const edges = new cv.Mat();
  const found = new cv.Mat();
  try {
    cv.Canny(src, edges, CANNY_LOW, CANNY_HIGH);
    const e = edges.data as Uint8Array;
    for (let i = 0; i < e.length; i++) if (!ring[i]) e[i] = 0;
    cv.HoughLinesP(edges, found, 1, Math.PI / 180, 12, MIN_SEGMENT, 2);
    const out: number[][] = [];
    const v = found.data32S as Int32Array;
    for (let k = 0; k + 3 < v.length; k += 4) out.push([v[k]!, v[k + 1]!, v[k + 2]!, v[k + 3]!]);
    return out;
  } finally {
    src.delete();
    edges.delete();
    found.delete();
  }
}

/** The segment oriented towards the hole, or null when its line does not run into the hole within the ring. */
function towardsHole(s: number[], hole: Uint8Array, width: number, height: number): Segment | null {
  const [x1, y1, x2, y2] = s as [number, number, number, number];
  const length = Math.hypot(x2 - x1, y2 - y1);
  if (length === 0) return null;
  const reaches = (x: number, y: number, dx: number, dy: number) => {
    for (let t = 1; t <= RING + 4; t++) {
      const px = Math.round(x + dx * t), py = Math.round(y + dy * t);
      if (px < 0 || py < 0 || px >= width || py >= height) return false;
      if (hole[py * width + px]) return true;
    }
    return false;
  };
  const dx = (x2 - x1) / length, dy = (y2 - y1) / length;
  const forward = reaches(x2, y2, dx, dy), backward = reaches(x1, y1, -dx, -dy);
  // A segment with the hole at both ends is a line crossing a thin gap: taken by its better end.
  if (forward) return { inner: [x2, y2], outer: [x1, y1], dir: [dx, dy] };
  if (backward) return { inner: [x1, y1], outer: [x2, y2], dir: [-dx, -dy] };
  return null;
}

/** Largest distance of the points from their total-least-squares line. */
function fitResidual(points: [number, number][]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p[0], 0) / n, my = points.reduce((s, p) => s + p[1], 0) / n;
  let sxx = 0, syy = 0, sxy = 0;
  for (const [x, y] of points) { sxx += (x - mx) ** 2; syy += (y - my) ** 2; sxy += (x - mx) * (y - my); }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const dx = Math.cos(angle), dy = Math.sin(angle);
  return Math.max(...points.map(([x, y]) => Math.abs((x - mx) * dy - (y - my) * dx)));
}

/**
 * Whether the straight path between the two inner ends is hidden: mostly hole and other objects'
 * pixels, with some hole. A little known background on the way is allowed (a gap between a
 * person's arm and body, where the line shows and is not drawn).
 */
function gapIsHidden(a: [number, number], b: [number, number], hole: Uint8Array, blocked: Uint8Array | undefined, width: number): boolean {
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  let holes = 0, seen = 0, steps = 0;
  for (let t = 2; t <= length - 2; t++) {
    const x = Math.round(a[0] + ((b[0] - a[0]) * t) / length), y = Math.round(a[1] + ((b[1] - a[1]) * t) / length);
    const i = y * width + x;
    steps++;
    if (hole[i]) holes++;
    else if (!blocked?.[i]) seen++;
  }
  return holes > 0 && seen <= MAX_SEEN_SHARE * steps;
}

function pairs(segments: Segment[], hole: Uint8Array, blocked: Uint8Array | undefined, profiles: Map<Segment, (number[] | null)[]>, width: number): [Segment, Segment][] {
  const candidates: { a: Segment; b: Segment; score: number }[] = [];
  for (let i = 0; i < segments.length; i++) {
    for (let j = i + 1; j < segments.length; j++) {
      const a = segments[i]!, b = segments[j]!;
      // Opposite directions: each runs towards the other through the hole.
      const cos = a.dir[0] * b.dir[0] + a.dir[1] * b.dir[1];
      if (cos > -Math.cos(MAX_ANGLE)) continue;
      const ab: [number, number] = [b.inner[0] - a.inner[0], b.inner[1] - a.inner[1]];
      if (ab[0] * a.dir[0] + ab[1] * a.dir[1] <= 0) continue;
      const offset = fitResidual([a.inner, a.outer, b.inner, b.outer]);
      if (offset > MAX_OFFSET) continue;
      const gap = Math.hypot(ab[0], ab[1]);
      const visible = Math.hypot(a.inner[0] - a.outer[0], a.inner[1] - a.outer[1]) + Math.hypot(b.inner[0] - b.outer[0], b.inner[1] - b.outer[1]);
      const unlike = profileDifference(profiles.get(a)!, profiles.get(b)!);
      if (gap > MAX_GAP_SHARE * visible) continue;
      if (unlike > MAX_PROFILE_DIFFERENCE) continue;
      if (!gapIsHidden(a.inner, b.inner, hole, blocked, width)) continue;
      candidates.push({ a, b, score: offset + (1 + cos) * 100 + unlike / 10 });
    }
  }
  candidates.sort((p, q) => p.score - q.score);
  const used = new Set<Segment>();
  const out: [Segment, Segment][] = [];
  for (const c of candidates) {
    if (used.has(c.a) || used.has(c.b)) continue;
    used.add(c.a);
    used.add(c.b);
    out.push([c.a, c.b]);
    if (out.length >= MAX_LINES) break;
  }
  return out;
}

/** Mean absolute colour difference between two ends' cross-sections (b's read mirrored), or Infinity. */
function profileDifference(a: (number[] | null)[], b: (number[] | null)[]): number {
  let sum = 0, n = 0;
  for (let k = 0; k < a.length; k++) {
    const va = a[k], vb = b[a.length - 1 - k];
    if (!va || !vb) continue;
    for (let c = 0; c < 3; c++) sum += Math.abs(va[c]! - vb[c]!);
    n += 3;
  }
  return n >= 3 * (a.length - 2) ? sum / n : Infinity;
}

/**
 * How much a segment's cross-section changes along it (mean absolute colour units from the mean
 * cross-section, over points spread along the whole segment). A board's edge or a tape line looks
 * the same all along; an edge that foliage happens to line up is a different mix of leaves at
 * every step.
 */
function crossSectionChange(seg: Segment, rgb: Uint8Array, usable: Uint8Array, width: number, height: number): number {
  const length = Math.hypot(seg.inner[0] - seg.outer[0], seg.inner[1] - seg.outer[1]);
  const sections: number[][][] = [];
  for (let k = 0; k <= 8; k++) {
    const section = sectionAt(seg, 1 + ((length - 2) * k) / 8, rgb, usable, width, height);
    if (section.every((v) => v)) sections.push(section as number[][]);
  }
  if (sections.length < 3) return Infinity;
  let sum = 0, n = 0;
  for (let u = 0; u <= 2 * HALF_WIDTH; u++) {
    for (let c = 0; c < 3; c++) {
      const mean = sections.reduce((m, s) => m + s[u]![c]!, 0) / sections.length;
      for (const s of sections) { sum += Math.abs(s[u]![c]! - mean); n++; }
    }
  }
  return sum / n;
}

/**
 * Whether a cross-section is a thin line (a tape, a seam: its middle brighter or darker than both
 * sides) rather than the edge between two surfaces. A thin line copied elsewhere is a second line;
 * an edge's surfaces are what the fill needs to copy.
 */
function isThinLine(section: (number[] | null)[]): boolean {
  const lum = (v: number[] | null | undefined) => (v ? 0.299 * v[0]! + 0.587 * v[1]! + 0.114 * v[2]! : NaN);
  const left = lum(section[0]), right = lum(section[section.length - 1]);
  const middle = Math.max(...section.slice(2, -2).map(lum)), darkest = Math.min(...section.slice(2, -2).map(lum));
  const sides = (left + right) / 2, step = Math.abs(left - right);
  return middle - sides > Math.max(THIN_LINE_CONTRAST, step) || sides - darkest > Math.max(THIN_LINE_CONTRAST, step);
}

/** A cross-section's colour at fractional offset `u` (0..2 HALF_WIDTH), or null. */
function readSection(section: (number[] | null)[], u: number): number[] | null {
  const k = Math.min(section.length - 2, Math.floor(u));
  const f = u - k;
  const lo = section[k], hi = section[k + 1];
  if (!lo || !hi) return f < 0.5 ? lo ?? null : hi ?? null;
  return lo.map((v, c) => (1 - f) * v + f * hi[c]!);
}

/** Bilinear sample of the known, unblocked pixels at (x, y), or null. */
function sample(rgb: Uint8Array, usable: Uint8Array, width: number, height: number, x: number, y: number): number[] | null {
  const x0 = Math.floor(x), y0 = Math.floor(y);
  if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) return null;
  const fx = x - x0, fy = y - y0;
  const out = [0, 0, 0];
  let weight = 0;
  for (const [dx, dy, w] of [[0, 0, (1 - fx) * (1 - fy)], [1, 0, fx * (1 - fy)], [0, 1, (1 - fx) * fy], [1, 1, fx * fy]] as const) {
    const i = (y0 + dy) * width + x0 + dx;
    if (!usable[i] || w === 0) continue;
    for (let c = 0; c < 3; c++) out[c] += w * rgb[i * 3 + c]!;
    weight += w;
  }
  return weight > 0.5 ? out.map((v) => v / weight) : null;
}

/** The segment's cross-section `t` px back from its inner end: offsets -HALF_WIDTH..HALF_WIDTH across it (null where nothing known). */
function sectionAt(seg: Segment, t: number, rgb: Uint8Array, usable: Uint8Array, width: number, height: number): (number[] | null)[] {
  const normal: [number, number] = [-seg.dir[1], seg.dir[0]];
  const out: (number[] | null)[] = [];
  for (let u = -HALF_WIDTH; u <= HALF_WIDTH; u++) {
    out.push(sample(rgb, usable, width, height, seg.inner[0] - seg.dir[0] * t + normal[0] * u, seg.inner[1] - seg.dir[1] * t + normal[1] * u));
  }
  return out;
}

/** Mean cross-section of a segment's visible end, over PROFILE_STEPS steps back from the hole. */
function crossSection(seg: Segment, rgb: Uint8Array, usable: Uint8Array, width: number, height: number): (number[] | null)[] {
  const sums = Array.from({ length: 2 * HALF_WIDTH + 1 }, () => ({ colour: [0, 0, 0], n: 0 }));
  for (let k = 1; k <= PROFILE_STEPS; k++) {
    sectionAt(seg, k, rgb, usable, width, height).forEach((v, u) => {
      if (!v) return;
      for (let c = 0; c < 3; c++) sums[u]!.colour[c] += v[c]!;
      sums[u]!.n++;
    });
  }
  return sums.map(({ colour, n }) => (n ? colour.map((v) => v / n) : null));
}

/**
 * Draws every straight line seen on both sides of the hole across it. Returns null when there is
 * none. `blocked` pixels (other objects) are neither searched for lines nor sampled; `skip` hole
 * pixels are not drawn on.
 */
export async function continueStraightLines(
  rgb: Uint8Array, hole: Uint8Array, blocked: Uint8Array | undefined, skip: Uint8Array | undefined, width: number, height: number,
): Promise<ContinuedLines | null> {
  const toHole = chessboardDistance((i) => hole[i] !== 0, width, height);
  // Other objects' outlines are not lines of the background: a kept leg was continued as a line.
  const toBlocked = blocked ? chessboardDistance((i) => blocked[i] !== 0, width, height) : null;
  const usable = new Uint8Array(width * height);
  const ring = new Uint8Array(width * height);
  for (let i = 0; i < usable.length; i++) {
    if (hole[i] || blocked?.[i]) continue;
    usable[i] = 1;
    if (toHole[i]! <= RING && (!toBlocked || toBlocked[i]! > OUTLINE_MARGIN)) ring[i] = 1;
  }
  const cv = await loadOpenCv();
  const segments = houghSegments(cv, rgb, ring, width, height)
    .map((s) => towardsHole(s, hole, width, height))
    .filter((s): s is Segment => s !== null)
    .filter((s) => crossSectionChange(s, rgb, usable, width, height) <= MAX_SECTION_CHANGE);
  const profiles = new Map(segments.map((s) => [s, crossSection(s, rgb, usable, width, height)]));
  const lines = pairs(segments, hole, blocked, profiles, width);
  if (lines.length === 0) return null;

  // Each line runs from a's inner end to b's.
  const geometry = lines.map(([a, b]) => {
    const length = Math.hypot(b.inner[0] - a.inner[0], b.inner[1] - a.inner[1]);
    const dir: [number, number] = [(b.inner[0] - a.inner[0]) / length, (b.inner[1] - a.inner[1]) / length];
    return { a, b, length, dir, normal: [-dir[1], dir[0]] as [number, number] };
  });
  const sum = new Float32Array(width * height * 3);
  const weight = new Float32Array(width * height);
  for (const { a, b, length, dir, normal } of geometry) {
    const profileA = profiles.get(a)!, profileB = profiles.get(b)!;
    // Pixels whose projection falls between the ends and lie within HALF_WIDTH of the line.
    const x1 = Math.max(0, Math.floor(Math.min(a.inner[0], b.inner[0]) - HALF_WIDTH - 1));
    const x2 = Math.min(width - 1, Math.ceil(Math.max(a.inner[0], b.inner[0]) + HALF_WIDTH + 1));
    const y1 = Math.max(0, Math.floor(Math.min(a.inner[1], b.inner[1]) - HALF_WIDTH - 1));
    const y2 = Math.min(height - 1, Math.ceil(Math.max(a.inner[1], b.inner[1]) + HALF_WIDTH + 1));
    for (let y = y1; y <= y2; y++) {
      for (let x = x1; x <= x2; x++) {
        const i = y * width + x;
        if (!hole[i] || skip?.[i]) continue;
        const px = x - a.inner[0], py = y - a.inner[1];
        const along = px * dir[0] + py * dir[1];
        if (along < 0 || along > length) continue;
        const across = px * normal[0] + py * normal[1];
        // Cross-sections are read between their samples: rounded, a slanted edge came out in steps.
        const u = across + HALF_WIDTH;
        if (u < 0 || u > 2 * HALF_WIDTH) continue;
        // a's normal and b's point opposite ways: b's cross-section is read mirrored.
        const va = readSection(profileA, u), vb = readSection(profileB, 2 * HALF_WIDTH - u);
        if (!va || !vb) continue;
        const t = along / length;
        // Fades out towards the band's edge so the patch fill's texture meets it softly.
        const w = 1 - Math.abs(across) / (HALF_WIDTH + 1);
        for (let c = 0; c < 3; c++) sum[i * 3 + c] += w * ((1 - t) * va[c]! + t * vb[c]!);
        weight[i] += w;
      }
    }
  }
  const onLines = new Uint8Array(width * height);
  for (const { a, b, normal } of geometry) {
    if (!isThinLine(profiles.get(a)!) || !isThinLine(profiles.get(b)!)) continue;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (hole[i] || onLines[i]) continue;
        if (Math.abs((x - a.inner[0]) * normal[0] + (y - a.inner[1]) * normal[1]) <= HALF_WIDTH + 1) onLines[i] = 1;
      }
    }
  }
  const out = Uint8Array.from(rgb);
  const drawn = new Uint8Array(width * height);
  for (let i = 0; i < weight.length; i++) {
    if (weight[i]! <= 0) continue;
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round(sum[i * 3 + c]! / weight[i]!);
    drawn[i] = 1;
  }
  return { rgb: out, drawn, onLines, lines: lines.map(([a, b]) => [a.inner[0], a.inner[1], b.inner[0], b.inner[1]]) };
}
