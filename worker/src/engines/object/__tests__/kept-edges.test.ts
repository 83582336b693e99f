import { describe, expect, it } from 'vitest';
import type { Mask, RgbImage } from '../image.js';
import { KEPT_EDGE_DEPTH, recompositeKeptEdges } from '../kept-edges.js';

const W = 40, H = 20;
const TAN = [180, 150, 100] as const;

type Rgb = readonly [number, number, number];
const grey = (v: number): Rgb => [v, v, v];

/** Columns 0-21 kept, 22-39 the hole: `colourAt(x)` is the photo, `fill` what the hole was filled with. */
function columns(colourAt: (x: number) => Rgb, fill: Rgb) {
  const original: RgbImage = { data: Buffer.alloc(W * H * 3), width: W, height: H };
  const hole: Mask = { data: new Uint8Array(W * H), width: W, height: H };
  const kept: Mask = { data: new Uint8Array(W * H), width: W, height: H };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      original.data.set(colourAt(x), i * 3);
      if (x >= 22) hole.data[i] = 255;
      else kept.data[i] = 255;
    }
  }
  const filled: RgbImage = { data: Buffer.from(original.data), width: W, height: H };
  for (let i = 0; i < W * H; i++) if (hole.data[i]) filled.data.set(fill, i * 3);
  return { original, filled, hole, kept };
}

/**
 * A white object beside a dark bench (columns 20-39); the kept mask is two columns generous
 * (20-21 are bench), column 19 is half white, half bench. The bench's part in the hole is filled
 * with tan field.
 */
const scene = (objectColour = 255) =>
  columns((x) => grey(x < 19 ? objectColour : x === 19 ? Math.floor((objectColour + 40) / 2) : 40), TAN);

const at = (image: RgbImage, x: number, y = 10) => [...image.data.subarray((y * W + x) * 3, (y * W + x) * 3 + 3)];

describe('when a kept object\'s edge still holds the removed object\'s colour', () => {
  it('then its bench-coloured edge pixels take the new background, its mixed pixels mix with it, and its inside stays', () => {
    const { original, filled, hole, kept } = scene();
    const changed = recompositeKeptEdges(original, filled, hole, kept, { x1: 0, y1: 0, x2: W, y2: H });
    expect(KEPT_EDGE_DEPTH).toBe(3);
    // Columns 19-21 on every row.
    expect(changed).toBe(3 * H);
    for (const x of [20, 21]) at(filled, x).forEach((v, c) => expect(Math.abs(v - TAN[c]!)).toBeLessThanOrEqual(1));
    // Half white, half bench -> half white, half field.
    at(filled, 19).forEach((v, c) => expect(Math.abs(v - (255 + TAN[c]!) / 2)).toBeLessThanOrEqual(2));
    expect(at(filled, 10)).toEqual([255, 255, 255]);
    // The hole's fill is left as it was.
    expect(at(filled, 30)).toEqual([...TAN]);
  });

  it('then nothing changes where the object and the removed one have the same colour (no mix to read)', () => {
    const { original, filled, hole, kept } = scene(50);
    const before = Buffer.from(filled.data);
    expect(recompositeKeptEdges(original, filled, hole, kept, { x1: 0, y1: 0, x2: W, y2: H })).toBe(0);
    expect(filled.data.equals(before)).toBe(true);
  });

  it('then no edge pixel gets a colour beyond its own, the object\'s and the new background\'s (no overshoot into a new hue)', () => {
    // A black object whose edge band is greenish, beside a grey removed object.
    const { original, filled, hole, kept } = columns((x) => (x < 19 ? grey(0) : x < 22 ? [100, 200, 100] : grey(100)), [100, 180, 100]);
    recompositeKeptEdges(original, filled, hole, kept, { x1: 0, y1: 0, x2: W, y2: H });
    // Its own 200 plus the background's +80 would be 280; no input is above 200.
    expect(at(filled, 21)).toEqual([100, 200, 100]);
  });

  it('then only pixels inside the box are looked at', () => {
    const { original, filled, hole, kept } = scene();
    expect(recompositeKeptEdges(original, filled, hole, kept, { x1: 0, y1: 0, x2: W, y2: 5 })).toBe(3 * 5);
    expect(at(filled, 20, 10)).toEqual([40, 40, 40]);
  });
});
