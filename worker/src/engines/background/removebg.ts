/** remove.bg (https://www.remove.bg/api): POST /v1.0/removebg, multipart image_file, X-Api-Key. */
import sharp from 'sharp';
import { postForImage, toPng } from '../image-gen/provider-http.js';
import type { BackgroundRemover } from './types.js';
import { ENGINES } from '@craftwell/contracts/engine-catalog';

export interface RemoveBgOptions {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
}

export function createRemoveBgRemover(options: RemoveBgOptions): BackgroundRemover {
  return {
    info: ENGINES.removebg,
    async remove(png, { signal } = {}) {
      const { width = 0, height = 0 } = await sharp(png).metadata();
      const form = new FormData();
      form.append('image_file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'image.png');
      form.append('size', 'auto');
      form.append('format', 'png');
      const body = await postForImage({
        provider: 'remove.bg',
        keyVariable: 'REMOVEBG_API_KEY',
        url: new URL('/v1.0/removebg', options.baseUrl).toString(),
        headers: { 'X-Api-Key': options.apiKey, Accept: 'image/png' },
        body: form,
        timeoutMs: options.timeoutMs,
        signal,
      });
      return toPng('remove.bg', body, { width, height });
    },
  };
}
