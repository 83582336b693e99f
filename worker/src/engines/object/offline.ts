/**
 * The embedded object remover: find the named object with the bundled detector (or take the
 * user's mask), build the removal mask, fill it. No network, no keys.
 */
import { UserFacingJobError } from '@craftwell/contracts/handler';
import { detectObjects, detectObjectsInTiles, pickObject, type FoundObject } from './detector.js';
import { fillMasked, type FillMethod, type FillOptions } from './fill.js';
import { maskArea, type Mask, type RgbImage } from './image.js';
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

export function notFoundMessage(name: string): string {
  return `Couldn't find "${name}" in this image`;
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
