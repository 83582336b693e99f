import { describe, expect, it } from 'vitest';
import { cleanAlpha, composeCutout } from '../cutout.js';

/** A red disc on a white background with a soft 8-pixel edge: I = a·red + (1−a)·white. */
function softDisc(size: number) {
  const rgb = Buffer.alloc(size * size * 3);
  const mask = Buffer.alloc(size * size);
  const c = size / 2, radius = size / 4, soft = 8;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const d = Math.hypot(x - c, y - c);
      const a = Math.min(1, Math.max(0, (radius + soft / 2 - d) / soft));
      const i = y * size + x;
      mask[i] = Math.round(a * 255);
      rgb[i * 3] = Math.round(a * 220 + (1 - a) * 255);
      rgb[i * 3 + 1] = Math.round(a * 20 + (1 - a) * 255);
      rgb[i * 3 + 2] = Math.round(a * 30 + (1 - a) * 255);
    }
  }
  return { rgb, mask, width: size, height: size };
}

describe('composeCutout', () => {
  it('when an edge pixel is a mix of subject and white background, then its stored colour is the subject colour (no white halo)', () => {
    const input = softDisc(128);
    const out = composeCutout(input);
    let edges = 0, worstGreen = 0, inputGreen = 0;
    for (let i = 0; i < 128 * 128; i += 1) {
      const a = out[i * 4 + 3];
      if (a > 0 && a < 255) {
        edges += 1;
        worstGreen = Math.max(worstGreen, out[i * 4 + 1]);
        inputGreen += input.rgb[i * 3 + 1];
      }
    }
    expect(edges).toBeGreaterThan(100);
    expect(inputGreen / edges).toBeGreaterThan(100); // the naive colours are pinkish-white
    expect(worstGreen).toBeLessThan(35); // decontaminated: red like the subject (green 20)
  });

  it('when a pixel is fully opaque, then its colour is untouched; fully transparent ones carry the subject colour', () => {
    const input = softDisc(64);
    const out = composeCutout(input);
    const centre = 32 * 64 + 32;
    expect([...out.subarray(centre * 4, centre * 4 + 4)]).toEqual([220, 20, 30, 255]);
    expect(out[3]).toBe(0);
    expect(out[0]).toBeGreaterThan(180);
    expect(out[1]).toBeLessThan(60);
  });

  it('when the mask is noisy near 0 and 255, then cleanAlpha snaps it to fully transparent / opaque', () => {
    expect([...cleanAlpha(Buffer.from([0, 8, 12, 128, 240, 250, 255]))]).toEqual([0, 0, 0, 130, 255, 255, 255]);
  });

  it('when buffer sizes do not match, then it throws', () => {
    expect(() => composeCutout({ rgb: Buffer.alloc(3), mask: Buffer.alloc(2), width: 1, height: 1 })).toThrow(/sizes/);
  });
});
