/**
 * Text engine configuration, parsed once from the environment by the worker's start-up code and
 * handed to createTextEngines / configureTextHandlers. Engines never read process.env themselves.
 */
import os from 'node:os';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

const positiveInt = (fallback: number, max: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

export const TEXT_ENGINE_CHOICES = ['auto', 'openai', 'local', 'offline'] as const;

export const textConfigSchema = z.object({
  /** Which engine to use; `auto` picks OpenAI-compatible, then local GGUF, then offline. */
  AI_TEXT_ENGINE: z.enum(TEXT_ENGINE_CHOICES).default('auto'),
  /** OpenAI-compatible base URL, e.g. http://localhost:11434/v1 for Ollama. Unset = api.openai.com. */
  AI_TEXT_BASE_URL: optionalString.pipe(z.url({ message: 'AI_TEXT_BASE_URL must be a URL' }).optional()),
  AI_TEXT_API_KEY: optionalString,
  /** Model name sent to the endpoint. */
  AI_TEXT_MODEL: optionalString,
  /** GGUF file for the local engine; unset = first *.gguf in DATA_DIR/models. */
  AI_TEXT_MODEL_PATH: optionalString,
  /** Per-request timeout (ms) for the OpenAI-compatible provider. */
  AI_TEXT_TIMEOUT_MS: positiveInt(60_000, 600_000),
  /** Retries on transient provider errors (429, 5xx, timeouts). */
  AI_TEXT_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** CPU threads for the local model. */
  AI_TEXT_THREADS: positiveInt(Math.max(1, Math.min(4, os.availableParallelism())), 256),
  /** Context window (tokens) for the local model. */
  AI_TEXT_CONTEXT_SIZE: positiveInt(4096, 131_072),
});

export type TextConfig = z.infer<typeof textConfigSchema>;

/** Default model per preset host when AI_TEXT_MODEL is unset: only OpenAI has a sensible one. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';

/** Parses and validates the text settings; throws an Error listing every bad variable. */
export function parseTextConfig(env: Record<string, string | undefined>): TextConfig {
  const result = textConfigSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid text engine settings: ${problems.join('; ')}`);
  }
  const config = result.data;
  if (config.AI_TEXT_ENGINE === 'openai' && !config.AI_TEXT_BASE_URL && !config.AI_TEXT_API_KEY) {
    throw new Error('AI_TEXT_ENGINE=openai needs AI_TEXT_BASE_URL or AI_TEXT_API_KEY');
  }
  if (config.AI_TEXT_BASE_URL && !config.AI_TEXT_MODEL && !isOpenAiHost(config.AI_TEXT_BASE_URL)) {
    throw new Error('AI_TEXT_MODEL is required when AI_TEXT_BASE_URL points at a server other than OpenAI');
  }
  return config;
}

export function isOpenAiHost(baseUrl: string | undefined): boolean {
  return !baseUrl || new URL(baseUrl).hostname === 'api.openai.com';
}
