/**
 * Hidden parts (colour-parts.ts) on a drawn scene: a striped animal whose hindquarters show past
 * the brown leg of an animal in front of it, on leafy green. What is clearly the animal's beyond the leg is
 * found, also where the leg's coarse mask swallowed it; the leg itself, touching the animal and
 * partly as pale as its stripes, and a striped patch up by the leg's top, are not.
 */
import { describe, expect, it } from 'vitest';
import { hiddenParts } from '../colour-parts.js';
import type { Box, Mask, RgbImage } from '../image.js';

const W = 240, H = 200;

function scene(): RgbImage {
  const data = Buffer.alloc(W * H * 3);
  let seed = 7;
  const noise = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return (seed % 41) - 20; };
  const set = (x: number, y: number, [r, g, b]: number[]) => { const o = (y * W + x) * 3; data[o] = r!; data[o + 1] = g!; data[o + 2] = b!; };
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) set(x, y, [60 + noise(), 140 + noise(), 50 + noise()]);
  const stripes = (x: number) => (Math.floor(x / 5) % 2 ? [235, 235, 230] : [25, 25, 28]);
  // The animal's body (what the instance mask holds) and its hindquarters left of the leg.
  for (let y = 80; y < 150; y++) for (let x = 120; x < 200; x++) set(x, y, stripes(x));
  for (let y = 90; y < 140; y++) for (let x = 70; x < 100; x++) set(x, y, stripes(x));
  // A striped patch high up beside the leg: leaves and light, not the animal.
  for (let y = 62; y < 76; y++) for (let x = 80; x < 100; x++) set(x, y, stripes(x));
  // The animal in front: its brown body above, and a leg with a pale front edge against the body.
  for (let y = 10; y < 60; y++) for (let x = 40; x < 230; x++) set(x, y, [150 + noise(), 100 + noise(), 60]);
  for (let y = 40; y < 190; y++) for (let x = 100; x < 120; x++) set(x, y, x >= 108 ? [240, 232, 226] : [150, 100, 60]);
  return { data, width: W, height: H };
}

function rect(box: Box): Mask {
  const data = new Uint8Array(W * H);
  for (let y = box.y1; y < box.y2; y++) data.fill(255, y * W + box.x1, y * W + box.x2);
  return { data, width: W, height: H };
}

const share = (mask: Mask, box: Box) => {
  let n = 0;
  for (let y = box.y1; y < box.y2; y++) for (let x = box.x1; x < box.x2; x++) if (mask.data[y * W + x]) n++;
  return n / ((box.x2 - box.x1) * (box.y2 - box.y1));
};

const body: Box = { x1: 120, y1: 80, x2: 200, y2: 150 };
const hindquarters: Box = { x1: 72, y1: 92, x2: 98, y2: 138 };
const paleEdge: Box = { x1: 108, y1: 60, x2: 120, y2: 190 };
const highPatch: Box = { x1: 80, y1: 62, x2: 100, y2: 76 };

/** The animal in front: body and leg. */
function front(): Mask {
  const mask = rect({ x1: 100, y1: 10, x2: 120, y2: 190 });
  const bodyAbove = rect({ x1: 40, y1: 10, x2: 230, y2: 60 });
  for (let i = 0; i < mask.data.length; i++) if (bodyAbove.data[i]) mask.data[i] = 255;
  return mask;
}

describe('hidden parts of an object behind another', () => {
  it('finds the hindquarters seen past the leg and leaves the leg and the high patch alone', () => {
    const added = hiddenParts(scene(), rect(body), body, front());
    expect(share(added, hindquarters)).toBeGreaterThan(0.8);
    expect(share(added, paleEdge)).toBe(0);
    expect(share(added, highPatch)).toBe(0);
  });

  it('finds them too where the leg\'s coarse mask swallowed them, but not the pale edge of the leg touching the body', () => {
    const leg = front();
    const swallowed = rect({ x1: 66, y1: 86, x2: 100, y2: 144 });
    for (let i = 0; i < leg.data.length; i++) if (swallowed.data[i]) leg.data[i] = 255;
    const added = hiddenParts(scene(), rect(body), body, leg);
    expect(share(added, hindquarters)).toBeGreaterThan(0.8);
    expect(share(added, paleEdge)).toBe(0);
    expect(share(added, highPatch)).toBe(0);
  });

  it('takes a small piece of its colours next to it alone (a lock of hair), not a large one (background of the same colours)', () => {
    const paint = (image: RgbImage, b: Box) => {
      for (let y = b.y1; y < b.y2; y++) for (let x = b.x1; x < b.x2; x++) { const o = (y * W + x) * 3; const c = Math.floor(x / 5) % 2 ? [235, 235, 230] : [25, 25, 28]; image.data[o] = c[0]!; image.data[o + 1] = c[1]!; image.data[o + 2] = c[2]!; }
    };
    const lock: Box = { x1: 200, y1: 100, x2: 210, y2: 130 }, large: Box = { x1: 200, y1: 84, x2: 236, y2: 150 };
    const small = scene();
    paint(small, lock);
    expect(share(hiddenParts(small, rect(body), body, front()), lock)).toBeGreaterThan(0.8);
    const big = scene();
    paint(big, large);
    const added = hiddenParts(big, rect(body), body, front());
    expect(share(added, large)).toBe(0);
    expect(share(added, hindquarters), 'a part seen past another object is still taken').toBeGreaterThan(0.8);
  });

  it('adds nothing when the photo has nothing of the object beyond its mask', () => {
    const image = scene();
    // Paint the hindquarters over with leaves.
    for (let y = 90; y < 140; y++) for (let x = 70; x < 100; x++) { const o = (y * W + x) * 3; image.data[o] = 60; image.data[o + 1] = 140; image.data[o + 2] = 50; }
    const added = hiddenParts(image, rect(body), body, front());
    expect(share(added, { x1: 0, y1: 0, x2: W, y2: H })).toBe(0);
  });
});

describe('hidden parts the model sees past the box (support)', () => {
  // The animal's tail hangs below its box, past the seat of a bench (another object) it sits on.
  function benchScene(): { image: RgbImage; seat: Mask; tail: Box } {
    const image = scene();
    const seat = rect({ x1: 100, y1: 150, x2: 220, y2: 158 });
    for (let y = 150; y < 158; y++) for (let x = 100; x < 220; x++) { const o = (y * W + x) * 3; image.data[o] = 150; image.data[o + 1] = 100; image.data[o + 2] = 60; }
    const tail: Box = { x1: 150, y1: 158, x2: 162, y2: 192 };
    for (let y = tail.y1; y < tail.y2; y++) for (let x = tail.x1; x < tail.x2; x++) { const o = (y * W + x) * 3; const c = Math.floor(y / 5) % 2 ? [235, 235, 230] : [25, 25, 28]; image.data[o] = c[0]!; image.data[o + 1] = c[1]!; image.data[o + 2] = c[2]!; }
    return { image, seat, tail };
  }

  it('leaves a piece below the object\'s box alone without the model\'s word', () => {
    const { image, seat, tail } = benchScene();
    const added = hiddenParts(image, rect(body), body, seat);
    expect(share(added, tail)).toBe(0);
  });

  it('takes it where the model\'s uncut mask sees the object', () => {
    const { image, seat, tail } = benchScene();
    const added = hiddenParts(image, rect(body), body, seat, { support: rect({ x1: 146, y1: 150, x2: 166, y2: 195 }) });
    expect(share(added, tail)).toBeGreaterThan(0.8);
  });
});
