/**
 * Evening out the fill's colours: each run of pixels copied with one offset takes one colour shift
 * so that the copies agree with each other and with the known image where they meet.
 */
import { boxBlurUsable, type Field, type Level } from './level.js';

/** At most this many sweeps of the least-squares solve for the copies' colour shifts (see evenOutCopies)... */
const SHIFT_ITERATIONS = 300;
/** ...each over-relaxed by this factor. */
const SHIFT_RELAXATION = 1.8;
/** Radius of the blur that spreads each copy's colour shift over its edges (see evenOutCopies). */
const SHIFT_BLUR = 6;

/**
 * Evens out the fill's copies, as panorama stitching evens out the exposure of its photos. Each
 * run of hole pixels copied with one offset is a region; every region takes one colour shift,
 * chosen (least squares, Gauss-Seidel) so that over all pixel pairs where regions meet each
 * other or the known image the copied colours agree on average; the shifts are then blurred so
 * that they add no new step at a region's edge. The fill copies real patches, so where it took
 * the sunlit part of a floor for one side of a hole and the shaded part for the other, the two
 * met in a sharp edge that traced the removed person's outline; evened out, the floor runs from
 * light to dark as the floor around it does. Textures inside a region are kept as they are.
 */
export function evenOutCopies(level: Level, field: Field): void {
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
