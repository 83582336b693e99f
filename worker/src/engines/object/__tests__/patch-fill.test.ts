/**
 * The patch fill (patch-fill.ts) on made-up scenes where the right fill is known exactly.
 */
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../image.js';
import { patchFill } from '../patch-fill.js';

describe('when the light changes across a large hole (a grainy floor lit from the left)', () => {
  // 300 x 160, grey 150 at the left edge falling evenly to 60 at the right, grain +-15; the hole
  // (180 x 120) covers the middle. Copies from the left side are light, from the right dark.
  const width = 300, height = 160;
  const lighting = (x: number) => 150 - (90 * x) / (width - 1);
  const random = mulberry32(4);
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = Math.round(lighting(x) + (random() - 0.5) * 30);
      rgb.set([v, v, v], (y * width + x) * 3);
    }
  }
  const hole = new Uint8Array(width * height);
  for (let y = 20; y < 140; y++) for (let x = 60; x < 240; x++) hole[y * width + x] = 1;

  it('then the copies are evened out: the light falls off across the hole as around it, with no edge where light and dark copies meet', () => {
    const out = patchFill(rgb, hole, width, height, { seed: 7 });
    const column = (x: number) => {
      let sum = 0;
      for (let y = 30; y < 130; y++) sum += out[(y * width + x) * 3]!;
      return sum / 100;
    };
    // Largest change of the column means over 8 columns: the lighting alone makes 2.4. Without
    // evening out the copies, 11.2 (light copies up to two thirds across, then a drop); with, 5.7.
    let largest = 0;
    for (let x = 64; x < 236; x++) largest = Math.max(largest, Math.abs(column(x + 4) - column(x - 4)));
    expect(largest).toBeLessThan(8);
    // Half-way across, the floor is as light as the lighting says (105): 129 without, 108 with.
    expect(Math.abs(column(150) - lighting(150))).toBeLessThan(10);
  });
});

describe('when the caller traces some pixels through the fill (faint strands it inpaints afterwards)', () => {
  it('then exactly the hole pixels whose source is one of them are reported', () => {
    const W = 96, H = 64;
    const random = mulberry32(3);
    const rgb = new Uint8Array(W * H * 3);
    // Left half red-ish grain, right half blue-ish grain: each side's hole pixels copy from their own side.
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const i = (y * W + x) * 3, g = Math.floor(random() * 30);
        rgb[i] = x < W / 2 ? 160 + g : 40 + g; rgb[i + 1] = 60 + g; rgb[i + 2] = x < W / 2 ? 40 + g : 160 + g;
      }
    }
    const hole = new Uint8Array(W * H);
    for (let y = 24; y < 40; y++) for (let x = 20; x < 76; x++) hole[y * W + x] = 1;
    const from = new Uint8Array(W * H);
    for (let i = 0; i < W * H; i++) if (!hole[i] && i % W < W / 2) from[i] = 1;
    const copies = new Uint8Array(W * H);
    patchFill(rgb, hole, W, H, { seed: 1, trace: { from, copies } });
    let left = 0, leftCopies = 0, rightCopies = 0;
    for (let i = 0; i < W * H; i++) {
      if (!hole[i]) { expect(copies[i]).toBe(0); continue; }
      if (i % W < W / 2 - 4) { left++; if (copies[i]) leftCopies++; }
      if (i % W >= W / 2 + 4 && copies[i]) rightCopies++;
    }
    expect(leftCopies / left).toBeGreaterThan(0.9);
    expect(rightCopies).toBe(0);
  });
});
