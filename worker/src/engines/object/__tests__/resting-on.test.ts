/**
 * The resting-on refusal (find-instances.ts restingOn, support.ts mayRestOn) on drawn instances:
 * it holds only where the support is a kind things rest on and what rests on it is another kind.
 * The same drawn layout, one box ending where the other begins, is a thing on a seat when the lower
 * box is a bench, and two overlapping objects when both are people or both oranges.
 */
import { describe, expect, it } from 'vitest';
import { UserFacingJobError } from '@craftwell/contracts/handler';
import { refuseIfCarrying, restingOn } from '../find-instances.js';
import type { Box, RgbImage } from '../image.js';
import type { Instance } from '../instance-seg.js';

const W = 200, H = 220;
const image: RgbImage = { data: Buffer.alloc(W * H * 3, 128), width: W, height: H };

function instance(label: Instance['label'], box: Box): Instance {
  const rw = box.x2 - box.x1, rh = box.y2 - box.y1;
  return { label, score: 0.9, box, region: box, logits: new Float32Array(rw * rh).fill(6), area: rw * rh };
}

// The upper object ends where the lower one begins, along all its width, and stands higher.
const UPPER: Box = { x1: 80, y1: 20, x2: 120, y2: 80 };
const LOWER: Box = { x1: 60, y1: 80, x2: 140, y2: 200 };

describe('when one object\'s lower edge ends on another one', () => {
  it('then a dog on a bench rests on it, and removing the bench is refused', () => {
    const dog = instance('dog', UPPER), bench = instance('bench', LOWER);
    expect(restingOn(image, bench, [dog, bench])).toBe(dog);
    expect(() => refuseIfCarrying(image, [bench], [dog, bench], 'bench')).toThrow(UserFacingJobError);
  });

  it('then of two people, the one behind does not rest on the one in front: no refusal naming "person" twice', () => {
    const behind = instance('person', UPPER), front = instance('person', LOWER);
    expect(restingOn(image, front, [behind, front])).toBeNull();
    expect(() => refuseIfCarrying(image, [front], [behind, front], 'person')).not.toThrow();
  });

  it('then one orange piled on another does not rest on it either', () => {
    const top = instance('orange', UPPER), bottom = instance('orange', LOWER);
    expect(restingOn(image, bottom, [top, bottom])).toBeNull();
  });

  it('then nothing rests on a kind things do not rest on (an apple against an orange below it)', () => {
    const apple = instance('apple', UPPER), orange = instance('orange', LOWER);
    expect(restingOn(image, orange, [apple, orange])).toBeNull();
  });

  it('then the asked noun is never the carried one, even when the target was found under a look-alike class', () => {
    // "couch" asked, found as a chair; a couch instance sits on it: not "the couch rests on the couch".
    const couch = instance('couch', UPPER), chair = instance('chair', LOWER);
    expect(restingOn(image, chair, [couch, chair], [chair], 'couch')).toBeNull();
    expect(() => refuseIfCarrying(image, [chair], [couch, chair], 'couch')).not.toThrow();
  });
});
