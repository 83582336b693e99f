/**
 * Which engine serves each tool, decided from config alone. The worker builds that engine
 * (createEngines); the api only describes it (start-up log, /api/config) and so never loads a
 * model or an ML runtime. Labels come from the static catalog in contracts.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ENGINES } from '@craftwell/contracts/engine-catalog';
import type { EngineInfo, ToolName } from '@craftwell/contracts/jobs';
import { parseBackgroundConfig, type BackgroundConfig } from './background.js';
import type { AppConfig } from './env.js';
import { parseImageConfig, type ImageConfig } from './image-gen.js';
import { parseObjectConfig, type ObjectConfig } from './object.js';
import { DEFAULT_OPENAI_MODEL, parseTextConfig, type TextConfig } from './text.js';

type Env = Record<string, string | undefined>;

// ---- text ----

export type TextTool = 'article' | 'blog-title' | 'resume-review';

export type TextEngineChoice =
  | { kind: 'openai'; model: string }
  | { kind: 'local'; modelPath: string }
  | { kind: 'offline' };

/**
 *   1. OpenAI-compatible endpoint when AI_TEXT_BASE_URL or AI_TEXT_API_KEY is set;
 *   2. else a local GGUF model (AI_TEXT_MODEL_PATH, or the first *.gguf in DATA_DIR/models);
 *   3. else the offline engines (outline, headlines, rule-based resume review).
 * AI_TEXT_ENGINE forces one of them.
 */
export function chooseTextEngine(config: TextConfig, dataDir: string): TextEngineChoice {
  const wantsOpenAi = Boolean(config.AI_TEXT_BASE_URL || config.AI_TEXT_API_KEY);
  const openai: TextEngineChoice = { kind: 'openai', model: config.AI_TEXT_MODEL ?? DEFAULT_OPENAI_MODEL };
  if (config.AI_TEXT_ENGINE === 'openai' || (config.AI_TEXT_ENGINE === 'auto' && wantsOpenAi)) return openai;
  if (config.AI_TEXT_ENGINE === 'offline') return { kind: 'offline' };
  const modelPath = config.AI_TEXT_MODEL_PATH ?? findGguf(path.join(dataDir, 'models'));
  if (modelPath) return { kind: 'local', modelPath };
  if (config.AI_TEXT_ENGINE === 'local') {
    throw new Error(`AI_TEXT_ENGINE=local but no model was found: set AI_TEXT_MODEL_PATH or put a .gguf file in ${path.join(dataDir, 'models')} (npm run models -- pull <name>)`);
  }
  return { kind: 'offline' };
}

/** The first *.gguf file (alphabetically) in a folder, or undefined. */
export function findGguf(folder: string): string | undefined {
  if (!existsSync(folder)) return undefined;
  const file = readdirSync(folder).filter((name) => name.toLowerCase().endsWith('.gguf')).sort()[0];
  return file ? path.join(folder, file) : undefined;
}

/** The generative engine's info for a choice, or null for the offline engines. */
export function textLlmInfo(config: TextConfig, choice: TextEngineChoice): EngineInfo | null {
  if (choice.kind === 'openai') return ENGINES.openAiCompatible(choice.model, config.AI_TEXT_BASE_URL);
  if (choice.kind === 'local') return ENGINES.localGguf(path.basename(choice.modelPath));
  return null;
}

/** The engine that serves each text tool, given the generative engine (null = offline). */
export function textToolsFor(llm: EngineInfo | null): Record<TextTool, EngineInfo> {
  if (!llm) return { article: ENGINES.offlineOutline, 'blog-title': ENGINES.offlineHeadlines, 'resume-review': ENGINES.resumeRules };
  return { article: llm, 'blog-title': llm, 'resume-review': ENGINES.resumeWithLlm(llm) };
}

/** Engine per text tool without creating anything. */
export function describeTextEngines(config: TextConfig, dataDir: string): Record<TextTool, EngineInfo> {
  return textToolsFor(textLlmInfo(config, chooseTextEngine(config, dataDir)));
}

// ---- image generation ----

export type ImageProviderChoice = { provider: 'openai' | 'clipdrop' } | { provider: null; message: string };

export interface ImageGenerationStatus {
  configured: boolean;
  /** Why generation is unavailable, naming the variables to set (when configured is false). */
  message?: string;
  engine?: EngineInfo;
}

const HOW_TO_CONFIGURE_IMAGES =
  'Set AI_IMAGE_API_KEY (with AI_IMAGE_MODEL, and AI_IMAGE_BASE_URL for a self-hosted OpenAI-compatible server) ' +
  'or CLIPDROP_API_KEY, then restart Craftwell.';

export function chooseImageProvider(config: ImageConfig): ImageProviderChoice {
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
      return { provider: null, message: `Image generation needs an image provider and none is configured on this server. ${HOW_TO_CONFIGURE_IMAGES}` };
  }
}

/** For the api: answer 503 with `message` when not configured, before any job or quota. */
export function imageGenerationStatus(config: ImageConfig): ImageGenerationStatus {
  const choice = chooseImageProvider(config);
  if (choice.provider === null) return { configured: false, message: choice.message };
  const engine = choice.provider === 'openai' ? ENGINES.openAiImages(config.AI_IMAGE_MODEL, config.AI_IMAGE_BASE_URL) : ENGINES.clipdropTextToImage;
  return { configured: true, engine };
}

// ---- background and object removal ----

export function backgroundEngineInfo(config: BackgroundConfig): EngineInfo {
  switch (config.BG_ENGINE) {
    case 'removebg':
      return ENGINES.removebg;
    case 'clipdrop':
      return ENGINES.clipdropRemoveBackground;
    case 'isnet':
      return ENGINES.isnet(config.BG_ISNET_MODEL);
  }
}

/** The offline remover's info: with or without an operator-supplied inpainting model. */
export function offlineObjectEngine(inpaintModelPath: string | null | undefined): EngineInfo {
  return inpaintModelPath ? ENGINES.offlineObjectLama : ENGINES.offlineObject;
}

/** The engine that serves object removal without a user mask. */
export function objectEngineInfo(config: ObjectConfig): EngineInfo {
  if (config.provider === 'cloudinary') return ENGINES.cloudinaryGenRemove;
  if (config.provider === 'clipdrop') return ENGINES.clipdropCleanup;
  return offlineObjectEngine(config.inpaintModelPath);
}

// ---- all tools ----

/** Parses every capability's variables, so a bad one stops start-up naming the variable. */
export function validateEngineConfig(env: Env): void {
  const problems: string[] = [];
  const attempt = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      const issues = (err as { issues?: Array<{ path: PropertyKey[]; message: string }> }).issues;
      if (issues) problems.push(...issues.map((i) => `  ${i.path.join('.')}: ${i.message}`));
      else problems.push(`  ${(err as Error).message}`);
    }
  };
  attempt(() => parseTextConfig(env));
  attempt(() => parseImageConfig(env));
  attempt(() => parseBackgroundConfig(env));
  attempt(() => parseObjectConfig(env));
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
}

/** The engine each tool runs with this configuration (null: not configured). Loads nothing. */
export function describeEngines(config: AppConfig): Record<ToolName, EngineInfo | null> {
  const text = describeTextEngines(parseTextConfig(config.rawEnv), config.dataDir);
  return {
    article: text.article,
    'blog-title': text['blog-title'],
    'resume-review': text['resume-review'],
    'generate-image': imageGenerationStatus(parseImageConfig(config.rawEnv)).engine ?? null,
    'remove-background': backgroundEngineInfo(parseBackgroundConfig(config.rawEnv)),
    'remove-object': objectEngineInfo(parseObjectConfig(config.rawEnv)),
  };
}

export function imageGenerationStatusFor(config: AppConfig): { configured: boolean; message?: string } {
  const { configured, message } = imageGenerationStatus(parseImageConfig(config.rawEnv));
  return { configured, message };
}
