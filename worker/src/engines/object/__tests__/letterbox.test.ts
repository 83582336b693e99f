import { describe, expect, it } from 'vitest';
import { letterboxBars } from '../fill.js';
import type { RgbImage } from '../image.js';

const W = 30, H = 20;

/** A grey scene with `top` black rows, `bottom` near-black rows (JPEG ringing up to 30), `left` black columns. */
function frame(top: number, bottom: number, left = 0, scene = 120): RgbImage {
  const data = Buffer.alloc(W * H * 3, scene);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      if (y < top || x < left) data.fill(0, i, i + 3);
      else if (y >= H - bottom) data.fill((x * 7) % 31, i, i + 3);
    }
  }
  return { data, width: W, height: H };
}

const rowsOf = (mask: { data: Uint8Array }, x: number) => [...Array(H).keys()].filter((y) => mask.data[y * W + x]);

describe('when a photo is letterboxed (black bars at the top and bottom, or the sides)', () => {
  it('then the bars are found, up to the first row or column with anything brighter than black in it', () => {
    const bars = letterboxBars(frame(3, 4))!;
    expect(rowsOf(bars, 10)).toEqual([0, 1, 2, 16, 17, 18, 19]);
    const sides = letterboxBars(frame(0, 0, 2))!;
    expect(sides.data[5 * W + 1]).toBe(255);
    expect(sides.data[5 * W + 2]).toBe(0);
  });

  it('then a photo without bars, a dark scene, or one bright pixel in a dark row has none', () => {
    expect(letterboxBars(frame(0, 0))).toBeNull();
    expect(letterboxBars(frame(0, 0, 0, 10))).toBeNull();
    const image = frame(3, 0);
    image.data.fill(200, (1 * W + 5) * 3, (1 * W + 5) * 3 + 3);
    // Row 0 is still a bar; row 1 has a bright pixel, so the bar stops there.
    expect(rowsOf(letterboxBars(image)!, 10)).toEqual([0]);
  });
});
