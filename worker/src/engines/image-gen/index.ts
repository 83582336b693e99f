/** Builds the image-generation provider core's chooseImageProvider() picked. */
import { chooseImageProvider } from '@craftwell/core/config/engines';
import { createClipdropImageGenerator } from './clipdrop.js';
import type { ImageConfig } from '@craftwell/core/config/image-gen';
import { createOpenAiImageGenerator } from './openai.js';
import type { ImageGenerator } from './types.js';

/** The configured generator, or null when none is configured. */
export function createImageGenerator(config: ImageConfig): ImageGenerator | null {
  const choice = chooseImageProvider(config);
  if (choice.provider === 'openai') {
    return createOpenAiImageGenerator({
      apiKey: config.AI_IMAGE_API_KEY,
      baseUrl: config.AI_IMAGE_BASE_URL,
      model: config.AI_IMAGE_MODEL,
      size: config.AI_IMAGE_SIZE,
      timeoutMs: config.AI_IMAGE_TIMEOUT_MS,
    });
  }
  if (choice.provider === 'clipdrop') {
    return createClipdropImageGenerator({ apiKey: config.CLIPDROP_API_KEY!, baseUrl: config.CLIPDROP_BASE_URL, timeoutMs: config.AI_IMAGE_TIMEOUT_MS });
  }
  return null;
}
