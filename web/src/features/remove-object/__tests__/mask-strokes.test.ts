import { describe, expect, it } from 'vitest';
import { brushSizeInImage, displayToImage, replayStrokes, screenScale, strokeBounds, type StrokeTarget } from '../mask-strokes.js';

const photo = { width: 600, height: 400 };

/** Records what replay drew, as readable lines. */
function recordingTarget() {
  const drawn: string[] = [];
  const target = {
    lineCap: 'butt',
    lineJoin: 'miter',
    lineWidth: 1,
    strokeStyle: '',
    fillStyle: '',
    beginPath: () => drawn.push('begin'),
    moveTo: (x: number, y: number) => drawn.push(`move ${x},${y}`),
    lineTo: (x: number, y: number) => drawn.push(`line ${x},${y}`),
    arc: (x: number, y: number, r: number) => drawn.push(`arc ${x},${y} r${r}`),
    stroke: () => drawn.push(`stroke w${target.lineWidth}`),
    fill: () => drawn.push('fill'),
  } as unknown as StrokeTarget;
  return { target, drawn };
}

describe('mask strokes', () => {
  it('scales a point on the displayed image to image pixels', () => {
    // 600x400 photo shown at 300x200: every displayed pixel is two image pixels.
    expect(displayToImage({ x: 150, y: 110 }, { width: 300, height: 200 }, photo)).toEqual({ x: 300, y: 220 });
    // Shown larger than its own size, a point scales down.
    expect(displayToImage({ x: 900, y: 600 }, { width: 1200, height: 800 }, photo)).toEqual({ x: 450, y: 300 });
  });

  it('clamps a point dragged past the edge of the image to the edge', () => {
    expect(displayToImage({ x: -20, y: 250 }, { width: 300, height: 200 }, photo)).toEqual({ x: 0, y: 400 });
  });

  it('turns a brush chosen in screen pixels into image pixels', () => {
    expect(brushSizeInImage(24, { width: 300, height: 200 }, photo)).toBe(48);
    expect(brushSizeInImage(24, { width: 1200, height: 800 }, photo)).toBe(12);
  });

  it('bounds the strokes with the brush radius, clamped to the image; nothing marked is null', () => {
    expect(strokeBounds([], photo)).toBeNull();
    const strokes = [
      { size: 20, points: [{ x: 300, y: 220 }, { x: 400, y: 300 }] },
      { size: 40, points: [{ x: 590, y: 5 }] },
    ];
    expect(strokeBounds(strokes, photo)).toEqual({ x1: 290, y1: 0, x2: 600, y2: 310 });
  });

  it('replays a drag as one line of the brush width and a tap as a dot, scaled to the target', () => {
    const { target, drawn } = recordingTarget();
    replayStrokes(target, [
      { size: 20, points: [{ x: 300, y: 220 }, { x: 350, y: 260 }, { x: 400, y: 300 }] },
      { size: 10, points: [{ x: 100, y: 50 }] },
      { size: 10, points: [] },
    ], '#fff', 0.5);
    expect(drawn).toEqual(['begin', 'move 150,110', 'line 175,130', 'line 200,150', 'stroke w10', 'begin', 'arc 50,25 r2.5', 'fill']);
    expect(target.lineCap).toBe('round');
    expect(target.strokeStyle).toBe('#fff');
  });

  it('keeps the screen canvas of a huge photo within 2048 pixels a side', () => {
    expect(screenScale(photo)).toBe(1);
    expect(screenScale({ width: 8192, height: 4096 })).toBe(0.25);
  });
});
