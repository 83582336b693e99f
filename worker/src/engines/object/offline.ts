/**
 * The embedded object remover: find the named object with the bundled detector (or take the
 * user's mask), build the removal mask, fill it. No network, no keys.
 */
import { UserFacingJobError } from '@craftwell/contracts/handler';
import { detectObjects, detectObjectsInTiles, pickObject, type FoundObject } from './detector.js';
import { fillMasked, type FillMethod, type FillOptions } from './fill.js';
import { maskArea, type Mask, type RgbImage } from './image.js';
import { buildInstanceRemovalMask } from './instance-mask.js';
import { chooseInstances, findInstances, notFoundMessage, refuseIfCarrying, type InstanceChoice, type InstanceMatches } from './find-instances.js';
import { segmentCloser, type Instance } from './instance-seg.js';
import { buildObjectMask, type ObjectMask, type SaliencyFn } from './mask.js';
import { resolveObjectLabel } from '@craftwell/contracts/object-vocabulary';
import { ENGINES } from '@craftwell/contracts/engine-catalog';

export const OFFLINE_ENGINE = ENGINES.offlineObject;

export interface LocateRequest {
  image: RgbImage;
  /** The one-word name as typed (already validated). */
  name: string;
  minScore: number;
  saliency?: SaliencyFn;
}

export interface LocatedObject {
  found: FoundObject;
  mask: ObjectMask;
}

/** Finds the named object and builds its removal mask; a UserFacingJobError if it is not there. */
export async function locateObject(request: LocateRequest): Promise<LocatedObject> {
  const label = resolveObjectLabel(request.name);
  if (!label) throw new UserFacingJobError(notFoundMessage(request.name));
  // Small objects are often missed at the model's 512x512 view: look again, tile by tile.
  const found = pickObject(await detectObjects(request.image), label, request.minScore)
    ?? pickObject(await detectObjectsInTiles(request.image), label, request.minScore);
  if (!found) throw new UserFacingJobError(notFoundMessage(request.name));
  const mask = await buildObjectMask(request.image, found.box, { saliency: request.saliency });
  return { found, mask };
}

export interface RemovalMask {
  mask: Mask;
  /** Other objects' pixels the fill must not copy, or null when unknown. */
  protect: Mask | null;
  /** Objects behind the target that the fill rebuilds from themselves (their patterns may repeat), or null. */
  rebuild: Mask | null;
  /** Kept objects standing further back than the removed one, one id each (1, 2, ...; 0 = none), or null: see behind.ts. */
  behindIds: Mask | null;
  /** Faint strands of the object past the mask, inpainted after the fill (strands.ts `faintStrands`), or null. */
  strays: Mask | null;
  /** Which path made the mask. */
  path: 'instance' | 'detector';
  /** Instances of the asked object found (instance path), and the removed ones (0-based). */
  found: number;
  removed: number[];
  /** Why the instance path was not used, when it was not. */
  fallbackReason?: 'no-model' | 'not-found' | 'model-error';
}

export interface RemovalMaskRequest extends LocateRequest {
  choice?: InstanceChoice;
  /** The instance model file; absent = the bundled one. */
  instanceModelPath?: string;
}

/**
 * The removal mask for a named object: the instance model's mask of the chosen instance(s) when
 * the model is installed and finds the name, otherwise the detector box and outline as before.
 */
export async function removalMask(request: RemovalMaskRequest): Promise<RemovalMask> {
  let fallbackReason: RemovalMask['fallbackReason'];
  let found: InstanceMatches | null = null;
  try {
    found = await findInstances(request.image, request.name, { minScore: request.minScore, modelPath: request.instanceModelPath });
    if (!found) fallbackReason = 'no-model';
    else if (!found.matches.length) fallbackReason = 'not-found';
  } catch (error) {
    if (error instanceof UserFacingJobError) throw error;
    // A damaged model file must not stop removals: the older path still works.
    fallbackReason = 'model-error';
  }
  if (found?.matches.length) {
    const removed = chooseInstances(found.matches, request.choice ?? {}, request.name);
    const targets = removed.map((k) => found.matches[k]!);
    if (!request.choice?.leaveFloating) refuseIfCarrying(request.image, targets, found.all, request.name);
    const closer: Instance[] = [];
    for (const target of targets) {
      const look = await segmentCloser(request.image, target, request.instanceModelPath).catch(() => null);
      if (look) closer.push(look);
    }
    const { mask, protect, rebuild, behindIds, strays } = await buildInstanceRemovalMask(request.image, targets, found.all, closer, found.faint);
    return { mask, protect, rebuild, behindIds, strays, path: 'instance', found: found.matches.length, removed };
  }
  const located = await locateObject(request);
  return { mask: located.mask.mask, protect: null, rebuild: null, behindIds: null, strays: null, path: 'detector', found: 1, removed: [0], fallbackReason };
}

/** One sentence for the reply: what was found, what was removed, which path and fill ran. */
export function describeRemoval(name: string, removal: RemovalMask | null, fill: FillMethod): string {
  const fillText = fill === 'model' ? 'the inpainting model' : fill === 'patch' ? 'patch-based fill' : 'Telea inpainting';
  if (!removal) return `Removed the area of your mask; filled with ${fillText}.`;
  if (removal.path === 'detector') {
    const why = removal.fallbackReason === 'no-model' ? 'the instance-segmentation model is not installed'
      : removal.fallbackReason === 'model-error' ? 'the instance-segmentation model could not run'
        : `the instance-segmentation model did not find "${name}"`;
    return `Removed the ${name} found by the detector with a saliency outline (${why}); filled with ${fillText}.`;
  }
  const which = removal.removed.length === removal.found ? (removal.found === 1 ? `the ${name}` : `all ${removal.found}`)
    : removal.removed.length === 1 ? `number ${removal.removed[0]! + 1} (${removal.removed[0] === 0 ? 'the largest' : 'by size'})`
      : `${removal.removed.length} of them`;
  return `Found ${removal.found} ${name}${removal.found === 1 ? '' : ' instances'}; removed ${which} using its instance mask; filled with ${fillText}.`;
}

export interface FillOutcome {
  image: RgbImage;
  method: FillMethod;
}

/** Fills a mask (ours or the user's); an empty mask is the user's mistake, not ours. */
export async function fillObjectMask(
  image: RgbImage, mask: Mask, signal?: AbortSignal, options: FillOptions = {},
): Promise<FillOutcome> {
  const area = maskArea(mask);
  if (area === 0) throw new UserFacingJobError('The mask is empty: paint the object to remove in white');
  if (area > 0.9 * mask.width * mask.height) {
    throw new UserFacingJobError('The area to remove covers almost the whole image, so there is nothing left to fill it from');
  }
  const { image: filled, method } = await fillMasked(image, mask, signal, options);
  return { image: filled, method };
}
