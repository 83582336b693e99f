/**
 * The embedded object remover: find the named object with the bundled detector (or take the
 * user's mask), build the removal mask, fill it. No network, no keys.
 */
import { UserFacingJobError } from '@craftwell/contracts/handler';
import { detectObjects, detectObjectsInTiles, pickObject, type FoundObject } from './detector.js';
import { fillMasked, type FillMethod, type FillOptions } from './fill.js';
import { maskArea, type Mask, type RgbImage } from './image.js';
import { buildInstanceRemovalMask } from './instance-mask.js';
import { instanceMask, instanceModelAvailable, maskIou, segmentCloser, segmentInstances, type Instance } from './instance-seg.js';
import { buildObjectMask, dilateMask, type ObjectMask, type SaliencyFn } from './mask.js';
import { restsOn } from './support.js';
import { labelsToTry, resolveObjectLabel, type CocoLabel } from '@craftwell/contracts/object-vocabulary';
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

/** Look-alike classes (a "cat" called dog) must be this much surer than the asked class. */
const LOOK_ALIKE_EXTRA_SCORE = 0.1;
/** Instances at least this sure are protected from the mask and the fill even when not asked for. */
const NEIGHBOUR_MIN_SCORE = 0.2;
/**
 * Fainter detections are not protected from the mask (too often a shadow or a look-alike), but
 * the fill never copies them: a traffic cone, seen as a person at 0.14, was cloned into a row of
 * cones behind a removed car.
 */
export const FAINT_SOURCE_SCORE = 0.1;
/** A faint detection mostly inside a removed instance is part of it, not something to keep out of the fill. */
const FAINT_TARGET_OVERLAP = 0.3;
/** Room around a faint object that the fill does not copy either (its soft edge, its shadow's start). */
const FAINT_MARGIN = 2;

/** Which of several matching instances to remove; the default is the largest. */
export interface InstanceChoice {
  /** 0-based index into the matches as listed by findInstances (largest first). */
  instance?: number;
  /** Several 0-based indices (picked on the page). */
  instances?: number[];
  all?: boolean;
  /** Image pixel: the instance under it. */
  point?: { x: number; y: number };
  /** Remove it even when a kept object rests on it (a dog on a bench), leaving that in mid-air. */
  leaveFloating?: boolean;
}

export interface InstanceMatches {
  label: CocoLabel;
  /** false when only a look-alike class matched. */
  exact: boolean;
  /** The asked object's instances, largest mask first (the index the API's `instance` means). */
  matches: Instance[];
  /** Every instance in the photo (neighbours to protect). */
  all: Instance[];
  /** Fainter detections: never copied by the fill, not protected from the mask. */
  faint: Instance[];
}

/**
 * The instances of the named object, largest first, or null when the instance model is not
 * installed. An empty `matches` means the model did not find it (the caller may fall back).
 */
export async function findInstances(
  image: RgbImage, name: string, options: { minScore: number; modelPath?: string },
): Promise<InstanceMatches | null> {
  const label = resolveObjectLabel(name);
  if (!label) throw new UserFacingJobError(notFoundMessage(name));
  if (!instanceModelAvailable(options.modelPath)) return null;
  const neighbourScore = Math.min(NEIGHBOUR_MIN_SCORE, options.minScore);
  const found = await segmentInstances(image, { minScore: Math.min(FAINT_SOURCE_SCORE, neighbourScore), modelPath: options.modelPath });
  const all = found.filter((i) => i.score >= neighbourScore);
  const faint = found.filter((i) => i.score < neighbourScore);
  const byArea = (a: Instance, b: Instance) => b.area - a.area;
  const exact = all.filter((i) => i.label === label && i.score >= options.minScore).sort(byArea);
  if (exact.length) return { label, exact: true, matches: exact, all, faint };
  const alikes = new Set(labelsToTry(label).filter((l) => !l.exact).map((l) => l.label));
  const alike = all.filter((i) => alikes.has(i.label) && i.score >= options.minScore + LOOK_ALIKE_EXTRA_SCORE).sort(byArea);
  return { label, exact: false, matches: alike, all, faint };
}

/** Index of the match under `point`: inside its mask, else the smallest box holding the point. */
function matchAtPoint(matches: Instance[], point: { x: number; y: number }): number {
  const x = Math.round(point.x), y = Math.round(point.y);
  const inside = (i: Instance) => x >= i.box.x1 && x < i.box.x2 && y >= i.box.y1 && y < i.box.y2;
  const onMask = matches.findIndex((i) => inside(i) && i.logits[(y - i.region.y1) * (i.region.x2 - i.region.x1) + x - i.region.x1]! > 0);
  if (onMask >= 0) return onMask;
  let best = -1;
  matches.forEach((i, k) => {
    if (!inside(i)) return;
    const area = (i.box.x2 - i.box.x1) * (i.box.y2 - i.box.y1);
    if (best < 0 || area < (matches[best]!.box.x2 - matches[best]!.box.x1) * (matches[best]!.box.y2 - matches[best]!.box.y1)) best = k;
  });
  return best;
}

/** Indices of the matches to remove for a choice; a UserFacingJobError when the choice fits none. */
export function chooseInstances(matches: Instance[], choice: InstanceChoice, name: string): number[] {
  if (choice.all) return matches.map((_, k) => k);
  if (choice.point) {
    const k = matchAtPoint(matches, choice.point);
    if (k < 0) throw new UserFacingJobError(`There is no "${name}" at the point you picked. Click on the ${name} itself.`);
    return [k];
  }
  const picked = choice.instances ?? (choice.instance !== undefined ? [choice.instance] : [0]);
  for (const k of picked) {
    if (!Number.isInteger(k) || k < 0 || k >= matches.length) {
      throw new UserFacingJobError(`There is no ${name} number ${k + 1}: ${matches.length} found in this image.`, 400);
    }
  }
  return [...new Set(picked)].sort((a, b) => a - b);
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

/** Kept objects this much the same as a target are the target seen under another class (a car called "truck"). */
const SAME_OBJECT_IOU = 0.5;

/** An object (of `all`, none of `targets`) resting on `target`, which removing it would leave in mid-air; or null. */
export function restingOn(image: RgbImage, target: Instance, all: Instance[], targets: Instance[] = [target]): Instance | null {
  const { width, height } = image;
  const support = instanceMask(target, width, height);
  for (const inst of all) {
    if (targets.includes(inst)) continue;
    const kept = instanceMask(inst, width, height);
    if (maskIou(kept, support) <= SAME_OBJECT_IOU && restsOn(kept, inst.box, support, target.box).carried) return inst;
  }
  return null;
}

/**
 * A UserFacingJobError when a kept object rests on a target (a dog sitting on the bench asked
 * for): removed, the support would leave it floating in mid-air, which no fill makes plausible.
 * The user can remove the object on top first, paint what to remove with the brush, or ask with
 * `leaveFloating`.
 */
function refuseIfCarrying(image: RgbImage, targets: Instance[], all: Instance[], name: string): void {
  for (const target of targets) {
    const carried = restingOn(image, target, all, targets);
    if (!carried) continue;
    throw new UserFacingJobError(
      `The ${carried.label} rests on the ${name}: removing the ${name} would leave the ${carried.label} floating in mid-air. ` +
      `Remove the ${carried.label} first, or mark the parts of the ${name} to remove with the brush.`,
    );
  }
}

/** Adds faint detections that are not part of a target to `protect` (outside the mask): the fill copies none of them. */
async function keepFaintObjectsOutOfFill(protect: Mask, mask: Mask, faint: Instance[], targets: Instance[]): Promise<void> {
  const { width, height } = mask;
  const targetArea = new Uint8Array(width * height);
  for (const target of targets) instanceMask(target, width, height).data.forEach((v, i) => { if (v) targetArea[i] = 1; });
  for (const inst of faint) {
    const own = instanceMask(inst, width, height);
    let area = 0, inTarget = 0;
    for (let i = 0; i < own.data.length; i++) {
      if (!own.data[i]) continue;
      area++;
      inTarget += targetArea[i]!;
    }
    if (area === 0 || inTarget >= FAINT_TARGET_OVERLAP * area) continue;
    const pad = FAINT_MARGIN + 1;
    await dilateMask(own, FAINT_MARGIN, {
      x1: Math.max(0, inst.box.x1 - pad), y1: Math.max(0, inst.box.y1 - pad),
      x2: Math.min(width, inst.box.x2 + pad), y2: Math.min(height, inst.box.y2 + pad),
    });
    for (let i = 0; i < own.data.length; i++) if (own.data[i] && !mask.data[i]) protect.data[i] = 255;
  }
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
    await keepFaintObjectsOutOfFill(protect, mask, found.faint, targets);
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
