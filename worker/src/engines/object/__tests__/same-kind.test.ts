/**
 * Several instances of one kind (instance-mask.ts, removal-state.ts sameKindAsTarget), on drawn
 * scenes of oranges on a plate: removing one orange leaves every other orange whole and out of
 * the mask, wherever the removed one's coarse mask spreads, because colours cannot tell two
 * oranges apart.
 */
import { describe, expect, it } from 'vitest';
import type { Mask, RgbImage } from '../image.js';
import { buildInstanceRemovalMask } from '../instance-mask.js';
import type { Instance } from '../instance-seg.js';

const W = 200, H = 160;
const ORANGE = [235, 135, 25], PLATE = [230, 228, 222], TABLE = [120, 80, 50];

interface Disc { cx: number; cy: number; r: number }
const inDisc = (d: Disc, x: number, y: number) => (x - d.cx) ** 2 + (y - d.cy) ** 2 <= d.r * d.r;

function scene(discs: Disc[]): RgbImage {
  const data = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const plate = (x - 100) ** 2 / 95 ** 2 + (y - 80) ** 2 / 75 ** 2 <= 1;
      const c = discs.some((d) => inDisc(d, x, y)) ? ORANGE : plate ? PLATE : TABLE;
      data.set(c, (y * W + x) * 3);
    }
  }
  return { data, width: W, height: H };
}

/** An "orange" instance: sure (+6) inside `disc`, doubtful (+1, probability 0.73) inside `spill`. */
function orange(disc: Disc, spill: Disc[] = []): Instance {
  const pad = Math.max(...[disc, ...spill].map((d) => Math.abs(d.cx - disc.cx) + d.r)) + 10;
  // The model's box holds its whole mask, the doubtful spill too.
  const all = [disc, ...spill];
  const box = {
    x1: Math.max(0, Math.min(...all.map((d) => d.cx - d.r))), y1: Math.max(0, Math.min(...all.map((d) => d.cy - d.r))),
    x2: Math.min(W, Math.max(...all.map((d) => d.cx + d.r))), y2: Math.min(H, Math.max(...all.map((d) => d.cy + d.r))),
  };
  const region = { x1: Math.max(0, disc.cx - pad), y1: Math.max(0, disc.cy - pad), x2: Math.min(W, disc.cx + pad), y2: Math.min(H, disc.cy + pad) };
  const rw = region.x2 - region.x1, rh = region.y2 - region.y1;
  const logits = new Float32Array(rw * rh).fill(-6);
  for (let y = region.y1; y < region.y2; y++) {
    for (let x = region.x1; x < region.x2; x++) {
      const i = (y - region.y1) * rw + x - region.x1;
      if (inDisc(disc, x, y)) logits[i] = 6;
      else if (spill.some((d) => inDisc(d, x, y))) logits[i] = 1;
    }
  }
  return { label: 'orange', score: 0.9, box, region, logits, area: Math.round(Math.PI * disc.r * disc.r) };
}

function removedShare(mask: Mask, disc: Disc): number {
  let n = 0, removed = 0;
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (inDisc(disc, x, y)) { n++; if (mask.data[y * W + x]) removed++; }
  return removed / n;
}

describe('when one of several oranges on a plate is removed', () => {
  const layouts: { name: string; removed: Disc; others: Disc[]; spill: boolean }[] = [
    { name: 'a smaller one touching it', removed: { cx: 70, cy: 80, r: 30 }, others: [{ cx: 121, cy: 80, r: 21 }], spill: false },
    { name: 'a smaller one its coarse mask spreads over', removed: { cx: 70, cy: 80, r: 30 }, others: [{ cx: 121, cy: 80, r: 21 }], spill: true },
    { name: 'two others around it, one under its coarse rim', removed: { cx: 100, cy: 75, r: 26 }, others: [{ cx: 58, cy: 92, r: 18 }, { cx: 142, cy: 92, r: 18 }], spill: true },
  ];
  for (const layout of layouts) {
    it(`then ${layout.name} stays whole and out of the mask`, async () => {
      const image = scene([layout.removed, ...layout.others]);
      const target = orange(layout.removed, layout.spill ? layout.others.slice(0, 1) : []);
      const neighbours = layout.others.map((d) => orange(d));
      const { mask, protect } = await buildInstanceRemovalMask(image, [target], [target, ...neighbours]);
      expect(removedShare(mask, layout.removed)).toBeGreaterThan(0.95);
      for (const d of layout.others) {
        expect(removedShare(mask, d), 'share of a kept orange in the mask').toBeLessThan(0.02);
        // Protected like any other neighbour: the fill never copies it.
        expect(1 - removedShare(protect, d), 'share of a kept orange the fill may copy').toBeLessThan(0.02);
      }
    });
  }
});
