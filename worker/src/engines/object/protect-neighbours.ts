/**
 * Stage "protect neighbours", second half: every kept instance is kept whole, with a margin, out
 * of the mask and out of what the fill may copy; those that continue behind the target are
 * rebuilt from themselves instead; those standing further back get an id each (behind.ts).
 * Fainter detections are kept out of the fill too, not out of the mask.
 */
import { addMask, type Box, type Mask } from './image.js';
import { instanceMask } from './instance-seg.js';
import { dilateMask } from './mask.js';
import type { RemovalState } from './removal-state.js';

export interface ProtectOptions {
  /** Kept instances are kept this many pixels clear of the mask (their own edge is coarse too). */
  margin: number;
  /** An object behind the target is at least this many times its area (see continuesBehind). */
  backdropAreaRatio: number;
  /** A faint detection with this share of it inside a target is part of it, not something to keep out of the fill. */
  faintTargetOverlap: number;
  /** Room around a faint object that the fill does not copy either (its soft edge, its shadow's start). */
  faintMargin: number;
}

export const PROTECT_DEFAULTS: ProtectOptions = { margin: 2, backdropAreaRatio: 1.5, faintTargetOverlap: 0.3, faintMargin: 2 };

/** `keep`, `rebuild` and `behindIds` from the kept instances' masks. */
export async function protectNeighbours(state: RemovalState, options: ProtectOptions = PROTECT_DEFAULTS): Promise<void> {
  const { image, object, bounds, keep, rebuild, behindIds, claimed } = state;
  const whole = { x1: 0, y1: 0, x2: image.width, y2: image.height };
  let nextId = 1;
  const targetBottom = Math.max(...state.targets.map((t) => t.box.y2));
  for (const inst of state.others) {
    const own = state.kept.get(inst)!;
    // An object behind the target may lose the rim the dilation takes (the target lies over its
    // edge) and is rebuilt from itself; one in front never is.
    if (continuesBehind(object, own, bounds, options)) {
      addMask(rebuild, own);
      continue;
    }
    // Further back: its box ends higher in the photo, where it meets the ground.
    const id = inst.box.y2 < targetBottom ? Math.min(255, nextId++) : 0;
    for (let i = 0; i < own.data.length; i++) if (own.data[i]) { keep.data[i] = 255; behindIds.data[i] = id; }
  }
  const core = Uint8Array.from(keep.data);
  await dilateMask(keep, options.margin, whole);
  // Next to a hidden part the margin keeps nothing but the neighbour itself: else a rim of the
  // neighbour's pattern stays along the target's edge.
  await dilateMask(claimed, options.margin + 1, whole);
  for (let i = 0; i < keep.data.length; i++) if (claimed.data[i] && !core[i]) keep.data[i] = 0;
  spreadIds(behindIds, keep, options.margin);
}

/**
 * Adds faint detections that are not part of a target to `keep` (outside the mask): the fill
 * copies none of them (a small object the model is unsure of would be cloned into the hole).
 */
export async function keepFaintOutOfFill(state: RemovalState, options: ProtectOptions = PROTECT_DEFAULTS): Promise<void> {
  const { mask, keep, faint, targets } = state;
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
    if (area === 0 || inTarget >= options.faintTargetOverlap * area) continue;
    const pad = options.faintMargin + 1;
    await dilateMask(own, options.faintMargin, {
      x1: Math.max(0, inst.box.x1 - pad), y1: Math.max(0, inst.box.y1 - pad),
      x2: Math.min(width, inst.box.x2 + pad), y2: Math.min(height, inst.box.y2 + pad),
    });
    for (let i = 0; i < own.data.length; i++) if (own.data[i] && !mask.data[i]) keep.data[i] = 255;
  }
}

/**
 * Whether `other` continues behind the hole: it has pixels on both sides of the target in a good
 * share of the target's rows (a seat left and right of the one sitting on it, a wheel on both
 * sides of the one standing in front of it). Such a neighbour may be copied from to rebuild it;
 * any other neighbour (one standing beside the target) may not.
 */
export function continuesBehind(target: Mask, other: Mask, box: Box, options: Pick<ProtectOptions, 'backdropAreaRatio'> = PROTECT_DEFAULTS): boolean {
  const { width } = target;
  // Only a clearly larger object is a backdrop: a neighbour of about the target's size beside it
  // was copied into the hole as a block when it counted as one.
  let targetArea = 0, otherArea = 0;
  for (let i = 0; i < target.data.length; i++) { if (target.data[i]) targetArea++; if (other.data[i]) otherArea++; }
  if (otherArea < options.backdropAreaRatio * targetArea) return false;
  let rows = 0, both = 0;
  for (let y = box.y1; y < box.y2; y++) {
    let first = -1, last = -1;
    for (let x = box.x1; x < box.x2; x++) if (target.data[y * width + x]) { if (first < 0) first = x; last = x; }
    if (first < 0) continue;
    rows++;
    let left = false, right = false;
    for (let x = 0; x < first && !left; x++) left = other.data[y * width + x]! > 0;
    for (let x = last + 1; x < width && !right; x++) right = other.data[y * width + x]! > 0;
    if (left && right) both++;
  }
  return rows > 0 && both >= 0.3 * rows;
}

/** Gives the pixels of `within` that have no id the id of one within `reach` pixels (the kept objects' margins). */
function spreadIds(ids: Mask, within: Mask, reach: number): void {
  const { width, height } = ids;
  for (let step = 0; step < reach; step++) {
    const before = Uint8Array.from(ids.data);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (before[i] || !within.data[i]) continue;
        const id = (x > 0 && before[i - 1]) || (x < width - 1 && before[i + 1]) || (y > 0 && before[i - width]) || (y < height - 1 && before[i + width]) || 0;
        if (id) ids.data[i] = id;
      }
    }
  }
}
