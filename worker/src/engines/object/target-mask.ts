/**
 * Stage "build the mask": what goes. The targets' refined masks (and those of the same objects
 * seen under another class), parts the coarse mask missed but that share the target's colours,
 * parts hidden behind a neighbour's coarse mask, and loose strands past the edge.
 */
import sharp from 'sharp';
import { hiddenParts, LONE_PIECE_SHARE } from './colour-parts.js';
import { addMask, emptyMask, growPiece, padBox, type Box, type Mask, type RgbImage } from './image.js';
import { instanceMask, maskIou } from './instance-seg.js';
import { loadOpenCv, resetOpenCvRandom } from './opencv.js';
import { SURE_LOGIT } from './refine.js';
import { sameKindAsTarget, type RemovalState } from './removal-state.js';
import { looseStrands } from './strands.js';

export interface TargetMaskOptions {
  /**
   * Another instance whose mask and a target's have this intersection over union is the same thing
   * under another class (one object seen as two similar classes). Both ways: a small object inside
   * a large one (a tie on a person, a cup on a table) is not the large one. Never one of the
   * target's own class: the model tells those apart itself.
   */
  sameObjectOverlap: number;
}

export const TARGET_MASK_DEFAULTS: TargetMaskOptions = { sameObjectOverlap: 0.6 };

/** GrabCut runs on the expanded region scaled to at most this side. */
const EXTEND_MAX_SIDE = 320;
/** Share of the box's width and height searched around it for parts the coarse mask missed. */
const EXTEND_MARGIN = 0.6;
/** Parts found by colour may add at most this share of the instance's area. */
const EXTEND_MAX_SHARE = 0.25;
/** A piece seen past another object must be this much closer in colour to the object than to the other. */
const PAST_OTHER_RATIO = 0.5;

/**
 * The targets and their closer looks, refined; instances that are a target under another class
 * join them, the rest become the neighbours to keep (`others`); the targets' sure core.
 */
export function outlineTargets(state: RemovalState, options: TargetMaskOptions = TARGET_MASK_DEFAULTS): void {
  const { image, targets, object, sure, refined } = state;
  const { width, height } = image;
  for (const part of state.parts) addMask(object, refined(part));
  for (const inst of state.all) {
    if (targets.includes(inst)) continue;
    const m = refined(inst);
    if (targets.some((t) => t.label !== inst.label && maskIou(refined(t), m) >= options.sameObjectOverlap)) addMask(object, m);
    else state.others.push(inst);
  }
  // Where the whole-photo look had no doubt (not the coarse rim, which can swallow a neighbour's
  // part standing between the target's limbs).
  for (const target of targets) addMask(sure, instanceMask(target, width, height, SURE_LOGIT));
}

/**
 * Parts the coarse mask missed that look like the target (extendByColour), and its parts hidden
 * behind a neighbour's coarse mask (hiddenParts), which are taken from that neighbour's mask.
 * Runs once the neighbours' masks are known (neighbour-masks.ts).
 */
export async function extendTargets(state: RemovalState): Promise<void> {
  const { image, targets, object, othersUnion, claimed, kept } = state;
  for (const target of targets) addMask(object, await extendByColour(image, state.refined(target), target.box, othersUnion));
  // Neighbours of the target's kind are kept whole (sameKindAsTarget).
  const whole = emptyMask(image.width, image.height);
  for (const [inst, m] of kept) if (sameKindAsTarget(state, inst)) addMask(whole, m);
  for (const target of targets) {
    const hidden = hiddenParts(image, object, target.box, othersUnion);
    for (let i = 0; i < hidden.data.length; i++) {
      if (!hidden.data[i] || whole.data[i]) continue;
      object.data[i] = 255;
      claimed.data[i] = 255;
      for (const m of kept.values()) m.data[i] = 0;
    }
  }
}

/** Wisps of hair or fur past the mask's edge go with the object (see strands.ts). */
export function addLooseStrands(state: RemovalState): void {
  addMask(state.object, looseStrands(state.image, state.object, state.bounds, state.othersUnion));
}

async function resizeMask(data: Uint8Array, width: number, height: number, toW: number, toH: number): Promise<Uint8Array> {
  const out = await sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 1 } })
    .resize(toW, toH, { fit: 'fill', kernel: 'nearest' }).extractChannel(0).raw().toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/**
 * Parts of the object the coarse mask missed but that look like it: a hair bow, a fringe of fur,
 * a tail hanging below the seat its owner sits on. GrabCut, seeded with the instance as sure
 * object and the border of a wider region as sure background, learns the object's colours; its
 * new pieces are judged one by one (see below) and never reach the region's border.
 * Returns the added pixels (255), full size.
 */
export async function extendByColour(image: RgbImage, object: Mask, box: Box, others: Mask): Promise<Mask> {
  const { width, height } = image;
  const added: Mask = { data: new Uint8Array(width * height), width, height };
  const bw = box.x2 - box.x1, bh = box.y2 - box.y1;
  const region = padBox(box, 0, width, height);
  region.x1 = Math.max(0, Math.round(box.x1 - EXTEND_MARGIN * bw)); region.x2 = Math.min(width, Math.round(box.x2 + EXTEND_MARGIN * bw));
  region.y1 = Math.max(0, Math.round(box.y1 - EXTEND_MARGIN * bh)); region.y2 = Math.min(height, Math.round(box.y2 + EXTEND_MARGIN * bh));
  const rw = region.x2 - region.x1, rh = region.y2 - region.y1;
  const scale = Math.min(1, EXTEND_MAX_SIDE / Math.max(rw, rh));
  const sw = Math.max(8, Math.round(rw * scale)), sh = Math.max(8, Math.round(rh * scale));
  const crop = Buffer.alloc(rw * rh * 3);
  const seeds = new Uint8Array(rw * rh);
  for (let y = 0; y < rh; y++) {
    image.data.copy(crop, y * rw * 3, ((region.y1 + y) * width + region.x1) * 3, ((region.y1 + y) * width + region.x2) * 3);
    for (let x = 0; x < rw; x++) {
      const i = (region.y1 + y) * width + region.x1 + x;
      // 1 = sure object, 2 = near the region's border (sure background), 3 = probably background.
      const border = x < 3 || y < 3 || x >= rw - 3 || y >= rh - 3;
      seeds[y * rw + x] = object.data[i] ? 1 : border ? 2 : 3;
    }
  }
  const small = await sharp(crop, { raw: { width: rw, height: rh, channels: 3 } }).resize(sw, sh, { fit: 'fill' }).raw().toBuffer();
  const smallSeeds = await resizeMask(seeds, rw, rh, sw, sh);
  const cv = await loadOpenCv();
  const src = cv.matFromArray(sh, sw, cv.CV_8UC3, small);
  const labels = new cv.Mat(sh, sw, cv.CV_8UC1);
  const bgd = new cv.Mat(), fgd = new cv.Mat();
  let fg: Uint8Array;
  try {
    const l = labels.data as Uint8Array;
    const label = [0, cv.GC_FGD, cv.GC_BGD, cv.GC_PR_BGD];
    for (let i = 0; i < l.length; i++) l[i] = label[smallSeeds[i]!] ?? cv.GC_PR_BGD;
    resetOpenCvRandom(cv);
    cv.grabCut(src, labels, new cv.Rect(0, 0, 1, 1), bgd, fgd, 3, cv.GC_INIT_WITH_MASK);
    const out = labels.data as Uint8Array;
    fg = Uint8Array.from(out, (v) => (v === cv.GC_PR_FGD || v === cv.GC_FGD ? 255 : 0));
  } catch {
    return added;
  } finally {
    src.delete(); labels.delete(); bgd.delete(); fgd.delete();
  }
  const full = await resizeMask(fg, sw, sh, rw, rh);
  const meanColour = (pixels: Iterable<number>): number[] => {
    const sum = [0, 0, 0];
    let n = 0;
    for (const i of pixels) { sum[0] += image.data[i * 3]!; sum[1] += image.data[i * 3 + 1]!; sum[2] += image.data[i * 3 + 2]!; n++; }
    return sum.map((v) => v / Math.max(1, n));
  };
  const colourDistance = (a: number[], b: number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
  const inRegion = function* (select: Mask) {
    for (let y = region.y1; y < region.y2; y++) for (let x = region.x1; x < region.x2; x++) if (select.data[y * width + x]) yield y * width + x;
  };
  const objectMean = meanColour(inRegion(object));
  const othersMean = meanColour(inRegion(others));
  // Connected pieces of new object pixels, judged one by one.
  const seen = new Uint8Array(rw * rh);
  let objectArea = 0;
  for (let i = 0; i < object.data.length; i++) if (object.data[i]) objectArea++;
  let budget = EXTEND_MAX_SHARE * objectArea;
  const minPiece = Math.max(20, 0.005 * objectArea);
  for (let start = 0; start < full.length; start++) {
    if (!full[start] || seen[start] || object.data[(region.y1 + Math.floor(start / rw)) * width + region.x1 + (start % rw)]) continue;
    const { pixels: piece, touchesObject, touchesOther, atBorder } = growPiece(
      start, rw, rh, seen, (x, y) => (region.y1 + y) * width + region.x1 + x, object, others,
      (q, g) => full[q] !== 0 && !object.data[g]);
    if (atBorder || piece.length < minPiece || piece.length > budget) continue;
    // Next to the object alone, only small pieces (a bow, a fringe): a large one is background of
    // the same colour. Past another object (a tail below a seat), only a piece clearly of
    // the object's colour and not of the other's (a dark seat under the object was taken otherwise).
    if (touchesOther) {
      const mean = meanColour(piece.map((p) => (region.y1 + Math.floor(p / rw)) * width + region.x1 + (p % rw)));
      if (!(colourDistance(mean, objectMean) < PAST_OTHER_RATIO * colourDistance(mean, othersMean))) continue;
    } else if (!touchesObject || piece.length > LONE_PIECE_SHARE * objectArea) {
      continue;
    }
    budget -= piece.length;
    for (const p of piece) {
      const x = p % rw, y = (p - x) / rw;
      added.data[(region.y1 + y) * width + region.x1 + x] = 255;
    }
  }
  return added;
}
