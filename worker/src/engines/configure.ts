/**
 * One place that turns config into engines, per capability. Workers call configureEngines() once
 * per process (or thread). Which engine serves each tool is decided in core (config/engines.ts),
 * so the api describes engines without loading any. Image handlers build their engines on their
 * first job, so a text-only worker never loads an image model.
 */
import type { AppConfig } from '@craftwell/core/config/env';
import { parseBackgroundConfig } from '@craftwell/core/config/background';
import { parseTextConfig } from '@craftwell/core/config/text';
import { configureIsnet } from './background/isnet.js';
import { warmUpPdfReader } from './resume/pdf-text.js';
import { configureTextHandlers, createTextEngines } from './text/registry.js';

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
