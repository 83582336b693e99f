/**
 * The one state the removal's stages pass along (docs/engines/object-removal.md):
 *   find instances (find-instances.ts) → build the mask (target-mask.ts) → protect neighbours
 *   (neighbour-masks.ts, protect-neighbours.ts) → grow the mask (grow-mask.ts) → fill (fill.ts)
 *   → composite (composite.ts).
 * Each mask stage reads what the stages before it left here and adds its own part; all masks are
 * full size, 255 = set.
 */
import { boxUnion, emptyMask, type Box, type Mask, type RgbImage } from './image.js';
import type { Instance } from './instance-seg.js';
import { refineInstance } from './refine.js';

export interface RemovalState {
  image: RgbImage;
  /** The chosen instances of the asked name. */
  targets: Instance[];
  /** The targets and the closer looks at them (segmentCloser): every part that goes. */
  parts: Instance[];
  /** Every instance found at the neighbour score (targets included). */
  all: Instance[];
  /** Fainter detections: never copied by the fill, not protected from the mask. */
  faint: Instance[];
  /** The box around every part. */
  bounds: Box;
  /** What goes, before the mask is grown. */
  object: Mask;
  /** The targets' sure core as the whole photo showed it. */
  sure: Mask;
  /** Instances that are kept (neither a target nor a target under another class), in `all`'s order. */
  others: Instance[];
  /** Each kept instance's own mask. */
  kept: Map<Instance, Mask>;
  /** The union of the kept masks as they stood before hidden parts were shared out. */
  othersUnion: Mask;
  /** Pixels the targets took back from a neighbour's mask (its hidden parts). */
  claimed: Mask;
  /** The final removal mask. */
  mask: Mask;
  /** Kept objects' pixels, with their margin: never removed, never copied by the fill. */
  keep: Mask;
  /** Objects behind the target that the fill rebuilds from themselves. */
  rebuild: Mask;
  /** Kept objects standing further back than the target, one id each (1, 2, ...; 0 = none): see behind.ts. */
  behindIds: Mask;
  /** Faint strands past the mask, inpainted after the fill, or null. */
  strays: Mask | null;
  shadowPixels: number;
  /** Each instance's refined mask, computed once (refineInstance at the object level). */
  refined: (inst: Instance) => Mask;
}

/**
 * Whether a kept instance is of a target's kind (another orange beside the orange removed). Colours
 * cannot tell two of a kind apart, so such a neighbour is kept whole: no colour-based step gives
 * its pixels to the target.
 */
export function sameKindAsTarget(state: RemovalState, inst: Instance): boolean {
  return state.targets.some((t) => t.label === inst.label);
}

export function startRemoval(image: RgbImage, targets: Instance[], all: Instance[], closer: Instance[], faint: Instance[]): RemovalState {
  const { width, height } = image;
  const cache = new Map<Instance, Mask>();
  const refined = (inst: Instance) => {
    let m = cache.get(inst);
    if (!m) { m = refineInstance(image, inst); cache.set(inst, m); }
    return m;
  };
  const parts = [...targets, ...closer];
  return {
    image, targets, parts, all, faint,
    bounds: parts.reduce<Box>((b, t) => boxUnion(b, t.box), { x1: width, y1: height, x2: 0, y2: 0 }),
    object: emptyMask(width, height), sure: emptyMask(width, height),
    others: [], kept: new Map(), othersUnion: emptyMask(width, height), claimed: emptyMask(width, height),
    mask: emptyMask(width, height), keep: emptyMask(width, height), rebuild: emptyMask(width, height), behindIds: emptyMask(width, height),
    strays: null, shadowPixels: 0, refined,
  };
}
