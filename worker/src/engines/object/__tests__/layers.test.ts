/**
 * Edge continuation: a red disk on an orange-brown table with a hole over its far rim. The two
 * surfaces are told apart, and the rim is continued through the hole as a curve close to the
 * true circle, not as the straight chord between where it enters and leaves.
 */
import { describe, expect, it } from 'vitest';
import { holeLayers } from '../layers.js';

const [W, H] = [240, 200];
const disk = { cx: 120, cy: 130, r: 80 };
const inDisk = (x: number, y: number) => Math.hypot(x - disk.cx, y - disk.cy) <= disk.r;

/** The scene, with mild noise so neither surface is flat, and a hole box over the disk's top. */
function scene(hole: { x1: number; y1: number; x2: number; y2: number }) {
  const rgb = new Uint8Array(W * H * 3);
  const mask = new Uint8Array(W * H);
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 21) - 10;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const [r, g, b] = inDisk(x, y) ? [175, 45, 18] : [185, 112, 66];
      rgb[i * 3] = r + noise(); rgb[i * 3 + 1] = g + noise(); rgb[i * 3 + 2] = b + noise();
      if (x >= hole.x1 && x < hole.x2 && y >= hole.y1 && y < hole.y2) mask[i] = 1;
    }
  }
  return { rgb, mask };
}

describe('when a hole covers the far rim of a round object on a table', () => {
  it('then the rim is continued as a curve: hole pixels take the disk or the table as the circle says', () => {
    const box = { x1: 70, y1: 30, x2: 170, y2: 110 };
    const { rgb, mask } = scene(box);
    const layer = holeLayers(rgb, mask, W, H, 100);
    expect(layer).not.toBeNull();
    const diskLayer = layer![130 * W + 120]!; // the disk's centre, outside the hole
    let right = 0, total = 0, chordRight = 0;
    // The chord between where the rim enters and leaves the box's sides.
    const yAt = (x: number) => disk.cy - Math.sqrt(Math.max(0, disk.r ** 2 - (x - disk.cx) ** 2));
    const [yl, yr] = [yAt(box.x1), yAt(box.x2 - 1)];
    for (let y = box.y1; y < box.y2; y++) {
      for (let x = box.x1; x < box.x2; x++) {
        total++;
        const truth = inDisk(x, y);
        if ((layer![y * W + x] === diskLayer) === truth) right++;
        const belowChord = y >= yl + ((yr - yl) * (x - box.x1)) / (box.x2 - 1 - box.x1);
        if (belowChord === truth) chordRight++;
      }
    }
    // Measured 0.986; a straight chord gets 0.856 of the same pixels right.
    expect(chordRight / total).toBeLessThan(0.9);
    expect(right / total).toBeGreaterThan(0.95);
  });

  it('then one plain surface all round gives no layers (the fill runs unconstrained)', () => {
    const { rgb, mask } = scene({ x1: 100, y1: 110, x2: 140, y2: 150 }); // inside the disk only
    expect(holeLayers(rgb, mask, W, H, 40)).toBeNull();
  });
});
