/**
 * Letters drawn as two glyphs: a spacing accent set over a plain letter, as TeX's OT1 fonts draw
 * every accented letter ("Comp´etences", "´" raised over "E"). pdfjs reads them as two characters,
 * often with a space between, and as separate runs; names, headings and words then match nothing.
 * Here they are composed back into one letter, as poppler's text reader does, and the space pdfjs
 * put before an accent is kept only where the page leaves one there.
 */
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { advanceOf, matrixOf, type Glyph, type OperatorList } from './pdf-operators.js';
import type { TextRun } from './pdf-text.js';

/** Spacing accents and the combining marks they stand for. */
const MARKS: Record<string, string> = {
  '\u00b4': '\u0301', '`': '\u0300', '\u02c6': '\u0302', '\u00a8': '\u0308', '\u02dc': '\u0303', '\u02c7': '\u030c',
  '\u02d8': '\u0306', '\u02da': '\u030a', '\u02d9': '\u0307', '\u02dd': '\u030b', '\u00af': '\u0304',
  // Marks set under the letter (TeX's \c and \k): a cedilla, an ogonek.
  '\u00b8': '\u0327', '\u02db': '\u0328',
};
const ACCENT = new RegExp(`[${Object.keys(MARKS).join('')}]`, 'u');
const ACCENTS = new RegExp(ACCENT.source, 'gu');
/** A gap narrower than this (in ems) between the glyphs either side of an accent is no space. */
const NO_SPACE_EM = 0.15;

/** The letter with the accent over it, or null where no single letter is (an accent over a digit). */
function compose(accent: string, letter: string): string | null {
  if (!/^\p{L}$/u.test(letter)) return null;
  const composed = (letter + MARKS[accent]).normalize('NFC');
  // Only the accented letters of European alphabets (Latin-1 and Latin Extended-A): a grave
  // backtick before "n" in code is no "ǹ".
  return /^[\u00c0-\u017f]$/u.test(composed) && composed !== letter ? composed : null;
}


/**
 * For each accent the page draws, in content order: whether the glyphs drawn just before and just
 * after it on its line touch (the accent is inside a word) or stand apart (a space before it). Null
 * where it cannot be told (the accent opens a line, or the text is turned). Positions are followed
 * through the text-positioning operators and the transform, in page space; `unitsPerEm` gives each
 * font's glyph units.
 */
export function accentJoins(operators: OperatorList, unitsPerEm: (fontId: string) => number): Array<boolean | null> {
  const joins: Array<boolean | null> = [];
  // Upright text only: a matrix as [scale x, scale y, move x, move y].
  type Matrix = [number, number, number, number];
  let ctm: Matrix = [1, 1, 0, 0], line: Matrix = [1, 1, 0, 0], tm: Matrix = [1, 1, 0, 0];
  let upright = true, size = 1, scale = 0.001, charSpacing = 0, wordSpacing = 0, hScale = 1, leading = 0;
  const saved: Array<{ ctm: Matrix; upright: boolean; state: number[] }> = [];
  // Where the last glyph drawn on this line ends, and an accent waiting for the glyph after it.
  let lastEnd: number | null = null, lastY = NaN;
  let pending: { index: number; before: number | null } | null = null;
  const at = (): [number, number] => [ctm[0] * tm[2] + ctm[2], ctm[1] * tm[3] + ctm[3]];
  const em = () => Math.abs(size * tm[0] * ctm[0]) || 1;
  const setTm = (m: Matrix) => { tm = m; };
  const newLine = () => { lastEnd = null; pending = null; };
  for (let i = 0; i < operators.fnArray.length; i++) {
    const fn = operators.fnArray[i];
    const args = (operators.argsArray[i] ?? []) as unknown[];
    if (fn === OPS.beginText) { line = [1, 1, 0, 0]; setTm(line); }
    else if (fn === OPS.setTextMatrix) {
      const [a, b, c, d, e, f] = matrixOf(args);
      if (Math.abs(b) > 1e-6 || Math.abs(c) > 1e-6 || a <= 0 || d <= 0) upright = false;
      line = [a, d, e, f]; setTm(line);
    } else if (fn === OPS.moveText || fn === OPS.setLeadingMoveText || fn === OPS.nextLine) {
      const [tx, ty] = fn === OPS.nextLine ? [0, -leading] : args as number[];
      if (fn === OPS.setLeadingMoveText) leading = -ty;
      line = [line[0], line[1], line[2] + tx * line[0], line[3] + ty * line[1]]; setTm(line);
    } else if (fn === OPS.transform) {
      const [a, b, c, d, e, f] = matrixOf(args);
      if (Math.abs(b) > 1e-6 || Math.abs(c) > 1e-6 || a <= 0 || d <= 0) upright = false;
      ctm = [ctm[0] * a, ctm[1] * d, ctm[0] * e + ctm[2], ctm[1] * f + ctm[3]];
    } else if (fn === OPS.setLeading) leading = Number(args[0]);
    else if (fn === OPS.setFont) { size = Math.abs(Number(args[1])) || 1; scale = unitsPerEm(String(args[0])); }
    else if (fn === OPS.setCharSpacing) charSpacing = Number(args[0]);
    else if (fn === OPS.setWordSpacing) wordSpacing = Number(args[0]);
    else if (fn === OPS.setHScale) hScale = Number(args[0]) / 100;
    else if (fn === OPS.save) saved.push({ ctm, upright, state: [size, scale, charSpacing, wordSpacing, hScale, leading] });
    else if (fn === OPS.restore) {
      const back = saved.pop();
      if (back) { ctm = back.ctm; upright = back.upright; [size, scale, charSpacing, wordSpacing, hScale, leading] = back.state; }
    } else if (fn === OPS.showText && Array.isArray(args[0])) {
      for (const item of args[0] as Array<Glyph | number | null>) {
        if (typeof item === 'number') { tm = [tm[0], tm[1], tm[2] - (item / 1000) * size * hScale * tm[0], tm[3]]; continue; }
        if (!item) continue;
        const [x, y] = at();
        const unicode = item.unicode ?? '';
        const accent = ACCENT.test(unicode) && [...unicode].length === 1;
        // A move off the line (more than half a letter up or down) starts a new line; an accent is
        // raised over its letter and says nothing of the line.
        if (!accent) {
          if (!(Math.abs(y - lastY) <= em() * 0.5)) newLine();
          lastY = y;
        }
        const advance = advanceOf(item, { size, scale, charSpacing, wordSpacing, hScale }) * tm[0];
        const end = ctm[0] * (tm[2] + advance) + ctm[2];
        if (accent) {
          joins.push(null);
          pending = upright ? { index: joins.length - 1, before: lastEnd } : null;
        } else if (!upright) newLine();
        else if (unicode.trim() !== '') {
          if (pending) {
            joins[pending.index] = pending.before === null ? null : Math.abs(x - pending.before) < NO_SPACE_EM * em();
            pending = null;
          }
          lastEnd = end;
        } else lastEnd = null;
        tm = [tm[0], tm[1], tm[2] + advance, tm[3]];
      }
    }
  }
  return joins;
}

/**
 * Composes accents drawn as glyphs of their own with the letters under them, in place. `joins`
 * (from accentJoins, one per accent in content order, as pdfjs lists runs) says whether a space
 * stands before each; where the counts disagree, the spaces pdfjs put in are kept.
 */
export function composeAccents(runs: TextRun[], joins: Array<boolean | null>): TextRun[] {
  const count = runs.reduce((n, r) => n + (r.text.match(ACCENTS)?.length ?? 0), 0);
  const decided = count === joins.length ? joins : [];
  let next = 0;
  const joinAt = () => decided[next++] ?? null;
  // Accents in run text, each in turn: over the letter after it (in this run or the next on its baseline).
  const out: TextRun[] = [];
  for (let i = 0; i < runs.length; i++) {
    const run = { ...runs[i] };
    let text = '';
    let rest = run.text;
    for (;;) {
      const at = rest.search(ACCENT);
      if (at < 0) { text += rest; break; }
      const accent = rest[at];
      const join = joinAt();
      let before = rest.slice(0, at);
      let after = rest.slice(at + 1);
      const following = runs[i + 1];
      // The accent ends its run: the letter under it opens the next run on the same baseline.
      if (after === '' && following && sameBaseline(run, following) && following.x <= run.x + run.width + run.fontSize * 0.3) {
        const letter = [...following.text][0] ?? '';
        if (compose(accent, letter)) {
          after = following.text;
          run.width = Math.max(run.x + run.width, following.x + following.width) - run.x;
          i++;
        }
      }
      const letter = [...after][0] ?? '';
      const composed = compose(accent, letter);
      if (!composed) {
        // A lone accent raised over a letter of another run is composed there below; any other stays.
        text += before + accent;
        rest = after;
        continue;
      }
      if (join === true) before = before.replace(/\s+$/, '');
      else if (join === false && before !== '' && !/\s$/.test(before)) before += ' ';
      text += before + composed;
      rest = after.slice(letter.length);
    }
    run.text = text;
    out.push(run);
  }
  return composeRaised(out);
}

const sameBaseline = (a: TextRun, b: TextRun) => Math.abs(a.y - b.y) < Math.min(a.fontSize, b.fontSize) * 0.2;

/**
 * A run that is only an accent, set just above a letter of another run (how a capital's accent is
 * raised): composed into that letter, found by where the accent's middle falls along the run.
 */
function composeRaised(runs: TextRun[]): TextRun[] {
  const gone = new Set<TextRun>();
  for (const mark of runs) {
    const accent = mark.text.trim();
    if (accent.length !== 1 || !ACCENT.test(accent)) continue;
    const middle = mark.x + mark.width / 2;
    const under = runs.find((r) => r !== mark && !gone.has(r) && r.x <= middle && middle <= r.x + r.width
      && mark.y <= r.y + 0.5 && r.y - mark.y < r.fontSize * 0.8 && r.text.length > 0);
    if (!under) continue;
    const letters = [...under.text];
    const at = Math.min(letters.length - 1, Math.floor(((middle - under.x) / under.width) * letters.length));
    // The estimate is by average letter width: the letter there or its neighbour that takes the accent.
    for (const k of [at, at - 1, at + 1]) {
      const composed = k >= 0 && k < letters.length ? compose(accent, letters[k]) : null;
      if (composed) { letters[k] = composed; under.text = letters.join(''); gone.add(mark); break; }
    }
  }
  return runs.filter((r) => !gone.has(r));
}
