/**
 * A hosted background remover: the PNG goes up as multipart `image_file`, a cut-out comes back,
 * re-encoded as PNG at the input size. remove.bg and ClipDrop differ only in the request.
 */
import sharp from 'sharp';
import type { EngineInfo } from '@craftwell/contracts/jobs';
import { postForImage, toPng } from '../image-gen/provider-http.js';
import type { BackgroundRemover } from './types.js';

export interface HostedRemoverOptions {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
}

export interface HostedRemoverRequest {
  info: EngineInfo;
  /** Provider name shown in messages. */
  provider: string;
  /** Env variable holding the key, named when the provider rejects it. */
  keyVariable: string;
  path: string;
  headers: (apiKey: string) => Record<string, string>;
  /** Form fields besides image_file. */
  fields?: Record<string, string>;
}

export function createHostedRemover(request: HostedRemoverRequest, options: HostedRemoverOptions): BackgroundRemover {
  return {
    info: request.info,
    async remove(png, { signal } = {}) {
      const { width = 0, height = 0 } = await sharp(png).metadata();
      const form = new FormData();
      form.append('image_file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'image.png');
      for (const [name, value] of Object.entries(request.fields ?? {})) form.append(name, value);
      const body = await postForImage({
        provider: request.provider,
        keyVariable: request.keyVariable,
        url: new URL(request.path, options.baseUrl).toString(),
        headers: request.headers(options.apiKey),
        body: form,
        timeoutMs: options.timeoutMs,
        signal,
      });
      return toPng(request.provider, body, { width, height });
    },
  };
}
