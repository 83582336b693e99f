/**
 * One place that turns config into engines, per capability. Workers call configureEngines() once
 * per process (or thread); the api calls describeEngines() for /api/config and the start-up log.
 */
import type { EngineInfo, ToolName } from '../../contracts/jobs.js';
import type { AppConfig } from '../../../api/src/config/env.js';
import { parseTextConfig } from './text/config.js';
import { configureTextHandlers, createTextEngines, describeTextEngines } from './text/registry.js';

export async function configureEngines(config: AppConfig): Promise<void> {
  const text = createTextEngines(parseTextConfig(config.rawEnv), { dataDir: config.dataDir });
  configureTextHandlers(text);
}

export function describeEngines(config: AppConfig): Record<ToolName, EngineInfo | null> {
  const text = describeTextEngines(parseTextConfig(config.rawEnv), config.dataDir);
  return {
    article: text.article,
    'blog-title': text['blog-title'],
    'resume-review': text['resume-review'],
    'generate-image': null,
    'remove-background': null,
    'remove-object': null,
  };
}

export function imageGenerationStatusFor(_config: AppConfig): { configured: boolean; message?: string } {
  return { configured: false, message: 'Image generation is not configured.' };
}
