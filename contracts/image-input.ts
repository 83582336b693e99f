/**
 * Upload normalisation for the image tools, run by the api before any job exists. The decision is
 * made from the bytes (decoded with sharp), never from the file name or the client's mime type.
 * The result is always an 8-bit sRGB PNG, upright (EXIF orientation applied), first frame only,
 * alpha kept when the source had one.
 */
import sharp from 'sharp';

export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;

const ACCEPTED = 'JPEG, PNG, WebP, GIF, AVIF or TIFF';

export class ImageInputError extends Error {
  /** 400 bad/empty/undecodable, 413 too large, 415 not a supported image type. */
  constructor(message: string, readonly status: 400 | 413 | 415) {
    super(message);
    this.name = 'ImageInputError';
  }
}

export interface NormalizedImage {
  png: Buffer;
  width: number;
  height: number;
  /** What the bytes really were: jpeg, png, webp, gif, avif or tiff. */
  format: string;
}

export interface NormalizeOptions {
  maxBytes?: number;
  maxPixels?: number;
}

/** sharp reports AVIF as heif with av1 compression; HEIC (hevc) stays unsupported. */
function acceptedFormat(meta: sharp.Metadata): string | null {
  switch (meta.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
    case 'tiff':
      return meta.format;
    case 'heif':
      return meta.compression === 'av1' ? 'avif' : null;
    default:
      return null;
  }
}

function megabytes(n: number): string {
  return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
}

function megapixels(n: number): string {
  return `${Math.round(n / 100_000) / 10} megapixels`;
}

export interface InspectedImage {
  /** Upright size (EXIF orientation applied), as the normalised PNG will have. */
  width: number;
  height: number;
  format: string;
}

/**
 * Everything that can be judged from the header, before a pixel is decoded: byte size, real
 * format, and pixels (a 900-byte file can claim 60000×60000). Cheap: the api runs it before the
 * quota check, and decodes only after (decodeImageUpload).
 */
export async function inspectImageUpload(bytes: Buffer, opts: NormalizeOptions = {}): Promise<InspectedImage> {
  const maxBytes = opts.maxBytes ?? MAX_IMAGE_BYTES;
  const maxPixels = opts.maxPixels ?? MAX_IMAGE_PIXELS;

  if (bytes.length === 0) throw new ImageInputError('The uploaded file is empty. Please choose an image file.', 400);
  if (bytes.length > maxBytes) {
    throw new ImageInputError(`The image is ${megabytes(bytes.length)}; the limit is ${megabytes(maxBytes)}. Please upload a smaller file.`, 413);
  }

  let meta: sharp.Metadata;
  try {
    // Header only: tells the real format and size before anything is decoded.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageInputError(`This file is not an image we can read. Please upload a ${ACCEPTED} image.`, 415);
  }

  const format = acceptedFormat(meta);
  if (!format) {
    const what = meta.format === 'heif' ? 'HEIC' : (meta.format ?? 'this').toUpperCase();
    throw new ImageInputError(`${what} files are not supported. Please upload a ${ACCEPTED} image.`, 415);
  }

  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width <= 0 || height <= 0) throw new ImageInputError('The image has no pixels. Please upload another image.', 400);
  if (width * height > maxPixels) {
    throw new ImageInputError(
      `The image is ${width}×${height} pixels (${megapixels(width * height)}); the limit is ${megapixels(maxPixels)}. Please upload a smaller image.`,
      413,
    );
  }
  // EXIF orientations 5–8 turn the picture a quarter: the upright image is height × width.
  const turned = (meta.orientation ?? 1) >= 5;
  return { width: turned ? height : width, height: turned ? width : height, format };
}

/** The upright 8-bit sRGB PNG of an image that passed inspectImageUpload; never more pixels than allowed. */
export async function decodeImageUpload(bytes: Buffer, opts: NormalizeOptions = {}): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: opts.maxPixels ?? MAX_IMAGE_PIXELS, failOn: 'error', pages: 1, page: 0 })
      .rotate() // EXIF orientation
      .toColourspace('srgb') // CMYK, 16-bit and grey inputs become 8-bit sRGB
      .png()
      .toBuffer();
  } catch {
    throw new ImageInputError('The image file is damaged or incomplete and cannot be opened. Please upload it again or try another file.', 400);
  }
}

export async function normalizeImageUpload(bytes: Buffer, opts: NormalizeOptions = {}): Promise<NormalizedImage> {
  const inspected = await inspectImageUpload(bytes, opts);
  const png = await decodeImageUpload(bytes, opts);
  return { png, ...inspected };
}
