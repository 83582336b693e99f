/**
 * Image-generation configuration. Engines never read process.env: the worker and the api parse
 * the environment once with parseImageConfig() and pass the result down.
 */
import { z } from 'zod';

const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

export const imageConfigSchema = z.object({
  /** auto = OpenAI-compatible if AI_IMAGE_API_KEY or AI_IMAGE_BASE_URL is set, else ClipDrop if keyed. */
  AI_IMAGE_PROVIDER: z.enum(['auto', 'openai', 'clipdrop']).default('auto'),
  /** OpenAI-compatible Images API base URL (include /v1); unset = api.openai.com. */
  AI_IMAGE_BASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  AI_IMAGE_API_KEY: optionalString,
  AI_IMAGE_MODEL: z.string().min(1).default('gpt-image-1'),
  AI_IMAGE_SIZE: z.string().regex(/^(\d+x\d+|auto)$/, 'AI_IMAGE_SIZE must look like 1024x1024').default('1024x1024'),
  /** Provider request timeout, ms (generation is slow: a minute is normal). */
  AI_IMAGE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(150_000),
  CLIPDROP_API_KEY: optionalString,
  CLIPDROP_BASE_URL: z.string().url().default('https://clipdrop-api.co'),
});

export type ImageConfig = z.infer<typeof imageConfigSchema>;

export function parseImageConfig(env: Record<string, string | undefined>): ImageConfig {
  return imageConfigSchema.parse(env);
}
