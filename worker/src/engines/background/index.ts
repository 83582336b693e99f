/** Picks the configured background remover. */
import { createClipdropRemover } from './clipdrop.js';
import type { BackgroundConfig } from '@craftwell/core/config/background';
import { createIsnetRemover } from './embedded.js';
import { configureIsnet } from './isnet.js';
import { createRemoveBgRemover } from './removebg.js';
import type { BackgroundRemover } from './types.js';

export function createBackgroundRemover(config: BackgroundConfig): BackgroundRemover {
  // Object removal refines masks with ISNet whichever engine removes backgrounds.
  configureIsnet({ model: config.BG_ISNET_MODEL, threads: config.BG_ISNET_THREADS });
  const timeoutMs = config.BG_PROVIDER_TIMEOUT_MS;
  switch (config.BG_ENGINE) {
    case 'removebg':
      return createRemoveBgRemover({ apiKey: config.REMOVEBG_API_KEY!, baseUrl: config.REMOVEBG_BASE_URL, timeoutMs });
    case 'clipdrop':
      return createClipdropRemover({ apiKey: config.CLIPDROP_API_KEY!, baseUrl: config.CLIPDROP_BASE_URL, timeoutMs });
    case 'isnet':
      return createIsnetRemover({ model: config.BG_ISNET_MODEL, threads: config.BG_ISNET_THREADS });
  }
}
