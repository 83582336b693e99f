/** ClipDrop remove-background: POST /remove-background/v1, multipart image_file, x-api-key. */
import { ENGINES } from '@craftwell/contracts/engine-catalog';
import { createHostedRemover, type HostedRemoverOptions } from './hosted.js';
import type { BackgroundRemover } from './types.js';

export type ClipdropRemoverOptions = HostedRemoverOptions;

export function createClipdropRemover(options: ClipdropRemoverOptions): BackgroundRemover {
  return createHostedRemover({
    info: ENGINES.clipdropRemoveBackground,
    provider: 'ClipDrop',
    keyVariable: 'CLIPDROP_API_KEY',
    path: '/remove-background/v1',
    headers: (apiKey) => ({ 'x-api-key': apiKey }),
  }, options);
}
