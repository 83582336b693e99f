/**
 * Turns an image and a soft subject mask into a clean RGBA cut-out.
 *
 * A semi-transparent edge pixel of the photo is a mix I = a·F + (1−a)·B of the subject colour F
 * and the old background B. Keeping I as the colour (what a naive cut-out does) leaves a halo of
 * the old background round the subject once it is put on another one. We estimate F and B
 * locally (weighted averages of nearby confident subject / background pixels, computed on a
 * coarse grid so large photos stay cheap), solve the mix for F, and store that colour instead.
 */

/** Coarse grid cell size is chosen so the grid's longer side is at most this. */
const GRID_MAX_SIDE = 512;
/** Box-blur radius on the coarse grid: estimates are local averages, not single noisy pixels. */
const BLUR_RADIUS = 2;
/** Alpha below LOW becomes fully transparent, above HIGH fully opaque: removes model noise. */
const LOW = 12;
const HIGH = 240;

export interface CutoutInput {
  /** Packed 8-bit RGB, width * height * 3 bytes. */
  rgb: Buffer;
  /** 8-bit subject alpha, width * height bytes. */
  mask: Buffer;
  width: number;
  height: number;
}

/** Stretches [LOW, HIGH] to [0, 255] so the subject is solid and the far background empty. */
export function cleanAlpha(mask: Buffer): Buffer {
  const out = Buffer.allocUnsafe(mask.length);
  const scale = 255 / (HIGH - LOW);
  for (let i = 0; i < mask.length; i += 1) {
    const v = (mask[i] - LOW) * scale;
    out[i] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
  }
  return out;
}

/** In-place separable box blur of `channels` interleaved float planes on a w×h grid. */
function boxBlur(data: Float32Array, w: number, h: number, channels: number, radius: number): void {
  const line = new Float32Array(Math.max(w, h) * channels);
  // Cell (line, pos) is at line * lineStride + pos * posStride: plain arithmetic rather than an
  // index callback, which V8 could not inline once both directions used it (a third of the cut-out's time).
  const pass = (count: number, length: number, lineStride: number, posStride: number) => {
    for (let l = 0; l < count; l += 1) {
      for (let p = 0; p < length; p += 1) {
        const base = (l * lineStride + p * posStride) * channels;
        for (let c = 0; c < channels; c += 1) line[p * channels + c] = data[base + c];
      }
      for (let c = 0; c < channels; c += 1) {
        let sum = 0;
        for (let p = -radius; p <= radius; p += 1) sum += line[Math.min(Math.max(p, 0), length - 1) * channels + c];
        for (let p = 0; p < length; p += 1) {
          data[(l * lineStride + p * posStride) * channels + c] = sum;
          sum += line[Math.min(p + radius + 1, length - 1) * channels + c] - line[Math.max(p - radius, 0) * channels + c];
        }
      }
    }
  };
  pass(h, w, w, 1);
  pass(w, h, 1, w);
}

interface ColourField {
  /** Per grid cell: r, g, b (weighted means). */
  colours: Float32Array;
  gw: number;
  gh: number;
  cell: number;
}

/** A cell needs this much confident weight to stand on its own; less borrows from coarser levels. */
const MIN_SUPPORT = 1;

/**
 * Local mean colour of confident pixels on a coarse grid. `weight(a)` says how much a pixel of
 * alpha a counts (zero for unsure ones). Cells without support take the colour of the nearest
 * supported region through a push-pull pyramid, so wide soft edges (hair, fur) still get the
 * colour of the closest solid subject or clear background, not a blend of the edge itself.
 */
function colourField(input: CutoutInput, alpha: Buffer, weight: (a: number) => number): ColourField {
  const { rgb, width, height } = input;
  const cell = Math.max(1, Math.ceil(Math.max(width, height) / GRID_MAX_SIDE));
  const gw = Math.ceil(width / cell);
  const gh = Math.ceil(height / cell);
  const base = new Float32Array(gw * gh * 4);
  const table = new Float32Array(256);
  for (let a = 0; a < 256; a += 1) table[a] = weight(a / 255);
  for (let y = 0; y < height; y += 1) {
    const row = ((y / cell) | 0) * gw;
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const w = table[alpha[i]];
      if (w === 0) continue;
      const g = (row + ((x / cell) | 0)) * 4;
      base[g] += rgb[i * 3] * w; base[g + 1] += rgb[i * 3 + 1] * w; base[g + 2] += rgb[i * 3 + 2] * w; base[g + 3] += w;
    }
  }
  boxBlur(base, gw, gh, 4, BLUR_RADIUS);

  // Push: each level sums 2×2 cells of the one below, up to a single cell.
  const levels = [{ sums: base, w: gw, h: gh }];
  while (levels[levels.length - 1].w > 1 || levels[levels.length - 1].h > 1) {
    const below = levels[levels.length - 1];
    const w = Math.ceil(below.w / 2), h = Math.ceil(below.h / 2);
    const sums = new Float32Array(w * h * 4);
    for (let y = 0; y < below.h; y += 1) {
      for (let x = 0; x < below.w; x += 1) {
        const from = (y * below.w + x) * 4, to = ((y >> 1) * w + (x >> 1)) * 4;
        for (let c = 0; c < 4; c += 1) sums[to + c] += below.sums[from + c];
      }
    }
    levels.push({ sums, w, h });
  }

  // Pull: from the top down, weakly supported cells lean on their parent's mean.
  const top = levels[levels.length - 1].sums;
  let means = new Float32Array(3);
  for (let c = 0; c < 3; c += 1) means[c] = top[3] > 0 ? top[c] / top[3] : 0;
  for (let k = levels.length - 2; k >= 0; k -= 1) {
    const { sums, w, h } = levels[k];
    const parentW = levels[k + 1].w;
    const next = new Float32Array(w * h * 3);
    for (let y = 0; y < h; y += 1) {
      for (let x = 0; x < w; x += 1) {
        const i = y * w + x, p = ((y >> 1) * parentW + (x >> 1)) * 3;
        const support = sums[i * 4 + 3];
        const t = Math.min(1, support / MIN_SUPPORT);
        for (let c = 0; c < 3; c += 1) {
          const own = support > 0 ? sums[i * 4 + c] / support : 0;
          next[i * 3 + c] = t * own + (1 - t) * means[p + c];
        }
      }
    }
    means = next;
  }
  return { colours: means, gw, gh, cell };
}

/** Bilinear sample of a colour field at full-resolution pixel (x, y) into out[0..2]. */
function sample(field: ColourField, x: number, y: number, out: Float32Array): void {
  const { colours, gw, gh, cell } = field;
  const fx = Math.min(Math.max((x + 0.5) / cell - 0.5, 0), gw - 1);
  const fy = Math.min(Math.max((y + 0.5) / cell - 0.5, 0), gh - 1);
  const x0 = fx | 0, y0 = fy | 0;
  const x1 = Math.min(x0 + 1, gw - 1), y1 = Math.min(y0 + 1, gh - 1);
  const dx = fx - x0, dy = fy - y0;
  for (let c = 0; c < 3; c += 1) {
    const top = colours[(y0 * gw + x0) * 3 + c] * (1 - dx) + colours[(y0 * gw + x1) * 3 + c] * dx;
    const bottom = colours[(y1 * gw + x0) * 3 + c] * (1 - dx) + colours[(y1 * gw + x1) * 3 + c] * dx;
    out[c] = top * (1 - dy) + bottom * dy;
  }
}

/** RGBA cut-out (straight, not premultiplied alpha) with decontaminated edge colours. */
export function composeCutout(input: CutoutInput): Buffer {
  const { rgb, mask, width, height } = input;
  const pixels = width * height;
  if (rgb.length !== pixels * 3 || mask.length !== pixels) throw new Error('composeCutout: buffer sizes do not match width × height');
  const alpha = cleanAlpha(mask);
  // Estimates and the un-mixing use the model's own alpha (the best guess of the real mix);
  // the cleaned alpha is only what gets stored.
  // Only confident pixels inform each estimate: near-solid subject, near-empty background.
  const subject = colourField(input, mask, (a) => (a >= 0.98 ? 1 : 0));
  const background = colourField(input, mask, (a) => (a <= 0.02 ? 1 : 0));

  const out = Buffer.allocUnsafe(pixels * 4);
  const f = new Float32Array(3);
  const b = new Float32Array(3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const a8 = alpha[i];
      const o = i * 4;
      out[o + 3] = a8;
      if (a8 === 255) {
        out[o] = rgb[i * 3]; out[o + 1] = rgb[i * 3 + 1]; out[o + 2] = rgb[i * 3 + 2];
        continue;
      }
      sample(subject, x, y, f);
      if (a8 === 0) {
        // Invisible, but resamplers that ignore alpha would blend it in: give it the subject's colour.
        out[o] = Math.round(f[0]); out[o + 1] = Math.round(f[1]); out[o + 2] = Math.round(f[2]);
        continue;
      }
      sample(background, x, y, b);
      const a = Math.max(mask[i], 1) / 255;
      for (let c = 0; c < 3; c += 1) {
        const solved = (rgb[i * 3 + c] - (1 - a) * b[c]) / a;
        // Solving divides by a: trust it in proportion to a, lean on the local estimate otherwise.
        const v = a * solved + (1 - a) * f[c];
        out[o + c] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
      }
    }
  }
  return out;
}
