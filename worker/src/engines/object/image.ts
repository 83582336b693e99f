/** Plain image buffers shared by the detector, mask builder and fill (decoded once with sharp). */
import sharp from 'sharp';

/** 8-bit RGB, interleaved, row-major. */
export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

/** One byte per pixel: 255 = remove/fill, 0 = keep. */
export interface Mask {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Pixel box, x2/y2 exclusive. */
export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export async function decodeRgb(input: Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(input, { limitInputPixels: 40_000_000 })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export function encodePng(image: RgbImage): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** Reads an uploaded mask PNG (white = remove), scaled to the image size, thresholded at 50 %. */
export async function decodeMask(input: Buffer, width: number, height: number): Promise<Mask> {
  const grey = await sharp(input, { limitInputPixels: 40_000_000 })
    .flatten({ background: '#000000' })
    .greyscale()
    .resize(width, height, { fit: 'fill', kernel: 'nearest' })
    .raw()
    .toBuffer();
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = grey[i]! >= 128 ? 255 : 0;
  return { data, width, height };
}

/**
 * 1 where `values` is non-zero, else 0 (`flip`: the other way round). A plain loop: typed-array
 * `from` with a mapping function goes through the iterator and took about 300 ms a megapixel.
 */
export function bits(values: ArrayLike<number>, flip = false): Uint8Array {
  const out = new Uint8Array(values.length);
  const on = flip ? 0 : 1, off = flip ? 1 : 0;
  for (let i = 0; i < values.length; i++) out[i] = values[i] ? on : off;
  return out;
}

/** How many of `values` are zero. */
export function countZeros(values: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < values.length; i++) if (!values[i]) n++;
  return n;
}

export function maskArea(mask: Mask): number {
  let n = 0;
  for (let i = 0; i < mask.data.length; i++) if (mask.data[i]) n++;
  return n;
}

/** Tight box around the mask's set pixels, or null when the mask is empty. */
export function maskBounds(mask: Mask): Box | null {
  let x1 = mask.width, y1 = mask.height, x2 = -1, y2 = -1;
  for (let y = 0; y < mask.height; y++) {
    const row = y * mask.width;
    for (let x = 0; x < mask.width; x++) {
      if (!mask.data[row + x]) continue;
      if (x < x1) x1 = x;
      if (x > x2) x2 = x;
      if (y < y1) y1 = y;
      if (y > y2) y2 = y;
    }
  }
  return x2 < 0 ? null : { x1, y1, x2: x2 + 1, y2: y2 + 1 };
}

/** `box` grown by `pad` on every side, kept inside a width x height image. */
export function padBox(box: Box, pad: number, width: number, height: number): Box {
  return {
    x1: Math.max(0, box.x1 - pad), y1: Math.max(0, box.y1 - pad),
    x2: Math.min(width, box.x2 + pad), y2: Math.min(height, box.y2 + pad),
  };
}

export function cropRgb(image: RgbImage, box: Box): RgbImage {
  const width = box.x2 - box.x1;
  const height = box.y2 - box.y1;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const src = ((box.y1 + y) * image.width + box.x1) * 3;
    image.data.copy(data, y * width * 3, src, src + width * 3);
  }
  return { data, width, height };
}

export function cropMask(mask: Mask, box: Box): Mask {
  const width = box.x2 - box.x1;
  const height = box.y2 - box.y1;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const src = (box.y1 + y) * mask.width + box.x1;
    data.set(mask.data.subarray(src, src + width), y * width);
  }
  return { data, width, height };
}

/** Chessboard distance from every pixel to the nearest pixel where `seed` is set (two passes). */
export function chessboardDistance(seed: (i: number) => boolean, width: number, height: number): Int32Array {
  const d = new Int32Array(width * height).fill(width + height);
  for (let i = 0; i < d.length; i++) if (seed(i)) d[i] = 0;
  // Two raster passes, each over the four neighbours already visited (unrolled: this runs on
  // whole photos many times per removal).
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      let v = d[i]!;
      if (x > 0 && d[i - 1]! + 1 < v) v = d[i - 1]! + 1;
      if (y > 0) {
        const up = i - width;
        if (d[up]! + 1 < v) v = d[up]! + 1;
        if (x > 0 && d[up - 1]! + 1 < v) v = d[up - 1]! + 1;
        if (x < width - 1 && d[up + 1]! + 1 < v) v = d[up + 1]! + 1;
      }
      d[i] = v;
    }
  }
  for (let y = height - 1; y >= 0; y--) {
    const row = y * width;
    for (let x = width - 1; x >= 0; x--) {
      const i = row + x;
      let v = d[i]!;
      if (x < width - 1 && d[i + 1]! + 1 < v) v = d[i + 1]! + 1;
      if (y < height - 1) {
        const down = i + width;
        if (d[down]! + 1 < v) v = d[down]! + 1;
        if (x < width - 1 && d[down + 1]! + 1 < v) v = d[down + 1]! + 1;
        if (x > 0 && d[down - 1]! + 1 < v) v = d[down - 1]! + 1;
      }
      d[i] = v;
    }
  }
  return d;
}

/** Small seeded random number generator (mulberry32): the fills and their tests replay exactly. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mean over a (2r+1)² window, clamped at the borders, via a summed-area table. */
export function boxMean(values: ArrayLike<number>, width: number, height: number, r: number): Float64Array {
  const sat = summedArea(values, width, height);
  const out = new Float64Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r), y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r), x1 = Math.min(width, x + r + 1);
      const sum = sat[y1 * (width + 1) + x1]! - sat[y0 * (width + 1) + x1]! - sat[y1 * (width + 1) + x0]! + sat[y0 * (width + 1) + x0]!;
      out[y * width + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

/** Summed-area table of a width x height grid, (width + 1) x (height + 1) with a zero first row and column. */
function summedArea(values: ArrayLike<number>, width: number, height: number): Float64Array {
  const sat = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += values[y * width + x]!;
      sat[(y + 1) * (width + 1) + x + 1] = sat[y * (width + 1) + x + 1]! + row;
    }
  }
  return sat;
}

/**
 * boxMean read at single pixels (index y * width + x), for callers that need it at a few: the
 * same table and the same sums, so the same values.
 */
export function boxMeanAt(values: ArrayLike<number>, width: number, height: number, r: number): (i: number) => number {
  const sat = summedArea(values, width, height);
  return (i) => {
    const x = i % width, y = (i - x) / width;
    const y0 = Math.max(0, y - r), y1 = Math.min(height, y + r + 1);
    const x0 = Math.max(0, x - r), x1 = Math.min(width, x + r + 1);
    const sum = sat[y1 * (width + 1) + x1]! - sat[y0 * (width + 1) + x1]! - sat[y1 * (width + 1) + x0]! + sat[y0 * (width + 1) + x0]!;
    return sum / ((y1 - y0) * (x1 - x0));
  };
}

export interface MaskPiece {
  /** Grid indexes (y * width + x) of the piece. */
  pixels: number[];
  touchesObject: boolean;
  touchesOther: boolean;
  atBorder: boolean;
}

/**
 * The 4-connected piece grown from `start` on a width x height grid (a crop of the photo), and
 * whether its pixels or their neighbours lie on `object` / `others` (full-photo masks, reached
 * through `photoIndex`). `joins(q, g)` says whether grid pixel q (photo pixel g) belongs to the
 * piece; `seen` marks what any piece took.
 */
export function growPiece(
  start: number, width: number, height: number, seen: Uint8Array,
  photoIndex: (x: number, y: number) => number, object: Mask, others: Mask,
  joins: (q: number, g: number) => boolean,
): MaskPiece {
  const pixels: number[] = [];
  let touchesObject = false, touchesOther = false, atBorder = false;
  const stack = [start];
  seen[start] = 1;
  while (stack.length) {
    const p = stack.pop()!;
    pixels.push(p);
    const x = p % width, y = (p - x) / width;
    if (x === 0 || y === 0 || x === width - 1 || y === height - 1) atBorder = true;
    for (const [nx, ny] of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]] as const) {
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const q = ny * width + nx, g = photoIndex(nx, ny);
      if (object.data[g]) touchesObject = true;
      if (others.data[g]) touchesOther = true;
      if (!seen[q] && joins(q, g)) { seen[q] = 1; stack.push(q); }
    }
  }
  return { pixels, touchesObject, touchesOther, atBorder };
}

/** An all-zero mask of the given size. */
export function emptyMask(width: number, height: number): Mask {
  return { data: new Uint8Array(width * height), width, height };
}

/** Sets to 255 every pixel of `into` that is set in `from` (the union, in place). */
export function addMask(into: Mask, from: Mask): void {
  const src = from.data, dst = into.data;
  for (let i = 0; i < src.length; i++) if (src[i]) dst[i] = 255;
}

export function inBox(box: Box, x: number, y: number): boolean {
  return x >= box.x1 && x < box.x2 && y >= box.y1 && y < box.y2;
}

export function boxesMeet(a: Box, b: Box): boolean {
  return a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;
}

/** The smallest box holding both. */
export function boxUnion(a: Box, b: Box): Box {
  return { x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1), x2: Math.max(a.x2, b.x2), y2: Math.max(a.y2, b.y2) };
}

/** Share of the smaller mask's pixels that the other mask also has (0 when either is empty). */
export function overlapShare(a: Mask, b: Mask): number {
  let inter = 0, areaA = 0, areaB = 0;
  for (let i = 0; i < a.data.length; i++) {
    if (a.data[i]) areaA++;
    if (b.data[i]) areaB++;
    if (a.data[i] && b.data[i]) inter++;
  }
  const smaller = Math.min(areaA, areaB);
  return smaller ? inter / smaller : 0;
}
