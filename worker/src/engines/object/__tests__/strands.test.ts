/**
 * Loose strands (strands.ts) on a drawn scene: a head of light-brown hair on a dark floor, with
 * faint wisps leaving its edge, broken in places as real wisps are. The wisps go with the head;
 * the long dark gaps of a blind that run past the head, a bright green blade of grass that
 * touches it (its colour leans nowhere near the hair's) and another object's thin part stay.
 */
import { describe, expect, it } from 'vitest';
import type { Box, Mask, RgbImage } from '../image.js';
import { faintStrands, leftoverHair, looseStrands } from '../strands.js';

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

/**
 * Faint strands (strands.ts `faintStrands`): past the grown mask, wisps a few grey levels over a
 * plain floor, too faint for the top-hat, are found when they bend and start at the mask; a
 * straight faint line (a board's gap) and the same wisps on a busy background are not.
 */
describe('faint strands past the grown mask', () => {
  const FW = 200, FH = 420;
  // 370 px tall: strands must end within 7 % of that (26 px) of the mask.
  const MASK: Box = { x1: 40, y1: 30, x2: 100, y2: 400 };

  function floor(busy: boolean): { image: RgbImage; wisp: number[]; broken: number[]; wisps: number[]; gap: number[] } {
    const data = Buffer.alloc(FW * FH * 3);
    let seed = 5;
    const noise = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return (seed % 5) - 2; };
    const lumAt = new Float32Array(FW * FH);
    for (let y = 0; y < FH; y++) {
      for (let x = 0; x < FW; x++) {
        // Busy: a leafy pattern of 8-grey-level steps every few pixels.
        lumAt[y * FW + x] = 70 + noise() + (busy ? 16 * (((x >> 1) + (y >> 2) * 3) % 3) : 0);
      }
    }
    // A bending wisp from the mask's right edge, one pixel wide: 12 grey levels over the floor, ending 15 px out.
    const wisp: number[] = [];
    for (let t = 0; t < 15; t++) {
      const x = MASK.x2 + t, y = 60 + Math.round(5 * Math.sin(t / 3));
      lumAt[y * FW + x]! += 12;
      wisp.push(y * FW + x);
    }
    // The same wisp broken in two: its outer bit starts 3 px past the end of the inner one.
    const broken: number[] = [];
    const wisps = [...wisp];
    for (let t = 0; t < 23; t++) {
      if (t >= 15 && t < 17) continue;
      const x = MASK.x2 + t, y = 140 + Math.round(5 * Math.sin(t / 3));
      lumAt[y * FW + x]! += 12;
      wisps.push(y * FW + x);
      if (t >= 17) broken.push(y * FW + x);
    }
    // A straight faint gap from the mask's right edge, as long.
    const gap: number[] = [];
    for (let t = 0; t < 15; t++) { const x = MASK.x2 + t, y = 200; lumAt[y * FW + x]! += 12; gap.push(y * FW + x); }
    for (let i = 0; i < FW * FH; i++) for (let c = 0; c < 3; c++) data[i * 3 + c] = Math.round(lumAt[i]!);
    return { image: { data, width: FW, height: FH }, wisp, broken, wisps, gap };
  }
  const mask = (): Mask => {
    const data = new Uint8Array(FW * FH);
    for (let y = MASK.y1; y < MASK.y2; y++) data.fill(255, y * FW + MASK.x1, y * FW + MASK.x2);
    return { data, width: FW, height: FH };
  };
  const share = (m: Mask, pixels: number[]) => pixels.filter((i) => m.data[i]).length / pixels.length;

  it('then a bending wisp on a plain floor is found, with the outer bit of a broken one, and a straight gap is not', () => {
    const { image, wisp, broken, wisps, gap } = floor(false);
    const found = faintStrands(image, mask(), null, MASK.y2 - MASK.y1);
    expect(share(found, wisp)).toBeGreaterThan(0.8);
    expect(share(found, broken)).toBeGreaterThan(0.8);
    expect(share(found, gap)).toBe(0);
    // Nothing far from the wisps.
    const nearWisp = (i: number) => wisps.some((w) => Math.max(Math.abs((w % FW) - (i % FW)), Math.abs(Math.floor(w / FW) - Math.floor(i / FW))) <= 6);
    let stray = 0;
    for (let i = 0; i < found.data.length; i++) if (found.data[i] && !nearWisp(i)) stray++;
    expect(stray).toBe(0);
  });

  it('then on a busy background (foliage, grass) nothing is taken', () => {
    const { image } = floor(true);
    const found = faintStrands(image, mask(), null, MASK.y2 - MASK.y1);
    expect(found.data.some((v) => v)).toBe(false);
  });

  it('then another object\'s pixels are never taken', () => {
    const { image, wisp } = floor(false);
    const others: Mask = { data: new Uint8Array(FW * FH), width: FW, height: FH };
    for (const p of wisp) others.data[p] = 255;
    const found = faintStrands(image, mask(), others, MASK.y2 - MASK.y1);
    expect(wisp.some((p) => found.data[p])).toBe(false);
  });
});

describe('left-over hair past the grown mask: a curl as light as the wall, seen only by its colour', () => {
  const LW = 220, LH = 420;
  const WALL = [170, 148, 124], HAIR_RED = [200, 110, 60];
  // The person (ungrown) and the grown removal mask round her, 10 px wider.
  const PERSON: Box = { x1: 60, y1: 40, x2: 120, y2: 400 };
  const GROWN: Box = { x1: 50, y1: 30, x2: 130, y2: 410 };
  const region = (box: Box): Mask => {
    const data = new Uint8Array(LW * LH);
    for (let y = box.y1; y < box.y2; y++) data.fill(255, y * LW + box.x1, y * LW + box.x2);
    return { data, width: LW, height: LH };
  };

  /** A plain (or busy) wall, the person, and a blob of `colour` 16x10 px touching the grown mask's right side at row y. */
  function wall(options: { busy?: boolean; blobAt?: number; colour?: number[]; length?: number }): { image: RgbImage; blob: number[] } {
    const data = Buffer.alloc(LW * LH * 3);
    let seed = 7;
    const noise = (amp: number) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return (seed % (2 * amp + 1)) - amp; };
    for (let i = 0; i < LW * LH; i++) {
      const x = i % LW, y = (i - x) / LW;
      // Busy: a leafy pattern of 4 px leaves, in autumn leaves' colours (steps of a fifth of the way to the hair's).
      const step = options.busy ? 0.2 * (((x >> 2) + (y >> 2) * 3) % 3) : 0;
      const shift = noise(2);
      for (let c = 0; c < 3; c++) data[i * 3 + c] = Math.round(WALL[c]! + step * (HAIR_RED[c]! - WALL[c]!)) + shift;
    }
    for (let y = PERSON.y1; y < PERSON.y2; y++) {
      for (let x = PERSON.x1; x < PERSON.x2; x++) for (let c = 0; c < 3; c++) data[(y * LW + x) * 3 + c] = HAIR_RED[c]!;
    }
    // A curl: a third of the way from the wall's colour to the hair's.
    const colour = options.colour ?? WALL.map((v, c) => Math.round(v + (HAIR_RED[c]! - v) / 3));
    const blob: number[] = [];
    const y0 = options.blobAt ?? 70;
    for (let y = y0; y < y0 + 10; y++) {
      for (let x = GROWN.x2; x < GROWN.x2 + (options.length ?? 16); x++) {
        for (let c = 0; c < 3; c++) data[(y * LW + x) * 3 + c] = colour[c]!;
        blob.push(y * LW + x);
      }
    }
    return { image: { data, width: LW, height: LH }, blob };
  }
  const find = (image: RgbImage, others: Mask | null = null) => leftoverHair(image, region(GROWN), region(PERSON), others, PERSON);
  const share = (m: Mask, pixels: number[]) => pixels.filter((i) => m.data[i]).length / pixels.length;

  it('then a faint reddish curl by the head on a plain wall is found, and nothing else', () => {
    const { image, blob } = wall({});
    const found = find(image);
    expect(share(found, blob)).toBeGreaterThan(0.8);
    // Nothing further than the smoothing's reach (2 px) from the curl.
    const near = (i: number) => blob.some((p) => Math.max(Math.abs((p % LW) - (i % LW)), Math.abs(Math.floor(p / LW) - Math.floor(i / LW))) <= 2);
    let elsewhere = 0;
    for (let i = 0; i < found.data.length; i++) if (found.data[i] && !near(i)) elsewhere++;
    expect(elsewhere).toBe(0);
  });

  it('then the same curl is left on a busy background, below the head, or past the reach of strays', () => {
    expect(find(wall({ busy: true }).image).data.some((v) => v)).toBe(false);
    // Halfway down her: a leaf or a tuft of grass, not hair.
    expect(find(wall({ blobAt: 220 }).image).data.some((v) => v)).toBe(false);
    // 40 px long runs past 7 % of her height (25 px): part of the scene.
    expect(find(wall({ length: 40 }).image).data.some((v) => v)).toBe(false);
  });

  it('then a blob whose colour leans away from the hair (a green leaf) is left', () => {
    const { image } = wall({ colour: [140, 175, 110] });
    expect(find(image).data.some((v) => v)).toBe(false);
  });

  it('then another object\'s pixels are never taken', () => {
    const { image, blob } = wall({});
    const others = region({ x1: GROWN.x2, y1: 60, x2: GROWN.x2 + 20, y2: 90 });
    const found = find(image, others);
    expect(blob.some((p) => found.data[p])).toBe(false);
  });
});
