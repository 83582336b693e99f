/**
 * Builds the text engine core's chooseTextEngine() picked for this worker process (OpenAI-
 * compatible endpoint, local GGUF model or the offline engines) and the engine per tool.
 */
import { existsSync } from 'node:fs';
import type { EngineInfo } from '@craftwell/contracts/jobs';
import { chooseTextEngine, textToolsFor, type TextTool } from '@craftwell/core/config/engines';
import type { TextConfig } from '@craftwell/core/config/text';
import { LocalLlamaEngine } from './local-llama.js';
import { OpenAiCompatibleEngine } from './openai-compatible.js';
import type { TextEngine } from './text-engine.js';

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

/** Builds the engines for this process. Cheap: a local model loads on warmUp() or the first job. */
export function createTextEngines(config: TextConfig, env: TextEngineEnvironment): TextEngines {
  const choice = chooseTextEngine(config, env.dataDir);
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
    tools: textToolsFor(llm?.info ?? null),
    warmUp: async () => { await llm?.warmUp?.(); },
    close: async () => { await llm?.close?.(); },
  };
}
