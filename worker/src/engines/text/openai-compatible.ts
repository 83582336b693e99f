/**
 * Any OpenAI-compatible chat-completions endpoint (OpenAI, Gemini's OpenAI endpoint, Ollama, vLLM,
 * llama.cpp server, LM Studio, OpenRouter) through the official `openai` client, streaming.
 * The client retries only transient failures (connection errors, 408, 409, 429, 5xx); everything
 * else becomes a TextEngineError with a message a person can act on.
 */
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { EngineInfo } from '@craftwell/contracts/jobs';
import { TextEngineError, type GenerateOptions, type TextEngine } from './text-engine.js';
import { ENGINES } from '@craftwell/contracts/engine-catalog';

export interface OpenAiCompatibleOptions {
  baseUrl?: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
}

export class OpenAiCompatibleEngine implements TextEngine {
  readonly info: EngineInfo;
  private readonly client: OpenAI;
  private readonly host: string;
  /** Set once a server tells us it wants max_completion_tokens instead of max_tokens. */
  private useMaxCompletionTokens = false;

  constructor(private readonly options: OpenAiCompatibleOptions) {
    this.host = options.baseUrl ? new URL(options.baseUrl).host : 'api.openai.com';
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      // Local servers (Ollama, llama.cpp, LM Studio) ignore the key, but the client requires one.
      apiKey: options.apiKey ?? 'not-needed',
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries,
    });
    this.info = ENGINES.openAiCompatible(options.model, options.baseUrl);
  }

  async generate(prompt: string, options: GenerateOptions = {}): Promise<string> {
    try {
      return await this.stream(prompt, options);
    } catch (error) {
      if (!this.useMaxCompletionTokens && wantsMaxCompletionTokens(error)) {
        this.useMaxCompletionTokens = true;
        return this.generate(prompt, options).catch((retryError: unknown) => {
          throw this.describe(retryError, options.signal);
        });
      }
      throw this.describe(error, options.signal);
    }
  }

  private async stream(prompt: string, options: GenerateOptions): Promise<string> {
    const messages: ChatCompletionMessageParam[] = [];
    if (options.system) messages.push({ role: 'system', content: options.system });
    messages.push({ role: 'user', content: prompt });

    // The client's timeout covers the wait for the response headers; a stream that stalls
    // afterwards is cut by this idle timer (reset by every chunk) instead.
    const idle = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, idle.signal]) : idle.signal;
    let idleTimer: NodeJS.Timeout | undefined;
    const resetIdle = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => idle.abort(), this.options.timeoutMs);
    };

    try {
      const limit = options.maxTokens;
      const body = {
        model: this.options.model,
        messages,
        temperature: options.temperature,
        ...(limit === undefined ? {} : this.useMaxCompletionTokens ? { max_completion_tokens: limit } : { max_tokens: limit }),
      };
      // Without a chunk listener a plain request is simpler and works with servers lacking SSE.
      if (!options.onChunk) {
        const completion = await this.client.chat.completions.create({ ...body, stream: false }, { signal });
        return completion.choices[0]?.message?.content ?? '';
      }
      const stream = await this.client.chat.completions.create({ ...body, stream: true }, { signal });
      resetIdle();
      let text = '';
      for await (const chunk of stream) {
        resetIdle();
        const piece = chunk.choices[0]?.delta?.content;
        if (piece) {
          text += piece;
          options.onChunk(piece);
        }
      }
      // The client ends an aborted stream quietly; a cut-off text must not pass as complete.
      if (signal.aborted) throw new Error('The stream was aborted.');
      return text;
    } catch (error) {
      if (idle.signal.aborted && !options.signal?.aborted) {
        throw new TextEngineError('timeout', `The text model at ${this.host} stopped responding for ${Math.round(this.options.timeoutMs / 1000)} s.`, { cause: error });
      }
      throw error;
    } finally {
      clearTimeout(idleTimer);
    }
  }

  private describe(error: unknown, signal: AbortSignal | undefined): TextEngineError {
    if (error instanceof TextEngineError) return error;
    const model = this.options.model;
    const where = this.host;
    if (signal?.aborted || error instanceof OpenAI.APIUserAbortError) {
      return new TextEngineError('aborted', 'The text generation was cancelled.', { cause: error });
    }
    if (error instanceof OpenAI.APIConnectionTimeoutError) {
      return new TextEngineError('timeout', `The text model at ${where} did not answer within ${Math.round(this.options.timeoutMs / 1000)} s.`, { cause: error });
    }
    if (error instanceof OpenAI.APIConnectionError) {
      return new TextEngineError('unavailable', `Could not reach the text model at ${where}.`, { cause: error });
    }
    if (error instanceof OpenAI.APIError) {
      const status = error.status ?? 0;
      if (status === 401 || status === 403) {
        return new TextEngineError('auth', `The text provider at ${where} rejected the API key (HTTP ${status}). Check AI_TEXT_API_KEY.`, { cause: error });
      }
      if (status === 404) {
        return new TextEngineError('model-not-found', `The model "${model}" was not found at ${where}. Check AI_TEXT_MODEL (and AI_TEXT_BASE_URL).`, { cause: error });
      }
      if (status === 429) {
        return new TextEngineError('rate-limited', `The text provider at ${where} is rate limiting requests. Please try again in a minute.`, { cause: error });
      }
      if (isContextLengthError(error)) {
        return new TextEngineError('context-length', `The request is too long for the model "${model}"'s context window. Try a shorter input.`, { cause: error });
      }
      if (status >= 500 || status === 408 || status === 409) {
        return new TextEngineError('unavailable', `The text provider at ${where} had a temporary problem (HTTP ${status}).`, { cause: error });
      }
      return new TextEngineError('bad-request', `The text provider at ${where} refused the request (HTTP ${status}): ${firstLine(error.message)}`, { cause: error });
    }
    return new TextEngineError('unavailable', `The text model at ${where} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

function isContextLengthError(error: InstanceType<typeof OpenAI.APIError>): boolean {
  if (error.code === 'context_length_exceeded') return true;
  return /context (length|window)|maximum context|too many tokens|exceeds? the (model'?s? )?(max|context)/i.test(error.message);
}

function wantsMaxCompletionTokens(error: unknown): boolean {
  return error instanceof OpenAI.BadRequestError && /max_completion_tokens/.test(error.message);
}

function firstLine(message: string): string {
  return message.split('\n')[0].slice(0, 300);
}
