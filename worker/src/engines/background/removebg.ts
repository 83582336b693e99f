/** remove.bg (https://www.remove.bg/api): POST /v1.0/removebg, multipart image_file, X-Api-Key. */
import { ENGINES } from '@craftwell/contracts/engine-catalog';
import { createHostedRemover, type HostedRemoverOptions } from './hosted.js';
import type { BackgroundRemover } from './types.js';

export type RemoveBgOptions = HostedRemoverOptions;

export function createRemoveBgRemover(options: RemoveBgOptions): BackgroundRemover {
  return createHostedRemover({
    info: ENGINES.removebg,
    provider: 'remove.bg',
    keyVariable: 'REMOVEBG_API_KEY',
    path: '/v1.0/removebg',
    headers: (apiKey) => ({ 'X-Api-Key': apiKey, Accept: 'image/png' }),
    fields: { size: 'auto', format: 'png' },
  }, options);
}
