/**
 * remove-background job: the uploaded (already normalised) PNG in, a cut-out PNG of the same size
 * out, or with a preset's `finish`, the cut-out on its colour in its square.
 */
import type { JobHandler } from '@craftwell/contracts/handler';
import { finishCutout } from '@craftwell/contracts/image-finish';
import type { BackgroundRemover } from '../engines/background/types.js';

export function createRemoveBackgroundHandler(remover: BackgroundRemover): JobHandler<'remove-background'> {
  return async (ctx) => {
    await ctx.progress({ progress: 5, stage: 'Loading image' });
    const input = await ctx.readInput(ctx.payload.inputKey);
    ctx.signal.throwIfAborted();
    await ctx.progress({ progress: 20, stage: 'Removing background' });
    let png = await remover.remove(input, { signal: ctx.signal });
    ctx.signal.throwIfAborted();
    if (ctx.payload.finish) {
      // A preset: the cut-out on its colour, in its square (no model, a moment's work).
      await ctx.progress({ progress: 85, stage: 'Finishing' });
      png = await finishCutout(png, ctx.payload.finish);
    }
    await ctx.progress({ progress: 90, stage: 'Removing background' });
    return { kind: 'image', png, engine: remover.info };
  };
}

export default createRemoveBackgroundHandler;
