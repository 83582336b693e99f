/**
 * A neighbour's mask to keep (instance-mask.ts keptMask) on a drawn scene: a white dog whose
 * box stops at the bench seat, its tail hanging below. The model's mask cut off at the box misses
 * the tail; where the uncut mask (Instance.wide) is sure of it, the tail is kept with the dog.
 */
import { describe, expect, it } from 'vitest';
import type { Box, RgbImage } from '../image.js';
import { keptMask } from '../instance-mask.js';
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
