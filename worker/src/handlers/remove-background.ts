/** remove-background job: the uploaded (already normalised) PNG in, a cut-out PNG of the same size out. */
import type { JobHandler } from '@craftwell/contracts/handler';
import type { BackgroundRemover } from '../engines/background/types.js';

export function createRemoveBackgroundHandler(remover: BackgroundRemover): JobHandler<'remove-background'> {
  return async (ctx) => {
    await ctx.progress({ progress: 5, stage: 'Loading image' });
    const input = await ctx.readInput(ctx.payload.inputKey);
    ctx.signal.throwIfAborted();
    await ctx.progress({ progress: 20, stage: 'Removing background' });
    const png = await remover.remove(input, { signal: ctx.signal });
    ctx.signal.throwIfAborted();
    await ctx.progress({ progress: 90, stage: 'Removing background' });
    return { kind: 'image', png, engine: remover.info };
  };
}

export default createRemoveBackgroundHandler;
