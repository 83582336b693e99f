/**
 * remove-object job: the uploaded (already normalised) PNG and a one-word object name in, the
 * same photo with that object removed out (PNG, same size). An optional mask skips detection.
 */
import type { JobHandler } from '@craftwell/contracts/handler';
import type { ObjectRemover } from '../engines/object/index.js';

const STAGE_PROGRESS = { 'Finding object': 25, Filling: 55 } as const;

export function createRemoveObjectHandler(remover: ObjectRemover): JobHandler<'remove-object'> {
  return async (ctx) => {
    await ctx.progress({ progress: 5, stage: 'Loading image' });
    const png = await ctx.readInput(ctx.payload.inputKey);
    const maskPng = ctx.payload.maskKey ? await ctx.readInput(ctx.payload.maskKey) : undefined;
    ctx.signal.throwIfAborted();
    const result = await remover.remove(
      {
        png, object: ctx.payload.object, maskPng,
        choice: {
          instance: ctx.payload.instance, instances: ctx.payload.instances, all: ctx.payload.all, point: ctx.payload.point,
          leaveFloating: ctx.payload.leaveFloating,
        },
      },
      {
        signal: ctx.signal,
        onStage: (stage) => ctx.progress({ progress: STAGE_PROGRESS[stage], stage }),
      },
    );
    ctx.signal.throwIfAborted();
    await ctx.progress({ progress: 90, stage: 'Filling' });
    return { kind: 'image', png: result.png, engine: result.engine };
  };
}

export default createRemoveObjectHandler;
