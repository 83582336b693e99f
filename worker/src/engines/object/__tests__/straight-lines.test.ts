/**
 * Straight lines continued across a hole (straight-lines.ts), on made-up scenes, where it is
 * known exactly where the line must run.
 */
import { describe, expect, it } from 'vitest';
import { fillMasked } from '../fill.js';
import { mulberry32, type RgbImage } from '../image.js';
import { continueStraightLines } from '../straight-lines.js';

const width = 320, height = 240;
/** The line y = 60 + 0.4 x, 3 px thick. */
const lineY = (x: number) => 60 + 0.4 * x;

/** A dark grainy floor with a light tape line across it; the hole (a standing person) covers the middle. */
function floorWithTape(): { image: RgbImage; hole: Uint8Array } {
  const random = mulberry32(5);
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const n = random() * 20;
      const onLine = Math.abs(y - lineY(x)) <= 1.5;
      const v = onLine ? 200 + n : 45 + n;
      data[(y * width + x) * 3] = v;
      data[(y * width + x) * 3 + 1] = v;
      data[(y * width + x) * 3 + 2] = v + 5;
    }
  }
  const hole = new Uint8Array(width * height);
  for (let y = 20; y < 220; y++) for (let x = 100; x < 220; x++) hole[y * width + x] = 255;
  return { image: { data, width, height }, hole };
}

describe('when a straight line runs behind the removed object', () => {
  it('then it is drawn across the hole where it was, and only there', async () => {
    const { image, hole } = floorWithTape();
    const continued = await continueStraightLines(image.data, hole, undefined, undefined, width, height);
    expect(continued).not.toBeNull();
    expect(continued!.lines.length).toBeGreaterThanOrEqual(1);
    let onLine = 0, off = 0;
    for (let i = 0; i < hole.length; i++) {
      if (!continued!.drawn[i]) continue;
      const x = i % width, y = (i - x) / width;
      // Its edges are found on either side of it, and each is drawn HALF_WIDTH (5 px) either side.
      if (Math.abs(y - lineY(x)) <= 8.5) onLine++; else off++;
    }
    expect(onLine).toBeGreaterThan(120 * 3);
    expect(off).toBe(0);
  });

  it('then after the whole fill the line runs on unbroken through the hole', async () => {
    const { image, hole } = floorWithTape();
    const { image: result } = await fillMasked(image, { data: hole, width, height });
    // Every column of the hole: the line's pixels are light, the floor 8 px beside it dark.
    for (let x = 102; x < 218; x++) {
      const y = Math.round(lineY(x));
      expect(result.data[(y * width + x) * 3], `line at x ${x}`).toBeGreaterThan(140);
      expect(result.data[((y + 8) * width + x) * 3], `floor below at x ${x}`).toBeLessThan(110);
    }
  });

  it('then lines another object hides on one side only, or lines of a random texture, are not drawn', async () => {
    const random = mulberry32(9);
    const data = new Uint8Array(width * height * 3);
    for (let i = 0; i < data.length; i++) data[i] = Math.round(random() * 255);
    const hole = new Uint8Array(width * height);
    for (let y = 20; y < 220; y++) for (let x = 100; x < 220; x++) hole[y * width + x] = 255;
    expect(await continueStraightLines(data, hole, undefined, undefined, width, height)).toBeNull();
    // The tape line with its right-hand part covered by another object: nothing to pair with.
    const { image } = floorWithTape();
    const blocked = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 220; x < width; x++) blocked[y * width + x] = 255;
    expect(await continueStraightLines(image.data, hole, blocked, undefined, width, height)).toBeNull();
  });
});
