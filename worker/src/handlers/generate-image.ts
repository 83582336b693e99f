/** generate-image job: the spec's prompt to a hosted provider, PNG out. Never a fake picture. */
import { UserFacingJobError, type JobHandler } from '@craftwell/contracts/handler';
import { parseImageConfig, type ImageConfig } from '@craftwell/core/config/image-gen';
import { imageGenerationStatus } from '@craftwell/core/config/engines';
import { createImageGenerator } from '../engines/image-gen/index.js';

export function createGenerateImageHandler(config: ImageConfig): JobHandler<'generate-image'> {
  const generator = createImageGenerator(config);
  return async (ctx) => {
    if (!generator) {
      // The api checks imageGenerationStatus() before enqueueing; this covers a worker configured differently.
      throw new UserFacingJobError(imageGenerationStatus(config).message!, 503);
    }
    await ctx.progress({ progress: 10, stage: 'Generating' });
    const png = await generator.generate(ctx.payload.prompt, { signal: ctx.signal });
    ctx.signal.throwIfAborted();
    await ctx.progress({ progress: 90, stage: 'Generating' });
    return { kind: 'image', png, engine: generator.info, publish: ctx.payload.publish };
  };
}

let configured: JobHandler<'generate-image'> | undefined;

/** Called once per worker process by configureEngines(). */
export function configureGenerateImage(config: ImageConfig): void {
  configured = createGenerateImageHandler(config);
}

/** Uses the configured provider (from the environment if configureEngines() did not run). */
const generateImage: JobHandler<'generate-image'> = (ctx) => {
  if (!configured) configureGenerateImage(parseImageConfig(process.env));
  return configured!(ctx);
};

export default generateImage;
