/**
 * Stage "protect neighbours", first half: each kept instance's own mask. A neighbour keeps what
 * the model is sure of, even past its box; gives the target back a doubtful rim of the target's
 * colour; and takes back its own parts that the target's coarse mask swallowed.
 */
import { hiddenParts, targetColouredRim } from './colour-parts.js';
import { addMask, boxesMeet, boxUnion, chessboardDistance, emptyMask, inBox, maskBounds, overlapShare, padBox, type Mask, type RgbImage } from './image.js';
import { instanceMask, type Instance } from './instance-seg.js';
import { KEEP_LEVEL, protoCell, refineInstance, SURE_LOGIT } from './refine.js';
import { sameKindAsTarget, type RemovalState } from './removal-state.js';

export interface NeighbourMaskOptions {
  /** A neighbour whose box, grown by this many pixels, misses the removal is not looked at for a rim or hidden parts. */
  reach: number;
  /** A neighbour reclaims pixels inside the target's mask only at this likelihood (see colour-parts.ts)... */
  hiddenLikelihood: number;
  /** ...and pixels there that continue the neighbour at this one. */
  touchingLikelihood: number;
  /** A fainter detection of the same class overlapping a neighbour's mask this much is the same neighbour. */
  sameObjectOverlap: number;
  /**
   * A fainter look's mask counts where its probability is above this logit (0.35): a coarse mask
   * cannot resolve a narrow gap between the target's limbs, where the neighbour seen through it
   * stays below one half.
   */
  faintSupportLogit: number;
}

export const NEIGHBOUR_MASK_DEFAULTS: NeighbourMaskOptions = {
  reach: 8, hiddenLikelihood: 0.9, touchingLikelihood: 0.7, sameObjectOverlap: 0.6, faintSupportLogit: Math.log(0.35 / 0.65),
};

/**
 * The kept instances' masks (keptMask); a neighbour's doubtful rim that is clearly the target's
 * colour goes with the target (a thin part of the target seen through the neighbour's coarse
 * edge); then their union, `othersUnion`.
 */
export function neighbourMasks(state: RemovalState, options: NeighbourMaskOptions = NEIGHBOUR_MASK_DEFAULTS): void {
  const { image, object, sure, bounds, kept } = state;
  const { width, height } = image;
  for (const inst of state.others) kept.set(inst, keptMask(image, inst, state.all));
  for (const [inst, own] of kept) {
    // A neighbour of the target's kind is kept whole: its colours are the target's too.
    if (sameKindAsTarget(state, inst) || !boxesMeet(padBox(inst.box, options.reach, width, height), bounds)) continue;
    const region = padBox(boxUnion(inst.box, bounds), 0, width, height);
    // Its sure core, past its box too (a part the uncut mask is sure of is no rim).
    const core = instanceMask(inst.wide ? { ...inst, ...inst.wide } : inst, width, height, SURE_LOGIT);
    const rim = emptyMask(width, height);
    let any = false;
    for (let y = region.y1; y < region.y2; y++) {
      for (let i = y * width + region.x1; i < y * width + region.x2; i++) if (own.data[i] && !core.data[i] && object.data[i]) { rim.data[i] = 255; any = true; }
    }
    if (!any) continue;
    const given = targetColouredRim(image, sure, core, rim, region);
    for (let i = 0; i < given.data.length; i++) if (given.data[i]) own.data[i] = 0;
  }
  for (const m of kept.values()) addMask(state.othersUnion, m);
}

/**
 * A neighbour's hidden parts stay with it: inside the target's mask, what continues the neighbour
 * and looks like it; anything apart from it only when beyond doubt (a dark part of the target
 * beside a dark neighbour is no part of the neighbour). Never from the target's sure core, only
 * from its doubtful rim and what the closer look or the colours added to it.
 */
export function neighboursReclaim(state: RemovalState, options: NeighbourMaskOptions = NEIGHBOUR_MASK_DEFAULTS): void {
  const { image, object, sure, claimed, kept, faint } = state;
  const { width, height } = image;
  const objectBounds = maskBounds(object);
  for (const [inst, own] of kept) {
    // Only neighbours next to what is removed can have parts inside it.
    if (!objectBounds || !boxesMeet(padBox(inst.box, options.reach, width, height), objectBounds)) continue;
    const around: Mask = { data: Uint8Array.from(object.data), width, height };
    for (const [other, m] of kept) if (other !== inst) addMask(around, m);
    const hidden = hiddenParts(image, own, inst.box, around, {
      otherLikelihood: options.hiddenLikelihood, touchingLikelihood: options.touchingLikelihood,
      support: seenByModel(inst, own, faint, width, height, options),
    });
    for (let i = 0; i < hidden.data.length; i++) {
      if (!hidden.data[i] || sure.data[i]) continue;
      own.data[i] = 255;
      object.data[i] = 0;
      claimed.data[i] = 0;
    }
  }
}

/**
 * A neighbour's mask to keep: refined at KEEP_LEVEL, plus what the model is sure of past the
 * neighbour's box when its mask is not cut off there (Instance.wide): a part hanging past the
 * box the model drew (a tail below a seat) stays when the object it overlaps goes. Not where that
 * part lies on another instance of the same kind (`all`): past its box, the mask of one object
 * fires on anything that looks like its kind, so there it is the other object's opinion, not its.
 */
export function keptMask(image: RgbImage, inst: Instance, all: readonly Instance[] = []): Mask {
  const own = refineInstance(image, inst, KEEP_LEVEL);
  if (!inst.wide) return own;
  const { width, height } = image;
  const { region, logits } = inst.wide;
  const rw = region.x2 - region.x1;
  const sameKind = all.filter((o) => o !== inst && o.label === inst.label && boxesMeet(o.box, region));
  const onSameKind = (x: number, y: number) => sameKind.some((o) => inBox(o.box, x, y) && inBox(o.region, x, y)
    && o.logits[(y - o.region.y1) * (o.region.x2 - o.region.x1) + x - o.region.x1]! > 0);
  // Sure pixels past the box, grown by a prototype cell: the refined edge may lie a little out.
  // Worked on within their own bounds only (a full-size pass per neighbour cost about a second at 1 MP).
  const surePastBox = (x: number, y: number) => inBox(region, x, y) && !inBox(inst.box, x, y)
    && logits[(y - region.y1) * rw + x - region.x1]! >= SURE_LOGIT && !onSameKind(x, y);
  let x1 = width, y1 = height, x2 = -1, y2 = -1;
  for (let y = region.y1; y < region.y2; y++) {
    for (let x = region.x1; x < region.x2; x++) {
      if (!surePastBox(x, y)) continue;
      if (x < x1) x1 = x; if (x > x2) x2 = x; if (y < y1) y1 = y; if (y > y2) y2 = y;
    }
  }
  if (x2 < 0) return own;
  const cell = Math.ceil(protoCell(width, height));
  const near = padBox({ x1, y1, x2: x2 + 1, y2: y2 + 1 }, cell, width, height);
  const nw = near.x2 - near.x1, nh = near.y2 - near.y1;
  const grown = chessboardDistance((i) => surePastBox(near.x1 + (i % nw), near.y1 + Math.floor(i / nw)), nw, nh);
  const wide = refineInstance(image, { ...inst, box: near, region, logits }, KEEP_LEVEL);
  for (let y = near.y1; y < near.y2; y++) {
    for (let x = near.x1; x < near.x2; x++) {
      const i = y * width + x;
      if (wide.data[i] && grown[(y - near.y1) * nw + x - near.x1]! <= cell && !inBox(inst.box, x, y)) own.data[i] = 255;
    }
  }
  return own;
}

/**
 * Where the model sees a kept neighbour (255), for hiddenParts' `support`: its uncut mask, and
 * the masks of fainter detections of the same class that hold it: a fainter look often takes in
 * the whole object where the first saw only part of it. Undefined when neither exists.
 */
function seenByModel(inst: Instance, own: Mask, faint: Instance[], width: number, height: number, options: NeighbourMaskOptions): Mask | undefined {
  const seen = inst.wide ? instanceMask({ ...inst, ...inst.wide }, width, height) : undefined;
  const duplicates = faint.filter((f) => f.label === inst.label && boxesMeet(f.box, inst.box));
  if (!duplicates.length) return seen;
  const out: Mask = seen ?? emptyMask(width, height);
  for (const f of duplicates) {
    if (overlapShare(instanceMask(f, width, height), own) < options.sameObjectOverlap) continue;
    addMask(out, instanceMask(f, width, height, options.faintSupportLogit));
  }
  return out;
}
