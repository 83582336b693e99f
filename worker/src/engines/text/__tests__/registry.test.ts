import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTextConfig } from '@craftwell/core/config/text';
import { describeTextEngines } from '@craftwell/core/config/engines';
import { createTextEngines } from '../registry.js';

const emptyDataDir = () => mkdtempSync(path.join(os.tmpdir(), 'craftwell-text-'));

describe('text engine selection', () => {
  it('when nothing is configured, then every tool uses its offline engine', () => {
    const tools = describeTextEngines(parseTextConfig({}), emptyDataDir());
    expect(tools.article).toMatchObject({ id: 'offline-outline', offline: true });
    expect(tools['blog-title']).toMatchObject({ id: 'offline-headlines', offline: true });
    expect(tools['resume-review']).toMatchObject({ id: 'resume-rules', offline: true });
  });

  it('when a base URL and model are set, then the OpenAI-compatible engine serves all three tools', () => {
    const config = parseTextConfig({ AI_TEXT_BASE_URL: 'http://localhost:11434/v1', AI_TEXT_MODEL: 'llama3.2' });
    const engines = createTextEngines(config, { dataDir: emptyDataDir() });
    expect(engines.llm?.info).toEqual({ id: 'openai-compatible', label: 'llama3.2 via localhost:11434', offline: false });
    expect(engines.tools['resume-review'].offline).toBe(false);
  });

  it('when only an OpenAI key is set, then the default OpenAI model is used', () => {
    expect(describeTextEngines(parseTextConfig({ AI_TEXT_API_KEY: 'sk-x' }), emptyDataDir()).article.label).toBe('gpt-4o-mini via api.openai.com');
  });

  it('when a .gguf sits in DATA_DIR/models, then the local engine is chosen', () => {
    const dataDir = emptyDataDir();
    mkdirSync(path.join(dataDir, 'models'));
    writeFileSync(path.join(dataDir, 'models', 'b-model.gguf'), 'x');
    writeFileSync(path.join(dataDir, 'models', 'a-model.gguf'), 'x');
    expect(describeTextEngines(parseTextConfig({}), dataDir).article).toMatchObject({ id: 'local-gguf', label: expect.stringContaining('a-model.gguf') });
    expect(describeTextEngines(parseTextConfig({ AI_TEXT_ENGINE: 'offline' }), dataDir).article.id).toBe('offline-outline');
  });

  it('when settings are wrong, then parsing fails with the variable named', () => {
    expect(() => parseTextConfig({ AI_TEXT_BASE_URL: 'not a url' })).toThrow(/AI_TEXT_BASE_URL/);
    expect(() => parseTextConfig({ AI_TEXT_TIMEOUT_MS: '-5' })).toThrow(/AI_TEXT_TIMEOUT_MS/);
    expect(() => parseTextConfig({ AI_TEXT_BASE_URL: 'http://localhost:8080/v1' })).toThrow(/AI_TEXT_MODEL is required/);
    expect(() => createTextEngines(parseTextConfig({ AI_TEXT_ENGINE: 'local' }), { dataDir: emptyDataDir() })).toThrow(/no model was found/);
  });
});
