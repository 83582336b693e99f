/**
 * Picks the text engine for this worker process and describes it per tool.
 *   1. OpenAI-compatible endpoint when AI_TEXT_BASE_URL or AI_TEXT_API_KEY is set;
 *   2. else a local GGUF model (AI_TEXT_MODEL_PATH, or the first *.gguf in DATA_DIR/models);
 *   3. else the offline engines (outline, headlines, rule-based resume review).
 * AI_TEXT_ENGINE forces one of them.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { EngineInfo } from '@craftwell/contracts/jobs';
import { DEFAULT_OPENAI_MODEL, type TextConfig } from '@craftwell/core/config/text';
import { LocalLlamaEngine } from './local-llama.js';
import { HEADLINE_ENGINE } from './offline/headlines.js';
import { OUTLINE_ENGINE } from './offline/outline.js';
import { OpenAiCompatibleEngine } from './openai-compatible.js';
import type { TextEngine } from './text-engine.js';

export type TextTool = 'article' | 'blog-title' | 'resume-review';

export const RESUME_RULES_ENGINE: EngineInfo = {
  id: 'resume-rules',
  label: 'Rule-based resume analyser (no AI model configured)',
  offline: true,
};

export interface TextEngines {
  /** The generative engine, or null when the offline engines serve every tool. */
  llm: TextEngine | null;
  /** The engine that serves each tool, for replies, the start-up log and /api/config. */
  tools: Record<TextTool, EngineInfo>;
  /** Loads a local model now instead of on the first job. */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

export interface TextEngineEnvironment {
  /** DATA_DIR; models are looked up in DATA_DIR/models. */
  dataDir: string;
}

type Choice =
  | { kind: 'openai'; model: string }
  | { kind: 'local'; modelPath: string }
  | { kind: 'offline' };

function choose(config: TextConfig, dataDir: string): Choice {
  const wantsOpenAi = Boolean(config.AI_TEXT_BASE_URL || config.AI_TEXT_API_KEY);
  const openai: Choice = { kind: 'openai', model: config.AI_TEXT_MODEL ?? DEFAULT_OPENAI_MODEL };
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

function toolsFor(llm: EngineInfo | null): Record<TextTool, EngineInfo> {
  if (!llm) return { article: OUTLINE_ENGINE, 'blog-title': HEADLINE_ENGINE, 'resume-review': RESUME_RULES_ENGINE };
  return {
    article: llm,
    'blog-title': llm,
    'resume-review': { id: `${llm.id}+resume-rules`, label: `${llm.label}, on the rule-based resume analysis`, offline: false },
  };
}

/** Builds the engines for this process. Cheap: a local model loads on warmUp() or the first job. */
export function createTextEngines(config: TextConfig, env: TextEngineEnvironment): TextEngines {
  const choice = choose(config, env.dataDir);
  let llm: TextEngine | null = null;
  if (choice.kind === 'openai') {
    llm = new OpenAiCompatibleEngine({
      baseUrl: config.AI_TEXT_BASE_URL,
      apiKey: config.AI_TEXT_API_KEY,
      model: choice.model,
      timeoutMs: config.AI_TEXT_TIMEOUT_MS,
      maxRetries: config.AI_TEXT_MAX_RETRIES,
    });
  } else if (choice.kind === 'local') {
    if (!existsSync(choice.modelPath)) throw new Error(`AI_TEXT_MODEL_PATH points at a missing file: ${choice.modelPath}`);
    llm = new LocalLlamaEngine({ modelPath: choice.modelPath, threads: config.AI_TEXT_THREADS, contextSize: config.AI_TEXT_CONTEXT_SIZE });
  }
  return {
    llm,
    tools: toolsFor(llm?.info ?? null),
    warmUp: async () => { await llm?.warmUp?.(); },
    close: async () => { await llm?.close?.(); },
  };
}

/** Engine per tool without creating anything: for the start-up log and /api/config. */
export function describeTextEngines(config: TextConfig, dataDir: string): Record<TextTool, EngineInfo> {
  const choice = choose(config, dataDir);
  if (choice.kind === 'offline') return toolsFor(null);
  if (choice.kind === 'local') return toolsFor(new LocalLlamaEngine({ modelPath: choice.modelPath, threads: 1, contextSize: 1 }).info);
  return toolsFor(new OpenAiCompatibleEngine({ baseUrl: config.AI_TEXT_BASE_URL, apiKey: config.AI_TEXT_API_KEY, model: choice.model, timeoutMs: 1, maxRetries: 0 }).info);
}

// ---- Wiring for the handlers: one set of engines per worker process. ----

let current: TextEngines | null = null;

/**
 * Call once at worker start-up, before any text or pdf job runs:
 *   configureTextHandlers(createTextEngines(parseTextConfig(process.env), { dataDir }))
 * Tests pass engines of their own. Returns the previous engines (for tests to restore).
 */
export function configureTextHandlers(engines: TextEngines): TextEngines | null {
  const previous = current;
  current = engines;
  return previous;
}

export function getTextEngines(): TextEngines {
  if (!current) throw new Error('Text handlers are not configured: call configureTextHandlers() at worker start-up.');
  return current;
}
