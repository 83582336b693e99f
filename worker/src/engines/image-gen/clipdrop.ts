/** ClipDrop text-to-image: POST /text-to-image/v1, multipart `prompt`, header x-api-key, PNG back. */
import { postForImage, toPng } from './provider-http.js';
import type { ImageGenerator } from './types.js';
import { ENGINES } from '@craftwell/contracts/engine-catalog';

export interface ClipdropImageOptions {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
}

export function createClipdropImageGenerator(options: ClipdropImageOptions): ImageGenerator {
  return {
    info: ENGINES.clipdropTextToImage,
    async generate(prompt, { signal } = {}) {
      const form = new FormData();
      form.append('prompt', prompt);
      const body = await postForImage({
        provider: 'ClipDrop',
        keyVariable: 'CLIPDROP_API_KEY',
        url: new URL('/text-to-image/v1', options.baseUrl).toString(),
        headers: { 'x-api-key': options.apiKey },
        body: form,
        timeoutMs: options.timeoutMs,
        signal,
      });
      return toPng('ClipDrop', body);
    },
  };
}
