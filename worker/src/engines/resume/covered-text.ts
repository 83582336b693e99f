/**
 * Text that a shape drawn after it covers whole: an older version left under a box that hides it,
 * words blacked out or whited out. No reader sees it, but every text reader (an applicant tracking
 * system among them) reads it. The page's operators are followed in order, with the transform, the
 * text position and each filled shape's bounds; a text whose box lies inside a later opaque
 * filled shape is covered.
 */
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { advanceOf, matrixOf, type Glyph, type OperatorList } from './pdf-operators.js';

type Matrix = [number, number, number, number, number, number];
interface Box { x0: number; y0: number; x1: number; y1: number }

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5],
];
const apply = (m: Matrix, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
const boxOf = (points: Array<[number, number]>): Box => ({
  x0: Math.min(...points.map((p) => p[0])), y0: Math.min(...points.map((p) => p[1])),
  x1: Math.max(...points.map((p) => p[0])), y1: Math.max(...points.map((p) => p[1])),
});
const matrix = (args: unknown[]) => matrixOf(args) as Matrix;
/** pdfjs folds the painting operator into constructPath: these fill the path. */
const FILLS = new Set<number>([OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke]);
/**
 * A path that is one rectangle (move, three lines, close, as pdfjs lists it): only such a shape
 * hides what its bounds hold. A ring or a rounded badge has a hole or corners where text shows.
 */
function isRectangle(path: unknown): boolean {
  const data = Array.isArray(path) && path.length === 1 ? Array.from(path[0] as ArrayLike<number>, Number) : [];
  if (data.length < 12 || data.length > 13 || data[0] !== 0 || data[3] !== 1 || data[6] !== 1 || data[9] !== 1 || (data.length === 13 && data[12] !== 4)) return false;
  const xs = [data[1], data[4], data[7], data[10]], ys = [data[2], data[5], data[8], data[11]];
  return new Set(xs.map((x) => x.toFixed(1))).size === 2 && new Set(ys.map((y) => y.toFixed(1))).size === 2;
}

/** Pages with more text pieces times filled shapes than this are not searched (each pair is compared). */
const MAX_PAIRS = 4_000_000;

/** The text the page's covered pieces draw, in content order, spaces removed (as runs are matched). */
export function coveredText({ fnArray, argsArray }: OperatorList, unitsPerEm: (fontId: string) => number): string {
  const texts: Array<{ at: number; box: Box; text: string }> = [];
  const shapes: Array<{ at: number; box: Box }> = [];
  let ctm = IDENTITY, line = IDENTITY, tm = IDENTITY;
  let size = 1, scale = 0.001, charSpacing = 0, wordSpacing = 0, hScale = 1, leading = 0, rise = 0, opaque = true;
  // What a shape may paint: the clipping paths' bounds met so far (a fill over the whole page
  // inside a clip paints only the clip: a sidebar's background).
  let clip: Box | null = null, clipping = false;
  const saved: Array<{ ctm: Matrix; state: number[]; opaque: boolean; clip: Box | null }> = [];
  const save = () => saved.push({ ctm, state: [size, scale, charSpacing, wordSpacing, hScale, leading, rise], opaque, clip });
  const restore = () => {
    const back = saved.pop();
    if (back) { ctm = back.ctm; opaque = back.opaque; clip = back.clip; [size, scale, charSpacing, wordSpacing, hScale, leading, rise] = back.state; }
  };
  const meet = (a: Box, b: Box | null): Box => (b ? { x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) } : a);
  const moveLine = (tx: number, ty: number) => { line = multiply([1, 0, 0, 1, tx, ty], line); tm = line; };
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = (argsArray[i] ?? []) as unknown[];
    if (fn === OPS.save) save();
    else if (fn === OPS.restore) restore();
    else if (fn === OPS.transform) ctm = multiply(matrix(args), ctm);
    else if (fn === OPS.clip || fn === OPS.eoClip) clipping = true;
    else if (fn === OPS.paintFormXObjectBegin) { save(); if (Array.isArray(args[0]) || ArrayBuffer.isView(args[0])) ctm = multiply(matrix([args[0]]), ctm); }
    else if (fn === OPS.paintFormXObjectEnd) restore();
    else if (fn === OPS.setGState) {
      // A shape drawn see-through, or blended with what is under it, hides nothing.
      for (const [key, value] of (args[0] ?? []) as Array<[string, unknown]>) {
        if (key === 'ca') opaque = Number(value) >= 1;
        if (key === 'BM' && value !== 'source-over' && value !== 'Normal') opaque = false;
      }
    } else if (fn === OPS.beginText) { line = IDENTITY; tm = IDENTITY; }
    else if (fn === OPS.setTextMatrix) { line = matrix(args); tm = line; }
    else if (fn === OPS.moveText) moveLine(Number(args[0]), Number(args[1]));
    else if (fn === OPS.setLeadingMoveText) { leading = -Number(args[1]); moveLine(Number(args[0]), Number(args[1])); }
    else if (fn === OPS.nextLine) moveLine(0, -leading);
    else if (fn === OPS.setLeading) leading = Number(args[0]);
    else if (fn === OPS.setFont) { size = Number(args[1]) || 1; scale = unitsPerEm(String(args[0])); }
    else if (fn === OPS.setCharSpacing) charSpacing = Number(args[0]);
    else if (fn === OPS.setWordSpacing) wordSpacing = Number(args[0]);
    else if (fn === OPS.setHScale) hScale = Number(args[0]) / 100;
    else if (fn === OPS.setTextRise) rise = Number(args[0]);
    else if (fn === OPS.showText && Array.isArray(args[0])) {
      let advance = 0, text = '';
      for (const item of args[0] as Array<Glyph | number | null>) {
        if (typeof item === 'number') { advance -= (item / 1000) * size * hScale; continue; }
        if (!item) continue;
        text += item.unicode ?? '';
        advance += advanceOf(item, { size, scale, charSpacing, wordSpacing, hScale });
      }
      const toPage = multiply(tm, ctm);
      const low = rise - 0.2 * Math.abs(size), high = rise + 0.75 * Math.abs(size);
      if (text.trim()) texts.push({ at: i, text, box: boxOf([apply(toPage, 0, low), apply(toPage, advance, low), apply(toPage, 0, high), apply(toPage, advance, high)]) });
      tm = multiply([1, 0, 0, 1, advance, 0], tm);
    } else if (fn === OPS.constructPath) {
      const bounds = args[2] as ArrayLike<number> | null | undefined;
      if (!bounds || bounds.length < 4) { clipping = false; continue; }
      const [x0, y0, x1, y1] = Array.from(bounds, Number);
      const box = boxOf([apply(ctm, x0, y0), apply(ctm, x1, y0), apply(ctm, x0, y1), apply(ctm, x1, y1)]);
      if (FILLS.has(Number(args[0])) && opaque && isRectangle(args[1])) shapes.push({ at: i, box: meet(box, clip) });
      if (clipping) { clip = meet(box, clip); clipping = false; }
    }
  }
  if (texts.length * shapes.length > MAX_PAIRS) return '';
  const inside = (t: Box, s: Box) => t.x0 >= s.x0 - 0.5 && t.x1 <= s.x1 + 0.5 && t.y0 >= s.y0 - 0.5 && t.y1 <= s.y1 + 0.5;
  return texts.filter((t) => shapes.some((s) => s.at > t.at && inside(t.box, s.box))).map((t) => t.text).join('').normalize('NFKC').replace(/\s+/g, '');
}
