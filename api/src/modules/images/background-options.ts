/**
 * What people do with a cut-out after background removal (rembg users ask for exactly these):
 * put a colour or a picture behind it, crop it to the subject, square and resize it, or keep only
 * its mask. The cut-out's
 * alpha channel is the mask, so none of this runs the model again.
 */
import sharp from 'sharp';
import { AppError, badRequest } from '@craftwell/core/errors';

export interface BackgroundOptions {
  output: 'image' | 'mask';
  /** #rrggbb behind the subject; ignored with a background picture or for the mask. */
  colour?: string;
  /** A picture behind the subject, resized to cover the cut-out. */
  background?: Buffer;
  /** Crop to the subject's bounding box (alpha above a small threshold). */
  crop: boolean;
  /** Pad to a square canvas, the subject centred (after any crop). */
  square?: boolean;
  /** Resize so the longer side is this many pixels (after crop and square). */
  size?: number;
}

/** Bounds of `size`: a thumbnail at least, and no larger than the product's largest output. */
export const MIN_OUTPUT_SIDE = 16;
export const MAX_OUTPUT_SIDE = 4000;

const LIMIT_PIXELS = 40_000_000;
/** Alpha at or below this is background (anti-aliasing fringes are kept). */
const ALPHA_THRESHOLD = 8;

/** The subject's bounding box from the alpha channel, or null when everything is transparent. */
async function subjectBox(png: Buffer): Promise<{ left: number; top: number; width: number; height: number } | null> {
  const { data, info } = await sharp(png, { limitInputPixels: LIMIT_PIXELS }).extractChannel('alpha').raw().toBuffer({ resolveWithObject: true });
  let top = info.height, left = info.width, bottom = -1, right = -1;
  for (let y = 0; y < info.height; y++) {
    const row = y * info.width;
    for (let x = 0; x < info.width; x++) {
      if (data[row + x] > ALPHA_THRESHOLD) {
        if (y < top) top = y;
        if (y > bottom) bottom = y;
        if (x < left) left = x;
        if (x > right) right = x;
      }
    }
  }
  return bottom < 0 ? null : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/** Only a square canvas and/or a size: nothing that reads the subject from the transparency. */
export function resizesOnly(options: BackgroundOptions): boolean {
  return options.output === 'image' && !options.crop && !options.colour && !options.background && Boolean(options.square || options.size);
}

export async function applyBackgroundOptions(cutout: Buffer, options: BackgroundOptions): Promise<Buffer> {
  const meta = await sharp(cutout, { limitInputPixels: LIMIT_PIXELS }).metadata();
  const alpha = meta.hasAlpha ? (await sharp(cutout, { limitInputPixels: LIMIT_PIXELS }).stats()).channels[3] : undefined;
  // Squaring and resizing work on any picture (so they can follow a colour step); the rest read
  // the subject from the transparency.
  if (!resizesOnly(options) && (!alpha || alpha.min === 255)) {
    throw new AppError('This image has no transparent background. Remove its background first, then choose these options.', 422, 'unprocessable');
  }
  let png = cutout;
  if (options.crop) {
    const box = await subjectBox(png);
    if (!box) throw badRequest('This image is fully transparent: there is no subject to crop to.');
    png = await sharp(png, { limitInputPixels: LIMIT_PIXELS }).extract(box).png().toBuffer();
  }
  if (options.square) {
    const { width = 1, height = 1 } = await sharp(png, { limitInputPixels: LIMIT_PIXELS }).metadata();
    const side = Math.max(width, height);
    png = await sharp({ create: { width: side, height: side, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: png, left: Math.floor((side - width) / 2), top: Math.floor((side - height) / 2) }])
      .png().toBuffer();
  }
  if (options.size) {
    png = await sharp(png, { limitInputPixels: LIMIT_PIXELS }).resize(options.size, options.size, { fit: 'inside' }).png().toBuffer();
  }
  if (options.output === 'mask') {
    return sharp(png, { limitInputPixels: LIMIT_PIXELS }).extractChannel('alpha').png().toBuffer();
  }
  if (options.background) {
    const { width, height } = await sharp(png).metadata();
    let behind: Buffer;
    try {
      behind = await sharp(options.background, { limitInputPixels: LIMIT_PIXELS }).rotate().resize(width, height, { fit: 'cover' }).removeAlpha().png().toBuffer();
    } catch {
      throw new AppError('The background picture is not an image we can read. Use a JPG, PNG or WebP picture.', 415);
    }
    const composed = await sharp(behind).composite([{ input: png }]).png().toBuffer();
    return sharp(composed).removeAlpha().png().toBuffer();
  }
  if (options.colour) return sharp(png).flatten({ background: options.colour }).png().toBuffer();
  return png;
}
