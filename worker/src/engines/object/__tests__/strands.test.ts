/**
 * Loose strands (strands.ts) on a drawn scene: a head of light-brown hair on a dark floor, with
 * faint wisps leaving its edge, broken in places as real wisps are. The wisps go with the head;
 * the long dark gaps of a blind that run past the head, a bright green blade of grass that
 * touches it (its colour leans nowhere near the hair's) and another object's thin part stay.
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
  // Dark gaps of a blind above the head, darker than the hair as a wisp in front of the blind
  // would be, but running on well past the band around the head.
  const gaps: number[] = [];
  for (let y = 20; y < HEAD.y1; y++) {
    for (let x = 100; x < 160; x++) {
      const gap = x % 15 === 0;
      set(x, y, gap ? [110, 105, 95] : [235, 230, 210]);
      if (gap) gaps.push(y * W + x);
    }
  }
  // A short bright green blade touching the head's right side, ending within the band.
  const blade: number[] = [];
  for (let t = 0; t < 7; t++) { const x = HEAD.x2 + t, y = 120 - t; set(x, y, [80, 190, 60]); blade.push(y * W + x); }
  // Another object's thin part touching the head (a lead held by the girl, found as its own instance).
  const otherWisp: number[] = [];
  for (let t = 0; t < 8; t++) { const x = HEAD.x2 + t, y = 145; set(x, y, wispColour); otherWisp.push(y * W + x); }
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
    const others = rect({ x1: HEAD.x2, y1: 144, x2: HEAD.x2 + 8, y2: 147 });
    const strands = looseStrands(image, rect(HEAD), HEAD, others);
    expect(taken(strands, wisps)).toBeGreaterThan(0.9);
    expect(taken(strands, gaps)).toBe(0);
    expect(taken(strands, blade)).toBe(0);
    expect(taken(strands, otherWisp)).toBe(0);
  });
});
