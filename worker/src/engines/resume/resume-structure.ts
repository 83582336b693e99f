/**
 * What the parser read from a resume, in a form a person can check: contact details (from the text
 * and from the PDF's link annotations), sections, roles with their dates and bullets, the language,
 * and what it could not read. The analysis judges this structure; the web page shows it.
 */
import { EMAIL, GITHUB, LINKEDIN, WEBSITE, XING } from './contact-patterns.js';
import { findDates, hasDate, type DatePoint } from './dates.js';
import { exactHeadingKey } from './headings.js';
import { detectLanguage, type ResumeLanguage } from './language.js';
import type { Line, ResumeLayout, Section, SectionKey } from './layout.js';
import type { PdfText } from './pdf-text.js';

export interface ParsedContact {
  name?: string;
  email?: string;
  phone?: string;
  linkedin?: string;
  /** A LinkedIn address that is not a profile (the news feed, a company page, a search). */
  linkedinNotProfile?: string;
  github?: string;
  xing?: string;
  website?: string;
  /** E-mail and phone appear only in the page header/footer band (some ATS skip it). */
  onlyInPageMargin: boolean;
  /** Profile links that sit on a picture or icon with no text under them: invisible to an ATS. */
  linksWithoutText: string[];
}

export interface ParsedRole {
  section: SectionKey;
  /** Which section (by position) the entry is in: two "Experience" sections are told apart. */
  sectionIndex: number;
  /** The entry's heading lines: company, title, place, dates. */
  heading: string[];
  /** The dates as written, or null when none were found. */
  dates: string | null;
  start?: number;
  /** Month index; null when the role runs to the present; undefined when undated. */
  end?: number | null;
  bullets: string[];
  /** Lines under the heading that are neither bullets nor headings (a description, "Tasks:"). */
  description: string[];
}

export interface ParsedResume {
  language: ResumeLanguage;
  contact: ParsedContact;
  sections: Array<{ key: SectionKey | 'other'; heading: string }>;
  /** An unheaded paragraph at the top that reads as a summary (common in French and German CVs). */
  implicitSummary?: string;
  roles: ParsedRole[];
  /** Every achievement bullet (experience, projects, volunteering, education), role lines excluded. */
  bullets: Array<{ text: string; section: SectionKey; marked: boolean }>;
  /** What the parser could not read with confidence; each becomes a notice, never a penalty. */
  unsure: string[];
}

/** Bullet characters, including the private-use glyphs Word's Symbol/Wingdings bullets extract as. */
export const BULLET = /^\s*([•●▪■◦‣∙·○►▸✓✔➢➤➔→>–—*+\uF0B7\uF0A7\uF076\uF0D8\uF0FC\u2043»›-]|\d+[.)]|[\p{So}\p{Sm}\p{Co}](?=\s))\s*/u;

/** A line that opens a list item: a marker character in its text, or a marker glyph set apart before it. */
export const isMarked = (line: Line) => line.marker !== undefined || BULLET.test(line.text);

/** The line's text without its list marker. */
export const itemText = (line: Line) => (line.marker && line.text.startsWith(line.marker) ? line.text.slice(line.marker.length) : line.text).replace(BULLET, '').trim();

const ENTRY_SECTIONS: SectionKey[] = ['experience', 'projects', 'volunteering', 'education'];

export function parseResume(layout: ResumeLayout, pdf: PdfText): ParsedResume {
  const text = layout.lines.map((l) => l.text).join('\n');
  const language = detectLanguage(text);
  const contact = findContact(layout, pdf, text);
  const headed = layout.sections.filter((s) => s.key !== 'header');
  const roles: ParsedRole[] = [];
  const bullets: ParsedResume['bullets'] = [];
  for (const [index, section] of headed.entries()) {
    if (!ENTRY_SECTIONS.includes(section.key as SectionKey)) continue;
    const read = readEntries(section, index);
    roles.push(...read.roles);
    bullets.push(...read.bullets);
  }
  const unsure: string[] = [];
  if (headed.length === 0) unsure.push('No section headings could be recognised, so sections, roles and dates were not checked.');
  else if (!headed.some((s) => s.key === 'experience' || s.key === 'education')) unsure.push('Neither an experience nor an education heading was recognised; if your resume has them, their headings may use words the parser does not know.');
  return {
    language, contact,
    sections: headed.map((s) => ({ key: s.key as SectionKey | 'other', heading: s.heading })),
    implicitSummary: findImplicitSummary(layout),
    roles, bullets, unsure,
  };
}

function findContact(layout: ResumeLayout, pdf: PdfText, text: string): ParsedContact {
  const links = pdf.pages.flatMap((p) => p.links ?? []).map((l) => l.url);
  const linkOf = (pattern: RegExp) => links.find((u) => pattern.test(u));
  const email = EMAIL.exec(text)?.[0] ?? linkOf(/^mailto:/i)?.replace(/^mailto:/i, '').replace(/\?.*$/, '');
  const withoutRanges = text.replace(/\b(19|20)\d{2}\s*[-–—]\s*((19|20)\d{2}|present)\b/gi, '').replace(/\b\d{1,2}[/.]\d{4}\b/g, '');
  // The first number of 10–15 digits, or a shorter one after a phone label; else a tel: link.
  const numbers = [...withoutRanges.matchAll(/(?:\(\+\d{1,3}\)\s?|\+)?\(?\d[\d\s().-]{6,}\d/g)];
  const digits = (m: RegExpMatchArray) => m[0].replace(/\D/g, '').length;
  const labelled = (m: RegExpMatchArray) => /(phone|tel|mobile|cell|telefon|téléphone|telefono|teléfono|handy|gsm)\.?\s*:?\s*$/i.test(withoutRanges.slice(Math.max(0, (m.index ?? 0) - 14), m.index));
  const phone = (numbers.find((m) => digits(m) >= 10 && digits(m) <= 15) ?? numbers.find((m) => digits(m) >= 8 && digits(m) <= 15 && labelled(m)))?.[0].trim()
    ?? linkOf(/^tel:/i)?.replace(/^tel:/i, '');
  // A web address wrapped onto the next line ("…/in/mr-" + "s-name-123"): join it back.
  const linkText = text.replace(/(https?:\/\/\S*?[-/?=&_])\n(?=\S+(\n|$))/g, '$1').replace(/(https?:\/\/\S*?[-/?=&_])\n(?=\S+(\n|$))/g, '$1');
  const linkedinAll = [...(linkText.match(new RegExp(LINKEDIN.source, 'gi')) ?? []), ...links.filter((u) => LINKEDIN.test(u))];
  const isProfile = (u: string) => /linkedin\.com\/(in|pub)\/[\w\-%]+/i.test(u);
  const linkedin = linkedinAll.find(isProfile);
  const github = (GITHUB.exec(linkText)?.[0] ?? links.find((u) => GITHUB.exec(u)?.[0] === u || GITHUB.exec(u)?.[0] === u.replace(/\/$/, '')));
  const xing = XING.exec(text)?.[0] ?? linkOf(XING);
  // A personal website sits with the contact details (top of the page or a contact section), not in a certificate line.
  const contactText = layout.sections.filter((sec) => sec.key === 'header' || sec.key === 'other').flatMap((sec) => sec.lines).map((l) => l.text).join('\n');
  const withoutKnown = contactText.replace(new RegExp(EMAIL.source, 'g'), '').replace(new RegExp(LINKEDIN.source, 'gi'), '')
    .replace(/(https?:\/\/)?(www\.)?(github|xing)\.(com|de)\/[\w\-/.%]*/gi, '');
  const website = WEBSITE.exec(withoutKnown)?.[0]
    ?? links.find((u) => /^https?:/i.test(u) && !/linkedin\.com|github\.com|github\.io|xing\.(com|de)/i.test(u) && !/\.pdf$/i.test(u));
  // Margin band: the top 40 pt or bottom 40 pt of a page, or text tagged as a header/footer artifact.
  const inMargin = (l: Line) => l.artifact || l.y < 40 || l.y > l.pageHeight - 40;
  const found = (value: string | undefined, lines: Line[]) => !!value && lines.some((l) => l.text.includes(value));
  const body = layout.lines.filter((l) => !inMargin(l));
  const margin = layout.lines.filter(inMargin);
  const onlyInPageMargin = [email, phone].some((v) => found(v, margin)) && ![email, phone].some((v) => found(v, body));
  const linksWithoutText = pdf.pages.flatMap((page) => (page.links ?? []).filter((link) => /^https?:/i.test(link.url)
    && !page.runs.some((r) => r.x < link.x + link.width && r.x + r.width > link.x && r.y >= link.y - 2 && r.y <= link.y + link.height + 3))
    .map((link) => link.url))
    .filter((url) => !text.toLowerCase().includes(url.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, '').toLowerCase()));
  return {
    name: findName(layout), email, phone, linkedin,
    linkedinNotProfile: linkedin ? undefined : linkedinAll[0],
    github: github?.replace(/\/$/, ''), xing, website, onlyInPageMargin, linksWithoutText: [...new Set(linksWithoutText)],
  };
}

/** The largest text near the top of the first page, when it looks like a name. */
function findName(layout: ResumeLayout): string | undefined {
  const top = layout.lines.filter((l) => l.page === 1 && l.y < 250);
  const largest = [...top].sort((a, b) => b.fontSize - a.fontSize)[0];
  const first = largest?.segments[0]?.text ?? '';
  return /^[\p{L} .'-]{3,60}$/u.test(first) ? first.trim() : undefined;
}

/**
 * A paragraph of 25 or more words that opens the resume, not contact details: a summary. It stands
 * above the first heading (common in French and German CVs), or under a first heading whose name
 * is not known ("Something about me"), where it must read as sentences: no list items, no dates.
 * Above the first heading, a shorter profile counts too when it reads as prose, not as a job title:
 * a headline of PROFILE_WORDS or more words, most of them written in lower case ("Software engineer
 * with eight years of work on payment systems"), and so does a paragraph a narrow column broke
 * into short lines, read whole.
 */
function findImplicitSummary(layout: ResumeLayout): string | undefined {
  const [first, second] = layout.sections;
  const header = first?.key === 'header' ? first.lines : [];
  const unknownFirst = second && second.key === 'other' && exactHeadingKey(second.heading) === null
    ? second.lines.filter((l) => !isMarked(l) && !hasDate(l.text)) : [];
  for (const [lines, sentences] of [[header, false], [unknownFirst, true], ...columnTops(layout).map((top) => [top, true] as const)] as const) {
    const prose = lines.filter((l) => !EMAIL.test(l.text) && !/\d{3}.*\d{3}/.test(l.text) && l.text.split(/\s+/).length >= 5);
    const words = prose.reduce((n, l) => n + l.text.split(/\s+/).length, 0);
    const text = prose.map((l) => l.text).join(' ');
    if (words >= SUMMARY_WORDS && (!sentences || /\p{L}[.!?](\s|$)/u.test(text))) return text;
  }
  // A narrow column (a sidebar) breaks a profile into lines of a few words each: above the first
  // heading, a paragraph read whole counts when it reads as sentences.
  const paragraph = paragraphs(header).map((p) => p.map((l) => l.text.trim()).join(' ')).find(isProseParagraph);
  if (paragraph) return paragraph;
  // Only where no section is headed as the summary: a motto or tagline beside one adds nothing.
  if (layout.sections.some((s) => s.key === 'summary')) return undefined;
  // Pieces joined across lines must end as a sentence does: a list of short items is no profile.
  return header.map((l) => l.text.trim()).find(isProfileLine) ?? headerColumns(header).find((text) => isProfileLine(text) && /\p{L}[.!?]$/u.test(text));
}

/** The farthest a paragraph's next line stands under the last, in the type's size: a line and a half. */
const NEXT_LINE = 1.6;

/**
 * The header's pieces read column by column: runs of pieces at one left edge and one size, each a
 * line's height or less under the last. A profile set beside the contact details shares their
 * baselines, so its lines come out joined to theirs ("ć robin@mail.test  interest in data and AI").
 */
function headerColumns(header: Line[]): string[] {
  const runs: Array<{ x: number; size: number; page: number; y: number; texts: string[] }> = [];
  for (const line of header) {
    for (const piece of line.segments) {
      const run = runs.find((r) => r.page === line.page && Math.abs(r.x - piece.x) <= 2 && Math.abs(r.size - piece.fontSize) < 0.5
        && line.y - r.y > 0 && line.y - r.y <= NEXT_LINE * piece.fontSize);
      if (run) { run.texts.push(piece.text.trim()); run.y = line.y; }
      else runs.push({ x: piece.x, size: piece.fontSize, page: line.page, y: line.y, texts: [piece.text.trim()] });
    }
  }
  return runs.map((r) => r.texts.join(' '));
}

/**
 * The top of each column of the first page, above its first named heading, headings of unknown
 * name left out: beside a sidebar read first, the main column's name, title and profile stand
 * there, not in the header.
 */
function columnTops(layout: ResumeLayout): Line[][] {
  const headings = new Map(layout.sections.filter((s) => s.headingLine).map((s) => [s.headingLine!, s.key]));
  return (['left', 'right'] as const).map((column) => {
    const lines = layout.lines.filter((l) => l.page === 1 && l.column === column);
    const end = lines.findIndex((l) => headings.has(l) && headings.get(l) !== 'other');
    return (end < 0 ? lines : lines.slice(0, end)).filter((l) => !headings.has(l) && !isMarked(l) && !hasDate(l.text));
  });
}

/** Runs of lines of one size set close under each other (a line's height and a half apart at most), in one column. */
function paragraphs(lines: Line[]): Line[][] {
  const out: Line[][] = [];
  for (const line of lines) {
    const last = out[out.length - 1]?.at(-1);
    const joins = last && last.page === line.page && last.column === line.column && Math.abs(last.fontSize - line.fontSize) < 0.5
      && line.y - last.y > 0 && line.y - last.y <= NEXT_LINE * line.fontSize;
    if (joins) out[out.length - 1]!.push(line);
    else out.push([line]);
  }
  return out;
}

/** Sentences of SUMMARY_WORDS or more, mostly in lower case, ending in a full stop, with no contact detail or date range. */
function isProseParagraph(text: string): boolean {
  const words = text.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (words.length < SUMMARY_WORDS || holdsContactOrRange(text)) return false;
  return /\p{L}[.!?]$/u.test(text) && words.filter((w) => /^\p{Ll}/u.test(w)).length >= words.length / 2;
}

/** A contact detail (an address, or seven digits or more: a phone number) or a date range (an entry's). */
const holdsContactOrRange = (text: string) => EMAIL.test(text) || /https?:|www\./i.test(text) || (text.match(/\d/g)?.length ?? 0) >= 7 || findDates(text).ranges.length > 0;

/** The words a paragraph needs to be a summary on its own; a profile line, PROFILE_WORDS. */
export const SUMMARY_WORDS = 25;
export const PROFILE_WORDS = 8;

/**
 * A line of prose: enough words, most in lower case, no separators between items, no contact
 * detail (an address, or seven digits or more: a phone number) or date range (an entry's), and not a quotation (a motto in quotation marks says nothing
 * of the person). A single date may stand in it ("looking for an internship from January 2019").
 */
function isProfileLine(text: string): boolean {
  if (/^["“”„«»'‘’]/u.test(text)) return false;
  const words = text.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (words.length < PROFILE_WORDS || /[|•·]|\s{3}/.test(text) || holdsContactOrRange(text)) return false;
  return words.filter((w) => /^\p{Ll}/u.test(w)).length >= words.length / 2;
}

/**
 * An entry heading rather than an achievement: a line with a date on it, a line split by a wide
 * gap into short parts ("Google    Mountain View, CA"), a short bold or all-capitals line, or a
 * short line followed directly by such a line.
 */
function isRoleLine(line: Line): boolean {
  const text = itemText(line);
  const words = text.split(/\s+/).filter(Boolean).length;
  const found = findDates(text);
  // A marked line is a list item: it heads an entry only with a date range or a date set apart by a
  // wide gap, not with a year inside its sentence ("Won first place at the 2022 hackathon").
  const dateApart = found.ranges.length > 0 || line.segments.length >= 2;
  if ((found.ranges.length || found.singles.some((s) => !s.point.yearOnly || words <= 12)) && words <= 16 && (dateApart || !isMarked(line))) return true;
  if (line.segments.length >= 2 && words <= 14 && line.segments[line.segments.length - 1].text.split(/\s+/).length <= 6) return true;
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (words <= 10 && letters.length > 2 && (line.bold || letters === letters.toUpperCase())) return true;
  return false;
}

/** Title-case numbered items ("1. Predicting Dollar Loss Using Regression") are project titles, not achievements. */
function isTitle(text: string): boolean {
  if (!/^\s*\d+[.)]/.test(text)) return false;
  const words = text.replace(BULLET, '').split(/\s+/).filter((w) => /^\p{L}{4,}/u.test(w));
  return words.length >= 3 && words.filter((w) => /^\p{Lu}/u.test(w)).length >= 0.7 * words.length;
}

function readEntries(section: Section, sectionIndex: number): { roles: ParsedRole[]; bullets: ParsedResume['bullets'] } {
  const key = section.key as SectionKey;
  const lines = section.lines;
  const roles: ParsedRole[] = [];
  const bullets: ParsedResume['bullets'] = [];
  // Whether an entry marks its items, judged per entry (the lines from one entry heading to the next):
  // a template may draw one entry's markers as shapes and set another's as characters.
  const roleLines = lines.map(isRoleLine);
  const entryOf: number[] = [];
  roleLines.forEach((roleLine, i) => entryOf.push((entryOf[i - 1] ?? 0) + (roleLine ? 1 : 0)));
  const markedEntries = new Set(lines.flatMap((l, i) => (isMarked(l) && !roleLines[i] ? [entryOf[i]] : [])));
  // The right edge of the text on each page and column: the measure wrapped lines run on to.
  const measure = new Map<string, number>();
  for (const l of lines) measure.set(`${l.page}/${l.column}`, Math.max(measure.get(`${l.page}/${l.column}`) ?? 0, l.right));
  let role: ParsedRole | null = null;
  let current: { text: string; marked: boolean; first: Line; last: Line } | null = null;
  const flush = () => {
    if (current && current.text.split(/\s+/).length >= 3 && !isTitle(current.text)) {
      const text = itemText({ ...current.first, text: current.text });
      bullets.push({ text, section: key, marked: current.marked });
      role?.bullets.push(text);
    }
    current = null;
  };
  for (const [i, line] of lines.entries()) {
    const roleLine = roleLines[i];
    const marked = isMarked(line);
    if (roleLine) {
      flush();
      const text = itemText(line);
      if (!role || role.bullets.length > 0) {
        role = { section: key, sectionIndex, heading: [], dates: null, bullets: [], description: [] };
        roles.push(role);
      } else if (hasDate(text) && role.heading.some(hasDate)) {
        // A second dated line starts the next entry; undated lines after the first dated one go with it.
        const firstDated = role.heading.findIndex(hasDate);
        const moved: string[] = role.heading.splice(firstDated + 1);
        role = { section: key, sectionIndex, heading: moved, dates: null, bullets: [], description: [] };
        roles.push(role);
      }
      role.heading.push(text);
      continue;
    }
    const continues = current && !marked && continuation(current.last, line, current.marked, measure.get(`${line.page}/${line.column}`) ?? line.right);
    if (continues && current) {
      current.text = `${current.text} ${line.text}`.replace(/-\s+(?=\p{Ll})/gu, '-');
      current.last = line;
      continue;
    }
    flush();
    // Unmarked sentences count as achievements in experience-like sections, not under education.
    if (marked || (!markedEntries.has(entryOf[i]) && key !== 'education')) current = { text: line.text.trim(), marked, first: line, last: line };
    else role?.description.push(line.text.trim());
  }
  flush();
  for (const r of roles) dateRole(r);
  return { roles: roles.filter((r) => r.heading.length > 0), bullets };
}

/**
 * A wrapped line of the same item: same page and column, close below, indented like it. Without
 * markers (drawn as shapes, or none), an item also ends where its line stops short of the right
 * edge `measure`: a wrapped line runs on until the next word no longer fits, so a line with room
 * left for the next line's first word ended its item.
 */
function continuation(previous: Line, line: Line, marked: boolean, measure: number): boolean {
  if (previous.page !== line.page || previous.column !== line.column || line.y - previous.y > 1.8 * line.fontSize) return false;
  if (marked) return line.x > previous.x - 1 || Math.abs(line.x - previous.x) < 12;
  const text = line.text.trim();
  const lowerStart = /^\p{Ll}/u.test(text);
  // The next word's width, over-estimated (0.6 em a character) so that doubt keeps the lines together.
  const nextWord = text.split(/\s+/)[0] ?? '';
  const filled = previous.right + (nextWord.length + 1) * 0.6 * line.fontSize >= measure - 1;
  if (!filled && !lowerStart) return false;
  // Same left edge, or a hanging indent (wrapped lines set in from the item's first line).
  const aligned = Math.abs(previous.x - line.x) < 2 || (line.x > previous.x + 2 && line.x - previous.x < 3 * line.fontSize);
  return aligned && (!/[.!?]$/.test(previous.text.trim()) || lowerStart);
}

function dateRole(role: ParsedRole): void {
  const found = findDates(role.heading.join('\n'));
  const range = found.ranges[0];
  if (range) {
    role.dates = range.text.replace(/\s+/g, ' ');
    role.start = range.start.month;
    role.end = range.end ? range.end.month : null;
    return;
  }
  const single = found.singles[0];
  if (single) {
    role.dates = found.singles.map((s) => s.text).join(', ');
    role.start = single.point.month;
    role.end = single.point.yearOnly ? single.point.month + 11 : single.point.month;
  }
}

export type { DatePoint };
