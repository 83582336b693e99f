/**
 * The patch fill's helper thread (fill-helper.ts): a fill large enough to share its work gets the
 * same pixels with the helper as without it, the helper really does part of the work, and a
 * helper that fails a task costs nothing but time.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { fillHelper, fillHelperReady, fillHelperTasksDone, stopFillHelper, useFillThreads } from '../fill-helper.js';
import { mulberry32 } from '../image.js';
import { patchFill } from '../patch-fill.js';

/** 420 x 360 of grainy bands (sky, hedge, road) with a 220 x 200 hole: about 50k target pixels at full size. */
function scene(): { rgb: Uint8Array; hole: Uint8Array; width: number; height: number } {
  const width = 420, height = 360;
  const random = mulberry32(11);
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const band = y < 120 ? [150, 180, 220] : y < 220 ? [40, 90, 40] : [110, 110, 105];
      const g = Math.floor(random() * 24) - 12;
      rgb.set(band.map((v) => v + g), (y * width + x) * 3);
    }
  }
  const hole = new Uint8Array(width * height);
  for (let y = 80; y < 280; y++) for (let x = 100; x < 320; x++) hole[y * width + x] = 1;
  return { rgb, hole, width, height };
}

afterAll(async () => {
  useFillThreads(2);
  await stopFillHelper();
});

describe('when a large hole is filled with the helper thread', () => {
  const { rgb, hole, width, height } = scene();

  it('then the helper starts, does part of the work, and the fill is the same pixel for pixel as on one thread', async () => {
    useFillThreads(1);
    expect(fillHelper()).toBeNull();
    const alone = patchFill(rgb, hole, width, height, { seed: 7 });

    useFillThreads(2);
    expect(await fillHelperReady()).toBe(true);
    const before = fillHelperTasksDone();
    const shared = patchFill(rgb, hole, width, height, { seed: 7 });
    // Two steps (refresh and vote) per iteration on every level of 20k targets or more.
    expect(fillHelperTasksDone() - before).toBeGreaterThanOrEqual(4);
    expect(Buffer.from(shared).equals(Buffer.from(alone))).toBe(true);
    // The fill did fill: the hole's middle is hedge green, not left black.
    const mid = (170 * width + 210) * 3;
    expect(shared[mid + 1]!).toBeGreaterThan(shared[mid]! + 20);
  }, 60_000);

  it('then a task the helper fails is done by the fill itself, and the failed helper is replaced', async () => {
    await stopFillHelper();
    expect(await fillHelperReady()).toBe(true);
    const helper = fillHelper()!;
    // A fresh helper has no level to work on: the task fails, as any error in the thread would.
    const done = helper.start({ kind: 'refresh', from: 0, to: 10 });
    expect(done()).toBe(false);
    expect(fillHelper()).toBeNull();
    // The next fill still has the same pixels, and a new helper comes up for later ones.
    const alone = (() => { useFillThreads(1); return patchFill(rgb, hole, width, height, { seed: 7 }); })();
    useFillThreads(2);
    expect(Buffer.from(patchFill(rgb, hole, width, height, { seed: 7 })).equals(Buffer.from(alone))).toBe(true);
    expect(await fillHelperReady()).toBe(true);
  }, 60_000);
});
