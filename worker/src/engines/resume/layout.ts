/**
 * Rebuilds reading-order lines and resume sections from positioned text runs: finds a column
 * gutter when the page has two columns, joins runs on the same baseline, keeps the wide gaps
 * (for table detection) and labels the lines under each recognised section heading.
 */
import type { PdfPage, PdfText, TextRun } from './pdf-text.js';

export interface Segment { x: number; text: string }

export interface Line {
  page: number;
  text: string;
  x: number;
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

export interface Section { key: SectionKey | 'header'; heading: string; lines: Line[] }

export interface ResumeLayout {
  pages: PageLayout[];
  /** All lines in reading order. */
  lines: Line[];
  /** The top part before any heading is 'header' (name, contact details). */
  sections: Section[];
}

export function buildLayout(pdf: PdfText): ResumeLayout {
  const pages = pdf.pages.map(layoutPage);
  const lines = pages.flatMap((page) => page.lines);
  return { pages, lines, sections: splitSections(lines) };
}

function layoutPage(page: PdfPage): PageLayout {
  const gutterX = findGutter(page);
  const build = (runs: TextRun[], column: Line['column']) => joinLines(runs, column, page);
  if (gutterX === null) {
    return { page: page.number, width: page.width, height: page.height, gutterX, lines: build(page.runs, 'full') };
  }
  const full = page.runs.filter((r) => r.x < gutterX - 1 && r.x + r.width > gutterX + 1);
  const left = page.runs.filter((r) => r.x + r.width <= gutterX + 1 && !full.includes(r));
  const right = page.runs.filter((r) => r.x >= gutterX - 1 && !full.includes(r) && !left.includes(r));
  const columnsTop = Math.min(...[...left, ...right].map((r) => r.y));
  const fullLines = build(full, 'full');
  return {
    page: page.number, width: page.width, height: page.height, gutterX,
    lines: [
      ...fullLines.filter((l) => l.y < columnsTop),
      ...build(left, 'left'),
      ...build(right, 'right'),
      ...fullLines.filter((l) => l.y >= columnsTop),
    ],
  };
}

/**
 * A vertical band in the middle half of the page that almost no text crosses, with plenty of text
 * on both sides at the same heights, is a column gutter. Right-aligned dates in a one-column
 * resume do not qualify: the bullets cross every candidate band.
 */
function findGutter(page: PdfPage): number | null {
  const runs = page.runs;
  const chars = (list: TextRun[]) => list.reduce((n, r) => n + r.text.length, 0);
  const total = chars(runs);
  if (runs.length < 10 || total === 0) return null;
  let best: { x: number; crossing: number } | null = null;
  const candidates: Array<{ x: number; crossing: number }> = [];
  for (let x = page.width * 0.25; x <= page.width * 0.75; x += 2) {
    const crossing = chars(runs.filter((r) => r.x < x - 1 && r.x + r.width > x + 1));
    candidates.push({ x, crossing });
    if (!best || crossing < best.crossing) best = { x, crossing };
  }
  if (!best || best.crossing > total * 0.08) return null;
  // The middle of the widest run of best candidates is the gutter's centre.
  const lowest = candidates.filter((c) => c.crossing === best.crossing);
  let runStart = 0, bestRun: [number, number] = [0, 0];
  for (let i = 1; i <= lowest.length; i++) {
    if (i === lowest.length || lowest[i].x - lowest[i - 1].x > 2.5) {
      if (i - runStart > bestRun[1] - bestRun[0]) bestRun = [runStart, i];
      runStart = i;
    }
  }
  const gutter = (lowest[bestRun[0]].x + lowest[bestRun[1] - 1].x) / 2;
  const left = runs.filter((r) => r.x + r.width <= gutter + 1);
  const right = runs.filter((r) => r.x >= gutter - 1);
  if (chars(left) < total * 0.15 || chars(right) < total * 0.15) return null;
  const rows = (list: TextRun[]) => new Set(list.map((r) => Math.round(r.y / 4))).size;
  if (rows(left) < 5 || rows(right) < 5) return null;
  // Side by side, not one block above the other.
  const span = (list: TextRun[]) => [Math.min(...list.map((r) => r.y)), Math.max(...list.map((r) => r.y))] as const;
  const [lt, lb] = span(left), [rt, rb] = span(right);
  const overlap = Math.min(lb, rb) - Math.max(lt, rt);
  if (overlap < 0.4 * Math.min(lb - lt, rb - rt)) return null;
  return gutter;
}

function joinLines(runs: TextRun[], column: Line['column'], page: PdfPage): Line[] {
  const sorted = [...runs].sort((a, b) => a.y - b.y || a.x - b.x);
  const groups: TextRun[][] = [];
  for (const run of sorted) {
    const group = groups[groups.length - 1];
    if (group && Math.abs(group[0].y - run.y) <= Math.max(2, 0.45 * Math.min(group[0].fontSize, run.fontSize))) group.push(run);
    else groups.push([run]);
  }
  return groups.map((group) => {
    group.sort((a, b) => a.x - b.x);
    const segments: Segment[] = [];
    const cellStarts: number[] = [];
    let text = '';
    let previous: TextRun | null = null;
    for (const run of group) {
      const gap = previous ? run.x - (previous.x + previous.width) : Infinity;
      if (gap > 0.6 * run.fontSize) cellStarts.push(run.x);
      if (!previous || gap > 2 * run.fontSize) {
        segments.push({ x: run.x, text: run.text.trim() });
      } else {
        const join = gap > 0.15 * run.fontSize && !/\s$/.test(segments[segments.length - 1].text) ? ' ' : '';
        segments[segments.length - 1].text += join + run.text.trim();
      }
      previous = run;
    }
    text = segments.map((s) => s.text).join('  ');
    const fontSize = Math.max(...group.map((r) => r.fontSize));
    const letters = group.filter((r) => /\p{L}/u.test(r.text));
    return {
      page: page.number, text, x: group[0].x, y: group[0].y, fontSize,
      bold: letters.length > 0 && letters.every((r) => r.bold),
      segments, cellStarts, column, pageHeight: page.height,
      artifact: group.every((r) => r.artifact),
    };
  });
}

const HEADINGS: Record<SectionKey, readonly string[]> = {
  summary: ['summary', 'professional summary', 'career summary', 'executive summary', 'profile', 'professional profile', 'about me', 'about', 'objective', 'career objective', 'personal statement'],
  experience: ['experience', 'work experience', 'professional experience', 'relevant experience', 'employment', 'employment history', 'work history', 'career history', 'experience highlights'],
  education: ['education', 'academic background', 'education and training', 'qualifications', 'academic qualifications'],
  skills: ['skills', 'technical skills', 'key skills', 'core skills', 'core competencies', 'competencies', 'areas of expertise', 'expertise', 'technologies', 'skills and tools', 'tools'],
  projects: ['projects', 'personal projects', 'selected projects', 'key projects', 'side projects'],
  certifications: ['certifications', 'certification', 'certificates', 'licenses', 'licences', 'licenses and certifications', 'certifications and licenses', 'courses', 'training'],
  awards: ['awards', 'honors', 'honours', 'awards and honors', 'achievements'],
  languages: ['languages'],
  volunteering: ['volunteering', 'volunteer experience', 'volunteer work', 'community involvement'],
  publications: ['publications'],
  interests: ['interests', 'hobbies', 'hobbies and interests'],
  references: ['references'],
};

const HEADING_LOOKUP = new Map<string, SectionKey>(
  Object.entries(HEADINGS).flatMap(([key, names]) => names.map((name) => [name, key as SectionKey] as const)),
);

/** Single words that make a short capitalised or bold line a heading ("SKILLS MATRIX"). */
const HEADING_WORDS = new Map<string, SectionKey>([
  ['summary', 'summary'], ['profile', 'summary'], ['objective', 'summary'], ['experience', 'experience'],
  ['employment', 'experience'], ['education', 'education'], ['skills', 'skills'], ['projects', 'projects'],
  ['certifications', 'certifications'], ['certificates', 'certifications'], ['awards', 'awards'],
  ['languages', 'languages'], ['volunteering', 'volunteering'], ['publications', 'publications'], ['interests', 'interests'],
]);

/**
 * The section a line heads, or null: a short line that is a known heading name, or a short
 * all-capitals (or bold) line with a heading word in it.
 */
export function headingKey(text: string, emphasised = false): SectionKey | null {
  const normal = text.toLowerCase().replace(/&/g, 'and').replace(/[^a-z ]+/g, ' ').replace(/\s+/g, ' ').trim();
  if (normal === '' || normal.split(' ').length > 5) return null;
  const exact = HEADING_LOOKUP.get(normal);
  if (exact) return exact;
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (normal.split(' ').length > 4 || !(emphasised || (letters.length > 3 && letters === letters.toUpperCase()))) return null;
  for (const word of normal.split(' ')) {
    const key = HEADING_WORDS.get(word);
    if (key) return key;
  }
  return null;
}

function splitSections(lines: Line[]): Section[] {
  const sections: Section[] = [{ key: 'header', heading: '', lines: [] }];
  for (const line of lines) {
    const key = headingKey(line.text, line.bold);
    if (key) sections.push({ key, heading: line.text.trim(), lines: [] });
    else sections[sections.length - 1].lines.push(line);
  }
  return sections;
}
