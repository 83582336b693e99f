/**
 * Rule-based resume analysis, always computed: contact details, sections, bullet quality, length,
 * dates, language and ATS risks, scored out of 100 with a breakdown. Pure function of the layout
 * (and `now`, for dates), so tests can assert exact findings.
 */
import type { ResumeLayout, Line, SectionKey } from './layout.js';
import type { PdfText } from './pdf-text.js';
import { ACTION_VERBS, CLICHES, COMMON_FONTS, SYMBOL_FONTS, WEAK_OPENINGS } from './vocabulary.js';

export interface Contact { name?: string; email?: string; phone?: string; linkedin?: string; website?: string }

export interface BulletFindings {
  count: number;
  withActionVerb: number;
  quantified: number;
  weakOpenings: string[];
  unquantifiedExamples: string[];
  tooLong: number;
  /** True when the experience section has no bullet characters at all. */
  noBulletMarkers: boolean;
}

export interface DateRange { text: string; start: number; end: number; present: boolean; format: string }

export interface DateFindings {
  ranges: DateRange[];
  formats: string[];
  inconsistentFormats: boolean;
  gaps: Array<{ from: string; to: string; months: number }>;
  invalid: string[];
}

export type AtsRiskId = 'multi-column' | 'table' | 'images' | 'symbol-fonts' | 'unusual-fonts' | 'header-footer-text' | 'small-text' | 'special-characters';

export interface AtsRisk { id: AtsRiskId; severity: 'high' | 'medium' | 'low'; detail: string }

export interface ScorePart { key: string; label: string; score: number; max: number; notes: string[] }

export interface ResumeAnalysis {
  pageCount: number;
  wordCount: number;
  contact: Contact;
  sectionsFound: SectionKey[];
  missingSections: SectionKey[];
  bullets: BulletFindings;
  dates: DateFindings;
  pronouns: Record<string, number>;
  cliches: string[];
  ats: AtsRisk[];
  fonts: string[];
  score: { total: number; parts: ScorePart[] };
}

const ESSENTIAL: SectionKey[] = ['experience', 'education', 'skills'];
const RECOMMENDED: SectionKey[] = ['summary'];
// Includes the private-use glyphs Word's Symbol/Wingdings bullets extract as.
const BULLET = /^\s*([•●▪■◦‣∙·○►▸✓✔➢➤–—*\uF0B7\uF0A7\uF076\uF0D8\uF0FC-]|\d+[.)])\s*/u;

export function analyseResume(layout: ResumeLayout, pdf: PdfText, options: { now?: Date } = {}): ResumeAnalysis {
  const now = options.now ?? new Date();
  const text = layout.lines.map((l) => l.text).join('\n');
  const wordCount = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  const sectionsFound = [...new Set(layout.sections.map((s) => s.key).filter((k): k is SectionKey => k !== 'header' && k !== 'other'))];
  const missingSections = [...ESSENTIAL, ...RECOMMENDED].filter((k) => !sectionsFound.includes(k));
  const contact = findContact(layout, text);
  const bullets = analyseBullets(layout);
  const dates = analyseDates(layout, now);
  const pronouns = countPronouns(text);
  const cliches = CLICHES.filter((c) => new RegExp(`\\b${c.replace(/[-\s]/g, '[-\\s]')}\\b`, 'i').test(text))
    .filter((c, i, all) => !all.slice(0, i).some((other) => other.replace(/[-\s]/g, '') === c.replace(/[-\s]/g, '')));
  const ats = findAtsRisks(layout, pdf, contact);
  const base = { pageCount: pdf.pages.length, wordCount, contact, sectionsFound, missingSections, bullets, dates, pronouns, cliches, ats, fonts: pdf.fonts };
  return { ...base, score: scoreResume(base) };
}

function findContact(layout: ResumeLayout, text: string): Contact {
  const email = /[\w.+-]+@[\w-]+(\.[\w-]+)+/.exec(text)?.[0];
  const phone = /(\+?\(?\d[\d\s().-]{7,}\d)/.exec(text.replace(/\b(19|20)\d{2}\s*[-–—]\s*((19|20)\d{2}|present)\b/gi, ''))?.[0]
    ?.trim();
  const linkedin = /(https?:\/\/)?([\w-]+\.)?linkedin\.com\/[\w\-/%]+/i.exec(text)?.[0];
  const website = /(https?:\/\/)?(www\.)?(github\.com|gitlab\.com|behance\.net|dribbble\.com|[\w-]+\.(dev|io|me|design|portfolio|site|com|net|org))(\/[\w\-/.%]*)?/i
    .exec(text.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '').replace(/(https?:\/\/)?([\w-]+\.)?linkedin\.com\/[\w\-/%]+/gi, ''))?.[0];
  // The name: the largest text near the top of the first page.
  const firstPage = layout.lines.filter((l) => l.page === 1 && l.y < 200);
  const largest = [...firstPage].sort((a, b) => b.fontSize - a.fontSize)[0];
  const digits = phone?.replace(/\D/g, '') ?? '';
  return {
    name: largest && /^[\p{L} .'-]{3,60}$/u.test(largest.text) ? largest.text.trim() : undefined,
    email,
    phone: digits.length >= 10 && digits.length <= 15 ? phone : undefined,
    linkedin,
    website,
  };
}

function sectionLines(layout: ResumeLayout, keys: SectionKey[]): Line[] {
  return layout.sections.filter((s) => keys.includes(s.key as SectionKey)).flatMap((s) => s.lines);
}

const DATE_RANGE_TEXT = /\b(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+)?(?:\d{1,2}\/)?(19|20)\d{2}\b\s*(?:[-–—]|to)\s*(?:(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+)?(?:\d{1,2}\/)?(19|20)\d{2}\b|present|current|now|today)/gi;

const HAS_DATE_RANGE = new RegExp(DATE_RANGE_TEXT.source, 'i');

function analyseBullets(layout: ResumeLayout): BulletFindings {
  const lines = sectionLines(layout, ['experience', 'projects', 'volunteering']);
  const marked = lines.filter((l) => BULLET.test(l.text));
  const bullets = (marked.length ? mergeContinuations(marked, lines) : unmarkedItems(lines))
    .map((b) => b.replace(BULLET, '').trim())
    .filter(Boolean);
  // Lists whose markers are drawn as shapes (browsers, some templates) still show as indented lines.
  const minX = Math.min(...lines.map((l) => l.x));
  const indented = lines.filter((l) => l.x > minX + 4).length >= Math.max(2, lines.length / 3);
  const noBulletMarkers = lines.length > 0 && marked.length === 0 && !indented;
  const weakOpenings: string[] = [];
  const unquantified: string[] = [];
  let withActionVerb = 0, quantified = 0, tooLong = 0;
  for (const bullet of bullets) {
    const lower = bullet.toLowerCase();
    const first = lower.split(/[\s,;:]+/)[0];
    if (ACTION_VERBS.has(first)) withActionVerb++;
    else if (WEAK_OPENINGS.some((w) => lower.startsWith(`${w} `))) weakOpenings.push(bullet);
    if (isQuantified(bullet)) quantified++;
    else unquantified.push(bullet);
    if (bullet.split(/\s+/).length > 35) tooLong++;
  }
  return { count: bullets.length, withActionVerb, quantified, weakOpenings, unquantifiedExamples: unquantified.slice(0, 3), tooLong, noBulletMarkers };
}

/** A bullet's wrapped lines follow it, indented to its text and not starting a new bullet. */
function mergeContinuations(bullets: Line[], all: Line[]): string[] {
  const out: string[] = [];
  for (const bullet of bullets) {
    let text = bullet.text;
    let previous = bullet;
    for (let i = all.indexOf(bullet) + 1; i < all.length; i++) {
      const next = all[i];
      if (next.page !== bullet.page || next.column !== bullet.column || BULLET.test(next.text) || next.x <= bullet.x + 1 || next.y - previous.y > 1.8 * bullet.fontSize) break;
      text += ` ${next.text}`;
      previous = next;
    }
    out.push(text);
  }
  return out;
}

/**
 * Without bullet characters, achievements are the sentence-like items: consecutive lines join
 * while the previous one does not end a sentence (or the next starts in lower case); role lines
 * (with dates) and short lines are not achievements.
 */
function unmarkedItems(lines: Line[]): string[] {
  const items: Line[][] = [];
  for (const line of lines) {
    const current = items[items.length - 1];
    const last = current?.[current.length - 1];
    const continues = last && last.page === line.page && last.column === line.column && Math.abs(last.x - line.x) < 2
      && line.y - last.y <= 1.8 * line.fontSize && !HAS_DATE_RANGE.test(last.text)
      && (!/[.!?]$/.test(last.text.trim()) || /^[a-z]/.test(line.text.trim()));
    if (continues) current.push(line);
    else items.push([line]);
  }
  return items
    .map((item) => item.map((l) => l.text).join(' ').replace(/-\s+(?=[a-z])/g, '-'))
    .filter((text) => text.split(/\s+/).length >= 4 && !HAS_DATE_RANGE.test(text));
}

function isQuantified(bullet: string): boolean {
  const withoutDates = bullet.replace(DATE_RANGE_TEXT, '').replace(/\b(19|20)\d{2}\b/g, '');
  return /[$€£¥]\s?\d|\d\s?(%|percent|x\b|×)|\b\d[\d,.]*\s?(k|m|bn|million|billion|thousand|hundred)?\b/i.test(withoutDates)
    || /\b(doubled|tripled|halved)\b/i.test(bullet);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DATE_PART = String.raw`((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?:19|20)\d{2}|\d{1,2}\/(?:19|20)\d{2}|(?:19|20)\d{2}-\d{2}|(?:19|20)\d{2})`;
const RANGE = new RegExp(`${DATE_PART}\\s*(?:-|–|—|to)\\s*(${DATE_PART.slice(1, -1)}|present|current|now|today)`, 'gi');

function parseDate(text: string, isEnd: boolean): { month: number; format: string } | null {
  const t = text.trim().toLowerCase();
  let m = /^([a-z]+)\.?\s+(\d{4})$/.exec(t);
  if (m) {
    const month = MONTHS.indexOf(m[1].slice(0, 3));
    if (month < 0) return null;
    return { month: Number(m[2]) * 12 + month, format: m[1].length <= 4 && m[1] !== 'june' && m[1] !== 'july' ? 'Mon YYYY' : 'Month YYYY' };
  }
  m = /^(\d{1,2})\/(\d{4})$/.exec(t);
  if (m) return { month: Number(m[2]) * 12 + Number(m[1]) - 1, format: 'MM/YYYY' };
  m = /^(\d{4})-(\d{2})$/.exec(t);
  if (m) return { month: Number(m[1]) * 12 + Number(m[2]) - 1, format: 'YYYY-MM' };
  m = /^(\d{4})$/.exec(t);
  if (m) return { month: Number(m[1]) * 12 + (isEnd ? 11 : 0), format: 'YYYY' };
  return null;
}

function analyseDates(layout: ResumeLayout, now: Date): DateFindings {
  const nowMonth = now.getFullYear() * 12 + now.getMonth();
  const experience = sectionLines(layout, ['experience']).map((l) => l.text).join('\n');
  const ranges: DateRange[] = [];
  const invalid: string[] = [];
  for (const match of experience.matchAll(RANGE)) {
    const start = parseDate(match[1], false);
    const present = /present|current|now|today/i.test(match[2]);
    const end = present ? { month: nowMonth, format: start?.format ?? '' } : parseDate(match[2], true);
    if (!start || !end) continue;
    const range = { text: match[0], start: start.month, end: end.month, present, format: start.format };
    if (!present && end.format !== start.format) range.format = `${start.format} + ${end.format}`;
    if (end.month < start.month) invalid.push(`${match[0]} ends before it starts`);
    else if (start.month > nowMonth + 1) invalid.push(`${match[0]} starts in the future`);
    ranges.push(range);
  }
  const formats = [...new Set(ranges.flatMap((r) => r.format.split(' + ')))];
  const sorted = [...ranges].filter((r) => r.end >= r.start).sort((a, b) => a.start - b.start);
  const gaps: DateFindings['gaps'] = [];
  let covered: DateRange | null = null;
  for (const range of sorted) {
    // Over six whole months between the end of one role and the start of the next.
    if (covered && range.start - covered.end - 1 > 6) {
      gaps.push({ from: monthName(covered.end), to: monthName(range.start), months: range.start - covered.end - 1 });
    }
    if (!covered || range.end > covered.end) covered = range;
  }
  return { ranges, formats, inconsistentFormats: formats.length > 1, gaps, invalid };
}

function monthName(month: number): string {
  const name = MONTHS[month % 12];
  return `${name[0].toUpperCase()}${name.slice(1)} ${Math.floor(month / 12)}`;
}

function countPronouns(text: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const match of text.matchAll(/\b(I|me|my|mine|myself|we|our)\b/g)) {
    const word = match[1] === 'I' ? 'I' : match[1].toLowerCase();
    // "I" alone is the pronoun; lower-case "i" is not counted (roman numerals, typos).
    if (match[1] !== 'I' && match[1].toLowerCase() !== match[1]) continue;
    counts[word] = (counts[word] ?? 0) + 1;
  }
  return counts;
}

function findAtsRisks(layout: ResumeLayout, pdf: PdfText, contact: Contact): AtsRisk[] {
  const risks: AtsRisk[] = [];
  const columnPages = layout.pages.filter((p) => p.gutterX !== null).map((p) => p.page);
  if (columnPages.length) {
    risks.push({ id: 'multi-column', severity: 'high', detail: `Two-column layout on page ${columnPages.join(', ')}: many applicant tracking systems read straight across columns and scramble the order of your content.` });
  }
  const tableRows = countTableRows(layout);
  if (tableRows >= 3) {
    risks.push({ id: 'table', severity: 'medium', detail: `${tableRows} lines are laid out as a table (three or more aligned cells per row); ATS often merge or drop table cells.` });
  }
  const images = pdf.pages.reduce((n, p) => n + p.imageCount, 0);
  if (images > 0) {
    risks.push({ id: 'images', severity: 'low', detail: `${images} image${images > 1 ? 's' : ''} (photo, logo, icons or charts): ATS ignore images, so anything written inside them is lost.` });
  }
  const symbolFonts = pdf.fonts.filter((f) => SYMBOL_FONTS.some((s) => f.toLowerCase().replace(/[-_]/g, ' ').startsWith(s) || f.toLowerCase().startsWith(s.replace(/ /g, ''))));
  if (symbolFonts.length) {
    risks.push({ id: 'symbol-fonts', severity: 'medium', detail: `Icon or symbol fonts (${symbolFonts.join(', ')}): their glyphs come out as stray letters in plain text.` });
  }
  const unusual = pdf.fonts.filter((f) => !symbolFonts.includes(f) && !COMMON_FONTS.some((c) => f.toLowerCase().replace(/[\s_-]/g, '').startsWith(c.replace(/\s/g, ''))));
  if (unusual.length) {
    risks.push({ id: 'unusual-fonts', severity: 'low', detail: `Less common fonts (${unusual.slice(0, 4).join(', ')}): if text extraction misreads them, keywords are lost. Standard fonts such as Arial, Calibri or Georgia are safest.` });
  }
  // Header/footer text: tagged as such (artifacts near the page edge), or sitting in the outer
  // margin band, or repeated at the edge of several pages.
  const nearEdge = (l: Line, share: number) => l.y < l.pageHeight * share || l.y > l.pageHeight * (1 - share);
  const edge = layout.lines.filter((l) => (l.artifact && nearEdge(l, 0.15)) || l.y < 40 || l.y > l.pageHeight - 30);
  const pageNumber = /^(page\s*)?\d+(\s*(of|\/)\s*\d+)?$/i;
  const contactInEdge = edge.filter((l) => [contact.email, contact.phone].some((c) => c && l.text.includes(c)));
  const repeated = edge.filter((l) => !pageNumber.test(l.text.trim()) && edge.filter((o) => o.text === l.text && o.page !== l.page).length > 0);
  const tagged = edge.filter((l) => l.artifact && /\p{L}{2}/u.test(l.text) && !pageNumber.test(l.text.trim()));
  if (contactInEdge.length || repeated.length || tagged.length) {
    const what = contactInEdge.length ? 'Contact details sit in the page header/footer'
      : `“${(repeated[0] ?? tagged[0]).text}” sits in the page header/footer`;
    risks.push({ id: 'header-footer-text', severity: 'medium', detail: `${what}: some ATS skip headers and footers entirely, so keep your name and contact details in the main body.` });
  }
  const sizes = layout.lines.map((l) => l.fontSize).sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)] ?? 0;
  if (median > 0 && median < 9) {
    risks.push({ id: 'small-text', severity: 'low', detail: `Body text is about ${median.toFixed(1)} pt: below 10 pt is hard to read and may be misread by OCR-based systems.` });
  }
  if (/[\uE000-\uF8FF]/.test(layout.lines.map((l) => l.text).join(''))) {
    risks.push({ id: 'special-characters', severity: 'low', detail: 'Private-use characters (usually icons) appear in the text; they extract as unreadable symbols.' });
  }
  return risks;
}

/** Lines with three or more cells whose cell edges line up with a nearby line's. */
function countTableRows(layout: ResumeLayout): number {
  const rows = layout.lines.filter((l) => l.cellStarts.length >= 3);
  const aligned = (a: Line, b: Line) => a.page === b.page && a.column === b.column && Math.abs(a.y - b.y) < 6 * a.fontSize
    && a.cellStarts.length === b.cellStarts.length && a.cellStarts.every((x, i) => Math.abs(x - b.cellStarts[i]) < 2);
  return rows.filter((row) => rows.some((other) => other !== row && aligned(row, other))).length;
}

type Base = Omit<ResumeAnalysis, 'score'>;

function scoreResume(a: Base): ResumeAnalysis['score'] {
  const parts: ScorePart[] = [];
  const part = (key: string, label: string, max: number, score: number, notes: string[]) =>
    parts.push({ key, label, max, score: Math.max(0, Math.min(max, Math.round(score))), notes });

  const contactNotes: string[] = [];
  if (!a.contact.email) contactNotes.push('no e-mail address');
  if (!a.contact.phone) contactNotes.push('no phone number');
  if (!a.contact.linkedin && !a.contact.website) contactNotes.push('no LinkedIn or portfolio link');
  part('contact', 'Contact details', 10, (a.contact.email ? 4 : 0) + (a.contact.phone ? 3 : 0) + (a.contact.linkedin || a.contact.website ? 3 : 0), contactNotes);

  const sectionPoints: Partial<Record<SectionKey, number>> = { experience: 5, education: 4, skills: 4, summary: 2 };
  part('sections', 'Sections and structure', 15,
    Object.entries(sectionPoints).reduce((n, [k, p]) => n + (a.sectionsFound.includes(k as SectionKey) ? p : 0), 0),
    a.missingSections.map((k) => `no ${k} section`));

  const b = a.bullets;
  const verbRatio = b.count ? b.withActionVerb / b.count : 0;
  const numberRatio = b.count ? b.quantified / b.count : 0;
  const impactNotes = b.count === 0 ? ['no achievement bullets found'] : [
    `${b.withActionVerb} of ${b.count} bullets start with an action verb`,
    `${b.quantified} of ${b.count} bullets include a number`,
  ];
  part('impact', 'Achievements and impact', 30,
    15 * Math.min(1, verbRatio / 0.8) + 15 * Math.min(1, numberRatio / 0.5) - (b.noBulletMarkers ? 3 : 0) - Math.min(4, b.tooLong * 2), impactNotes);

  const perPage = a.wordCount / Math.max(1, a.pageCount);
  const lengthNotes: string[] = [];
  let lengthScore = 10;
  if (a.wordCount < 180) { lengthScore = 3; lengthNotes.push(`only ${a.wordCount} words`); }
  else if (a.wordCount < 250) { lengthScore = 7; lengthNotes.push(`${a.wordCount} words is on the thin side`); }
  if (a.pageCount > 2) { lengthScore -= 4; lengthNotes.push(`${a.pageCount} pages (aim for one or two)`); }
  if (perPage > 800) { lengthScore -= 3; lengthNotes.push(`${Math.round(perPage)} words a page is dense`); }
  part('length', 'Length and density', 10, lengthScore, lengthNotes);

  const d = a.dates;
  const dateNotes: string[] = [];
  let dateScore = 10;
  if (d.ranges.length === 0) { dateScore = 4; dateNotes.push('no employment dates found'); }
  if (d.inconsistentFormats) { dateScore -= 3; dateNotes.push(`mixed date formats (${d.formats.join(', ')})`); }
  if (d.gaps.length) { dateScore -= Math.min(4, 2 * d.gaps.length); dateNotes.push(`${d.gaps.length} gap${d.gaps.length > 1 ? 's' : ''} over six months`); }
  if (d.invalid.length) { dateScore -= 3 * d.invalid.length; dateNotes.push(...d.invalid); }
  part('dates', 'Dates and timeline', 10, dateScore, dateNotes);

  const pronounCount = Object.values(a.pronouns).reduce((n, c) => n + c, 0);
  const languageNotes: string[] = [];
  if (pronounCount) languageNotes.push(`${pronounCount} first-person pronoun${pronounCount > 1 ? 's' : ''}`);
  if (a.cliches.length) languageNotes.push(`clichés: ${a.cliches.join(', ')}`);
  part('language', 'Language and tone', 10, 10 - Math.min(5, pronounCount) - Math.min(5, 1.5 * a.cliches.length), languageNotes);

  const penalty = { high: 6, medium: 3, low: 1.5 } as const;
  part('ats', 'ATS compatibility', 15, 15 - a.ats.reduce((n, r) => n + penalty[r.severity], 0), a.ats.map((r) => r.id));

  return { total: parts.reduce((n, p) => n + p.score, 0), parts };
}
