/**
 * Stage "composite": the filled crop pasted back into the photo (only hole pixels, so the rest of
 * the photo keeps its exact pixels and resolution), kept neighbours' edges re-composited over the
 * new background (kept-edges.ts), and last the removed object's faint strands inpainted.
 */
import { cropMask, cropRgb, maskBounds, type Box, type Mask, type RgbImage } from './image.js';
import { INPAINT_RADIUS, teleaInpaint } from './opencv.js';

/**
 * The filled photo with the faint strands inpainted (Telea, from the pixels around each). Last, so
 * that the hole's fill is the same with or without them: any change to what the patch fill sees
 * reshuffles a large hole (tried first, a band of blinds behind a removed person then ended in a pale block).
 */
export async function inpaintStrays(image: RgbImage, strays: Mask): Promise<RgbImage> {
  const bounds = maskBounds(strays);
  if (!bounds) return image;
  const box: Box = {
    x1: Math.max(0, bounds.x1 - INPAINT_RADIUS), y1: Math.max(0, bounds.y1 - INPAINT_RADIUS),
    x2: Math.min(image.width, bounds.x2 + INPAINT_RADIUS), y2: Math.min(image.height, bounds.y2 + INPAINT_RADIUS),
  };
  const hole = cropMask(strays, box);
  const out: RgbImage = { data: Buffer.from(image.data), width: image.width, height: image.height };
  pasteCrop(out, await teleaInpaint(cropRgb(image, box), hole), hole.data, box, hole.width);
  return out;
}

/** Copies the pixels of a filled crop that `paste` marks back into the photo at `box`. */
export function pasteCrop(out: RgbImage, filled: Uint8Array, paste: Uint8Array, box: Box, cropWidth: number): void {
  for (let c = 0; c < paste.length; c++) {
    if (!paste[c]) continue;
    const o = ((box.y1 + Math.floor(c / cropWidth)) * out.width + box.x1 + (c % cropWidth)) * 3;
    for (let k = 0; k < 3; k++) out.data[o + k] = filled[c * 3 + k]!;
  }
}

