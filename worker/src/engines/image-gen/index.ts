/** Chooses the image-generation provider and tells the api, before enqueueing, whether there is one. */
import type { EngineInfo } from '@craftwell/contracts/jobs';
import { createClipdropImageGenerator } from './clipdrop.js';
import type { ImageConfig } from '@craftwell/core/config/image-gen';
import { createOpenAiImageGenerator } from './openai.js';
import type { ImageGenerator } from './types.js';

export interface ImageGenerationStatus {
  configured: boolean;
  /** Why generation is unavailable, naming the variables to set (when configured is false). */
  message?: string;
  engine?: EngineInfo;
}

const HOW_TO_CONFIGURE =
  'Set AI_IMAGE_API_KEY (with AI_IMAGE_MODEL, and AI_IMAGE_BASE_URL for a self-hosted OpenAI-compatible server) ' +
  'or CLIPDROP_API_KEY, then restart Craftwell.';

type Choice = { provider: 'openai' | 'clipdrop' } | { provider: null; message: string };

function choose(config: ImageConfig): Choice {
  const openaiReady = Boolean(config.AI_IMAGE_API_KEY || config.AI_IMAGE_BASE_URL);
  const clipdropReady = Boolean(config.CLIPDROP_API_KEY);
  switch (config.AI_IMAGE_PROVIDER) {
    case 'openai':
      return openaiReady
        ? { provider: 'openai' }
        : { provider: null, message: 'Image generation is set to use an OpenAI-compatible server, but AI_IMAGE_API_KEY (or AI_IMAGE_BASE_URL for a server that needs no key) is not set.' };
    case 'clipdrop':
      return clipdropReady
        ? { provider: 'clipdrop' }
        : { provider: null, message: 'Image generation is set to use ClipDrop, but CLIPDROP_API_KEY is not set.' };
    case 'auto':
      if (openaiReady) return { provider: 'openai' };
      if (clipdropReady) return { provider: 'clipdrop' };
      return { provider: null, message: `Image generation needs an image provider and none is configured on this server. ${HOW_TO_CONFIGURE}` };
  }
}

/** The configured generator, or null when none is configured. */
export function createImageGenerator(config: ImageConfig): ImageGenerator | null {
  const choice = choose(config);
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

/** For the api: answer 503 with `message` when not configured, before any job or quota. */
export function imageGenerationStatus(config: ImageConfig): ImageGenerationStatus {
  const choice = choose(config);
  if (choice.provider === null) return { configured: false, message: choice.message };
  return { configured: true, engine: createImageGenerator(config)!.info };
}
