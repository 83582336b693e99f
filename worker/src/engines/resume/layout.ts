/**
 * Rebuilds reading-order lines and resume sections from positioned text runs: finds a column
 * gutter when the page has two columns, joins runs on the same baseline, keeps the wide gaps
 * (for table detection) and labels the lines under each recognised section heading.
 */
import { UserFacingJobError } from '@craftwell/contracts/handler';
import { hasContactDetail } from './contact-patterns.js';
import { hasDate } from './dates.js';
import { exactHeadingKey, headingWordKey, headingAlsoHolds, HEADING_WORDS, type HeadingKey } from './headings.js';
import { startsWithSpokenLanguage } from './language.js';
import type { PdfPage, PdfText, TextRun } from './pdf-text.js';
import { fontMatches, ICON_FONTS, SCHOOL_OR_DEGREE } from './vocabulary.js';

/** A piece of a line; `fontSize` is its largest letters', `bold` whether all its letters are bold. */
export interface Segment { x: number; text: string; fontSize: number; bold: boolean }

export interface Line {
  page: number;
  text: string;
  x: number;
  /** Right edge of the last run: where the line stops (a wrapped line runs on to the right margin). */
  right: number;
  /** A list marker drawn as a glyph of its own at the start of the line ("▹", "❖", Wingdings "§"), as written. */
  marker?: string;
  /** Baseline from the top of the page, in points. */
  y: number;
  fontSize: number;
  bold: boolean;
  /** Pieces of the line separated by wide gaps (tab stops, right-aligned dates). */
  segments: Segment[];
  /** Left edges of pieces separated by gaps wider than a space (about 0.6 em): table cells. */
  cellStarts: number[];
  column: 'full' | 'left' | 'right';
  pageHeight: number;
  /** Every run is marked as an artifact (page header, footer, page number in tagged PDFs). */
  artifact: boolean;
  /** A running header or footer: repeated at the same edge of several pages. Not part of any section. */
  furniture?: boolean;
  /** Read by OCR from a picture of the page. */
  ocr?: boolean;
  /** A section label split off the front of its line in the margin: a heading by where it stands, whatever its style. */
  marginLabel?: boolean;
}

export interface PageLayout {
  page: number;
  width: number;
  height: number;
  /** x of the gutter when the page is laid out in two columns. */
  gutterX: number | null;
  lines: Line[];
}

export type SectionKey =
  | 'summary' | 'experience' | 'education' | 'skills' | 'projects' | 'certifications'
  | 'awards' | 'languages' | 'volunteering' | 'publications' | 'interests' | 'references';

/** 'other': a heading the review has no advice for (contact block, personal data, links). */
export interface Section { key: SectionKey | 'header' | 'other'; heading: string; lines: Line[]; headingLine?: Line }

export interface ResumeLayout {
  pages: PageLayout[];
  /** All lines in reading order. */
  lines: Line[];
  /** The top part before any heading is 'header' (name, contact details). */
  sections: Section[];
  /**
   * Sections that are there without a heading of their own: named by a sub-heading ("Strengths"
   * under "About me"), given as one labelled row ("Key skills: JS, TS, React"), or joined into
   * another's heading ("Work and Volunteering").
   */
  subsections: SectionKey[];
  /** Text no reader can see, per page and reason. It is left out of every line above. */
  hidden: HiddenText[];
}

/**
 * Text drawn so that no reader sees it: too small to read, or invisibly. (Text outside the page
 * never reaches here: pdfjs leaves it out of the page's text.)
 */
export interface HiddenText { page: number; why: 'tiny' | 'invisible' | 'covered'; text: string }

export const HIDDEN_ONLY_MESSAGE =
  'All the text in this PDF is hidden from a reader (set too small to read, drawn invisibly or covered by a shape), so there is nothing to review. Export your resume with its text visible and upload it again.';

/** Below this size no one can read text (fine print is 5–6 pt): hidden text, as keyword stuffing sets it. */
export const HIDDEN_TEXT_SIZE = 3.5;

/**
 * The one way from the PDF's text to lines: hidden text (and icons' names) are taken out here, so
 * no check, keyword match or model prompt ever reads what a person reading the resume would not.
 */
export function buildLayout(pdf: PdfText): ResumeLayout {
  const hidden: HiddenText[] = [];
  const visible = pdf.pages.map((page) => ({ ...page, runs: page.runs.filter((run) => {
    if (isIconName(run)) return false;
    const why = hiddenReason(run);
    if (!why) return true;
    const same = hidden.find((h) => h.page === page.number && h.why === why);
    if (same) same.text += ` ${run.text.trim()}`;
    else hidden.push({ page: page.number, why, text: run.text.trim() });
    return false;
  }) }));
  if (visible.every((page) => page.runs.length === 0)) throw new UserFacingJobError(HIDDEN_ONLY_MESSAGE, 422);
  const pages = visible.map(layoutPage);
  const lines = pages.flatMap((page) => page.lines);
  markRunningHeadersAndFooters(lines);
  return { pages, lines, ...splitSections(splitMarginLabels(lines.filter((l) => !l.furniture))), hidden };
}

/**
 * An icon drawn from an icon font's ligature reads as the icon's name ("cogs", "users",
 * "calendar-days" before a heading): it is an icon, not a word of the line it stands on.
 */
const isIconName = (run: TextRun) => /^[a-z][a-z0-9-]{2,}$/.test(run.text.trim()) && fontMatches(run.font, ICON_FONTS);

function hiddenReason(run: TextRun): HiddenText['why'] | null {
  if (run.invisible) return 'invisible';
  if (run.covered) return 'covered';
  // OCR sizes are estimates from letter heights; OCR reads only what is visible anyway.
  return run.font !== 'OCR' && run.fontSize < HIDDEN_TEXT_SIZE ? 'tiny' : null;
}

/**
 * Section labels in a left margin column, on the first line of their section ("EDUCATION   Ph.D.,
 * …", as many academic CV classes set them): a line whose first piece names a section, in capitals
 * or bold, in the margin (at the page's left edge, or well left of the text) and set apart from the
 * rest of the line, is that heading and then the rest. A label too long for the margin wraps onto the next line ("VOLUNTEER" over "WORK"): two
 * labels that name a section together are that one heading, also with the text's own lines between them.
 */
function splitMarginLabels(lines: Line[]): Line[] {
  // The margin: left of where a page's text is set (the left edge most of its lines start at);
  // labels stand there flush left at the page's edge, or flush right against the text.
  const edges = new Map<number, { leftEdge: number; textEdge: number }>();
  for (const page of new Set(lines.map((l) => l.page))) {
    const starts = new Map<number, number>();
    for (const l of lines) if (l.page === page) starts.set(Math.round(l.x), (starts.get(Math.round(l.x)) ?? 0) + 1);
    const textEdge = [...starts].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
    edges.set(page, { leftEdge: Math.min(...lines.filter((l) => l.page === page).map((l) => l.x)), textEdge });
  }
  const labels = lines.map((line) => marginLabel(line, edges.get(line.page)!));
  // Where two labels or more name sections exactly, a label in their style (case, weight and size)
  // with a heading word in it is a section label too ("CURSOS LIVRES" among "HABILIDADES" and
  // "ESCOLARIDADE"): the margin's labels are one style.
  const labelStyle = (label: Segment) => `${isCaps(label.text)}|${label.bold}|${Math.round(label.fontSize * 2)}`;
  const named = labels.filter((l): l is NonNullable<typeof l> => !!l && l.rest.length > 0 && exactHeadingKey(l.label.text) !== null);
  const namedStyles = new Set(named.length >= 2 ? named.map((l) => labelStyle(l.label)) : []);
  const knownName = (label: Segment, name: string) => exactHeadingKey(name) !== null || (namedStyles.has(labelStyle(label)) && headingWordKey(name) !== null);
  const out: Line[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i], here = labels[i];
    if (!here) { out.push(line); continue; }
    // The label's next line: the next label below it in the margin, within two and a half lines;
    // the text's own lines may stand between (a label set smaller, centred on its entry's lines).
    let j = i + 1;
    while (j < lines.length && !labels[j] && lines[j].page === line.page && lines[j].y - line.y < 2.5 * line.fontSize) j++;
    const next = lines[j], below = labels[j];
    const wraps = below && next.page === line.page && next.y - line.y < 2.5 * line.fontSize && (j === i + 1 || Math.abs(next.x - line.x) <= 3)
      && exactHeadingKey(`${here.label.text} ${below.label.text}`) !== null;
    const name = wraps ? `${here.label.text} ${below.label.text}` : here.label.text;
    if (!wraps && (here.rest.length === 0 || !knownName(here.label, name))) { out.push(line); continue; }
    out.push({ ...line, text: name, fontSize: here.label.fontSize, marginLabel: true, right: (here.rest[0]?.x ?? line.right + line.fontSize) - line.fontSize, segments: [{ ...here.label, text: name }], cellStarts: [here.label.x], marker: undefined });
    const bodyLine = (part: Line, body: Segment[]) => {
      if (body.length) out.push({ ...part, text: body.map((s) => s.text).join('  '), x: body[0].x, fontSize: Math.max(...body.map((s) => s.fontSize)), segments: body, cellStarts: part.cellStarts.filter((x) => x >= body[0].x) });
    };
    bodyLine(line, here.rest);
    if (!wraps) continue;
    out.push(...lines.slice(i + 1, j));
    bodyLine(next, below.rest);
    i = j;
  }
  return out;
}

/** A heading's size: a fifth larger than the text it stands over or beside, or more. */
const HEADING_SCALE = 1.2;

/**
 * A line's first piece as a margin label, in capitals or bold, starting in the margin, with what
 * follows it: the line's other pieces, or the words (or list item) a label in capitals runs into
 * ("PUBLICATIONS Conferences", "EDUCATION BSc Economics   2019", "EXPERIENCE • Built …").
 */
function marginLabel(line: Line, { leftEdge, textEdge }: { leftEdge: number; textEdge: number }): { label: Segment; rest: Segment[] } | null {
  // At the page's edge, or set flush right against the text: then well left of it (three ems), not
  // a heading set a little out from the text.
  const atEdge = line.x <= leftEdge + 3;
  if (line.column === 'right' || (!atEdge && line.x > textEdge - 3 * line.fontSize)) return null;
  let [label, ...rest] = line.segments;
  if (!label) return null;
  // A small joining word before more capitals is the label's own ("EXPERIENCE and PROJECTS").
  const caps = /^(\p{Lu}[\p{Lu}&/ ]*\p{Lu})\s+(?!\p{Ll}{1,3}\s+\p{Lu}{2,}(?:\s|$))(?=(?:[^\p{L}\p{N}\s]\s*)?\p{Lu}*\p{Ll})/u.exec(label.text);
  if (caps) {
    // Where the run-together words start, estimated from the piece's share of the line's characters.
    const pieceRight = rest.length ? rest[0].x - 2 * line.fontSize : line.right;
    const width = (pieceRight - label.x) * (caps[0].length / label.text.length);
    rest = [{ ...label, x: label.x + width, text: label.text.slice(caps[0].length) }, ...rest];
    label = { ...label, text: caps[1] };
  }
  // Away from the page's edge only a label in capitals, or one set larger than the text beside it:
  // a bold name set out from the text beside another of its size is as often a row of two headings
  // ("Languages      Activities and more").
  const larger = rest.length > 0 && label.fontSize >= HEADING_SCALE * Math.max(...rest.map((s) => s.fontSize));
  // At the page's edge, a label in any style whose line goes on where most of the page's lines
  // start: the page's text is set in from its edge, and the label stands in that margin.
  const inMarginColumn = atEdge && rest.length > 0 && Math.abs(rest[0].x - textEdge) <= 3;
  return isCaps(label.text) || (atEdge && label.bold) || larger || inMarginColumn ? { label, rest } : null;
}

/** Lines near the top or bottom edge whose text (page numbers aside) recurs on another page. */
function markRunningHeadersAndFooters(lines: Line[]): void {
  const nearEdge = (l: Line) => l.y < 50 || l.y > l.pageHeight - 60;
  const key = (l: Line) => l.text.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
  const edge = lines.filter(nearEdge);
  for (const line of edge) {
    if (edge.some((o) => o.page !== line.page && key(o) === key(line))) line.furniture = true;
  }
}

function layoutPage(page: PdfPage): PageLayout {
  const columns = findColumns(page);
  const build = (runs: TextRun[], column: Line['column']) => joinLines(runs, column, page);
  const base = { page: page.number, width: page.width, height: page.height };
  if (columns === null) return { ...base, gutterX: null, lines: build(page.runs, 'full') };
  const { gutterX, top } = columns;
  const inColumns = (r: TextRun) => r.y > top + 1 && !isFooter(r, page) && !crosses(r, gutterX);
  const above = page.runs.filter((r) => !inColumns(r) && r.y <= top + 1);
  const below = page.runs.filter((r) => !inColumns(r) && r.y > top + 1);
  return {
    ...base, gutterX,
    lines: [
      ...build(above, 'full'),
      ...build(page.runs.filter((r) => inColumns(r) && r.x + r.width / 2 < gutterX), 'left'),
      ...build(page.runs.filter((r) => inColumns(r) && r.x + r.width / 2 >= gutterX), 'right'),
      ...build(below, 'full'),
    ],
  };
}

const crosses = (r: TextRun, x: number) => r.x < x - 1 && r.x + r.width > x + 1;
/** Type half as large again, or more: another piece of the page, not the same line's text. */
const SIZE_CHANGE = 1.5;
/** Type this much larger than the text after it on its line is set apart (PDF sizes are exact: a half point at body size is chosen). */
const RUN_IN_STEP = 1.04;

/** The least share of a page's text that two columns hold when they are the page's layout. */
export const COLUMN_TEXT_SHARE = 0.4;
/** The least share of the text a sidebar with rows of its own holds (a column without rows of its own needs 0.15). */
const SIDEBAR_SHARE = 0.05;

/** Page footers (page numbers, a repeated address line) may span the columns. */
const isFooter = (r: TextRun, page: PdfPage) => r.y > page.height * 0.93;
const chars = (list: TextRun[]) => list.reduce((n, r) => n + r.text.length, 0);

/**
 * Two columns: a vertical band in the middle half of the page that no text crosses below some
 * height (a name, a title or an intro paragraph may span the page above it), with plenty of text
 * on both sides at the same heights. Right-aligned dates in a one-column resume do not qualify:
 * the bullets cross every candidate band down to the bottom of the page.
 */
function findColumns(page: PdfPage): { gutterX: number; top: number } | null {
  // A list marker drawn as a run of its own is not text: a gutter between markers and their items
  // would make a bulleted list two columns.
  const runs = page.runs.filter((r) => !isFooter(r, page) && !/^[^\p{L}\p{N}]$/u.test(r.text.trim()));
  const total = chars(runs);
  if (runs.length < 10 || total === 0) return null;
  // A colon drawn as a run of its own is not a list marker: it is read with the runs, unfiltered.
  const rows = labelValueRows(page.runs.filter((r) => !isFooter(r, page)));
  const candidates: Array<{ x: number; top: number; score: number }> = [];
  for (let x = page.width * 0.25; x <= page.width * 0.75; x += 2) {
    const top = Math.max(-1, ...runs.filter((r) => crosses(r, x)).map((r) => r.y), ...rows.filter((r) => crosses(r, x)).map((r) => r.y));
    const below = runs.filter((r) => r.y > top + 1);
    const belowChars = chars(below);
    if (belowChars < total * COLUMN_TEXT_SHARE) continue;
    const sides = [below.filter((r) => r.x + r.width <= x + 1), below.filter((r) => r.x >= x - 1)].sort((a, b) => chars(a) - chars(b));
    const score = chars(sides[0]);
    if (score >= belowChars * 0.15 || (score >= belowChars * SIDEBAR_SHARE && isSidebar(sides[0], sides[1]))) candidates.push({ x, top, score });
  }
  // Each band of equally good candidates, best first; its gutter is the band's middle. A band whose
  // columns are labels read across gives way to the next (a sidebar left of a column of dates
  // beside the entries: the dates' gutter is no layout, the sidebar's is).
  const bands = new Map<string, Array<(typeof candidates)[number]>>();
  for (const c of candidates) bands.set(`${c.top}|${c.score}`, [...(bands.get(`${c.top}|${c.score}`) ?? []), c]);
  for (const band of [...bands.values()].sort((a, b) => b[0].score - a[0].score)) {
    const best = { ...band[0], x: (band[0].x + band[band.length - 1].x) / 2 };
    const below = runs.filter((r) => r.y > best.top + 1);
    const left = below.filter((r) => r.x + r.width <= best.x + 1);
    const right = below.filter((r) => r.x >= best.x - 1);
    const rowCount = (list: TextRun[]) => new Set(list.map((r) => Math.round(r.y / 4))).size;
    if (rowCount(left) < 5 || rowCount(right) < 5) return null;
    // Side by side, not one block above the other.
    const span = (list: TextRun[]) => [Math.min(...list.map((r) => r.y)), Math.max(...list.map((r) => r.y))] as const;
    const [lt, lb] = span(left), [rt, rb] = span(right);
    const overlap = Math.min(lb, rb) - Math.max(lt, rt);
    if (overlap < 0.4 * Math.min(lb - lt, rb - rt)) return null;
    if (isLabelColumn(left, right) || (isLabelColumn(right, left) && flushRight(right)) || pairedRows(left, right) || labelsSetAgainstValues(left, right) || labelledValues(left, right) || sectionsAcross(left, right)) continue;
      return { gutterX: best.x, top: best.top };
  }
  return null;
}

/**
 * Rows that read across whatever gap they hold: a value opening with a colon continues the label
 * on its left on the same baseline ("Date of Birth      : 26/09/1999"). Each is returned as one
 * span from the label's left edge to the value's right edge.
 */
function labelValueRows(runs: TextRun[]): TextRun[] {
  return runs.filter((r) => r.text.trimStart().startsWith(':')).flatMap((value) => {
    const label = runs.filter((l) => l !== value && Math.abs(l.y - value.y) < 2 && l.x + l.width <= value.x + 1)
      .reduce<TextRun | null>((a, l) => (!a || l.x > a.x ? l : a), null);
    return label ? [{ ...value, x: label.x, width: value.x + value.width - label.x }] : [];
  });
}

/**
 * A column of labels beside the text they label (dates, "Birthday", "Languages" set row by row
 * against the entries, as Word tables and many CV templates set them; on the right, job titles and
 * dates set flush right on the entries' rows) is one column read across, not two: at least two
 * thirds of its rows sit on a row of the other column, and it holds less than half as much text. A
 * sidebar has rows of its own and text of its own; notes beside the text, set ragged on the right,
 * are a column however they line up. Only rows beside the text count: a contact line above it or
 * a list below it stands beside nothing.
 */
function isLabelColumn(labels: TextRun[], text: TextRun[]): boolean {
  const textRows = rowsOf(text);
  const [first, last] = [Math.min(...textRows), Math.max(...textRows)];
  const labelRows = rowsOf(labels).filter((y) => y >= first - 2 && y <= last + 2);
  return labelRows.length > 0 && onRowsOf(labelRows, textRows, LABEL_ROW_OFFSET) >= (2 / 3) * labelRows.length && chars(labels) < 0.5 * chars(text);
}

/**
 * A thin sidebar (contact details, a few skills and languages): ten rows or more, at most a third
 * of them on a row of the other side; or five or more so, half of them contact details. Labels
 * beside their values, dates beside entries, sit on the values' rows. A shorter one, whose rows may meet the other side's as often as not, is a sidebar
 * when it stands under a section heading of its own beside a side with two: margin labels head
 * no sections on both sides (and labels on their values' rows are still read across, by the
 * tests the gutter's band goes through after this one).
 */
function isSidebar(narrow: TextRun[], wide: TextRun[]): boolean {
  const rows = rowsOf(narrow);
  const ownRows = onRowsOf(rows, rowsOf(wide)) <= rows.length / 3;
  if (rows.length >= 10 && ownRows) return true;
  // A contact column (the name, then a phone number, an e-mail address and links, one to a row)
  // is a sidebar however short: an ATS reading across puts those details among the entries.
  if (rows.length >= 5 && ownRows && rows.filter((y) => hasContactDetail(rowText(narrow, y))).length >= rows.length / 2) return true;
  const named = (list: TextRun[]) => rowsOf(list).filter((y) => exactHeadingKey(rowText(list, y)) !== null).length;
  return rows.length >= 6 && named(narrow) >= 1 && named(wide) >= 2;
}

/**
 * How far (in points) a label's baseline may stand from its entry's and still be on its row:
 * labels set in smaller type than the entry beside them are often set a little off its baseline.
 */
const LABEL_ROW_OFFSET = 2.5;

/** The text of a side's runs on one baseline (rounded as `rowsOf` rounds it), and its words. */
const rowText = (list: TextRun[], y: number) => list.filter((run) => Math.round(run.y) === y).map((run) => run.text).join(' ').trim();
const wordsOnRow = (list: TextRun[], y: number) => rowText(list, y).split(/\s+/).length;

/** The baselines a side's runs stand on. */
const rowsOf = (list: TextRun[]) => [...new Set(list.map((r) => Math.round(r.y)))];
/** The usual distance from one of a side's rows (sorted) to the next: the median. */
function rowStep(sorted: number[]): number {
  const gaps = sorted.slice(1).map((y, i) => y - sorted[i]!).sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)]!;
}
/** How many of `rows` sit on one of `other` (within 1.5 pt). */
const onRowsOf = (rows: number[], other: number[], within = 1.5) => rows.filter((y) => other.some((o) => Math.abs(o - y) <= within)).length;

/**
 * A table of two columns read across (labels and their values, skills and their levels, as Word
 * and design tools set a CV): the left side holds short labels, nearly every row of each side sits
 * on a row of the other. A sidebar set on the main column's rows holds lines of prose; columns set
 * side by side otherwise keep rows of their own.
 */
function pairedRows(left: TextRun[], right: TextRun[]): boolean {
  const [l, r] = [rowsOf(left), rowsOf(right)];
  const labels = l.filter((y) => wordsOnRow(left, y) <= LABEL_WORDS).length;
  return l.length >= 8 && r.length >= 8 && labels >= 0.8 * l.length && onRowsOf(l, r) >= 0.85 * l.length && onRowsOf(r, l) >= 0.85 * r.length;
}

/**
 * A table of labels and values whose values may go on over several rows, as a German
 * "tabellarischer Lebenslauf" and many Word CVs are set: each left row is a label or a date beside
 * the first row of its value, or a heading standing alone between the rows (no right row within a
 * line of it); each right row is a value's first row beside its label or goes on from the row just
 * above it; half the right rows or more stand beside a label. A sidebar's rows sit between the
 * main column's rows, beside text but on no row of it.
 */
function labelledValues(left: TextRun[], right: TextRun[]): boolean {
  const byY = (a: number, b: number) => a - b;
  const [l, r] = [rowsOf(left).sort(byY), rowsOf(right).sort(byY)];
  if (l.length < 5 || r.length < 5) return false;
  const step = rowStep(r);
  const isLabel = (y: number) => wordsOnRow(left, y) <= LABEL_WORDS || (hasDate(rowText(left, y)) && wordsOnRow(left, y) <= DATE_LABEL_WORDS);
  const beside = (y: number) => r.some((o) => Math.abs(o - y) <= LABEL_ROW_OFFSET);
  const alone = (y: number) => !r.some((o) => Math.abs(o - y) < 1.2 * step);
  if (!l.every((y) => (beside(y) && isLabel(y)) || alone(y))) return false;
  const labelled = r.filter((y) => l.some((o) => Math.abs(o - y) <= LABEL_ROW_OFFSET));
  const goesOn = (y: number, i: number) => i > 0 && y - r[i - 1]! <= 1.2 * step;
  return labelled.length >= 5 && labelled.length >= r.length / 2 && r.every((y, i) => labelled.includes(y) || goesOn(y, i));
}

/**
 * Sections set across the page with their entries two by two in a grid under each heading (skills
 * or certificates as blocks of a name and a line or two about it): two headings or more stand at
 * the left margin alone, with no row of the right side within one and a half lines of them, and
 * the right side holds no heading; most of its rows sit on rows of the left side, as a grid's
 * blocks do. Two columns each carry headings of their own; a sidebar's headings stand beside the
 * main column's running text; notes in a margin beside headed entries stand left of the headings.
 */
function sectionsAcross(left: TextRun[], right: TextRun[]): boolean {
  const [l, r] = [rowsOf(left), rowsOf(right).sort((a, b) => a - b)];
  const headings = l.filter((y) => headingKey(rowText(left, y)) !== null);
  if (headings.length < 2 || r.length < 5 || r.some((y) => headingKey(rowText(right, y)) !== null)) return false;
  const step = rowStep(r);
  const alone = (y: number) => !r.some((o) => Math.abs(o - y) < 1.5 * step);
  return headings.every(alone) && onRowsOf(r, l) >= 0.5 * r.length;
}

/** The most words a date set as a label holds ("September 2021 – Juli 2022", "19 Oktober – 20 Oktober 2021"). */
const DATE_LABEL_WORDS = 6;

/**
 * Labels set flush right against their values, as Europass and many CV templates set them: four
 * fifths of the left rows end at one edge, and nearly every row of the right side stands on a row
 * of a label (a label may run over two rows, "Company" over its dates; a value has no rows of its
 * own). A sidebar set flush right beside the main column leaves the main column rows of its own.
 */
function labelsSetAgainstValues(left: TextRun[], right: TextRun[]): boolean {
  const valueRows = rowsOf(right);
  return flushRight(left) && onRowsOf(valueRows, rowsOf(left)) >= 0.95 * valueRows.length;
}

/** The most words a table's label holds ("Company name:", "Adobe Photoshop"). */
const LABEL_WORDS = 3;

/** Four fifths of the rows end at one right edge: text set flush right, as tab stops set dates. */
function flushRight(runs: TextRun[]): boolean {
  const rowEnds = new Map<number, number>();
  for (const r of runs) rowEnds.set(Math.round(r.y), Math.max(rowEnds.get(Math.round(r.y)) ?? 0, r.x + r.width));
  const edge = Math.max(...rowEnds.values());
  return [...rowEnds.values()].filter((end) => end >= edge - 2).length >= 0.8 * rowEnds.size;
}

function joinLines(runs: TextRun[], column: Line['column'], page: PdfPage): Line[] {
  const sorted = [...runs].sort((a, b) => a.y - b.y || a.x - b.x);
  const baselines: TextRun[][] = [];
  for (const run of sorted) {
    const group = baselines[baselines.length - 1];
    if (group && Math.abs(group[0].y - run.y) <= Math.max(2, 0.45 * Math.min(group[0].fontSize, run.fontSize))) group.push(run);
    else baselines.push([run]);
  }
  const bodySize = commonSize(page.runs);
  return baselines.flatMap(splitBaseline).map((group) => {
    group.sort((a, b) => a.x - b.x);
    const segments: Segment[] = [];
    // Whether each segment has letters yet: only letters' type says whether it is bold.
    const lettered = new Map<Segment, boolean>();
    const cellStarts: number[] = [];
    let text = '';
    let previous: TextRun | null = null;
    const marker = group.length > 1 && isMarkerGlyph(group[0], group[1]) ? group[0].text.trim() : undefined;
    for (const run of group) {
      const gap = previous ? run.x - (previous.x + previous.width) : Infinity;
      if (gap > 0.6 * run.fontSize) cellStarts.push(run.x);
      const letters = /\p{L}/u.test(run.text), bold = isBold(run);
      const last = segments[segments.length - 1];
      // A marker hangs in the indent: however wide the gap after it, the item's text is the same piece.
      // A gap wider than a space where bold type turns plain parts a label from its value.
      // So does one after a section's name set a fifth larger than the page's text and the text
      // after it: a heading with its first entry run in beside it ("Publications  1. Lim, …").
      // At the line's start any gap does where the type turns smaller after a section's name: the
      // heading in its own size with its first entry's title run in after a space. (A note in
      // brackets after it, "SPRACHEN (mündlich und schriftlich)", is the heading's own.)
      const nameBefore = !!last && exactHeadingKey(last.text) !== null && ((gap > 0.6 * run.fontSize && last.fontSize >= HEADING_SCALE * Math.max(run.fontSize, bodySize))
        || (segments.length === 1 && letters && run.font !== 'OCR' && last.fontSize >= RUN_IN_STEP * run.fontSize && !/^\s*[([]/.test(run.text)));
      // So does one where the words' type changes size by half or more: a contact line in small
      // type beside a profile set large shares its baseline, not its piece. (An icon is often set
      // larger than the words it marks: it stays with them.)
      const words = (r: TextRun) => /\p{L}/u.test(r.text) && !fontMatches(r.font, ICON_FONTS);
      const smaller = previous ? Math.min(previous.fontSize, run.fontSize) : run.fontSize;
      const resized = !!previous && words(previous) && words(run) && gap > 0.6 * smaller && Math.max(previous.fontSize, run.fontSize) >= SIZE_CHANGE * smaller;
      const apart = gap > 2 * run.fontSize || (gap > 0.6 * run.fontSize && letters && last?.bold && !bold) || nameBefore || resized;
      if (!previous || (apart && !(marker && previous === group[0]))) {
        segments.push({ x: run.x, text: collapseLetterSpacing(run.text.trim()), fontSize: run.fontSize, bold: letters && bold });
        lettered.set(segments[segments.length - 1], letters);
      } else {
        const join = gap > 0.15 * run.fontSize && !/\s$/.test(last.text) ? ' ' : '';
        last.text += join + collapseLetterSpacing(run.text.trim());
        last.fontSize = Math.max(last.fontSize, run.fontSize);
        // Bold when every piece with letters is: marks and digits between them say nothing.
        if (letters) { last.bold = (lettered.get(last) ? last.bold : true) && bold; lettered.set(last, true); }
      }
      previous = run;
    }
    text = segments.map((s) => s.text).join('  ');
    const fontSize = Math.max(...group.map((r) => r.fontSize));
    const letters = group.filter((r) => /\p{L}/u.test(r.text));
    return {
      page: page.number, text, x: group[0].x, right: Math.max(...group.map((r) => r.x + r.width)), y: group[0].y, fontSize,
      ...(marker ? { marker } : {}),
      bold: letters.length > 0 && letters.every(isBold),
      segments, cellStarts, column, pageHeight: page.height,
      artifact: group.every((r) => r.artifact),
      ...(group.every((r) => r.font === 'OCR') ? { ocr: true } : {}),
    };
  });
}

/**
 * Text on one baseline is one line, with two exceptions. A wide gap between runs of very different
 * sizes parts them: a section label set large in the margin beside an entry, or a large name beside
 * small contact details, is a line of its own. And two section names side by side with a gap
 * between them are two headings (a sidebar's and the main column's, on one baseline).
 */
function splitBaseline(group: TextRun[]): TextRun[][] {
  const byX = [...group].sort((a, b) => a.x - b.x);
  const parts: TextRun[][] = [];
  for (const run of byX) {
    const part = parts[parts.length - 1];
    const last = part?.[part.length - 1];
    const small = last ? Math.min(last.fontSize, run.fontSize) : 0;
    const apart = last && run.x - (last.x + last.width) > 2 * small && Math.max(last.fontSize, run.fontSize) >= SIZE_CHANGE * small;
    if (part && !apart) part.push(run);
    else parts.push([run]);
  }
  return parts.flatMap(splitHeadingPair);
}

const textOf = (runs: TextRun[]) => runs.map((r) => r.text.trim()).join(' ');

function splitHeadingPair(runs: TextRun[]): TextRun[][] {
  for (let k = 1; k < runs.length; k++) {
    const gap = runs[k].x - (runs[k - 1].x + runs[k - 1].width);
    if (gap < 0.8 * Math.min(runs[k].fontSize, runs[k - 1].fontSize)) continue;
    const left = runs.slice(0, k), right = runs.slice(k);
    if (exactHeadingKey(textOf(left)) !== null && exactHeadingKey(textOf(right)) !== null) return [left, right];
  }
  return [runs];
}

/** Fonts whose letters draw list markers: Word's Wingdings "§" is a square, its Courier New "o" a ring. */
const MARKER_FONT = /^(symbol|wingdings|webdings|zapfdingbats|dingbats|opensymbol|couriernew|courier|fontawesome|fa-|materialicons|academicons)/i;

/**
 * A list marker set as a run of its own before the item's text: one character that is not a letter,
 * digit or an opening bracket, quote or currency sign (those start text), or any one character in a
 * font that draws markers, while the text after it is in another font.
 */
function isMarkerGlyph(run: TextRun, next: TextRun): boolean {
  const glyph = run.text.trim();
  if ([...glyph].length !== 1 || next.x < run.x + run.width - 0.5) return false;
  if (/[\p{L}\p{N}([{“"'‘$€£¥#@&%]/u.test(glyph)) return run.font !== next.font && MARKER_FONT.test(run.font.replace(/[\s_]/g, ''));
  return true;
}

/**
 * Letter-spaced text ("P a s s i o n n é", as Canva and Illustrator draw tracked headings) comes out
 * of pdfjs with a space after every letter: four or more single letters in a row are one word
 * (a double space still separates words). A pair the font kerns tight stays joined ("I VA N K R Y
 * L O V"): pieces of two letters count among them while two thirds are single letters.
 */
export function collapseLetterSpacing(text: string): string {
  return text.replace(/(?<![\p{L}\p{N}])\p{L}{1,2}(?: \p{L}{1,2}){3,}(?![\p{L}\p{N}])/gu, (run) => {
    const pieces = run.split(' ');
    if (pieces.filter((p) => [...p].length === 1).length >= (2 / 3) * pieces.length) return pieces.join('');
    return run.replace(/(?<![\p{L}\p{N}])\p{L}(?: \p{L}){3,}(?![\p{L}\p{N}])/gu, (letters) => letters.replace(/ /g, ''));
  });
}

/** Bold faces whose names do not say "Bold": TeX's bold extended (CMBX, SFBX, LMRomanDemi). */
const BOLD_FONT = /^(cmbx|sfbx|cmb\d|ecbx|lmroman\d*-?(demi|bold))|bold|black|heavy|semibold|demi/i;
const isBold = (r: TextRun) => r.bold || BOLD_FONT.test(r.font);

/**
 * The section a line of text heads, judged from its words alone: a known heading name in any
 * supported language, or a short emphasised (bold or all-capitals) line with a heading word.
 */
export function headingKey(text: string, emphasised = false): HeadingKey | null {
  return exactHeadingKey(text) ?? (emphasised || isCaps(text) ? headingWordKey(text) : null);
}

interface HeadingStyle { size: number; bold: boolean; caps: boolean; colon: boolean }

/**
 * A heading's name without a remark in brackets after it ("PROJECTS (if you have no experience
 * yet)") and without a rule typed after it ("Experience______", "EDUCATION -------").
 */
const headingName = (text: string) => {
  const name = text.replace(TYPED_RULE, '');
  return name.replace(/\s*[(（][^()（）]*[)）]?\s*$/u, '').trim() || name.trim();
};
/** A line typed out of one drawing character after a heading (underscores, dashes, box lines), or a leader of dots. */
const TYPED_RULE = /\s*(?:([_=~\-–—─━═‾])\1{2,}|(?:\s?[.·…]){4,})\s*$/u;
/**
 * Set in capitals. A name in capitals may keep the short words joining its parts small
 * ("EXPERIENCIA LABORAL y ACADÉMICA", "SKILLS and TOOLS"): between words in capitals they do not count.
 */
const isCaps = (text: string) => {
  const words = text.split(/\s+/);
  const joining = (w: string, i: number) => /^\p{Ll}{1,3}$/u.test(w) && i > 0 && i < words.length - 1;
  const letters = words.filter((w, i) => !joining(w, i)).join('').replace(/[^\p{L}]/gu, '');
  return letters.length > 2 && letters === letters.toUpperCase();
};
const styleOf = (line: Line, name: string): HeadingStyle => ({ size: line.fontSize, bold: line.bold, caps: isCaps(name), colon: /:\s*$/.test(name) });
/**
 * A heading with a short note after its colon ("Experience: 4 Years", "Education: two degrees"):
 * the known name up to and with the colon, or null. A list after the colon (commas, semicolons) is
 * a labelled row, not a note.
 */
function notedHeading(text: string): string | null {
  const match = /^([^:：]{2,40}[:：])\s*([^:：,;|]+)$/u.exec(text.trim());
  return match && match[2].trim().split(/\s+/).length <= NOTE_WORDS && exactHeadingKey(match[1]) !== null ? match[1] : null;
}
/** The most words a note after a heading's colon holds. */
const NOTE_WORDS = 3;
const LIST_MARK = /^\s*([•●▪■◦‣∙·○►▸✓✔➢➤➔→–—*+\uF0B7\uF0A7\uF076\uF0D8\uF0FC-]|\d+[.)])\s/u;
const unmarked = (l: Line) => l.text.replace(LIST_MARK, '').trim();
/** A line's list mark, numbers as one ("1." and "2." are the same mark). */
const markOf = (l: Line) => LIST_MARK.exec(l.text)?.[1]?.replace(/\d+/, '#');

/**
 * Headings: a short line on its own that names a section in one of the supported languages, or
 * has a heading word and the look of the other headings (size, weight, capitals, trailing colon),
 * or — once two or more named headings set the style — any short line in exactly that style.
 */
/** A section's number before its name: "6 ", "2. ", "3.1 ". */
const SECTION_NUMBER = /^\s*\d{1,2}(?:\.\d{1,2})*\.?\s+(?=\p{L})/u;

function splitSections(lines: Line[]): { sections: Section[]; subsections: SectionKey[] } {
  const bodySize = commonSize(lines);
  // A heading may wear a mark before it ("+ EDUCATION", "➢ Ausbildung", "1. PROJECTS"): where two
  // lines after one mark name sections, the lines after that mark are heading candidates (the
  // heading rules below decide), not list items.
  const namesAfterMark = lines.filter((l) => l.segments.length === 1 && LIST_MARK.test(l.text) && exactHeadingKey(unmarked(l)) !== null).map(markOf);
  const decorations = new Set(namesAfterMark.filter((mark, i) => namesAfterMark.indexOf(mark) !== i));
  const decorated = (l: Line) => decorations.has(markOf(l));
  const listItem = (l: Line) => LIST_MARK.test(l.text) && !decorated(l);
  // Each line's name as a heading and the line after it, worked out once.
  const names = new Map(lines.map((l) => [l, headingName(l.text)]));
  const nameOf = (l: Line) => names.get(l)!;
  const nextLine = new Map(lines.map((l, i) => [l, lines[i + 1]]));
  const style = (l: Line) => styleOf(l, nameOf(l));
  const standsOut = (l: Line) => { const st = style(l); return st.bold || st.size > bodySize + 0.5 || st.caps || st.colon; };
  // A contact detail is never a heading, however it is set (an icon's size can match the headings').
  const candidate = (l: Line) => l.segments.length === 1 && !listItem(l) && nameOf(l).length <= 60 && !hasContactDetail(l.text);
  const allNamed = lines.filter((l) => candidate(l) && exactHeadingKey(nameOf(l)) !== null && standsOutOrAlone(l, lines, standsOut));
  // A named line smaller than its column's headings is a sub-heading ("Coursework" under
  // Education). Per column: a sidebar may set its headings larger than the main column's.
  const mainSize = new Map<Line['column'], number>();
  for (const column of new Set(allNamed.map((l) => l.column))) mainSize.set(column, headingSize(allNamed.filter((l) => l.column === column)));
  // OCR sizes are estimates from letter heights: too rough to tell a sub-heading by.
  const ocr = lines.every((l) => l.ocr);
  const named = allNamed.length >= 3 && !ocr ? allNamed.filter((l) => l.fontSize >= 0.93 * mainSize.get(l.column)!) : allNamed;
  const styles = named.map(style);
  const sameStyleAs = (t: HeadingStyle) => styles.some((s) => Math.abs(s.size - t.size) < 0.3 && s.bold === t.bold && s.caps === t.caps && s.colon === t.colon);
  const sameStyle = (l: Line) => sameStyleAs(style(l));
  const keyOf = (l: Line): HeadingKey | null => {
    if (!candidate(l)) return null;
    if (named.includes(l)) return exactHeadingKey(nameOf(l));
    // Where the named headings end in a colon, one of them with a short note after its colon, set
    // in their style, heads its section; it does not set the style (a label's row could).
    const noted = notedHeading(nameOf(l));
    if (noted && styles.some((st) => st.colon) && sameStyleAs(styleOf(l, noted))) return exactHeadingKey(noted);
    const word = headingWordKey(nameOf(l));
    if (word && (styles.length ? sameStyle(l) : standsOut(l))) return word;
    // At the named headings' size, when that size is far from body text, a heading word heads its
    // section whatever its case ("Other Relevant Experience" among headings in capitals).
    if (word && styles.some((st) => st.size >= HEADING_SCALE * bodySize && Math.abs(st.size - style(l).size) < 0.3)) return word;
    // A column with no named heading of its own (a sidebar beside the main column) sets its headings
    // in its own style: there a heading word standing out is a heading.
    if (word && l.column !== 'full' && standsOut(l) && !named.some((n) => n.page === l.page && n.column === l.column)) return word;
    // Unnamed headings only where the heading style is distinctive (larger, capitals or a colon —
    // bold alone is how many resumes set company names) and not over an entry's dated line, unless
    // the named headings themselves stand over dated lines (then a date says nothing).
    // Sizes and weights read by OCR are estimates: an unnamed line is never a heading by its look there.
    if (ocr) return null;
    const distinctive = styles.some((st) => st.size > bodySize + 0.5 || st.caps || st.colon);
    // A section's number before its name ("6 Other Activities", "2.") is no digit of the name.
    const bare = (decorated(l) ? headingName(unmarked(l)) : nameOf(l)).replace(SECTION_NUMBER, '');
    const plain = sameStyle(l) && !/\d/.test(bare) && bare.split(/\s+/).length <= HEADING_WORDS;
    if (styles.length >= 2 && distinctive && plain && (headingsOverDates || !nextHasDate(l))) return 'other';
    // Bold at body size says nothing alone (entries set their titles so too); the space under the
    // named headings does when they all share one clearly wider than a line.
    if (styles.length >= 2 && plain && headingGap && within(gapAfter(l), headingGap)) return 'other';
    // One named heading sets the style too when that style is far from body text (a fifth larger)
    // or bold, for lines over an undated line (a bold company or school stands over its dates).
    // Left unread, such a heading would let a section under it be called missing.
    if (styles.length === 1 && (styles[0].size >= HEADING_SCALE * bodySize || styles[0].bold) && plain && !nextHasDate(l)) return 'other';
    return null;
  };
  const nextHasDate = (l: Line) => {
    const next = nextLine.get(l);
    return !!next && next.page === l.page && hasDate(next.text);
  };
  const headingsOverDates = named.some(nextHasDate);
  const gapAfter = (l: Line) => {
    const next = nextLine.get(l);
    return next && next.page === l.page && next.column === l.column ? next.y - l.y : null;
  };
  const headingGap = sharedWideGap(named.map(gapAfter), lines.map(gapAfter));
  // A row of headings side by side (blocks set in a grid, each under its own heading): every piece
  // of the line, taken alone, is a heading in the headings' style. A known name counts in that style
  // alone; an unknown one by the rules above.
  const headingRow = (l: Line, before: Section): Array<[Line, HeadingKey]> | null => {
    if (l.segments.length < 2 || LIST_MARK.test(l.text)) return null;
    const row = l.segments.map((seg, k) => {
      const piece: Line = { ...l, text: seg.text, x: seg.x, right: l.segments[k + 1] ? l.segments[k + 1].x - l.fontSize : l.right, segments: [seg], cellStarts: [seg.x], marker: undefined };
      names.set(piece, headingName(piece.text));
      nextLine.set(piece, nextLine.get(l)!);
      const exact = exactHeadingKey(nameOf(piece));
      const key = exact && candidate(piece) && (styles.length ? sameStyle(piece) : standsOut(piece)) ? exact : keyOf(piece);
      return [piece, key] as const;
    });
    // Beside a known name in the headings' style, a piece set at its size and weight is a heading
    // too, whatever its case ("LANGUAGES  Technical Skills  Values"): a grid's headings are one style.
    const anchor = row.find(([piece, key]) => key !== null && key !== 'other' && exactHeadingKey(nameOf(piece)) !== null)?.[0]
      ?? (besideHeading(before, l) && before.key !== 'other' && exactHeadingKey(before.heading) !== null ? before.headingLine : undefined);
    const besideAnchor = (piece: Line) => !!anchor && candidate(piece) && piece.bold === anchor.bold && Math.abs(piece.fontSize - anchor.fontSize) < 0.3
      && !/[\d,;:]/.test(nameOf(piece)) && nameOf(piece).split(/\s+/).length <= HEADING_WORDS;
    const read = row.map(([piece, key]) => [piece, key ?? (besideAnchor(piece) ? exactHeadingKey(nameOf(piece)) ?? headingWordKey(nameOf(piece)) ?? 'other' : null)] as const);
    return read.every(([, key]) => key !== null) ? read as Array<[Line, HeadingKey]> : null;
  };
  const sections: Section[] = [{ key: 'header', heading: '', lines: [] }];
  // The headings of the grid being read, left to right, while the rows under them are its blocks'.
  let grid: Section[] | null = null;
  for (const line of lines) {
    const last = sections[sections.length - 1];
    const key = keyOf(line);
    const row = key ? null : headingRow(line, last);
    if (key) {
      const section: Section = { key, heading: nameOf(line), lines: [], headingLine: line };
      grid = besideHeading(last, line) ? [...(grid ?? [last]), section] : null;
      sections.push(section);
    } else if (row) {
      const pieces = row.map(([piece, k]): Section => ({ key: k, heading: nameOf(piece), lines: [], headingLine: piece }));
      grid = [...(besideHeading(last, line) ? grid ?? [last] : []), ...pieces];
      sections.push(...pieces);
    } else {
      const blocks = grid && gridBlocks(line, grid.map((g) => g.headingLine!));
      if (blocks) for (const [k, piece] of blocks) grid![k].lines.push(piece);
      else last.lines.push(line);
    }
  }
  const subsections = [
    ...allNamed.filter((l) => !named.includes(l)).map((l) => exactHeadingKey(nameOf(l))),
    ...lines.map((l) => inlineListKey(l.text)),
    ...sections.flatMap((section) => headingAlsoHolds(section.heading)),
    ...sections.filter(listsSpokenLanguages).map(() => 'languages' as const),
    // A school or degree given in the header, under the name, is the education section's content.
    ...(sections[0].lines.some((l) => SCHOOL_OR_DEGREE.test(l.text)) ? ['education' as const] : []),
  ].filter((k): k is SectionKey => k !== null && k !== 'other');
  return { sections, subsections: [...new Set(subsections)] };
}

/** The section before has only its heading so far, on this line's baseline to its left: a grid's heading beside it. */
const besideHeading = (before: Section, line: Line) => !!before.headingLine && before.lines.length === 0 && before.headingLine.page === line.page
  && before.headingLine.column === line.column && Math.abs(before.headingLine.y - line.y) < 2 && line.x > before.headingLine.x;

/**
 * A row under a grid of headings, read block by block: each block's pieces start under its heading
 * (within three spaces' width either side), or the row is one piece inside one block's band. A row
 * that runs across the blocks (a line the width of the page) is not the grid's: null.
 */
function gridBlocks(line: Line, headings: Line[]): Array<[number, Line]> | null {
  if (headings[0].page !== line.page) return null;
  const em = line.fontSize;
  const bandOf = (x: number) => headings.reduce((at, h, k) => (x >= h.x - 2 * em ? k : at), 0);
  const blocks = new Map<number, Segment[]>();
  for (const seg of line.segments) blocks.set(bandOf(seg.x), [...(blocks.get(bandOf(seg.x)) ?? []), seg]);
  const alone = line.segments.length === 1 && (headings[bandOf(line.x) + 1]?.x ?? Infinity) - 2 * em >= line.right;
  const aligned = [...blocks].every(([k, segs]) => Math.abs(segs[0].x - headings[k].x) <= 3 * em);
  if (!alone && !aligned) return null;
  const starts = [...blocks.values()].map((b) => b[0].x);
  return [...blocks].map(([k, segs]) => {
    const x = segs[0].x, next = starts.find((st) => st > x);
    return [k, { ...line, text: segs.map((g) => g.text).join('  '), x, right: next === undefined ? line.right : next - em, segments: segs, cellStarts: line.cellStarts.filter((c) => c >= x - 0.5 && (next === undefined || c < next)) }];
  });
}

/**
 * A section under a heading of unknown name (a singular, a misspelling, a word of its own) whose
 * every line is a short item opening with a spoken language's name ("- English (fluent)"): the
 * languages section, whatever its heading calls it.
 */
function listsSpokenLanguages(section: Section): boolean {
  if (section.key !== 'other' || exactHeadingKey(section.heading) !== null || section.lines.length === 0) return false;
  const items = section.lines.flatMap((l) => listItems(unmarked(l).replace(/^[^\p{L}]+/u, '')));
  return items.length <= SPOKEN_LANGUAGE_ITEMS && items.every((item) => startsWithSpokenLanguage(item) && item.split(/\s+/).length <= 6);
}
/** At most so many items in a section read as a list of spoken languages (a longer list is something else). */
const SPOKEN_LANGUAGE_ITEMS = 8;

/** The items of a list written on one line, between commas, semicolons, bars or dots. */
const listItems = (text: string) => text.split(/[,;|·•]/).map((item) => item.trim()).filter(Boolean);

/** Sections that are lists of short items, which a resume may also give as one labelled row. */
const LIST_SECTIONS: ReadonlySet<HeadingKey> = new Set(['skills', 'languages', 'interests', 'certifications']);

/**
 * A labelled row standing for a list section ("Key skills: JS, TS, React", "Languages – English,
 * German, French", as headers and sidebars set them): a list section's name, then at least three
 * short items, or for languages, items that each open with a spoken language's name. A sentence
 * that starts with the same word ("Languages such as Python, Java and Go were used") has long items
 * and does not count.
 */
export function inlineListKey(text: string): HeadingKey | null {
  const words = text.replace(LIST_MARK, '').trim().split(/\s+/);
  for (let n = 1; n <= Math.min(4, words.length - 1); n++) {
    const key = exactHeadingKey(words.slice(0, n).join(' ').replace(/[:：–—-]+$/, ''));
    if (!key || !LIST_SECTIONS.has(key)) continue;
    const items = listItems(words.slice(n).join(' ').replace(/^[:：–—-]\s*/, ''));
    const shortItems = items.length >= 3 && items.reduce((sum, item) => sum + item.split(/\s+/).length, 0) / items.length <= 3;
    // One or two spoken languages ("Languages: Korean (fluent), English (fluent)") name themselves:
    // no count of items is needed where every item opens with a language's name.
    const spoken = key === 'languages' && items.length > 0 && items.every(startsWithSpokenLanguage);
    return shortItems || spoken ? key : null;
  }
  return null;
}

/**
 * The space under the named headings, as [least, most], when every one of them has a line under
 * it at a distance within a fifth of the others' and at least 1.6 times the body's line pitch.
 */
function sharedWideGap(underHeadings: Array<number | null>, all: Array<number | null>): [number, number] | null {
  if (underHeadings.length < 2 || underHeadings.some((g) => g === null)) return null;
  const least = Math.min(...(underHeadings as number[])), most = Math.max(...(underHeadings as number[]));
  const pitches = all.filter((g): g is number => g !== null && g > 0).sort((a, b) => a - b);
  // The line pitch inside paragraphs: the smaller gaps (those between entries and sections are wider).
  const pitch = pitches[Math.floor(pitches.length / 4)] ?? 0;
  return pitch > 0 && least >= 1.6 * pitch && most <= 1.2 * least ? [least, most] : null;
}

const within = (gap: number | null, [least, most]: [number, number]) => gap !== null && gap >= 0.9 * least && gap <= 1.1 * most;

/** A heading name set like body text still counts when it stands on a line of its own with space around it. */
function standsOutOrAlone(line: Line, lines: Line[], standsOut: (l: Line) => boolean): boolean {
  if (standsOut(line) || line.marginLabel) return true;
  const i = lines.indexOf(line);
  const next = lines[i + 1];
  return !next || next.page !== line.page || next.y - line.y > 1.6 * line.fontSize;
}

/**
 * The size a column's section headings are set in: the largest size that two or more of its named
 * lines share (a lone larger line is no pattern), else the size most of their characters are in.
 */
function headingSize(named: Line[]): number {
  const counts = new Map<number, number>();
  for (const l of named) counts.set(Math.round(l.fontSize * 2) / 2, (counts.get(Math.round(l.fontSize * 2) / 2) ?? 0) + 1);
  const shared = [...counts].filter(([, n]) => n >= 2).map(([size]) => size);
  return shared.length ? Math.max(...shared) : commonSize(named);
}

/** The font size that most characters (of lines, or of a page's runs) are set in. */
function commonSize(lines: Array<{ fontSize: number; text: string }>): number {
  const counts = new Map<number, number>();
  for (const l of lines) counts.set(Math.round(l.fontSize * 2) / 2, (counts.get(Math.round(l.fontSize * 2) / 2) ?? 0) + l.text.length);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}
