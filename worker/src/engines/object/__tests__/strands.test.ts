/**
 * Loose strands (strands.ts) on a drawn scene: a head of light-brown hair on a dark floor, with
 * faint wisps leaving its edge, broken in places as real wisps are. The wisps go with the head;
 * the long dark gaps of a blind that run past the head, a bright green blade of grass that
 * touches it (its colour leans nowhere near the hair's) and another object's wisp-like edge stay.
 */
import { describe, expect, it } from 'vitest';
import type { Box, Mask, RgbImage } from '../image.js';
import { looseStrands } from '../strands.js';

const W = 260, H = 220;
const HAIR = [200, 165, 130], FLOOR = [70, 66, 62];
const HEAD: Box = { x1: 90, y1: 60, x2: 170, y2: 160 };

function scene(): { image: RgbImage; wisps: number[]; gaps: number[]; blade: number[]; otherWisp: number[] } {
  const data = Buffer.alloc(W * H * 3);
  let seed = 11;
  const noise = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return (seed % 9) - 4; };
  const set = (x: number, y: number, c: number[]) => { const o = (y * W + x) * 3; data[o] = c[0]!; data[o + 1] = c[1]!; data[o + 2] = c[2]!; };
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) set(x, y, FLOOR.map((v) => v + noise()));
  for (let y = HEAD.y1; y < HEAD.y2; y++) for (let x = HEAD.x1; x < HEAD.x2; x++) set(x, y, HAIR);
  // A wisp: a third hair, two thirds floor, one pixel wide.
  const wispColour = HAIR.map((v, c) => Math.round(v / 3 + (2 * FLOOR[c]!) / 3));
  const wisps: number[] = [];
  for (let k = 0; k < 5; k++) {
    const y0 = 75 + 15 * k;
    // Shorter than the band looked at around the head (a tenth of its height).
    for (let t = 0; t < 9; t++) {
      if (t === 4) continue; // broken once
      const x = HEAD.x1 - 1 - t, y = y0 + Math.round(t / 2);
      set(x, y, wispColour);
      wisps.push(y * W + x);
    }
  }
  // Dark gaps of a blind above the head, running well past the band around it.
  const gaps: number[] = [];
  for (let y = 0; y < HEAD.y1; y++) {
    for (let x = 100; x < 160; x++) {
      set(x, y, x % 6 === 0 ? [110, 105, 95] : [235, 230, 210]);
      if (x % 6 === 0 && y > HEAD.y1 - 15) gaps.push(y * W + x);
    }
  }
  // A bright green blade touching the head's right side.
  const blade: number[] = [];
  for (let t = 0; t < 15; t++) { const x = HEAD.x2 + t, y = 120 - t; set(x, y, [80, 190, 60]); blade.push(y * W + x); }
  // Another object right of the head (in `others`), with a wisp-like edge of its own.
  const otherWisp: number[] = [];
  for (let y = 170; y < 200; y++) for (let x = 200; x < 240; x++) set(x, y, HAIR);
  for (let t = 0; t < 10; t++) { const x = 199 - t, y = 185; set(x, y, wispColour); otherWisp.push(y * W + x); }
  return { image: { data, width: W, height: H }, wisps, gaps, blade, otherWisp };
}

function rect(box: Box): Mask {
  const data = new Uint8Array(W * H);
  for (let y = box.y1; y < box.y2; y++) data.fill(255, y * W + box.x1, y * W + box.x2);
  return { data, width: W, height: H };
}

const taken = (mask: Mask, pixels: number[]) => pixels.filter((i) => mask.data[i]).length / pixels.length;

describe('when faint wisps of hair leave the edge of an object being removed', () => {
  it('then the wisps go with it, and the blind\'s gaps, a green blade and another object\'s edge stay', () => {
    const { image, wisps, gaps, blade, otherWisp } = scene();
    const others = rect({ x1: 200, y1: 170, x2: 240, y2: 200 });
    const strands = looseStrands(image, rect(HEAD), HEAD, others);
    expect(taken(strands, wisps)).toBeGreaterThan(0.9);
    expect(taken(strands, gaps)).toBe(0);
    expect(taken(strands, blade)).toBe(0);
    expect(taken(strands, otherWisp)).toBe(0);
  });
});
