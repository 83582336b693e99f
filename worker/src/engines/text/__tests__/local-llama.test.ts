import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTextConfig } from '@craftwell/core/config/text';
import { createTextEngines, type TextEngines } from '../registry.js';
import { TextEngineError } from '../text-engine.js';
import { writeTinyGguf } from './tiny-gguf.js';

// The real node-llama-cpp path: load a random-weight GGUF on the CPU and generate tokens.
describe('local GGUF engine (node-llama-cpp)', () => {
  let engines: TextEngines;
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'craftwell-gguf-'));
    const modelPath = path.join(dataDir, 'models', 'tiny.gguf');
    (await import('node:fs')).mkdirSync(path.dirname(modelPath));
    writeTinyGguf(modelPath);
    engines = createTextEngines(parseTextConfig({ AI_TEXT_THREADS: '1', AI_TEXT_CONTEXT_SIZE: '1024' }), { dataDir });
    await engines.warmUp();
  }, 60_000);
  afterAll(async () => { await engines?.close(); });

  it('when a .gguf is in DATA_DIR/models, then it loads once and streams tokens', async () => {
    expect(engines.llm?.info).toMatchObject({ id: 'local-gguf', offline: false });
    const chunks: string[] = [];
    const text = await engines.llm!.generate('Write one word.', { system: 'Be brief.', maxTokens: 16, temperature: 0, onChunk: (c) => chunks.push(c) });
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.join('')).toBe(text);
    expect(text.length).toBeGreaterThan(0);
  });

  it('when two jobs ask at once, then both complete and the second starts only after the first ends', async () => {
    // What happened, in order: each chunk streamed, and each generation's end.
    const events: string[] = [];
    const ask = (name: string) => engines.llm!
      .generate(name, { maxTokens: 8, temperature: 0, onChunk: () => events.push(`${name} chunk`) })
      .then((text) => { events.push(`${name} done`); return text; });
    const [a, b] = await Promise.all([ask('First'), ask('Second')]);
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    const firstDone = events.indexOf('First done');
    expect(events.indexOf('Second chunk')).toBeGreaterThan(firstDone);
    expect(events.slice(0, firstDone).every((event) => event.startsWith('First'))).toBe(true);
  });

  it('when the signal is already aborted, then it rejects as aborted and nothing is generated', async () => {
    const controller = new AbortController();
    controller.abort();
    const chunks: string[] = [];
    const error = await engines.llm!.generate('x', { signal: controller.signal, maxTokens: 8, onChunk: (c) => chunks.push(c) })
      .then(() => null, (e: unknown) => e as { name?: string; code?: string });
    // Refused before the model starts (AbortError) or stopped by it (TextEngineError 'aborted').
    expect(error?.name === 'AbortError' || (error instanceof TextEngineError && error.code === 'aborted')).toBe(true);
    expect(chunks).toEqual([]);
  });

  it('when the file is not a model, then loading fails with a clear error', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'craftwell-bad-gguf-'));
    const bad = path.join(dir, 'broken.gguf');
    (await import('node:fs')).writeFileSync(bad, 'not a gguf');
    const broken = createTextEngines(parseTextConfig({ AI_TEXT_MODEL_PATH: bad, AI_TEXT_THREADS: '1' }), { dataDir: dir });
    const error = await broken.llm!.generate('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TextEngineError);
    expect((error as TextEngineError).code).toBe('model-load');
    expect((error as TextEngineError).message).toContain('broken.gguf');
  });
});
