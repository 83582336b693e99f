/** generate-image job: the fixed prompt sentence (engines/image-gen/prompt.ts) to a hosted provider, PNG out. Never a fake picture. */
import { UserFacingJobError, type JobHandler } from '@craftwell/contracts/handler';
import type { ImageGeneration } from '../engines/index.js';

export function createGenerateImageHandler({ generator, unavailable }: ImageGeneration): JobHandler<'generate-image'> {
  return async (ctx) => {
    if (!generator) {
      // The api checks imageGenerationStatus() before enqueueing; this covers a worker configured differently.
      throw new UserFacingJobError(unavailable, 503);
    }
    await ctx.progress({ progress: 10, stage: 'Generating' });
    const png = await generator.generate(ctx.payload.prompt, { signal: ctx.signal });
    ctx.signal.throwIfAborted();
    await ctx.progress({ progress: 90, stage: 'Generating' });
    return { kind: 'image', png, engine: generator.info, publish: ctx.payload.publish };
  };
}

export default createGenerateImageHandler;
