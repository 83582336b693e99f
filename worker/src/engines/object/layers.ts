/**
 * Edge continuation for the patch fill. When the ground around a hole is two clearly different
 * surfaces (a round object lying on another surface, a field below a grandstand) and their border
 * runs into the hole on one side and out on the other, the border is continued through the hole as
 * a smooth curve that leaves and arrives along the border's own direction, so a hidden rim comes
 * back as an arc. Each hole pixel then belongs to one surface and copies only from it.
 */

import { chessboardDistance } from './image.js';

/** Known pixels this close to the hole (pixels, at least) decide the two surfaces. */
const MIN_RING = 8;
/** The two colours must be at least this far apart (RGB units), each at least this share of the ring. */
const MIN_SEPARATION = 45;
const MIN_SHARE = 0.15;
/** And tight: the mean distance of pixels to their own colour below this share of the separation. */
const MAX_SPREAD = 0.45;
const KMEANS_ROUNDS = 12;
/** The border's direction where it meets the hole is fitted over this many pixels. */
const TANGENT_REACH = 24;
/** A border counts as a rim or a horizon when this share of its spread lies along one line. */
const MIN_STRAIGHTNESS = 0.85;
/** The continued border must cross at least this share of the hole's extent... */
const MIN_SPAN_SHARE = 0.3;
/** ...leaving and arriving roughly along the line between its ends (product of the two cosines). */
const MIN_ALIGNMENT = 0.3;

type Point = [number, number];

/** Squared colour distance: compared, and rooted only where a distance is summed (Math.hypot is slow in this hot loop). */
function squaredColourDistance(rgb: ArrayLike<number>, i: number, c: number[]): number {
  const r = rgb[i * 3]! - c[0]!, g = rgb[i * 3 + 1]! - c[1]!, b = rgb[i * 3 + 2]! - c[2]!;
  return r * r + g * g + b * b;
}

/** Two-means over the ring's colours, started from its darkest and lightest pixels. */
function twoColours(rgb: ArrayLike<number>, ring: number[]): { centres: number[][]; spread: number; shares: number[] } {
  const lum = (i: number) => 0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!;
  let dark = ring[0]!, light = ring[0]!;
  for (const i of ring) { if (lum(i) < lum(dark)) dark = i; if (lum(i) > lum(light)) light = i; }
  const centres = [[rgb[dark * 3]!, rgb[dark * 3 + 1]!, rgb[dark * 3 + 2]!], [rgb[light * 3]!, rgb[light * 3 + 1]!, rgb[light * 3 + 2]!]];
  let spread = 0;
  const counts = [0, 0];
  // The centres and sums in locals (the same arithmetic in the same order): this runs over the
  // whole ring twelve times.
  let a0 = centres[0]![0]!, a1 = centres[0]![1]!, a2 = centres[0]![2]!;
  let b0 = centres[1]![0]!, b1 = centres[1]![1]!, b2 = centres[1]![2]!;
  for (let round = 0; round < KMEANS_ROUNDS; round++) {
    let sa0 = 0, sa1 = 0, sa2 = 0, sb0 = 0, sb1 = 0, sb2 = 0, na = 0, nb = 0;
    spread = 0;
    for (let j = 0; j < ring.length; j++) {
      const i = ring[j]!;
      const r = rgb[i * 3]!, g = rgb[i * 3 + 1]!, bl = rgb[i * 3 + 2]!;
      const ra = r - a0, ga = g - a1, ba = bl - a2, rb = r - b0, gb = g - b1, bb = bl - b2;
      const d0 = ra * ra + ga * ga + ba * ba, d1 = rb * rb + gb * gb + bb * bb;
      if (d0 <= d1) {
        spread += Math.sqrt(d0);
        na++; sa0 += r; sa1 += g; sa2 += bl;
      } else {
        spread += Math.sqrt(d1);
        nb++; sb0 += r; sb1 += g; sb2 += bl;
      }
    }
    counts[0] = na; counts[1] = nb;
    if (na) { a0 = sa0 / na; a1 = sa1 / na; a2 = sa2 / na; }
    if (nb) { b0 = sb0 / nb; b1 = sb1 / nb; b2 = sb2 / nb; }
  }
  centres[0] = [a0, a1, a2];
  centres[1] = [b0, b1, b2];
  return { centres, spread: spread / ring.length, shares: counts.map((n) => n / ring.length) };
}

/** Groups of pixels, 8-connected among themselves. */
function groups(pixels: number[], width: number): number[][] {
  const member = new Set(pixels);
  const seen = new Set<number>();
  const out: number[][] = [];
  for (const start of pixels) {
    if (seen.has(start)) continue;
    const group: number[] = [];
    const stack = [start];
    seen.add(start);
    while (stack.length) {
      const p = stack.pop()!;
      group.push(p);
      const x = p % width;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if ((dx === 0 && dy === 0) || x + dx < 0 || x + dx >= width) continue;
          const q = p + dy * width + dx;
          if (member.has(q) && !seen.has(q)) { seen.add(q); stack.push(q); }
        }
      }
    }
    out.push(group);
  }
  return out;
}

/** Main direction (unit vector) of a set of points by principal components, and how much of the spread lies along it (0.5-1). */
function principalDirection(points: Point[]): { direction: Point; straightness: number } {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p[0], 0) / n, my = points.reduce((s, p) => s + p[1], 0) / n;
  let sxx = 0, syy = 0, sxy = 0;
  for (const [x, y] of points) { sxx += (x - mx) ** 2; syy += (y - my) ** 2; sxy += (x - mx) * (y - my); }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const mean = (sxx + syy) / 2, root = Math.sqrt(((sxx - syy) / 2) ** 2 + sxy ** 2);
  return { direction: [Math.cos(angle), Math.sin(angle)], straightness: (mean + root) / Math.max(1e-9, 2 * mean) };
}

/**
 * Surface (0 or 1) of every pixel of the crop, hole included, or null when the ground is not two
 * clear surfaces whose border crosses the hole exactly once in and once out.
 */
export function holeLayers(pixels: ArrayLike<number>, hole: Uint8Array, width: number, height: number, holeExtent: number): Uint8Array | null {
  // Surfaces differ in chromaticity; light and shadow on one surface mostly in brightness. The
  // feature is the chromaticity (scaled to 0-255) plus a little brightness, so a surface and its
  // own shadow stay one surface while a different surface beside it is another.
  const rgb = new Float32Array(pixels.length);
  for (let i = 0; i < pixels.length; i += 3) {
    const r = pixels[i]!, g = pixels[i + 1]!, b = pixels[i + 2]!;
    const sum = r + g + b + 30;
    rgb[i] = (255 * r) / sum + 0.2 * r; rgb[i + 1] = (255 * g) / sum + 0.2 * g; rgb[i + 2] = (255 * b) / sum + 0.2 * b;
  }
  const toHole = chessboardDistance((i) => hole[i] === 1, width, height);
  const ringWidth = Math.max(MIN_RING, Math.round(holeExtent / 8));
  const ring: number[] = [];
  for (let i = 0; i < hole.length; i++) if (!hole[i] && toHole[i]! <= ringWidth) ring.push(i);
  if (ring.length < 50) return null;
  const { centres, spread, shares } = twoColours(rgb, ring);
  const separation = Math.hypot(centres[0]![0]! - centres[1]![0]!, centres[0]![1]! - centres[1]![1]!, centres[0]![2]! - centres[1]![2]!);
  if (separation < MIN_SEPARATION || Math.min(...shares) < MIN_SHARE || spread > MAX_SPREAD * separation) return null;

  const layer = new Uint8Array(width * height);
  for (let i = 0; i < layer.length; i++) {
    if (!hole[i]) layer[i] = squaredColourDistance(rgb, i, centres[0]!) <= squaredColourDistance(rgb, i, centres[1]!) ? 0 : 1;
  }
  // Smooth the labels near the hole (majority of 5x5), so texture does not read as a border.
  const smooth = Uint8Array.from(layer);
  for (const i of ring) {
    const x = i % width, y = (i - x) / width;
    let ones = 0, n = 0;
    for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) {
      const nx = x + dx, ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height || hole[ny * width + nx]) continue;
      ones += layer[ny * width + nx]!; n++;
    }
    smooth[i] = 2 * ones > n ? 1 : 0;
  }

  // Where the border meets the hole: known pixels next to the hole with both surfaces nearby.
  const contact: number[] = [];
  for (let i = 0; i < hole.length; i++) {
    if (hole[i] || toHole[i] !== 1) continue;
    const x = i % width, y = (i - x) / width;
    let seen0 = false, seen1 = false;
    for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) {
      const nx = x + dx, ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height || hole[ny * width + nx]) continue;
      if (smooth[ny * width + nx]) seen1 = true; else seen0 = true;
    }
    if (seen0 && seen1) contact.push(i);
  }
  const crossings = groups(contact, width);
  if (crossings.length < 2) return null;

  // Each crossing: its centre, and the border's direction just outside the hole, pointing in.
  // A rim or a horizon is a long, straight-ish border there; a shadow or a leftover is a blob.
  let hx = 0, hy = 0, hn = 0;
  for (let i = 0; i < hole.length; i++) if (hole[i]) { hx += i % width; hy += Math.floor(i / width); hn++; }
  const candidates = crossings.map((group) => {
    const cx = group.reduce((s, p) => s + (p % width), 0) / group.length;
    const cy = group.reduce((s, p) => s + Math.floor(p / width), 0) / group.length;
    const border: Point[] = [];
    for (let y = Math.max(1, Math.round(cy - TANGENT_REACH)); y < Math.min(height - 1, Math.round(cy + TANGENT_REACH)); y++) {
      for (let x = Math.max(1, Math.round(cx - TANGENT_REACH)); x < Math.min(width - 1, Math.round(cx + TANGENT_REACH)); x++) {
        const i = y * width + x;
        if (hole[i] || hole[i + 1] || hole[i + width] || toHole[i]! > ringWidth) continue;
        if (smooth[i] !== smooth[i + 1] || smooth[i] !== smooth[i + width]) border.push([x, y]);
      }
    }
    if (border.length < 6) return null;
    const { direction, straightness } = principalDirection(border);
    let [dx, dy] = direction;
    if (dx * (hx / hn - cx) + dy * (hy / hn - cy) < 0) { dx = -dx; dy = -dy; }
    return { p: [cx, cy] as Point, d: [dx, dy] as Point, score: border.length * straightness, straightness };
  }).filter((c): c is NonNullable<typeof c> => c !== null && c.straightness >= MIN_STRAIGHTNESS)
    .sort((a, b) => b.score - a.score);
  // The two ends of one border: far enough apart to cross the hole, each leaving toward the
  // other (a round rim enters on one side and leaves on the other; two blobs side by side do not).
  let best: { a: (typeof candidates)[number]; b: (typeof candidates)[number]; value: number } | null = null;
  for (let i = 0; i < candidates.length; i++) {
    for (let j = i + 1; j < candidates.length; j++) {
      const a = candidates[i]!, b = candidates[j]!;
      const span = Math.hypot(b.p[0] - a.p[0], b.p[1] - a.p[1]);
      if (span < MIN_SPAN_SHARE * holeExtent) continue;
      const u: Point = [(b.p[0] - a.p[0]) / span, (b.p[1] - a.p[1]) / span];
      const alignment = Math.max(0, a.d[0] * u[0] + a.d[1] * u[1]) * Math.max(0, -(b.d[0] * u[0] + b.d[1] * u[1]));
      if (alignment < MIN_ALIGNMENT) continue;
      const value = alignment * (a.score + b.score);
      if (!best || value > best.value) best = { a, b, value };
    }
  }
  if (!best) return null;
  const ends = [best.a, best.b];

  // Cubic Hermite from one crossing to the other, leaving and arriving along the border.
  const [a, b] = [ends[0]!, ends[1]!];
  const span = Math.hypot(b.p[0] - a.p[0], b.p[1] - a.p[1]);
  const wall = new Uint8Array(width * height);
  const steps = Math.ceil(4 * span) + 1;
  for (let s = 0; s <= steps; s++) {
    const t = s / steps, t2 = t * t, t3 = t2 * t;
    const h00 = 2 * t3 - 3 * t2 + 1, h10 = t3 - 2 * t2 + t, h01 = -2 * t3 + 3 * t2, h11 = t3 - t2;
    const x = h00 * a.p[0] + h10 * span * a.d[0] + h01 * b.p[0] - h11 * span * b.d[0];
    const y = h00 * a.p[1] + h10 * span * a.d[1] + h01 * b.p[1] - h11 * span * b.d[1];
    const xi = Math.round(x), yi = Math.round(y);
    for (const [ox, oy] of [[0, 0], [1, 0], [0, 1]] as const) {
      const nx = xi + ox, ny = yi + oy;
      if (nx >= 0 && ny >= 0 && nx < width && ny < height && hole[ny * width + nx]) wall[ny * width + nx] = 1;
    }
  }

  // The curve splits the hole; each part takes the surface that borders it most.
  const region = new Int32Array(width * height).fill(-1);
  const votes: number[][] = [];
  for (let start = 0; start < hole.length; start++) {
    if (!hole[start] || wall[start] || region[start]! >= 0) continue;
    const id = votes.length;
    const count = [0, 0];
    const stack = [start];
    region[start] = id;
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % width;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q < 0 || q >= hole.length) continue;
        if (!hole[q]) { count[smooth[q]!]!++; continue; }
        if (wall[q] || region[q]! >= 0) continue;
        region[q] = id;
        stack.push(q);
      }
    }
    votes.push(count);
  }
  if (votes.length < 2) return null;
  const regionLayer = votes.map(([zeros, ones]) => (ones! > zeros! ? 1 : 0));
  for (let i = 0; i < hole.length; i++) if (hole[i] && region[i]! >= 0) layer[i] = regionLayer[region[i]!]!;
  // Curve pixels take a neighbouring part's surface (either side will do).
  for (let i = 0; i < hole.length; i++) {
    if (!wall[i]) continue;
    const next = [i - 1, i + 1, i - width, i + width].find((q) => q >= 0 && q < hole.length && region[q]! >= 0);
    layer[i] = next === undefined ? 0 : regionLayer[region[next]!]!;
  }
  for (const i of ring) layer[i] = smooth[i]!;
  return layer;
}
