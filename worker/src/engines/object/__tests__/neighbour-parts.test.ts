/**
 * A neighbour's mask to keep (neighbour-masks.ts keptMask) on a drawn scene: a white dog whose
 * box stops at the bench seat, its tail hanging below. The model's mask cut off at the box misses
 * the tail; where the uncut mask (Instance.wide) is sure of it, the tail is kept with the dog.
 */
import { describe, expect, it } from 'vitest';
import type { Box, RgbImage } from '../image.js';
import { targetColouredRim } from '../colour-parts.js';
import { keptMask } from '../neighbour-masks.js';
import type { Instance } from '../instance-seg.js';

const W = 160, H = 160;
const dogBody: Box = { x1: 60, y1: 20, x2: 100, y2: 100 };
const tail: Box = { x1: 76, y1: 108, x2: 84, y2: 140 };

function scene(): RgbImage {
  const data = Buffer.alloc(W * H * 3, 70);
  const paint = (b: Box, v: number) => { for (let y = b.y1; y < b.y2; y++) for (let x = b.x1; x < b.x2; x++) data.fill(v, (y * W + x) * 3, (y * W + x) * 3 + 3); };
  paint(dogBody, 235);
  paint({ x1: 20, y1: 100, x2: 140, y2: 108 }, 30); // the seat
  paint(tail, 230);
  return { data, width: W, height: H };
}

/** Logits over `region`: +6 inside the given boxes, -6 elsewhere. */
function logits(region: Box, inside: Box[]): Float32Array {
  const rw = region.x2 - region.x1;
  const out = new Float32Array(rw * (region.y2 - region.y1)).fill(-6);
  for (const b of inside) for (let y = b.y1; y < b.y2; y++) for (let x = b.x1; x < b.x2; x++) out[(y - region.y1) * rw + x - region.x1] = 6;
  return out;
}

function dog(withWide: boolean): Instance {
  const box: Box = { x1: 58, y1: 18, x2: 102, y2: 102 };
  const wideRegion: Box = { x1: 36, y1: 0, x2: 124, y2: 144 };
  return {
    label: 'dog', score: 0.9, box, region: box, logits: logits(box, [dogBody]), area: 3200,
    wide: withWide ? { region: wideRegion, logits: logits(wideRegion, [dogBody, tail]) } : undefined,
  };
}

const share = (mask: { data: Uint8Array }, b: Box) => {
  let n = 0;
  for (let y = b.y1; y < b.y2; y++) for (let x = b.x1; x < b.x2; x++) if (mask.data[y * W + x]) n++;
  return n / ((b.x2 - b.x1) * (b.y2 - b.y1));
};

describe('a neighbour kept by a removal', () => {
  it('keeps only what its box holds when the model\'s mask is cut off at the box', () => {
    const kept = keptMask(scene(), dog(false));
    expect(share(kept, dogBody)).toBeGreaterThan(0.9);
    expect(share(kept, tail)).toBe(0);
  });

  it('keeps its tail below the box where the uncut mask is sure of it, and not the seat beside it', () => {
    const kept = keptMask(scene(), dog(true));
    expect(share(kept, dogBody)).toBeGreaterThan(0.9);
    expect(share(kept, { x1: 78, y1: 112, x2: 82, y2: 136 })).toBe(1);
    expect(share(kept, { x1: 20, y1: 102, x2: 60, y2: 108 })).toBe(0);
  });
});

describe('a neighbour beside another of its kind', () => {
  // Two cats side by side; past its box, the right one's uncut mask is sure of a patch of the
  // left one (the mask of one object fires on whatever looks like its kind).
  const left: Box = { x1: 10, y1: 20, x2: 70, y2: 140 };
  const patch: Box = { x1: 40, y1: 40, x2: 56, y2: 80 };
  function cats(otherLabel: Instance['label']): { right: Instance; other: Instance } {
    const box: Box = { x1: 90, y1: 20, x2: 150, y2: 140 };
    const wideRegion: Box = { x1: 30, y1: 0, x2: 160, y2: 160 };
    const right: Instance = {
      label: 'cat', score: 0.9, box, region: box, logits: logits(box, [box]), area: 7200,
      wide: { region: wideRegion, logits: logits(wideRegion, [box, patch]) },
    };
    const other: Instance = { label: otherLabel, score: 0.8, box: left, region: left, logits: logits(left, [left]), area: 7200 };
    return { right, other };
  }

  it('does not keep what its uncut mask claims on another instance of its kind', () => {
    const { right, other } = cats('cat');
    const kept = keptMask(scene(), right, [right, other]);
    expect(share(kept, { x1: 92, y1: 22, x2: 148, y2: 138 })).toBeGreaterThan(0.9);
    expect(share(kept, patch)).toBe(0);
  });

  it('still keeps what it is sure of past its box over an object of another kind', () => {
    const { right, other } = cats('bench');
    const kept = keptMask(scene(), right, [right, other]);
    expect(share(kept, { x1: 42, y1: 42, x2: 54, y2: 78 })).toBe(1);
  });
});

describe('a neighbour\'s doubtful rim over the removed object', () => {
  // A dark dog in front of a red frame: the dog's coarse rim took in a stub of the red stem.
  const SW = 120, SH = 120;
  function frameScene() {
    const data = Buffer.alloc(SW * SH * 3, 200);
    const paint = (b: Box, rgb: number[]) => { for (let y = b.y1; y < b.y2; y++) for (let x = b.x1; x < b.x2; x++) { const o = (y * SW + x) * 3; data[o] = rgb[0]!; data[o + 1] = rgb[1]!; data[o + 2] = rgb[2]!; } };
    paint({ x1: 10, y1: 30, x2: 110, y2: 40 }, [170, 20, 25]); // the frame's top tube
    paint({ x1: 52, y1: 40, x2: 60, y2: 56 }, [170, 20, 25]); // its stem, down to the dog's head
    paint({ x1: 40, y1: 56, x2: 80, y2: 110 }, [30, 28, 26]); // the dog
    const mask = (boxes: Box[]) => { const m = new Uint8Array(SW * SH); for (const b of boxes) for (let y = b.y1; y < b.y2; y++) m.fill(255, y * SW + b.x1, y * SW + b.x2); return { data: m, width: SW, height: SH }; };
    return {
      image: { data, width: SW, height: SH },
      frame: mask([{ x1: 10, y1: 30, x2: 110, y2: 40 }]),
      dog: mask([{ x1: 40, y1: 56, x2: 80, y2: 110 }]),
      // The rim: a band round the dog, the stem stub and a strip of the dog's own dark edge.
      rim: mask([{ x1: 34, y1: 44, x2: 86, y2: 56 }, { x1: 34, y1: 56, x2: 44, y2: 110 }]),
    };
  }
  const count = (m: { data: Uint8Array }, b: Box) => { let n = 0; for (let y = b.y1; y < b.y2; y++) for (let x = b.x1; x < b.x2; x++) if (m.data[y * SW + x]) n++; return n; };

  it('gives up what is clearly the removed object\'s colour, and keeps its own dark edge', () => {
    const { image, frame, dog, rim } = frameScene();
    const given = targetColouredRim(image, frame, dog, rim, { x1: 0, y1: 0, x2: SW, y2: SH });
    expect(count(given, { x1: 52, y1: 44, x2: 60, y2: 56 })).toBe(8 * 12);
    expect(count(given, { x1: 40, y1: 70, x2: 44, y2: 110 })).toBe(0);
  });
});
