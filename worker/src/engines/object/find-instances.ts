/**
 * Stage "find instances": the instances of the named object (largest first), every other
 * instance as a neighbour, the fainter detections; which of them to remove; and the refusal when
 * removing one would leave something resting on it in mid-air (support.ts).
 */
import { UserFacingJobError } from '@craftwell/contracts/handler';
import { labelsToTry, resolveObjectLabel, type CocoLabel } from '@craftwell/contracts/object-vocabulary';
import type { RgbImage } from './image.js';
import { instanceMask, instanceModelAvailable, maskIou, segmentInstances, type Instance } from './instance-seg.js';
import { mayRestOn, restsOn } from './support.js';

export function notFoundMessage(name: string): string {
  return `Couldn't find "${name}" in this image`;
}

/** Look-alike classes (a "cat" asked for as dog) must be this much surer than the asked class. */
const LOOK_ALIKE_EXTRA_SCORE = 0.1;
/** Instances at least this sure are protected from the mask and the fill even when not asked for. */
const NEIGHBOUR_MIN_SCORE = 0.2;
/**
 * Fainter detections are not protected from the mask (too often a shadow or a look-alike), but
 * the fill never copies them: a small object the model saw as something else at 0.14 was
 * cloned into a row of copies in the hole.
 */
export const FAINT_SOURCE_SCORE = 0.1;
/** Which of several matching instances to remove; the default is the largest. */
export interface InstanceChoice {
  /** 0-based index into the matches as listed by findInstances (largest first). */
  instance?: number;
  /** Several 0-based indices (picked on the page). */
  instances?: number[];
  all?: boolean;
  /** Image pixel: the instance under it. */
  point?: { x: number; y: number };
  /** Remove it even when a kept object rests on it (an animal on a seat), leaving that in mid-air. */
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

/** Kept objects this much the same as a target are the target seen under another class (one object seen as two similar classes). */
const SAME_OBJECT_IOU = 0.5;

/** An object (of `all`, none of `targets`) resting on `target`, which removing it would leave in mid-air; or null. */
export function restingOn(image: RgbImage, target: Instance, all: Instance[], targets: Instance[] = [target], asked: string = target.label): Instance | null {
  const { width, height } = image;
  const support = instanceMask(target, width, height);
  for (const inst of all) {
    // Never the asked noun twice: "the person rests on the person" is two people overlapping.
    if (targets.includes(inst) || inst.label === asked || !mayRestOn(inst.label, target.label)) continue;
    const kept = instanceMask(inst, width, height);
    if (maskIou(kept, support) <= SAME_OBJECT_IOU && restsOn(kept, inst.box, support, target.box).carried) return inst;
  }
  return null;
}

/**
 * A UserFacingJobError when a kept object rests on a target (an animal sitting on the seat asked
 * for): removed, the support would leave it floating in mid-air, which no fill makes plausible.
 * The user can remove the object on top first, paint what to remove with the brush, or ask with
 * `leaveFloating`.
 */
export function refuseIfCarrying(image: RgbImage, targets: Instance[], all: Instance[], name: string): void {
  for (const target of targets) {
    const carried = restingOn(image, target, all, targets, resolveObjectLabel(name) ?? target.label);
    if (!carried) continue;
    throw new UserFacingJobError(
      `The ${carried.label} rests on the ${name}: removing the ${name} would leave the ${carried.label} floating in mid-air. ` +
      `Remove the ${carried.label} first, or mark the parts of the ${name} to remove with the brush.`,
    );
  }
}

