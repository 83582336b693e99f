/**
 * From the chosen instances to the removal mask, at full resolution: the mask stages in order,
 * over one state (removal-state.ts). See docs/engines/object-removal.md for each stage.
 */
import type { Mask, RgbImage } from './image.js';
import type { Instance } from './instance-seg.js';
import { growMask } from './grow-mask.js';
import { neighbourMasks, neighboursReclaim } from './neighbour-masks.js';
import { keepFaintOutOfFill, protectNeighbours } from './protect-neighbours.js';
import { startRemoval } from './removal-state.js';
import { addLooseStrands, extendTargets, outlineTargets } from './target-mask.js';

export interface InstanceRemovalMask {
  /** 255 = remove. */
  mask: Mask;
  /** Pixels of other objects the fill must never copy (255). */
  protect: Mask;
  /** Pixels of objects behind the target that the fill rebuilds from themselves (255). */
  rebuild: Mask;
  /** Kept objects standing further back than the target, one id each (1, 2, ...; 0 = none): see behind.ts. */
  behindIds: Mask;
  /** Faint strands past the mask (255), inpainted after the fill, or null: see strands.ts faintStrands. */
  strays: Mask | null;
  shadowPixels: number;
}

/**
 * The removal mask for `targets` (one or more instances of the asked class) given every instance
 * found in the photo (`all`), closer looks at the targets and the fainter detections.
 */
export async function buildInstanceRemovalMask(
  image: RgbImage, targets: Instance[], all: Instance[], closer: Instance[] = [], faint: Instance[] = [],
): Promise<InstanceRemovalMask> {
  const state = startRemoval(image, targets, all, closer, faint);
  // Build the mask: the targets, and the same objects seen under another class.
  outlineTargets(state);
  // Protect neighbours: their own masks (a rim of the target's colour given back to it).
  neighbourMasks(state);
  // Parts missed by the coarse mask or hidden behind a neighbour's, each given to its owner.
  await extendTargets(state);
  neighboursReclaim(state);
  addLooseStrands(state);
  // What is kept, rebuilt from itself, or further back; then the mask grown around the rest.
  await protectNeighbours(state);
  await growMask(state);
  await keepFaintOutOfFill(state);
  const { mask, keep, rebuild, behindIds, strays, shadowPixels } = state;
  return { mask, protect: keep, rebuild, behindIds, strays, shadowPixels };
}
