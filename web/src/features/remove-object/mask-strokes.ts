/**
 * Brush marks for the object-removal mask, kept in the image's own pixel coordinates so the same
 * strokes draw the on-screen highlight (at any displayed size) and the mask the server needs
 * (exactly the image's natural size).
 */

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Stroke {
  /** Brush diameter in image pixels. */
  size: number;
  points: Point[];
}

export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Brush sizes offered on screen, in displayed (CSS) pixels. */
export const BRUSH_SIZE = { min: 4, max: 80, step: 2, initial: 24 } as const;

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/**
 * A pointer position relative to the displayed image (CSS pixels from its top-left corner) in
 * image pixels, clamped to the image so a stroke that runs off the edge stops at it.
 */
export function displayToImage(point: Point, displayed: Size, natural: Size): Point {
  if (displayed.width <= 0 || displayed.height <= 0) return { x: 0, y: 0 };
  return {
    x: clamp((point.x * natural.width) / displayed.width, 0, natural.width),
    y: clamp((point.y * natural.height) / displayed.height, 0, natural.height),
  };
}

/** A brush diameter chosen in displayed pixels, in image pixels (what the person sees is what is masked). */
export function brushSizeInImage(displaySize: number, displayed: Size, natural: Size): number {
  if (displayed.width <= 0) return displaySize;
  return (displaySize * natural.width) / displayed.width;
}

/** The part of the image the strokes cover (brush radius included), or null when nothing is marked. */
export function strokeBounds(strokes: readonly Stroke[], natural: Size): Box | null {
  let box: Box | null = null;
  for (const stroke of strokes) {
    const radius = stroke.size / 2;
    for (const { x, y } of stroke.points) {
      box = box
        ? { x1: Math.min(box.x1, x - radius), y1: Math.min(box.y1, y - radius), x2: Math.max(box.x2, x + radius), y2: Math.max(box.y2, y + radius) }
        : { x1: x - radius, y1: y - radius, x2: x + radius, y2: y + radius };
    }
  }
  if (!box) return null;
  return { x1: clamp(box.x1, 0, natural.width), y1: clamp(box.y1, 0, natural.height), x2: clamp(box.x2, 0, natural.width), y2: clamp(box.y2, 0, natural.height) };
}

/** The few 2D-context calls replay needs (a real canvas context, or a recording fake in tests). */
export type StrokeTarget = Pick<
  CanvasRenderingContext2D,
  'beginPath' | 'moveTo' | 'lineTo' | 'arc' | 'stroke' | 'fill' | 'lineCap' | 'lineJoin' | 'lineWidth' | 'strokeStyle' | 'fillStyle'
>;

/**
 * Draws strokes (in image pixels) onto a target whose pixels are `scale` times the image's:
 * 1 for the exported mask, less for a screen canvas kept smaller than a huge photo.
 * A single tap becomes a dot, since a zero-length line draws nothing.
 */
export function replayStrokes(target: StrokeTarget, strokes: readonly Stroke[], colour: string, scale = 1): void {
  target.lineCap = 'round';
  target.lineJoin = 'round';
  target.strokeStyle = colour;
  target.fillStyle = colour;
  for (const stroke of strokes) drawStroke(target, stroke, scale);
}

function drawStroke(target: StrokeTarget, stroke: Stroke, scale: number): void {
  const [first, ...rest] = stroke.points;
  if (!first) return;
  target.beginPath();
  if (rest.length === 0) {
    target.arc(first.x * scale, first.y * scale, (stroke.size * scale) / 2, 0, Math.PI * 2);
    target.fill();
    return;
  }
  target.lineWidth = stroke.size * scale;
  target.moveTo(first.x * scale, first.y * scale);
  for (const point of rest) target.lineTo(point.x * scale, point.y * scale);
  target.stroke();
}

/** The screen canvas's pixel scale: the image's own size, but no side over `maxSide` (memory on phones). */
export function screenScale(natural: Size, maxSide = 2048): number {
  const longest = Math.max(natural.width, natural.height);
  return longest > maxSide ? maxSide / longest : 1;
}
