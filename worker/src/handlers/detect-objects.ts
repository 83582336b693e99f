/**
 * detect-objects job: the uploaded (already normalised) PNG and a one-word object name in, the
 * instances of that object out (boxes, areas, small mask PNGs) as JSON text. Runs on the image
 * queue like every model, so the api never loads one; it writes no creation and spends no quota.
 */
import type { JobHandler } from '@craftwell/contracts/handler';
import { UserFacingJobError } from '@craftwell/contracts/handler';
import { detectInstances, InstanceModelMissingError } from '../engines/object/detect-instances.js';

export const DETECT_ENGINE = { id: 'yolov8n-seg', label: 'Offline instance segmentation (YOLOv8n-seg)', offline: true } as const;

export function createDetectObjectsHandler(settings: { minScore: number }): JobHandler<'detect-objects'> {
  return async (ctx) => {
    await ctx.progress({ progress: 10, stage: 'Finding objects' });
    const png = await ctx.readInput(ctx.payload.inputKey);
    ctx.signal.throwIfAborted();
    try {
      const found = await detectInstances(png, ctx.payload.object, { minScore: settings.minScore, point: ctx.payload.point });
      return { kind: 'text', content: JSON.stringify(found), engine: DETECT_ENGINE };
    } catch (err) {
      if (err instanceof InstanceModelMissingError) throw new UserFacingJobError(err.message, 503);
      throw err;
    }
  };
}

export default createDetectObjectsHandler;
