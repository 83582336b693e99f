/** The default, offline background remover: ISNet mask + decontaminated cut-out. */
import sharp from 'sharp';
import type { BackgroundRemover } from './types.js';
import { composeCutout } from './cutout.js';
import { getIsnet, type IsnetOptions } from './isnet.js';
import { ENGINES } from '@craftwell/contracts/engine-catalog';
import { MAX_IMAGE_PIXELS } from '@craftwell/contracts/image-input';

export function createIsnetRemover(options: IsnetOptions = {}): BackgroundRemover {
  return {
    info: ENGINES.isnet(options.model),
    async remove(png, { signal } = {}) {
      signal?.throwIfAborted();
      // The api stored a normalised PNG within the upload limit; the decoder holds to it too.
      const image = sharp(png, { limitInputPixels: MAX_IMAGE_PIXELS });
      const { data: rgba, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const { width, height } = info;
      const rgb = Buffer.allocUnsafe(width * height * 3);
      let hasAlpha = false;
      for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
        rgb[j] = rgba[i]; rgb[j + 1] = rgba[i + 1]; rgb[j + 2] = rgba[i + 2];
        if (rgba[i + 3] !== 255) hasAlpha = true;
      }
      const isnet = await getIsnet(options);
      const mask = await isnet.predictMask({ data: rgb, width, height });
      signal?.throwIfAborted();
      if (hasAlpha) {
        // Pixels that were already transparent stay so.
        for (let i = 0; i < mask.length; i += 1) mask[i] = Math.round((mask[i] * rgba[i * 4 + 3]) / 255);
      }
      const cutout = composeCutout({ rgb, mask, width, height });
      return sharp(cutout, { raw: { width, height, channels: 4 } }).png().toBuffer();
    },
  };
}
