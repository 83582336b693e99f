/**
 * The removal's stages one by one, on drawn inputs (docs/engines/object-removal.md): choosing the
 * instances, growing the mask around what goes but never into what is kept, and pasting a fill back
 * only where it was asked for.
 */
import { describe, expect, it } from 'vitest';
import { chooseInstances } from '../find-instances.js';
import { GROW_DEFAULTS, growMask } from '../grow-mask.js';
import { pasteCrop } from '../composite.js';
import { outlineTargets, TARGET_MASK_DEFAULTS } from '../target-mask.js';
import { continuesBehind, PROTECT_DEFAULTS, protectNeighbours } from '../protect-neighbours.js';
import { startRemoval } from '../removal-state.js';
import type { Mask, RgbImage } from '../image.js';
import type { Instance } from '../instance-seg.js';

const W = 120;
const H = 90;

/** A plain grey picture. */
function picture(): RgbImage {
  return { data: Buffer.alloc(W * H * 3, 160), width: W, height: H };
}

/** An instance whose mask is the rectangle [x1,x2)×[y1,y2). */
function drawnInstance(label: Instance['label'], x1: number, y1: number, x2: number, y2: number, score = 0.9): Instance {
  const region = { x1, y1, x2, y2 };
  const logits = new Float32Array((x2 - x1) * (y2 - y1)).fill(5);
  return { label, score, box: { x1, y1, x2, y2 }, logits, region, area: logits.length } as Instance;
}

function fill(mask: Mask, x1: number, y1: number, x2: number, y2: number) {
  for (let y = y1; y < y2; y++) for (let x = x1; x < x2; x++) mask.data[y * mask.width + x] = 255;
}

const count = (mask: Mask) => mask.data.reduce((n, v) => n + (v ? 1 : 0), 0);

describe('stage: choose the instances', () => {
  const matches = [drawnInstance('cup', 10, 10, 50, 50), drawnInstance('cup', 70, 20, 90, 40)];

  it('when nothing is chosen, then the largest goes; all, a list or a point pick those; a number past the matches says how many there are', () => {
    expect(chooseInstances(matches, {}, 'cup')).toEqual([0]);
    expect(chooseInstances(matches, { all: true }, 'cup')).toEqual([0, 1]);
    expect(chooseInstances(matches, { instances: [1, 0, 1] }, 'cup')).toEqual([0, 1]);
    expect(chooseInstances(matches, { point: { x: 80, y: 30 } }, 'cup')).toEqual([1]);
    expect(() => chooseInstances(matches, { instance: 2 }, 'cup')).toThrow('There is no cup number 3: 2 found in this image.');
    expect(() => chooseInstances(matches, { point: { x: 100, y: 80 } }, 'cup')).toThrow(/no "cup" at the point/);
  });
});

describe('stage: build the mask', () => {
  it('when another class covers the target, then it is the same thing and goes too; one of the same class, or beside it, is a neighbour to keep', () => {
    const target = drawnInstance('cup', 40, 30, 70, 60);
    const sameThing = drawnInstance('wine glass', 41, 31, 70, 60);
    const secondCup = drawnInstance('cup', 42, 32, 70, 60);
    const beside = drawnInstance('bowl', 80, 30, 100, 60);
    const state = startRemoval(picture(), [target], [target, sameThing, secondCup, beside], [], []);
    outlineTargets(state, TARGET_MASK_DEFAULTS);
    expect(state.others).toEqual([secondCup, beside]);
    expect(count(state.object)).toBeGreaterThan(0);
    expect(state.object.data[45 * W + 85]).toBe(0);
    // A small object of another class on a large one (a tie on a person) is not the large one.
    const tie = drawnInstance('tie', 55, 40, 60, 55);
    const wearer = drawnInstance('person', 30, 10, 90, 85);
    const onPerson = startRemoval(picture(), [tie], [tie, wearer], [], []);
    outlineTargets(onPerson, TARGET_MASK_DEFAULTS);
    expect(onPerson.others).toEqual([wearer]);
    expect(count(onPerson.object)).toBeLessThan(20 * 20);
    // With a stricter overlap the other class stays a neighbour.
    const strict = startRemoval(picture(), [target], [target, sameThing, beside], [], []);
    outlineTargets(strict, { sameObjectOverlap: 1.01 });
    expect(strict.others).toEqual([sameThing, beside]);
  });
});

describe('stage: grow the mask', () => {
  it('when the object is grown, then it covers a rim around what goes but never a pixel of what is kept', async () => {
    const target = drawnInstance('cup', 40, 30, 70, 60);
    const state = startRemoval(picture(), [target], [target], [], []);
    fill(state.object, 40, 30, 70, 60);
    // A kept neighbour right beside it, and its margin.
    fill(state.keep, 70, 30, 90, 60);
    await growMask(state, GROW_DEFAULTS);
    expect(count(state.mask)).toBeGreaterThan(30 * 30);
    // The rim: a pixel just left of and above the object went too.
    expect(state.mask.data[45 * W + 38]).toBe(255);
    expect(state.mask.data[28 * W + 50]).toBe(255);
    // Nothing of the kept neighbour.
    for (let y = 30; y < 60; y++) for (let x = 70; x < 90; x++) expect(state.mask.data[y * W + x], `${x},${y}`).toBe(0);
  });

  it('when the options ask for a wider rim, then the mask grows further', async () => {
    const grownBy = async (minGrow: number) => {
      const target = drawnInstance('cup', 40, 30, 70, 60);
      const state = startRemoval(picture(), [target], [target], [], []);
      fill(state.object, 40, 30, 70, 60);
      await growMask(state, { ...GROW_DEFAULTS, minGrow, growShare: 0, cellShare: 0 });
      return count(state.mask);
    };
    expect(await grownBy(8)).toBeGreaterThan(await grownBy(2));
  });
});

describe('stage: protect neighbours', () => {
  it('when a neighbour stands beside the target, then it is kept whole with a margin; a larger one on both sides of it is rebuilt instead', async () => {
    const target = drawnInstance('cup', 50, 30, 70, 60);
    const beside = drawnInstance('bowl', 80, 30, 100, 60);
    const backdrop = drawnInstance('dining table', 10, 35, 110, 55);
    const state = startRemoval(picture(), [target], [target, beside, backdrop], [], []);
    fill(state.object, 50, 30, 70, 60);
    const besideMask = { data: new Uint8Array(W * H), width: W, height: H };
    fill(besideMask, 80, 30, 100, 60);
    // The table shows left and right of the cup (the cup's own pixels are not the table's).
    const tableMask = { data: new Uint8Array(W * H), width: W, height: H };
    fill(tableMask, 10, 35, 50, 55);
    fill(tableMask, 70, 35, 110, 55);
    for (let y = 35; y < 55; y++) for (let x = 80; x < 100; x++) tableMask.data[y * W + x] = 0;
    state.others = [beside, backdrop];
    state.kept.set(beside, besideMask);
    state.kept.set(backdrop, tableMask);
    await protectNeighbours(state, PROTECT_DEFAULTS);
    // The bowl: kept, and a margin around it.
    expect(state.keep.data[45 * W + 85]).toBe(255);
    expect(state.keep.data[45 * W + 79]).toBe(255);
    // The table continues behind the cup: rebuilt from itself, not kept out of the fill.
    expect(continuesBehind(state.object, tableMask, state.bounds)).toBe(true);
    expect(state.rebuild.data[45 * W + 20]).toBe(255);
    expect(state.keep.data[45 * W + 20]).toBe(0);
    // Nothing of the target itself is kept.
    for (let y = 30; y < 60; y++) for (let x = 52; x < 68; x++) expect(state.keep.data[y * W + x], `${x},${y}`).toBe(0);
  });

  it('when a neighbour is about the target\'s size, then it never counts as a backdrop, however it lies', () => {
    const target = { data: new Uint8Array(W * H), width: W, height: H };
    fill(target, 50, 30, 70, 60);
    const twin = { data: new Uint8Array(W * H), width: W, height: H };
    fill(twin, 40, 30, 50, 60);
    fill(twin, 70, 30, 80, 60);
    expect(continuesBehind(target, twin, { x1: 50, y1: 30, x2: 70, y2: 60 })).toBe(false);
    expect(continuesBehind(target, twin, { x1: 50, y1: 30, x2: 70, y2: 60 }, { backdropAreaRatio: 0.5 })).toBe(true);
  });
});

describe('stage: composite', () => {
  it('when a filled crop is pasted, then only the pixels it marks change, at the crop\'s place', () => {
    const out = picture();
    const box = { x1: 20, y1: 10, x2: 24, y2: 13 };
    const cropWidth = 4;
    const filled = new Uint8Array(4 * 3 * 3).fill(7);
    const paste = new Uint8Array(12);
    paste[0] = 255; // (20, 10)
    paste[6] = 255; // (22, 11)
    pasteCrop(out, filled, paste, box, cropWidth);
    const changed: string[] = [];
    for (let i = 0; i < W * H; i++) if (out.data[i * 3] !== 160) changed.push(`${i % W},${Math.floor(i / W)}`);
    expect(changed).toEqual(['20,10', '22,11']);
  });
});

describe('removal state', () => {
  it('when a removal starts, then every mask is empty and the bounds hold every part', () => {
    const a = drawnInstance('cup', 10, 10, 30, 30);
    const b = drawnInstance('cup', 60, 40, 80, 70);
    const state = startRemoval(picture(), [a], [a, b], [b], []);
    expect(state.bounds).toEqual({ x1: 10, y1: 10, x2: 80, y2: 70 });
    for (const mask of [state.object, state.mask, state.keep, state.rebuild]) expect(count(mask)).toBe(0);
  });
});
