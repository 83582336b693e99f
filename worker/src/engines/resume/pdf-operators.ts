/**
 * What the text readers that follow a page's operators share (accents drawn apart, covered text):
 * the operator list's shape as pdfjs gives it, a glyph, a matrix argument and a glyph's advance.
 */
export interface OperatorList { fnArray: number[]; argsArray: unknown[] }
export interface Glyph { unicode?: string; width?: number; isSpace?: boolean }
export interface TextState { size: number; scale: number; charSpacing: number; wordSpacing: number; hScale: number }

/** A matrix operator's six numbers: pdfjs passes them as they are, or as one typed array. */
export const matrixOf = (args: unknown[]): number[] => Array.from((args.length === 1 ? args[0] : args) as ArrayLike<number>, Number);

/** How far a glyph moves the text position, in text space (before the text matrix). */
export const advanceOf = (glyph: Glyph, t: TextState): number =>
  ((glyph.width ?? 0) * t.scale * t.size + t.charSpacing + (glyph.isSpace ? t.wordSpacing : 0)) * t.hScale;
