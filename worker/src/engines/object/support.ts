/**
 * Whether a kept object rests on the one being removed (an animal sitting on a seat): removing the
 * support would leave it hanging in mid-air, which no fill can make plausible, so the remover
 * says so instead (offline.ts). Read from the two instance masks: the kept object stands higher
 * than the support's top and ends above the support's bottom (it does not reach the ground
 * itself), and along most of its width its upper body ends on the support: going down each of
 * its columns from its top, the first pixel past it is the support's. Only for kinds that can
 * carry another (mayRestOn).
 */
import type { Box, Mask } from './image.js';

/**
 * Kinds other things rest on: furniture, vehicles and boards people stand or sit on, large surfaces
 * and animals that are ridden. Anything else (a person, a fruit, a cup) is never taken as a
 * support: two people overlapping in a photo are not one standing on the other.
 */
export const SUPPORT_KINDS: ReadonlySet<string> = new Set([
  'bench', 'chair', 'couch', 'bed', 'dining table', 'toilet', 'sink', 'oven', 'refrigerator', 'suitcase',
  'bicycle', 'car', 'motorcycle', 'airplane', 'bus', 'train', 'truck', 'boat',
  'skis', 'snowboard', 'skateboard', 'surfboard', 'horse', 'elephant',
]);

/**
 * Whether an object of kind `carried` can rest on one of kind `support` as this check means it: the
 * support is a kind things rest on, and the carried object is another kind (the same noun twice
 * is two objects overlapping, not one carrying the other).
 */
export function mayRestOn(carried: string, support: string): boolean {
  return carried !== support && SUPPORT_KINDS.has(support);
}

/** Rows under the end of the kept object's upper body in which the support counts as under it. */
const CONTACT_GAP = 4;
/** Share of the kept object's columns whose upper body ends on the support. */
const MIN_CONTACT_SHARE = 0.5;

export interface SupportCheck {
  /** Share of the kept object's columns that end on the support. */
  contact: number;
  carried: boolean;
}

/** `kept` and `support` are full-size instance masks (255), with their boxes. */
export function restsOn(kept: Mask, keptBox: Box, support: Mask, supportBox: Box): SupportCheck {
  const { width, height } = kept;
  if (keptBox.y1 >= supportBox.y1 || keptBox.y2 >= supportBox.y2) return { contact: 0, carried: false };
  let columns = 0, onSupport = 0;
  for (let x = keptBox.x1; x < keptBox.x2; x++) {
    let y = keptBox.y1;
    while (y < keptBox.y2 && !kept.data[y * width + x]) y++;
    if (y >= keptBox.y2) continue;
    columns++;
    while (y < height && kept.data[y * width + x]) y++;
    for (let dy = 0; dy < CONTACT_GAP && y + dy < height; dy++) {
      if (support.data[(y + dy) * width + x]) { onSupport++; break; }
    }
  }
  const contact = columns ? onSupport / columns : 0;
  return { contact, carried: contact >= MIN_CONTACT_SHARE };
}
