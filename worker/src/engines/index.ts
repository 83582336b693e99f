/**
 * createEngines(config): every engine a worker process may use, built from the parsed config (never
 * from process.env). Text engines are cheap and built at once; image engines are imported and built
 * on their first job, so a text-only worker never loads an image model. Which engine serves each tool
 * is decided in core (config/engines.ts), the same choice the api describes.
 */
import path from 'node:path';
import type { AppConfig } from '@craftwell/core/config/env';
import { parseBackgroundConfig } from '@craftwell/core/config/background';
import { imageGenerationStatus } from '@craftwell/core/config/engines';
import { parseImageConfig, type ImageConfig } from '@craftwell/core/config/image-gen';
import { parseObjectConfig } from '@craftwell/core/config/object';
import { parseTextConfig } from '@craftwell/core/config/text';
import type { BackgroundRemover } from './background/types.js';
import type { ImageGenerator } from './image-gen/types.js';
import type { ObjectRemover } from './object/index.js';
import type { InstalledModelLookup } from './object/installed-model.js';
import { createTextEngines, type TextEngines } from './text/registry.js';
import { configureModelRuns } from './model-runs.js';
import { configurePdfReaders } from './resume/pdf-reader-pool.js';

/** The image generator, or null with the message that says what to configure. */
export type ImageGeneration = { generator: ImageGenerator; unavailable?: undefined } | { generator: null; unavailable: string };

export interface Engines {
  text: TextEngines;
  imageGeneration(): Promise<ImageGeneration>;
  backgroundRemover(): Promise<BackgroundRemover>;
  objectRemover(): Promise<ObjectRemover>;
  /** Settings of the instance finder behind mask-first removal (the model itself loads on first use). */
  objectDetection: { minScore: number };
  /** Loads a local text model now rather than on the first job (PDF readers start on first use). */
  warmUp(): Promise<void>;
}

/** Runs build() once, on first call; later calls share its promise. */
function once<T>(build: () => Promise<T>): () => Promise<T> {
  let built: Promise<T> | undefined;
  return () => (built ??= build());
}

/** The configured image generator, or why there is none. */
export async function imageGenerationFrom(image: ImageConfig): Promise<ImageGeneration> {
  const { createImageGenerator } = await import('./image-gen/index.js');
  const generator = createImageGenerator(image);
  return generator ? { generator } : { generator: null, unavailable: imageGenerationStatus(image).message! };
}

export interface EngineServices {
  /** The inpainting model installed from the admin page (object/installed-model.ts). */
  installedInpaintModel?: InstalledModelLookup;
  /** The engines' one-line notices (a model used as shipped after a failed conversion, an installed model that would not run). */
  warn?: (message: string) => void;
}

export function createEngines(config: AppConfig, services: EngineServices = {}): Engines {
  const text = createTextEngines(parseTextConfig(config.rawEnv), { dataDir: config.dataDir });
  const background = parseBackgroundConfig(config.rawEnv);
  // Loaded models and PDF readers are let go after this long unused (docs/operating.md, Footprint).
  const idleMs = config.ENGINE_IDLE_SECONDS * 1000;
  configurePdfReaders({ idleMs });
  // Runs of all job threads share the cores: as many at once as fit at BG_ISNET_THREADS each.
  configureModelRuns({ threadsPerRun: background.BG_ISNET_THREADS });
  // One ISNet session per job thread serves background removal and object outlines alike.
  const isnet = once(async () => {
    const module = await import('./background/isnet.js');
    module.configureIsnet({
      model: background.BG_ISNET_MODEL,
      threads: background.BG_ISNET_THREADS,
      idleMs,
      cacheDir: path.join(config.dataDir, 'models', 'cache'),
      warn: services.warn,
    });
    return module;
  });
  return {
    text,
    imageGeneration: once(() => imageGenerationFrom(parseImageConfig(config.rawEnv))),
    backgroundRemover: once(async () => {
      await isnet();
      const { createBackgroundRemover } = await import('./background/index.js');
      return createBackgroundRemover(background);
    }),
    objectRemover: once(async () => {
      const { predictSaliencyMask } = await isnet();
      const { createObjectRemover } = await import('./object/index.js');
      // The background model doubles as the outline refiner (one shared, warm session).
      return createObjectRemover(parseObjectConfig(config.rawEnv), {
        saliency: (rgb) => predictSaliencyMask(rgb), installedModel: services.installedInpaintModel, warn: services.warn,
      });
    }),
    objectDetection: { minScore: parseObjectConfig(config.rawEnv).minScore },
    async warmUp() {
      await text.warmUp();
    },
  };
}
