/** ClipDrop remove-background: POST /remove-background/v1, multipart image_file, x-api-key. */
import sharp from 'sharp';
import { postForImage, toPng } from '../image-gen/provider-http.js';
import type { BackgroundRemover } from './types.js';
import { ENGINES } from '@craftwell/contracts/engine-catalog';

export interface ClipdropRemoverOptions {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
}

export function createClipdropRemover(options: ClipdropRemoverOptions): BackgroundRemover {
  return {
    info: ENGINES.clipdropRemoveBackground,
    async remove(png, { signal } = {}) {
      const { width = 0, height = 0 } = await sharp(png).metadata();
      const form = new FormData();
      form.append('image_file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'image.png');
      const body = await postForImage({
        provider: 'ClipDrop',
        keyVariable: 'CLIPDROP_API_KEY',
        url: new URL('/remove-background/v1', options.baseUrl).toString(),
        headers: { 'x-api-key': options.apiKey },
        body: form,
        timeoutMs: options.timeoutMs,
        signal,
      });
      return toPng('ClipDrop', body, { width, height });
    },
  };
}
