import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAiCompatibleEngine } from '../openai-compatible.js';
import { TextEngineError } from '../text-engine.js';
import { startFakeChatServer, type FakeChatServer } from './fake-chat-server.js';

let server: FakeChatServer;
beforeAll(async () => { server = await startFakeChatServer(); });
afterAll(async () => { await server.close(); });

const engine = (model: string, extra: { timeoutMs?: number; maxRetries?: number } = {}) =>
  new OpenAiCompatibleEngine({ baseUrl: server.baseUrl, apiKey: 'sk-test', model, timeoutMs: extra.timeoutMs ?? 5_000, maxRetries: extra.maxRetries ?? 2 });

async function failure(promise: Promise<unknown>): Promise<TextEngineError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(TextEngineError);
  return error as TextEngineError;
}

describe('OpenAI-compatible engine against a local chat-completions server', () => {
  it('when streaming, then chunks arrive in order and the final text is their concatenation', async () => {
    const chunks: string[] = [];
    const text = await engine('ok').generate('Say hello', { system: 'Be brief.', maxTokens: 50, temperature: 0.2, onChunk: (c) => chunks.push(c) });
    expect(text).toBe(server.reply);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.join('')).toBe(text);
    const request = server.requests.at(-1)!;
    expect(request.authorization).toBe('Bearer sk-test');
    expect(request.body).toMatchObject({ model: 'ok', stream: true, max_tokens: 50, temperature: 0.2 });
    expect(request.body.messages).toEqual([{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Say hello' }]);
  });

  it('when nobody listens for chunks, then a plain (non-streaming) request is made', async () => {
    const text = await engine('plain').generate('Titles please');
    expect(text).toBe(server.reply);
    expect(server.requests.at(-1)!.body.stream).toBe(false);
  });

  it('when the key is wrong, then the error says so and is not retried', async () => {
    const before = server.requests.length;
    const error = await failure(engine('bad-key').generate('x'));
    expect(error.code).toBe('auth');
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/rejected the API key.*AI_TEXT_API_KEY/);
    expect(server.requests.length - before).toBe(1);
  });

  it('when the model does not exist, then the error names the model', async () => {
    const error = await failure(engine('missing-model').generate('x'));
    expect(error.code).toBe('model-not-found');
    expect(error.message).toContain('"missing-model"');
  });

  it('when rate limited, then the client retries and finally reports a retryable error', async () => {
    const before = server.requests.length;
    const error = await failure(engine('rate-limited', { maxRetries: 1 }).generate('x'));
    expect(error.code).toBe('rate-limited');
    expect(error.retryable).toBe(true);
    expect(server.requests.length - before).toBe(2);
  });

  it('when the prompt is too long for the context, then it fails once with a clear message', async () => {
    const before = server.requests.length;
    const error = await failure(engine('too-long').generate('x'.repeat(100)));
    expect(error.code).toBe('context-length');
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/too long.*context window/);
    expect(server.requests.length - before).toBe(1);
  });

  it('when the server has a 500 once, then the retry succeeds', async () => {
    const text = await engine('flaky').generate('x', { onChunk: () => {} });
    expect(text).toBe(server.reply);
    expect(server.requests.filter((r) => r.model === 'flaky')).toHaveLength(2);
  });

  it('when the server wants max_completion_tokens, then the engine switches and succeeds', async () => {
    const text = await engine('new-style').generate('x', { maxTokens: 20 });
    expect(text).toBe(server.reply);
    expect(server.requests.at(-1)!.body).toMatchObject({ max_completion_tokens: 20 });
  });

  it('when the server does not answer in time, then a retryable timeout error comes back', async () => {
    const started = Date.now();
    const error = await failure(engine('slow', { timeoutMs: 200, maxRetries: 0 }).generate('x'));
    expect(error.code).toBe('timeout');
    expect(error.retryable).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('when a stream stalls after its first chunk, then the idle timeout ends it', async () => {
    const chunks: string[] = [];
    const error = await failure(engine('stall', { timeoutMs: 300, maxRetries: 0 }).generate('x', { onChunk: (c) => chunks.push(c) }));
    expect(chunks).toEqual(['first ']);
    expect(error.code).toBe('timeout');
  });

  it('when the job is cancelled mid-stream, then generation stops with an aborted error', async () => {
    const controller = new AbortController();
    const chunks: string[] = [];
    const error = await failure(engine('slow-stream').generate('x', {
      signal: controller.signal,
      onChunk: (c) => { chunks.push(c); if (chunks.length === 2) controller.abort(); },
    }));
    expect(error.code).toBe('aborted');
    expect(chunks.length).toBeLessThan(server.reply.split(' ').length);
  });
});
