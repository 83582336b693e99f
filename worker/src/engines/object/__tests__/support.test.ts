/**
 * Whether a kept object rests on the one being removed (support.ts), on drawn masks: a box sitting
 * on a slab (its tail hanging past the slab's front edge, as the dog's on the bench) rests on it;
 * a box beside the slab, one standing in front of it down to the ground, and one lower than its
 * top do not.
 */
import { describe, expect, it } from 'vitest';
import type { Box, Mask } from '../image.js';
import { restsOn } from '../support.js';

const W = 200, H = 200;

function paint(...boxes: Box[]): Mask {
  const data = new Uint8Array(W * H);
  for (const b of boxes) for (let y = b.y1; y < b.y2; y++) data.fill(255, y * W + b.x1, y * W + b.x2);
  return { data, width: W, height: H };
}

const bounds = (...boxes: Box[]): Box => ({
  x1: Math.min(...boxes.map((b) => b.x1)), y1: Math.min(...boxes.map((b) => b.y1)),
  x2: Math.max(...boxes.map((b) => b.x2)), y2: Math.max(...boxes.map((b) => b.y2)),
});

// A bench: a seat (rows 100-110) on two legs down to the ground at row 180.
const SEAT: Box = { x1: 30, y1: 100, x2: 170, y2: 110 };
const LEGS: Box[] = [{ x1: 35, y1: 110, x2: 45, y2: 180 }, { x1: 155, y1: 110, x2: 165, y2: 180 }];
const bench = paint(SEAT, ...LEGS);
const benchBox = bounds(SEAT, ...LEGS);

describe('when a kept object may rest on the object being removed', () => {
  it('then a body sitting on the seat, its tail hanging past the seat\'s front, rests on it', () => {
    const body: Box = { x1: 80, y1: 40, x2: 120, y2: 100 };
    const tail: Box = { x1: 95, y1: 110, x2: 105, y2: 150 };
    const check = restsOn(paint(body, tail), bounds(body, tail), bench, benchBox);
    expect(check.contact).toBeGreaterThan(0.9);
    expect(check.carried).toBe(true);
  });

  it('then a body standing in front of the bench down to the ground does not', () => {
    const body: Box = { x1: 80, y1: 40, x2: 120, y2: 190 };
    expect(restsOn(paint(body), body, bench, benchBox).carried).toBe(false);
  });

  it('then a body beside the bench, or only touching it at one side, does not', () => {
    const beside: Box = { x1: 170, y1: 60, x2: 195, y2: 170 };
    expect(restsOn(paint(beside), beside, bench, benchBox).carried).toBe(false);
    // A lamp post beside the seat's end, its arm high over the seat: nothing of it ends on the seat.
    const post: Box = { x1: 20, y1: 20, x2: 28, y2: 170 }, arm: Box = { x1: 20, y1: 20, x2: 60, y2: 26 };
    const check = restsOn(paint(post, arm), bounds(post, arm), bench, benchBox);
    expect(check.carried).toBe(false);
  });

  it('then a small thing lower than the seat\'s top (a ball under it) does not', () => {
    const ball: Box = { x1: 90, y1: 160, x2: 110, y2: 178 };
    expect(restsOn(paint(ball), ball, bench, benchBox).carried).toBe(false);
  });
});
