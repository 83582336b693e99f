/**
 * A cut-out finished the way a preset asks (tool-options.ts IMAGE_PRESETS): cropped to the subject,
 * fitted into a square with a margin on each side, on a plain colour. Plain image operations
 * (sharp), no model: run after background removal, in the same job.
 */
import sharp from 'sharp';

export interface Finish {
  /** #rrggbb behind the subject. */
  background: string;
  /** The square's side, in pixels. */
  square: number;
  /** The share of the side left free on each side of the subject. */
  padding: number;
}

const LIMIT_PIXELS = 40_000_000;
/** Alpha at or below this is background (the cut-out's soft fringe is kept). */
const ALPHA_THRESHOLD = 8;

export async function finishCutout(cutout: Buffer, finish: Finish): Promise<Buffer> {
  const { data, info } = await sharp(cutout, { limitInputPixels: LIMIT_PIXELS }).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  let top = info.height, left = info.width, bottom = -1, right = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width + x]! > ALPHA_THRESHOLD) {
        if (y < top) top = y;
        if (y > bottom) bottom = y;
        if (x < left) left = x;
        if (x > right) right = x;
      }
    }
  }
  // Nothing was kept (no subject found): the whole frame, so the result is still the asked square.
  const box = bottom < 0 ? { left: 0, top: 0, width: info.width, height: info.height } : { left, top, width: right - left + 1, height: bottom - top + 1 };
  const inner = Math.max(1, Math.round(finish.square * (1 - 2 * finish.padding)));
  const subject = await sharp(cutout, { limitInputPixels: LIMIT_PIXELS })
    .extract(box)
    .resize(inner, inner, { fit: 'inside', kernel: 'lanczos3' })
    .png()
    .toBuffer({ resolveWithObject: true });
  return sharp({ create: { width: finish.square, height: finish.square, channels: 3, background: finish.background } })
    .composite([{ input: subject.data, left: Math.round((finish.square - subject.info.width) / 2), top: Math.round((finish.square - subject.info.height) / 2) }])
    .png()
    .toBuffer();
}
