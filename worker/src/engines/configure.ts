/**
 * One place that turns config into engines, per capability. Workers call configureEngines() once
 * per process (or thread); the api calls validateEngineConfig() at start-up and describeEngines()
 * for /api/config and the start-up log. Image handlers build their engines on their first job,
 * so a text-only worker never loads an image model.
 */
import type { EngineInfo, ToolName } from '@craftwell/contracts/jobs';
import type { AppConfig } from '@craftwell/core/config/env';
import { parseBackgroundConfig } from '@craftwell/core/config/background';
import { createBackgroundRemover } from './background/index.js';
import { configureIsnet } from './background/isnet.js';
import { parseImageConfig } from '@craftwell/core/config/image-gen';
import { parseObjectConfig } from '@craftwell/core/config/object';
import { createObjectRemover } from './object/index.js';
import { imageGenerationStatus } from './image-gen/index.js';
import { warmUpPdfReader } from './resume/pdf-text.js';
import { parseTextConfig } from '@craftwell/core/config/text';
import { configureTextHandlers, createTextEngines, describeTextEngines } from './text/registry.js';

type Env = Record<string, string | undefined>;

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

export async function configureEngines(config: AppConfig): Promise<void> {
  const text = createTextEngines(parseTextConfig(config.rawEnv), { dataDir: config.dataDir });
  configureTextHandlers(text);
  // One ISNet session per process serves background removal and object outlines alike.
  const background = parseBackgroundConfig(config.rawEnv);
  configureIsnet({ model: background.BG_ISNET_MODEL, threads: background.BG_ISNET_THREADS });
  // Load a local model and the PDF reader now rather than on the first job.
  await text.warmUp();
  void warmUpPdfReader().catch(() => undefined);
}

export function describeEngines(config: AppConfig): Record<ToolName, EngineInfo | null> {
  const text = describeTextEngines(parseTextConfig(config.rawEnv), config.dataDir);
  return {
    article: text.article,
    'blog-title': text['blog-title'],
    'resume-review': text['resume-review'],
    'generate-image': imageGenerationStatus(parseImageConfig(config.rawEnv)).engine ?? null,
    'remove-background': createBackgroundRemover(parseBackgroundConfig(config.rawEnv)).info,
    'remove-object': createObjectRemover(parseObjectConfig(config.rawEnv)).info,
  };
}

export function imageGenerationStatusFor(config: AppConfig): { configured: boolean; message?: string } {
  const { configured, message } = imageGenerationStatus(parseImageConfig(config.rawEnv));
  return { configured, message };
}
