/**
 * A local GGUF model run on the CPU by node-llama-cpp. The library (and its ~30 MB native binary)
 * is imported only when this engine is used, and the model is loaded once per process and kept
 * warm. Generations share one context and run one at a time: on a small CPU box, parallel
 * generations only slow each other down.
 */
import path from 'node:path';
import type { Llama, LlamaContext, LlamaModel } from 'node-llama-cpp';
import type { EngineInfo } from '@craftwell/contracts/jobs';
import { TextEngineError, type GenerateOptions, type TextEngine } from './text-engine.js';
import { ENGINES } from '@craftwell/contracts/engine-catalog';
import { reportHeld } from '@craftwell/queue/held-resources';

export interface LocalLlamaOptions {
  modelPath: string;
  threads: number;
  contextSize: number;
}

interface LoadedModel {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
}

/** One loaded model per file and settings, shared by every engine instance in the process. */
const loaded = new Map<string, Promise<LoadedModel>>();

export class LocalLlamaEngine implements TextEngine {
  readonly info: EngineInfo;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: LocalLlamaOptions) {
    this.info = ENGINES.localGguf(path.basename(options.modelPath));
  }

  warmUp(): Promise<void> {
    return this.load().then(() => undefined);
  }

  generate(prompt: string, options: GenerateOptions = {}): Promise<string> {
    const run = this.queue.then(() => this.generateNow(prompt, options));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    // Disposing under a running generation crashes the native side: let the queue drain first.
    await this.queue;
    const key = this.cacheKey();
    const pending = loaded.get(key);
    if (!pending) return;
    loaded.delete(key);
    const { llama, model, context } = await pending.catch(() => ({} as Partial<LoadedModel>));
    await context?.dispose();
    await model?.dispose();
    await llama?.dispose();
    reportHeld('text-model', loaded.size);
  }

  private async generateNow(prompt: string, options: GenerateOptions): Promise<string> {
    options.signal?.throwIfAborted();
    const { context } = await this.load();
    const { LlamaChatSession } = await importLlamaCpp();
    const sequence = context.getSequence();
    const session = new LlamaChatSession({
      contextSequence: sequence,
      systemPrompt: options.system,
      autoDisposeSequence: false,
    });
    try {
      return await session.prompt(prompt, {
        maxTokens: options.maxTokens,
        temperature: options.temperature,
        signal: options.signal,
        onTextChunk: options.onChunk,
      });
    } catch (error) {
      if (options.signal?.aborted) throw new TextEngineError('aborted', 'The text generation was cancelled.', { cause: error });
      if (/context size|too long|exceed/i.test(String(error))) {
        throw new TextEngineError('context-length', `The request is too long for the local model's ${this.options.contextSize}-token context. Try a shorter input or raise AI_TEXT_CONTEXT_SIZE.`, { cause: error });
      }
      throw new TextEngineError('unavailable', `The local model failed while generating: ${String(error)}`, { cause: error });
    } finally {
      session.dispose({ disposeSequence: false });
      // Frees the sequence's context slot for the next generation.
      await sequence.dispose();
    }
  }

  private cacheKey(): string {
    return `${this.options.modelPath}|${this.options.threads}|${this.options.contextSize}`;
  }

  private load(): Promise<LoadedModel> {
    const key = this.cacheKey();
    let pending = loaded.get(key);
    if (!pending) {
      pending = loadModel(this.options);
      loaded.set(key, pending);
      pending.then(() => reportHeld('text-model', loaded.size), () => undefined);
      // A failed load is not cached, so fixing the file and retrying the job works.
      pending.catch(() => loaded.delete(key));
    }
    return pending;
  }
}

async function loadModel(options: LocalLlamaOptions): Promise<LoadedModel> {
  const { getLlama, LlamaLogLevel } = await importLlamaCpp();
  let llama: Llama | undefined;
  try {
    llama = await getLlama({ gpu: false, build: 'never', progressLogs: false, logLevel: LlamaLogLevel.error, maxThreads: options.threads });
    const model = await llama.loadModel({ modelPath: options.modelPath });
    // Threads must be explicit: the library's default made generation ~600x slower here.
    const context = await model.createContext({ contextSize: options.contextSize, threads: options.threads });
    return { llama, model, context };
  } catch (error) {
    await llama?.dispose().catch(() => undefined);
    // The file name, not the server path: this message can reach the user.
    const file = path.basename(options.modelPath);
    const reason = (error instanceof Error ? error.message : String(error)).replaceAll(options.modelPath, file);
    throw new TextEngineError('model-load', `Could not load the local text model ${file}: ${reason}`, { cause: error });
  }
}

async function importLlamaCpp(): Promise<typeof import('node-llama-cpp')> {
  try {
    return await import('node-llama-cpp');
  } catch (error) {
    throw new TextEngineError('model-load', 'The local model engine needs the node-llama-cpp package: run `npm install node-llama-cpp -w worker`.', { cause: error });
  }
}
