import { describe, expect, it } from 'vitest';
import { copyBehindParts, partsBehindKept } from '../behind.js';

const W = 80, H = 40;
/** The leg in front: columns 25-34, every row. */
const LEG = { x1: 25, x2: 34 };
const stripe = (x: number) => (Math.floor(x / 4) % 2 ? 230 : 20);

/**
 * A striped body (vertical stripes 4 px wide, object id 1) at rows `top`..`bottom`, columns 5-74,
 * with a leg hole in front of it from the top of the picture to the bottom. `idAt` may give
 * other ids (a second object, nothing); `inHole` another hole (a bar across).
 */
const inLeg = (x: number) => x >= LEG.x1 && x <= LEG.x2;
function scene(top = 5, bottom = 34, idAt: (x: number, y: number) => number = () => 1, inHole: (x: number, y: number) => boolean = inLeg) {
  const rgb = new Uint8Array(W * H * 3).fill(90);
  const hole = new Uint8Array(W * H);
  const ids = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const body = y >= top && y <= bottom && x >= 5 && x <= 74;
      if (body) rgb.fill(stripe(x), i * 3, i * 3 + 3);
      if (inHole(x, y)) hole[i] = 1;
      else if (body) ids[i] = idAt(x, y);
    }
  }
  return { rgb, hole, ids };
}

const at = (mask: Uint8Array, x: number, y: number) => mask[y * W + x];

describe('when a removed leg stood in front of a kept body further back', () => {
  it('then the leg\'s rows over the body are parts to rebuild, with the body\'s margin beside them; the rest of the leg is not', () => {
    const { hole, ids } = scene();
    const parts = partsBehindKept(hole, ids, W, H)!;
    expect(parts).not.toBeNull();
    expect(at(parts.hole, 30, 20)).toBe(1);
    expect(at(parts.hole, 22, 20)).toBe(1); // the body's margin, 3 px left of the leg
    expect(at(parts.hole, 21, 20)).toBe(0);
    expect(at(parts.hole, 30, 2)).toBe(0); // above the body
    expect(at(parts.hole, 30, 37)).toBe(0); // below it
    // Copied from: the body, but not its margin along the hole.
    expect(at(parts.source, 10, 20)).toBe(1);
    expect(at(parts.source, 23, 20)).toBe(0);
    expect(at(parts.source, 30, 2)).toBe(0);
  });

  it('then the parts are copied from the body as one block: the stripes run on unbroken', () => {
    const { rgb, hole, ids } = scene();
    const parts = partsBehindKept(hole, ids, W, H)!;
    const { rgb: out, left } = copyBehindParts(rgb, parts, W, H);
    expect(left).toBeNull();
    for (let y = 5; y <= 34; y++) {
      for (let x = 22; x <= 37; x++) expect(out[(y * W + x) * 3], `pixel ${x},${y}`).toBe(stripe(x));
    }
    // Nothing else is touched.
    expect(out[(2 * W + 30) * 3]).toBe(90);
  });
});

describe('when the hole is not in front of one body', () => {
  it('then a gap between two different objects is no part', () => {
    const { hole, ids } = scene(5, 34, (x) => (x < LEG.x1 ? 1 : 2));
    expect(partsBehindKept(hole, ids, W, H)).toBeNull();
  });

  it('then an object that is not behind the removed one (no id) is no part', () => {
    const { hole, ids } = scene(5, 34, () => 0);
    expect(partsBehindKept(hole, ids, W, H)).toBeNull();
  });

  it('then a thin tube crossing the row is no part: the object must continue on each side', () => {
    // Only two columns of the object just left of the leg (more of it further left): a tube
    // crossing, not a body round the leg.
    const { hole, ids } = scene(5, 34, (x) => (x >= 17 && x < 23 ? 0 : 1));
    expect(partsBehindKept(hole, ids, W, H)).toBeNull();
  });

  it('then a slice wider than tall is no part (a wheel on both sides of a dog, a few rows high)', () => {
    const { hole, ids } = scene(20, 22);
    expect(partsBehindKept(hole, ids, W, H)).toBeNull();
  });
});

describe('when a removed bar lay across a kept body further back (a bench seat in front of a dog)', () => {
  /** The body of `scene` (vertical stripes, rows 5-34) with a bar hole across the whole picture at rows 18-22, no leg. */
  const barScene = () => scene(5, 34, () => 1, (_x, y) => y >= 18 && y <= 22);

  it('then the bar\'s columns over the body are a lying part, with the body\'s margin above and below; the bar beside the body is not', () => {
    const { hole, ids } = barScene();
    const parts = partsBehindKept(hole, ids, W, H)!;
    expect(parts).not.toBeNull();
    expect(at(parts.hole, 40, 20)).toBe(1);
    expect(at(parts.lying, 40, 20)).toBe(1);
    expect(at(parts.hole, 40, 15)).toBe(1); // the body's margin, 3 px above the bar
    expect(at(parts.hole, 40, 14)).toBe(0);
    expect(at(parts.hole, 2, 20)).toBe(0); // left of the body
  });

  it('then the part is copied from above or below: the stripes run on through the bar', () => {
    const { rgb, hole, ids } = barScene();
    const parts = partsBehindKept(hole, ids, W, H)!;
    const { rgb: out, left } = copyBehindParts(rgb, parts, W, H);
    expect(left).toBeNull();
    for (let y = 15; y <= 25; y++) {
      for (let x = 5; x <= 74; x++) expect(out[(y * W + x) * 3], `pixel ${x},${y}`).toBe(stripe(x));
    }
    expect(out[(20 * W + 2) * 3]).toBe(90);
  });

  it('then a bar through a thin part of the body is no part: the body must continue above and below', () => {
    const { hole, ids } = barScene();
    // The body ends two rows under the bar: a fringe, not a body round the bar.
    for (let y = 25; y <= 34; y++) for (let x = 0; x < W; x++) ids[y * W + x] = 0;
    expect(partsBehindKept(hole, ids, W, H)).toBeNull();
  });
});
