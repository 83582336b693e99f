/**
 * The one interface every generative text provider implements (OpenAI-compatible endpoint, local
 * GGUF model). Offline engines are tool-specific and live in ./offline; they do not implement it.
 */
import type { EngineInfo } from '@craftwell/contracts/jobs';

export interface GenerateOptions {
  /** Upper bound on generated tokens. */
  maxTokens?: number;
  temperature?: number;
  /** System prompt; providers without a system role prepend it. */
  system?: string;
  /** Aborts the request (job timeout, cancellation, shutdown). */
  signal?: AbortSignal;
  /** Called with each streamed chunk of text, in order. */
  onChunk?: (chunk: string) => void;
}

export interface TextEngine {
  readonly info: EngineInfo;
  /** Streams chunks through options.onChunk and resolves with the whole text. */
  generate(prompt: string, options?: GenerateOptions): Promise<string>;
  /** Loads whatever must be warm (a local model) so the first job is not slow. */
  warmUp?(): Promise<void>;
  close?(): Promise<void>;
}

export type TextEngineErrorCode =
  | 'auth'            // bad or missing key
  | 'model-not-found'
  | 'rate-limited'
  | 'context-length'
  | 'timeout'
  | 'unavailable'     // network error, 5xx
  | 'bad-request'
  | 'aborted'
  | 'model-load';     // local model could not be loaded

const TRANSIENT: ReadonlySet<TextEngineErrorCode> = new Set(['rate-limited', 'timeout', 'unavailable']);

/** A provider failure with a message written for a person; `retryable` says if trying again can help. */
export class TextEngineError extends Error {
  readonly retryable: boolean;
  constructor(readonly code: TextEngineErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TextEngineError';
    this.retryable = TRANSIENT.has(code);
  }
}
