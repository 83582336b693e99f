/**
 * Rule-based resume analysis, always computed: contact details, sections, bullet quality, length,
 * dates, language and ATS risks, scored out of 100 with a breakdown. Pure function of the layout
 * (and `now`, for dates), so tests can assert exact findings.
 *
 * Two principles: a finding quotes the line it is about, and what the parser could not read is
 * reported as such (a notice) and left out of the score instead of counting against the resume.
 */
import { findDates, formatFamily, monthLabel, type DateFormat } from './dates.js';
import { exactHeadingKey, misspeltHeading, normaliseHeading, unknownHeadingParts } from './headings.js';
import { HAN, LANGUAGE_NAMES, lineLanguage, plainWord, type ResumeLanguage } from './language.js';
import type { Line, PageLayout, ResumeLayout, Section, SectionKey } from './layout.js';
import { COLUMN_TEXT_SHARE, HIDDEN_TEXT_SIZE } from './layout.js';
import type { PdfText } from './pdf-text.js';
import { isMarked, parseResume, type ParsedContact, type ParsedResume } from './resume-structure.js';
import { ACTION_VERBS, BULLET_FONTS, CLICHES, DISPLAY_FONT_WORDS, FILL_IN_WORDS, fontMatches, ICON_FONTS, TEMPLATE_FIELD_WORDS, WEAK_OPENINGS } from './vocabulary.js';

export type Contact = ParsedContact;

export interface BulletFindings {
  count: number;
  withActionVerb: number;
  quantified: number;
  weakOpenings: string[];
  unquantifiedExamples: string[];
  tooLong: number;
  /** True when the experience section has no bullet characters at all. */
  noBulletMarkers: boolean;
  /** Action verbs, duty openings and pronouns are English wording rules: checked only for English. */
  wordingChecked: boolean;
}

export interface DateRange { text: string; start: number; end: number; present: boolean; format: string }

export interface DateFindings {
  ranges: DateRange[];
  formats: string[];
  inconsistentFormats: boolean;
  gaps: Array<{ from: string; to: string; months: number }>;
  /** Breaks of over six months that fall while studying: not counted as gaps. */
  breaksWhileStudying: number;
  invalid: string[];
  /** Experience entries without any date, quoted (only when other entries are dated). */
  undated: string[];
}

export type AtsRiskId = 'multi-column' | 'column-block' | 'table' | 'images' | 'symbol-fonts' | 'unusual-fonts' | 'display-font' | 'header-footer-text' | 'small-text' | 'special-characters' | 'image-only' | 'hidden-text';

export interface AtsRisk { id: AtsRiskId; severity: 'high' | 'medium' | 'low'; detail: string }

export interface ScorePart { key: string; label: string; score: number; max: number; notes: string[]; /** Not scored: the parser could not read what this part needs. */ unscored?: boolean }

export interface ResumeAnalysis {
  pageCount: number;
  /** Words on each page, in page order (density is judged on the fullest page). */
  wordsOnPage: number[];
  /** The text was read by OCR from a picture: an applicant tracking system reads nothing from the file. */
  pictureOnly: boolean;
  wordCount: number;
  language: ResumeLanguage;
  contact: Contact;
  sectionsFound: SectionKey[];
  /** Expected sections no heading names, while every heading was recognised: they are not there. */
  missingSections: SectionKey[];
  /**
   * Expected sections no known heading names, while some headings are of names the vocabulary does
   * not know: one of those may hold them. Said as a question of naming, never as "missing".
   */
  unsureSections: SectionKey[];
  /** Headings in the resume's heading style whose names are not known section names. */
  unrecognisedHeadings: string[];
  bullets: BulletFindings;
  dates: DateFindings;
  pronouns: Record<string, number>;
  /** The first lines with first-person pronouns, quoted. */
  pronounLines: string[];
  cliches: string[];
  /** Lines that still hold a template's placeholder text ("Lorem ipsum", "[Your Name]", "Company Name"), quoted. */
  placeholders: string[];
  ats: AtsRisk[];
  fonts: string[];
  /** An academic CV (publications, research, teaching): length is not held against it. */
  academic: boolean;
  /** Still studying: an education entry ends in the future or runs to the present. */
  student: boolean;
  /** What the review could not check, said plainly. */
  notices: string[];
  parsed: ParsedResume;
  score: { total: number; parts: ScorePart[]; /** Why the total was held down to a ceiling, said in the review. */ cap?: string };
}

/**
 * The highest total a picture-only PDF can score: an applicant tracking system that does not run
 * OCR reads nothing from it, so however good the text OCR found, the file itself fails the first
 * screen. The OCR text still drives the advice.
 */
export const PICTURE_ONLY_SCORE_CAP = 40;

export interface AnalyseOptions {
  now?: Date;
  /** The text was read by OCR from a picture of the page. */
  ocr?: boolean;
  /** Pages of a picture-only PDF that OCR did not read. */
  unreadPages?: number;
}

/**
 * Length and density guides the review states with its findings: one or two pages outside academia,
 * no page above about 700 words (beyond that margins and spacing give way and the page reads as a
 * wall of text), and at least 250 words in all (below 180 there is too little to judge an applicant by).
 */
export const LENGTH = { maxPages: 2, maxWordsOnPage: 700, thinWords: 250, veryThinWords: 180 } as const;

/** Words of text; Chinese is written without spaces, so two of its characters count as a word. */
const words = (text: string) => {
  const han = text.match(HAN)?.length ?? 0;
  return text.replace(HAN, ' ').split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length + Math.round(han / 2);
};

/** The languages the review reads, named from the one list of them ("English, German, … or Chinese"). */
const READ_LANGUAGES = (() => {
  const names = Object.entries(LANGUAGE_NAMES).filter(([code]) => code !== 'other').map(([, name]) => name);
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
})();

const ESSENTIAL: SectionKey[] = ['experience', 'education', 'skills'];
const RECOMMENDED: SectionKey[] = ['summary'];

export function analyseResume(layout: ResumeLayout, pdf: PdfText, options: AnalyseOptions = {}): ResumeAnalysis {
  const now = options.now ?? new Date();
  const parsed = parseResume(layout, pdf);
  const text = layout.lines.map((l) => l.text).join('\n');
  const wordCount = words(text);
  const supported = parsed.language !== 'other';
  const english = parsed.language === 'en';
  const found = new Set(parsed.sections.map((s) => s.key).filter((k): k is SectionKey => k !== 'other'));
  if (parsed.implicitSummary) found.add('summary');
  // Sections there without a heading of their own (a sub-heading, a labelled row, a joined heading).
  for (const key of layout.subsections) found.add(key);
  const sectionsFound = [...found];
  const headingsRead = parsed.sections.length > 0;
  // Absent sections are named only when headings were read in a language we know, and claimed
  // missing only when every heading was recognised (under a heading of unknown name, anything may
  // stand) in text read from the PDF itself.
  const absent = supported && headingsRead ? [...ESSENTIAL, ...RECOMMENDED].filter((k) => !found.has(k)) : [];
  const name = parsed.contact.name && normaliseHeading(parsed.contact.name);
  // A heading read from a word in a line that goes on after a colon ("Talen Engels: Moedertaal")
  // may be a label run together with its value: other headings may have been run together so.
  const labelLine = (heading: string) => /:\s*\S/.test(heading) && exactHeadingKey(heading) === null;
  const unrecognisedHeadings = parsed.sections
    .filter((s) => (s.key === 'other' && exactHeadingKey(s.heading) === null && normaliseHeading(s.heading) !== name) || unknownHeadingParts(s.heading).length > 0 || labelLine(s.heading) || misspeltHeading(s.heading))
    .map((s) => s.heading);
  // Text read by OCR may have misread a heading's letters: what it did not find is unsure there too.
  const sure = unrecognisedHeadings.length === 0 && options.ocr !== true;
  const missingSections = sure ? absent : [];
  const unsureSections = sure ? [] : absent;
  const notices = [...parsed.unsure];
  if (!supported) {
    notices.push(`The resume does not seem to be in ${READ_LANGUAGES}, so the checks are limited to layout, contact details and the sections it names; wording was not judged and no section is called missing.`);
  } else if (!english) {
    notices.push(`The resume is in ${LANGUAGE_NAMES[parsed.language]}: sections, dates, contact details and layout were checked; wording rules written for English (action verbs, pronouns, clichés) were not applied.`);
  }
  if (options.unreadPages) notices.unshift(`Only the first ${pdf.pages.length} page${pdf.pages.length > 1 ? 's were' : ' was'} read by OCR; ${options.unreadPages} more ${options.unreadPages > 1 ? 'were' : 'was'} not reviewed.`);
  if (options.ocr) notices.unshift('This PDF has no text layer: its text was read from a picture of the page (OCR), so small misreadings are possible. Many applicant tracking systems cannot read a picture at all and would see an empty document.');
  const bullets = analyseBullets(layout, parsed, english);
  const dates = analyseDates(parsed, now);
  const { counts: pronouns, lines: pronounLines } = english ? countPronouns(layout) : { counts: {}, lines: [] };
  const cliches = english ? CLICHES.filter((c) => new RegExp(`\\b${c.replace(/[-\s]/g, '[-\\s]')}\\b`, 'i').test(text))
    .filter((c, i, all) => !all.slice(0, i).some((other) => other.replace(/[-\s]/g, '') === c.replace(/[-\s]/g, ''))) : [];
  const placeholders = findPlaceholders(layout, pdf);
  const ats = findAtsRisks(layout, pdf, parsed.contact, options.ocr === true);
  // A talks or papers section alone does not make an academic CV: an academic post or degree must
  // show too, or (a student's CV before the doctorate) a section of teaching or of research
  // interests beside the publications.
  const academic = (found.has('publications') || RESEARCH_OR_TEACHING.test(text))
    && (/\b(ph\.?\s?d|doctoral|doctorate|postdoc\w*|post-doctoral|professor|lecturer|research (fellow|scientist|assistant|associate)|dr\.)/i.test(text)
      || ACADEMIC_POSTS.test(text)
      || (found.has('publications') && parsed.sections.some((s) => ACADEMIC_HEADING.test(s.heading))));
  const wordsOnPage = pdf.pages.map((p) => layout.lines.filter((l) => l.page === p.number).reduce((n, l) => n + words(l.text), 0));
  const nowMonth = now.getFullYear() * 12 + now.getMonth();
  const student = parsed.roles.some((r) => r.section === 'education' && (r.end === null || (r.end ?? 0) > nowMonth));
  const base = {
    student, pageCount: pdf.pages.length + (options.unreadPages ?? 0), wordsOnPage, pictureOnly: options.ocr === true, wordCount, language: parsed.language, contact: parsed.contact, sectionsFound, missingSections, unsureSections, unrecognisedHeadings,
    bullets, dates, pronouns, pronounLines, cliches, placeholders, ats, fonts: pdf.fonts, academic, notices, parsed,
  };
  return { ...base, score: scoreResume(base, { headingsRead, supported }) };
}

function sectionLines(layout: ResumeLayout, keys: SectionKey[]): Line[] {
  return layout.sections.filter((s) => keys.includes(s.key as SectionKey)).flatMap((s) => s.lines);
}

/** "TensorFlow: built …" — a topic label before the achievement; the verb comes after it. */
const TOPIC_LABEL = /^[\p{L}\p{N}][\p{L}\p{N} &/+.–-]{0,40}:\s+/u;

function analyseBullets(layout: ResumeLayout, parsed: ParsedResume, english: boolean): BulletFindings {
  const items = parsed.bullets.map((b) => b.text);
  const lines = sectionLines(layout, ['experience', 'projects', 'volunteering']);
  const marked = lines.filter(isMarked);
  // Lists whose markers are drawn as shapes (browsers, some templates) still show as indented lines.
  const minX = Math.min(...lines.map((l) => l.x));
  const indented = lines.filter((l) => l.x > minX + 4).length >= Math.max(2, lines.length / 3);
  const noBulletMarkers = lines.length > 0 && marked.length === 0 && !indented && parsed.roles.some((r) => r.bullets.length > 0);
  const weakOpenings: string[] = [];
  const unquantified: string[] = [];
  let withActionVerb = 0, quantified = 0, tooLong = 0;
  for (const bullet of items) {
    const body = bullet.replace(TOPIC_LABEL, '');
    const lower = body.toLowerCase();
    const first = lower.split(/[\s,;:]+/)[0];
    if (english) {
      if (ACTION_VERBS.has(first)) withActionVerb++;
      // A duty phrase that opens the bullet or any of its sentences; the sentence is what gets quoted.
      const sentences = [body, ...body.split(/(?<=[.;])\s+/).slice(1)];
      const weak = sentences.find((s) => WEAK_OPENINGS.some((w) => s.toLowerCase().startsWith(`${w} `)));
      if (weak) weakOpenings.push(weak === body ? bullet : weak);
    }
    if (isQuantified(bullet)) quantified++;
    else unquantified.push(bullet);
    if (bullet.split(/\s+/).length > 35) tooLong++;
  }
  // Examples come first from dated entries (jobs), where a figure matters most.
  const dated = new Set(parsed.roles.filter((r) => r.dates && r.section !== 'education').flatMap((r) => r.bullets));
  unquantified.sort((x, y) => Number(dated.has(y)) - Number(dated.has(x)));
  return { count: items.length, withActionVerb, quantified, weakOpenings, unquantifiedExamples: unquantified.slice(0, 3), tooLong, noBulletMarkers, wordingChecked: english };
}

function isQuantified(bullet: string): boolean {
  // Years and names with numbers in them ("COVID-19", "Python3") are not results.
  const withoutDates = bullet.replace(/\b(19|20)\d{2}\b/g, '').replace(/\p{L}[-‐]?\d+/gu, '');
  return /[$€£¥]\s?\d|\d\s?(%|percent|x\b|×)|\b\d[\d,.]*\+?\s?(k|m|bn|million|billion|thousand|hundred)?(?![\p{L}\d])/iu.test(withoutDates)
    || /\b(doubled|tripled|halved)\b/i.test(bullet);
}

function analyseDates(parsed: ParsedResume, now: Date): DateFindings {
  const nowMonth = now.getFullYear() * 12 + now.getMonth();
  const roles = parsed.roles.filter((r) => r.section === 'experience');
  const ranges: DateRange[] = [];
  const invalid: string[] = [];
  const formats = new Set<DateFormat>();
  for (const role of roles) {
    if (role.start === undefined || role.dates === null) continue;
    const found = findDates(role.dates);
    // The first date written decides the entry's format ("Summer 2012 and 2013" is one season).
    const points = found.ranges.length ? [found.ranges[0].start, found.ranges[0].end] : [found.singles[0]?.point];
    for (const point of points) if (point) formats.add(point.format);
    const end = role.end ?? nowMonth;
    const range: DateRange = { text: role.dates, start: role.start, end, present: role.end === null, format: found.ranges[0]?.start.format ?? found.singles[0]?.point.format ?? '' };
    if (end < role.start) invalid.push(`${role.dates} ends before it starts`);
    else if (role.start > nowMonth + 1) invalid.push(`${role.dates} starts in the future`);
    ranges.push(range);
  }
  const families = new Set([...formats].map(formatFamily).filter((f) => f !== 'season'));
  // Breaks while still studying are not employment gaps: ignore gaps that end before the last education date.
  const educationEnd = Math.max(-1, ...parsed.roles.filter((r) => r.section === 'education').map((r) => (r.end === null ? nowMonth : r.end ?? -1)));
  const sorted = ranges.filter((r) => r.end >= r.start).sort((a, b) => a.start - b.start);
  const gaps: DateFindings['gaps'] = [];
  let covered: DateRange | null = null;
  let breaksWhileStudying = 0;
  for (const range of sorted) {
    // Over six whole months between the end of one role and the start of the next.
    if (covered && range.start - covered.end - 1 > 6) {
      if (range.start > educationEnd + 3) gaps.push({ from: monthLabel(covered.end), to: monthLabel(range.start), months: range.start - covered.end - 1 });
      else breaksWhileStudying++;
    }
    if (!covered || range.end > covered.end) covered = range;
  }
  // An undated entry is worth a remark only in a section whose other entries carry dates.
  const undated = roles.filter((r) => r.dates === null && roles.some((o) => o.sectionIndex === r.sectionIndex && o.dates !== null)).map((r) => r.heading[0]);
  return { ranges, formats: [...formats], inconsistentFormats: families.size > 1, gaps, breaksWhileStudying, invalid, undated };
}

/** Sections that quote other people's words (titles, author lists): not the applicant's voice. */
const QUOTING_SECTIONS: Section['key'][] = ['publications', 'references'];

/** Research or teaching named in any of the seven European languages, or the academic "curriculum vitae". */
const RESEARCH_OR_TEACHING = /(?<![\p{L}])(curriculum vit(?:ae|æ)|teaching experience|research experience|forschung|lehrt[äa]tigkeit|enseignements?|recherches?|investigaci[oó]n|docencia|pesquisa|doc[eê]ncia|ricerca|didattica|onderzoek)(?![\p{L}])/iu;

/**
 * Headings of a teaching or research-interests section, in the seven European languages. Not German "Lehre"
 * nor Dutch "onderwijs": those also head an apprenticeship and schooling.
 */
const ACADEMIC_HEADING = /(?<![\p{L}])(research interests?|research (?:areas|topics|focus)|teaching|forschungs(?:interessen|schwerpunkte?)|lehrt[äa]tigkeit|lehrerfahrung|int[ée]r[êe]ts de recherche|th[èe]mes de recherche|enseignements?|intereses de investigaci[oó]n|l[ií]neas de investigaci[oó]n|docencia|experiencia docente|interesses de pesquisa|linhas de pesquisa|doc[êe]ncia|interessi di ricerca|didattica|onderzoeksinteresses|onderwijservaring)(?![\p{L}])/iu;

/** Doctoral degrees and academic posts in the other six languages the reader knows (as the English list: no bare "researcher"). */
const ACADEMIC_POSTS = /(?<![\p{L}])(doktorand\w*|habilitation|wissenschaftliche[rn]? mitarbeiter\w*|doctorat|doctorant\w*|post-?doctorat|ma[iî]tre de conf[ée]rences|doctorado|doctorand[oa]|catedr[aá]tic\w*|doutorado|doutoramento|doutoral|doutorand[oa]|dottorat[oi]|dottorand[oi]|assegnista|promovend\w*|hoogleraar)(?![\p{L}])/iu;

/**
 * English first-person pronouns; matched whatever their case, then judged one by one. A word that
 * goes on after an apostrophe is another word, except a contraction ("I've", "I'm", "we're").
 */
const PRONOUN = /(?<![\p{L}\p{N}])(I|me|my|mine|myself|we|our)(?![\p{L}\p{N}]|['’](?!(?:m|ve|d|ll|re)(?![\p{L}\p{N}]))\p{L})/giu;

function countPronouns(layout: ResumeLayout): { counts: Record<string, number>; lines: string[] } {
  const counts: Record<string, number> = {};
  const quoted: string[] = [];
  const quoting = new Set(layout.sections.filter((s) => QUOTING_SECTIONS.includes(s.key)).flatMap((s) => s.lines));
  // A heading ("About me", "Über mich") names a section; it is not the applicant speaking.
  const headings = new Set(layout.sections.map((s) => s.headingLine));
  let inQuote = false;
  for (const line of layout.lines) {
    if (quoting.has(line) || line.furniture || headings.has(line)) continue;
    // A line in another language (a publication's title, a course's name) does not speak English:
    // its "I" is an article ("I valori…"), its "me" that language's pronoun.
    const language = lineLanguage(line.text);
    if (language && language !== 'en') continue;
    // Words broken by stray spaces ("Engine e r at We ste rn Digital", a font whose spacing the
    // reader cannot follow): their pieces ("We") are not words. Two lone letters besides "a" and
    // "I" say the line's spacing is broken.
    if ((line.text.match(/(?<![\p{L}\p{N}'’.-])[b-hj-z](?![\p{L}\p{N}'’.-])/gu)?.length ?? 0) >= 2) continue;
    const quotes = quotedSpans(line.text, inQuote);
    inQuote = quotes.open;
    for (const match of line.text.matchAll(PRONOUN)) {
      const found = match[1]!;
      const at = match.index ?? 0;
      // Someone else's words in quotation marks (a reference's praise) are not the applicant's.
      if (quotes.inside(at)) continue;
      // Part of a web or e-mail address ("about.me", "me@…"), not a word.
      if (/[./@]$/.test(line.text.slice(0, at)) || /^[./@]\p{L}/u.test(line.text.slice(at + found.length))) continue;
      // The first piece of a word hyphenated over two lines ("me-" over "etings"), not a word.
      if (/^[-‐­]\s*$/u.test(line.text.slice(at + found.length))) continue;
      // "I" alone is the pronoun; lower-case "i" is not counted (roman numerals, typos). Others
      // count in lower case or capitalised at a sentence's start, not in capitals ("ME", "MY" are
      // abbreviations).
      if (found.toLowerCase() === 'i' ? found !== 'I' : found.length > 1 && found === found.toUpperCase()) continue;
      // "I" in a list of numerals ("Part I", "Class I") is not a pronoun.
      if (found === 'I' && /\b(part|class|phase|level|grade|tier|type|stage|volume|vol\.)\s+I\b/i.test(line.text)) continue;
      if (found === 'I' && isInitial(line.text, at)) continue;
      // An acronym's letters drawn apart ("C I Tools", "Q A"): after a lone capital, "I" is a letter.
      if (found === 'I' && /(?<![\p{L}\p{N}])[B-HJ-Z] $/u.test(line.text.slice(0, at))) continue;
      // The pronoun "I" is followed by a word ("I built"); with none after it, with a wide gap after
      // it (a job's level at the end of its title, "Engineer I      Dec 2015"), or beside another
      // numeral ("Methods I + II"), it is a numeral, an icon's letter or a label.
      if (found === 'I' && (!/^\s*['’]?\p{L}/u.test(line.text.slice(at + 1)) || /^\s{2}/.test(line.text.slice(at + 1)) || /^\s*(?:\+|and|&|,|\/|–|-)\s*I{1,3}V?\b/.test(line.text.slice(at + 1)))) continue;
      const word = found === 'I' ? 'I' : found.toLowerCase();
      counts[word] = (counts[word] ?? 0) + 1;
      if (!quoted.includes(line.text) && quoted.length < 3) quoted.push(line.text);
    }
  }
  return { counts, lines: quoted };
}

/**
 * The parts of a line inside quotation marks (“…”, "…", «…», „…“), given whether a quote was open
 * when the line began; a quote may run on over several lines.
 */
function quotedSpans(text: string, openAtStart: boolean): { inside: (at: number) => boolean; open: boolean } {
  const spans: Array<[number, number]> = [];
  let open = openAtStart, from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const opens = c === '“' || c === '«' || c === '„' || (c === '"' && !open);
    const closes = c === '”' || c === '»' || (c === '“' && open && text[from] === '„') || (c === '"' && open);
    if (open && closes) { spans.push([from, i]); open = false; } else if (!open && opens) { open = true; from = i; }
  }
  if (open) spans.push([from, text.length]);
  return { inside: (at) => spans.some(([a, b]) => at > a && at < b), open };
}

/** Author-list names: "Ferraz, I. N.", "I. N. Ferraz", "Smith J, Ferraz IN" (two or more such names on the line). */
const AUTHOR_NAME = /\p{Lu}[\p{Ll}'’-]+,?\s(?:\p{Lu}\.?[\s-]?){1,3}(?=[,;.]|\s(?:and|&)\s|$)|(?:\p{Lu}\.\s?-?){1,3}\s?\p{Lu}[\p{Ll}'’-]+/gu;

/**
 * The letter I as an initial, not the pronoun: followed by a full stop ("I. N. Ferraz", "Ferraz, I.")
 * or a hyphenated initial ("J.-I."), after another initial ("J. I. Smith"), or in an author list.
 */
function isInitial(text: string, at: number): boolean {
  const after = text.slice(at + 1);
  const before = text.slice(0, at);
  if (/^\.(?!\.)/.test(after) || /^-\p{Lu}/u.test(after)) return true;
  if (/(?<![\p{L}])\p{Lu}\.\s?-?$/u.test(before)) return true;
  return (text.match(AUTHOR_NAME) ?? []).length >= 2;
}

/**
 * Where a field's value would stand: the start or end of the line, or next to a separator. A
 * colon ends a slot only at the end of the line: "Project Name: Atlas" is a label with its value.
 */
const SLOT_START = String.raw`(?:^|[,|•·–—:;(]\s*|\.\s+|\s{2}|\s-\s)`;
const SLOT_END = String.raw`(?=\s*(?:$|[,|•·–—;()]|:\s*$|\s{2}|-\s))`;
const slot = (phrase: string) => new RegExp(`${SLOT_START}(${phrase})${SLOT_END}`, 'iu');

/**
 * A field left in brackets: "[Your Name]", "<Company Name>", "[Ano de Início]", "[Nome da
 * Instituição, se desejar incluir]". The bracket opens with a word telling the user to fill it in,
 * or names a field and names nothing else: a capitalised word that is no field's ("[State of
 * Colorado]", "[University of Porto]") or a number ("[Journal, 2021]") makes it a value written in
 * brackets.
 */
function hasBracketedField(text: string): boolean {
  for (const [, inside] of text.matchAll(/[[<{]\s*([^\]>}\n]{1,60}?)\s*[\]>}]/gu)) {
    const words = inside!.split(/[^\p{L}\p{N}'’-]+/u).filter(Boolean);
    const first = plainWord(words[0] ?? '');
    if (FILL_IN_WORDS.has(first) && words.length > 1) return true;
    if (!TEMPLATE_FIELD_WORDS.has(first) || /\d{3}/.test(inside!)) continue;
    if (words.every((word) => !/^\p{Lu}/u.test(word) || TEMPLATE_FIELD_WORDS.has(plainWord(word)) || FILL_IN_WORDS.has(plainWord(word)))) return true;
  }
  return false;
}

/** A field's hint in brackets opening with "your" in a language read ("(your city)", "(seu site no GitHub Pages)"). */
const PRONOUN_FIELD = /[([{<]\s*(?:your|seu|sua|seus|suas|tu|tus|votre|vos|ton|ta|ihr|ihre|dein|deine|jouw|uw|il tuo|la tua|i tuoi)\s[^)\]}>\n]{1,40}[)\]}>]/giu;
/** An acronym in capitals before a name ("(TU München)", "(UW Madison)"): a school's, not "your". */
const ACRONYM_NAME = /^[([{<]\s*\p{Lu}{2,}\s+\p{Lu}\p{Ll}/u;
const hasPronounField = (text: string) => [...text.matchAll(PRONOUN_FIELD)].some(([match]) => !ACRONYM_NAME.test(match));

/**
 * Template text left in. Each pattern names a slot rather than a value (filler Latin, a bracketed
 * field, a stock label standing where a name or date belongs, X's for digits), so text a person
 * wrote does not match: "Company Name" as the company, not "renamed the company".
 */
const PLACEHOLDERS: Array<{ test(text: string): boolean }> = [
  /\blorem ipsum\b|\bdolor sit amet\b|\bconsectetur adipiscing\b/i,
  { test: hasBracketedField },
  /\byour (?:full |first |last )?name\b|\byour (?:job )?title\b|\byour[._-]?(?:name|email)(?=[@.\s/]|$)|\byour-name\b/i,
  slot(String.raw`(?:company|employer|organi[sz]ation|school|university|college|institution|department|journal|conference|publisher|degree) name|project name(?:\s?\d)?|job title|position title|title of (?:the |your )?(?:thesis|dissertation|paper|talk|article|book|project)|city,\s*(?:state|country)|month,? year|month \d{4}|mm\s?/\s?yyyy|(?:john|jane) doe|author\s?\d`),
  /(?<![\p{L}\p{N}])(?:X{3,}|\d{2}XX)(?![\p{L}])|(?<![\p{L}])XX\s?%|\bx{3}[-.\s]x{3}[-.\s]x{4}\b/iu,
  // A field's label left as its value ("Name Here", "Company's Name", "Firma 1", "Describe project"), filler ("blah blah").
  slot(String.raw`(?:name|text|title|company|position|description|details?|address|role) here|company['’]s name|(?:company|firma|empresa|entreprise|azienda|bedrijf) \d|describe (?:the |your )?(?:project|role|job|position|company)`),
  /(?<![\p{L}])blah,? blah(?![\p{L}])/iu,
  // Digits masked with X's inside a number ("138XXXX8899", "+1 555 XXX 0142") or at its end
  // ("06xxxxxxxx"): no real number is.
  /\d{2,}[\s.-]?X{3,}[\s.-]?\d{2,}|\d{2,}[\s.-]?[Xx]{4,}(?![\p{L}\p{N}])/u,
  // The same slots in the other languages the reader knows: "your name" and "company name" forms.
  new RegExp(`(?<![\\p{L}])(?:seu|sua|tu|votre|ton|ihr|dein|jouw|uw|il tuo|la tua)[ ._-]?(?:nome|nombre|nom|name|naam|perfil|profil|e-?mail|correo)(?![\\p{L}])`, 'iu'),
  slot(String.raw`firmenname|unternehmensname|name des unternehmens|max mustermann|erika mustermann|musterstra(?:ß|ss)e\s?\d*|nom de l['’](?:entreprise|[ée]cole)|nom du projet(?:\s?\d)?|intitul[ée] du poste|nombre de la empresa|nombre del proyecto(?:\s?\d)?|nome da empresa|nome do projeto(?:\s?\d)?|nome dell['’]azienda|nome del progetto(?:\s?\d)?|bedrijfsnaam|naam van het bedrijf|projectnaam(?:\s?\d)?`),
  // A contact detail standing for its value: a phone number whose digits are starred out or all
  // zeros (no real number is), and an address made of its field labels.
  /(?<![\p{L}\p{N}])\+?\d{1,4}[\s.-]\d{0,4}[\s.-]?(?:\*{3,}|\*{2,}[\s.-]+\*{2,})/u,
  /(?<![\p{L}\p{N}])\(?0{2,4}\)?(?:[\s.-]0{2,4}){2,}(?![\p{N}])/u,
  /\b(?:address|street),\s*(?:street|city|number)\b|\bstreet and (?:house )?number\b|\bpost(?:al)?\s?code,?\s+(?:city|town)\b|\bzip(?:\s?code)?,?\s+(?:city|town)\b/i,
  // An e-mail address at a domain kept for examples (example.com, and its word in each language
  // read), or named for the field at a mail service ("first.last@email.com"; at an employer's own
  // domain, "firstname.lastname@" is how its addresses are made, written so against spam).
  /@(?:example|exemplo|ejemplo|exemple|beispiel|esempio|voorbeeld|yourdomain|your-domain)\.[a-z]{2,}\b|(?<![\p{L}\p{N}.])(?:first\.?last|firstname\.?lastname|name\.?surname|nome\.?sobrenome|prenom\.?nom|vorname\.?nachname|nombre\.?apellido|nome\.?cognome|voornaam\.?achternaam)@(?:e?mail|gmail|outlook|hotmail|yahoo|domain)\.[a-z]{2,}\b/iu,
  // A phone number whose first nine digits are counted up in order ("0123456789", "123-456-7890",
  // "(123) 456-7891"): no real one is.
  /(?<![\p{N}])\+?\(?0?1\)?[\s.-]?2[\s.-]?3\)?[\s.-]?4[\s.-]?5[\s.-]?6[\s.-]?7[\s.-]?8[\s.-]?9(?:[\s.-]?\d)?(?![\p{N}])/u,
  // An employer or school named by a run of the alphabet ("ABC Company", "XYZ University", "DEF
  // Inc."), the filler of sample resumes.
  /(?<![\p{L}\p{N}&.-])(?:ABC|DEF|XYZ|PQR)\s+(?:[Cc]ompany|[Cc]orp(?:oration)?|Inc|Ltd|LLC|Pvt|[Uu]niversity|[Cc]ollege|[Ss]chool|[Ii]nstitute|[Tt]echnologies|[Ss]olutions|[Ee]nterprises|[Ii]ndustries|[Gg]roup|[Bb]ank|[Hh]ospital)(?![\p{L}])/u,
  // Digits masked two X's at a time ("+33 6 XX XX XX XX"), and a figure left as "X%".
  /(?<![\p{L}])XX(?:[\s.-]XX){2,}(?![\p{L}])|(?<![\p{L}\p{N}])X\s?%/u,
  // The template's own instruction in each language read ("Write your skills here", "Escreva aqui
  // suas habilidades"), and a field's hint in brackets ("(seu site no GitHub Pages)", "(your city)").
  /\b(?:write|type|insert|enter|add|list|describe)\b[^.\n]{0,30}\bhere\b|\b(?:escreva|escrever|digite|insira)\s+aqui\b|\b(?:escribe|escriba|escribir|inserte)\s+aqu[íi](?![\p{L}])|(?<![\p{L}])(?:[ée]crivez|[ée]crire|ins[ée]rez|saisissez)\s+ici\b|\bhier\s+(?:eingeben|einf[üu]gen|schreiben)\b|\b(?:scrivi|scrivere|inserisci)\s+qui\b|\b(?:schrijf|typ|vul)\s+hier\b/iu,
  { test: hasPronounField },
  // A design tool's stock company and school names, the filler of its templates.
  /\b(?:borcelle|fauget|larana|rimberio|ingoude|arowwai|wardiere|salford\s*&\s*co|liceria|aldenaire|studio shodwe)\b/i,
];

/**
 * A Roman numeral numbering a recurring event ("XXX Workshop", "XXXVI Congreso Brasileiro", "the
 * XXX International Conference"): an edition, not X's standing for a value.
 */
const EVENT_EDITION = /(?<![\p{L}\p{N}])[IVXLC]+(?=\s+(?:\p{L}+\s+){0,2}(?:workshops?|conferences?|confer[eê]ncias?|congress(?:o|es)?|congreso|congr[eè]s|kongress|symposium|simp[oó]sio|simposio|meetings?|encontros?|encuentros?|jornadas?|seminars?|semin[aá]rios?|s[eé]minaires?|seminari|colloques?|convegno|tagung|olympiads?|olimp[ií]adas?|editions?|edi[cç][aã]o|edici[oó]n|edizione|semana|week)(?![\p{L}]))/giu;

/** A bracketed link word ("[Link]", "<URL>"): a blank, unless a link is behind it. */
const LINK_FIELD = /[[<{]\s*(?:link|url|website|web|homepage)\s*[\]>}]/gi;

/** Whether a link annotation lies on the line (its box meets the line's height). */
function carriesLink(line: Line, pdf: PdfText): boolean {
  const links = pdf.pages.find((p) => p.number === line.page)?.links ?? [];
  return links.some((link) => link.y < line.y + 2 && link.y + link.height > line.y - line.fontSize);
}

function findPlaceholders(layout: ResumeLayout, pdf: PdfText): string[] {
  // A table's header row names its columns ("Institution name  Year of passing"): labels, not blanks.
  const headers = new Set(headerTables(layout).map((table) => table[0]));
  // "LinkedIn [Link]" with the address behind it is the link's own text, not a field left blank.
  const text = (l: Line) => (carriesLink(l, pdf) ? l.text.replace(LINK_FIELD, ' ') : l.text).replace(EVENT_EDITION, ' ');
  // A label ending in a colon whose value was read into the other column, on the same row: filled in.
  const valueBeside = (l: Line) => l.column !== 'full' && /:\s*$/.test(l.text)
    && layout.lines.some((o) => o.page === l.page && o.column !== 'full' && o.column !== l.column && Math.abs(o.y - l.y) < 3);
  const found = layout.lines.filter((l) => !headers.has(l) && !valueBeside(l) && PLACEHOLDERS.some((p) => p.test(text(l)))).map((l) => l.text.trim());
  return [...new Set(found)].slice(0, 5);
}

/** Hidden text of this many different words or more is a passage put there on purpose, not a tool's credit line. */
export const HIDDEN_PASSAGE_WORDS = 8;

function findAtsRisks(layout: ResumeLayout, pdf: PdfText, contact: Contact, ocr: boolean): AtsRisk[] {
  const risks: AtsRisk[] = [];
  if (ocr) {
    risks.push({ id: 'image-only', severity: 'high', detail: 'The PDF is a picture with no text layer: an applicant tracking system that does not run OCR sees an empty document. Export the resume from your editor as a text PDF.' });
  }
  for (const h of layout.hidden) {
    const how = h.why === 'tiny' ? `set too small to read, under ${HIDDEN_TEXT_SIZE} pt` : h.why === 'covered' ? 'covered by a shape drawn over it' : 'drawn invisibly';
    const words = h.text.split(/\s+/).length;
    const quoted = `“${h.text.length > 80 ? `${h.text.slice(0, 77)}…` : h.text}”`;
    // A few hidden words (a PDF tool's credit line, perhaps repeated) are most often the tool's own;
    // a hidden passage of many different words is put there on purpose.
    const different = new Set(h.text.toLowerCase().split(/\s+/)).size;
    risks.push(different >= HIDDEN_PASSAGE_WORDS
      ? { id: 'hidden-text', severity: 'high', detail: `Page ${h.page} holds ${words} words no reader can see (${how}), e.g. ${quoted}. Hidden keywords or notes to software are read by recruiters' tools as an attempt to game them, and many reject the resume for it. This review left that text out.` }
      : { id: 'hidden-text', severity: 'low', detail: `Page ${h.page} holds ${words} word${words > 1 ? 's' : ''} no reader can see (${how}): ${quoted}, often a PDF tool's credit. This review left it out.` });
  }
  const columnPages = layout.pages.filter((p) => p.gutterX !== null);
  if (columnPages.length) {
    // Two columns that are the layout fill a page: they hold the share of a full page's text (this
    // resume's fullest page) that they must hold of their own page. Fewer, on a short last page,
    // are a block set side by side (cards, a grid of degrees or languages) in a one-column resume;
    // so are notes beside the entries and a grid under more one-column text than it holds.
    const fullPage = Math.max(...layout.pages.map((p) => textSize(p.lines)));
    const layoutPages = columnPages.filter((p) => textSize(p.lines.filter((l) => l.column !== 'full')) >= COLUMN_TEXT_SHARE * fullPage && !notesBeside(p) && !underOneColumnText(p, layout.pages));
    const page = layoutPages[0] ?? columnPages[0];
    const sideBySide = page.lines.filter((l) => l.column === 'left').find((l) => page.lines.some((r) => r.column === 'right' && Math.abs(r.y - l.y) < 3));
    const partner = sideBySide && page.lines.find((r) => r.column === 'right' && Math.abs(r.y - sideBySide.y) < 3);
    const example = sideBySide && partner ? ` For example “${sideBySide.text}” and “${partner.text}” sit side by side and may be read as one line.` : '';
    if (layoutPages.length) {
      risks.push({ id: 'multi-column', severity: 'high', detail: `Two-column layout on page ${layoutPages.map((p) => p.page).join(', ')}: many applicant tracking systems read straight across columns and scramble the order of your content.${example}` });
    } else {
      risks.push({ id: 'column-block', severity: 'medium', detail: `The resume is one column, but page ${columnPages.map((p) => p.page).join(', ')} sets text side by side in columns: an applicant tracking system may read straight across and join the pieces.${example}` });
    }
  }
  const table = findTableRows(layout);
  if (table.length >= 3) {
    risks.push({ id: 'table', severity: 'medium', detail: `${table.length} lines are laid out as a table (three or more aligned cells per row), starting with “${table[0].text}”; ATS often merge or drop table cells.` });
  }
  const images = pdf.pages.reduce((n, p) => n + p.imageCount, 0);
  if (images > 0 && !ocr) {
    risks.push({ id: 'images', severity: 'low', detail: `${images} image${images > 1 ? 's' : ''} (photo, logo, icons or charts): ATS ignore images, so anything written only inside them is lost.` });
  }
  const iconFonts = pdf.fonts.filter((f) => fontMatches(f, ICON_FONTS));
  if (iconFonts.length) {
    const line = iconLine(layout, pdf, iconFonts, contact);
    risks.push({ id: 'symbol-fonts', severity: 'low', detail: `Icons drawn with an icon font (${iconFonts.join(', ')}) come out as stray characters in plain text${line ? `, e.g. “${line}”` : ''}. A minor point: label the items with words (“Phone:”, “E-mail:”) or leave the icons out.` });
  }
  const garbled = garbledFonts(pdf, iconFonts);
  if (garbled.length) {
    risks.push({ id: 'unusual-fonts', severity: 'medium', detail: `Text set in ${garbled.join(', ')} extracts as unreadable characters, so an ATS cannot read it. Use a standard font for that text.` });
  }
  for (const font of displayFonts(pdf, layout, iconFonts)) {
    const where = font.body ? `${font.chars} characters of it at body-text size` : `${font.chars} characters, in headings or your name only`;
    risks.push({ id: 'display-font', severity: font.body ? 'medium' : 'low', detail: `${font.name} is a decorative display font (script, handwriting or novelty face) setting ${where}, e.g. “${font.sample}”: it is slow to read and easily misread by OCR-based systems. Keep it for your name at most; set text in a plain face.` });
  }
  const edge = layout.lines.filter((l) => l.artifact && (l.y < l.pageHeight * 0.15 || l.y > l.pageHeight * 0.85));
  const pageNumber = /^(page\s*)?\d+(\s*(of|\/)\s*\d+)?$/i;
  const tagged = edge.filter((l) => /\p{L}{2}/u.test(l.text) && !pageNumber.test(l.text.trim()));
  if (contact.onlyInPageMargin || tagged.length) {
    const marginLine = layout.lines.find((l) => (l.artifact || l.y < 40 || l.y > l.pageHeight - 40) && [contact.email, contact.phone].some((c) => c && l.text.includes(c)));
    const what = contact.onlyInPageMargin ? `Your contact details appear only in the page header/footer (“${marginLine?.text ?? contact.email ?? contact.phone}”)`
      : `“${tagged[0].text}” sits in the page header/footer`;
    risks.push({ id: 'header-footer-text', severity: 'medium', detail: `${what}: some ATS skip headers and footers entirely, so keep your name and contact details in the main body.` });
  }
  const sizes = layout.lines.map((l) => l.fontSize).sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)] ?? 0;
  if (median > 0 && median < 8.5) {
    risks.push({ id: 'small-text', severity: 'low', detail: `Body text is about ${median.toFixed(1)} pt: below 9–10 pt is hard to read and may be misread by OCR-based systems.` });
  }
  return risks;
}

const fontKey = (font: string) => font.toLowerCase().replace(/[\s_-]/g, '');

/** Decorative fonts that set text, with how much, whether at body size, and a sample of it. */
function displayFonts(pdf: PdfText, layout: ResumeLayout, iconFonts: string[]): Array<{ name: string; chars: number; body: boolean; sample: string }> {
  const sizes = layout.lines.map((l) => l.fontSize).sort((a, b) => a - b);
  const bodySize = sizes[Math.floor(sizes.length / 2)] ?? 0;
  const runs = pdf.pages.flatMap((p) => p.runs).filter((r) => !iconFonts.includes(r.font) && /\p{L}/u.test(r.text)
    && DISPLAY_FONT_WORDS.some((w) => fontKey(r.font).includes(w)));
  const families = new Map<string, typeof runs>();
  // One finding per family: "Pacifico-Regular" and "Pacifico-Bold" are one choice.
  for (const run of runs) { const family = run.font.replace(/[-,].*$/, ''); families.set(family, [...(families.get(family) ?? []), run]); }
  return [...families].map(([name, list]) => {
    const bodyChars = list.filter((r) => r.fontSize <= bodySize + 1).reduce((n, r) => n + r.text.trim().length, 0);
    const sample = list.map((r) => r.text.trim()).find((t) => t.length >= 3) ?? list[0].text.trim();
    return { name, chars: list.reduce((n, r) => n + r.text.trim().length, 0), body: bodyChars >= 40, sample: sample.length > 60 ? `${sample.slice(0, 57)}…` : sample };
  });
}

/** A line that shows an icon-font glyph, preferring the contact line (where icons usually sit). */
function iconLine(layout: ResumeLayout, pdf: PdfText, fonts: string[], contact: Contact): string | undefined {
  const lines = pdf.pages.flatMap((page) => page.runs.filter((r) => fonts.includes(r.font)).map((run) =>
    layout.lines.find((l) => l.page === page.number && Math.abs(l.y - run.y) < 4 && l.text.includes(run.text.trim()))?.text))
    .filter((t): t is string => t !== undefined);
  return lines.find((t) => [contact.email, contact.phone].some((c) => c && t.includes(c))) ?? lines[0];
}

/** Fonts (not icon or bullet fonts) whose text is mostly private-use or replacement characters. */
function garbledFonts(pdf: PdfText, iconFonts: string[]): string[] {
  const byFont = new Map<string, { bad: number; all: number }>();
  for (const run of pdf.pages.flatMap((p) => p.runs)) {
    if (iconFonts.includes(run.font) || fontMatches(run.font, BULLET_FONTS)) continue;
    const entry = byFont.get(run.font) ?? { bad: 0, all: 0 };
    for (const ch of run.text.replace(/\s/g, '')) {
      entry.all++;
      if (/[\uE000-\uF8FF\uFFFD\u0000-\u001F]/u.test(ch)) entry.bad++;
    }
    byFont.set(run.font, entry);
  }
  return [...byFont].filter(([, e]) => e.all >= 5 && e.bad / e.all > 0.3).map(([font]) => font);
}

/** The characters lines hold: how much text a page or a column carries. */
const textSize = (lines: Line[]) => lines.reduce((n, l) => n + l.text.length, 0);

/**
 * A column of notes beside the entries (tags or keywords set against each entry, as some Word and
 * Canva templates do), not a second column of the layout: the lighter column, holding less than half
 * the other's text, comes in three or more blocks, and each block begins on a row of the other
 * column. A sidebar's blocks begin under its own headings, wherever the main column's lines are.
 */
function notesBeside(page: PageLayout): boolean {
  const left = page.lines.filter((l) => l.column === 'left'), right = page.lines.filter((l) => l.column === 'right');
  const [notes, main] = textSize(left) < textSize(right) ? [left, right] : [right, left];
  if (textSize(notes) >= 0.5 * textSize(main) || notes.length < 3) return false;
  const gaps = notes.slice(1).map((l, i) => l.y - notes[i].y).sort((a, b) => a - b);
  const pitch = gaps[Math.floor(gaps.length / 2)];
  const starts = notes.filter((l, i) => i === 0 || l.y - notes[i - 1].y > 1.5 * pitch);
  return starts.length >= 3 && starts.every((s) => main.some((m) => Math.abs(m.y - s.y) <= 3));
}

/**
 * Columns that start below one-column text outweighing them (a grid of projects or courses after
 * full-width sections, a table on a last page after one-column pages) are a block set side by side
 * in a one-column resume, not its layout. The one-column text counted is the earlier pages' (set
 * in one column) and this page's above the columns; only lines that run across the gutter count.
 * Beside a photo or a name block, a main column's first lines stand above its sidebar's without
 * crossing it; an earlier page whose columns were not told apart has few lines that cross it.
 */
function underOneColumnText(page: PageLayout, pages: PageLayout[]): boolean {
  const gutter = page.gutterX!;
  const columns = page.lines.filter((l) => l.column !== 'full');
  const top = Math.min(...columns.map((l) => l.y));
  const crosses = (l: Line) => l.column === 'full' && l.x < gutter - 1 && l.right > gutter + 1;
  const across = page.lines.filter((l) => l.y < top && crosses(l));
  const before = pages.filter((p) => p.page < page.page);
  const earlier = before.every((p) => p.gutterX === null) ? before.flatMap((p) => p.lines).filter(crosses) : [];
  return textSize(across) + textSize(earlier) > textSize(columns);
}

/**
 * Table rows: lines with three or more cells whose cell edges line up with a nearby line's. Rows
 * that open with a date ("2021   2nd Place, …   Online") are a dated list, which ATS read fine.
 */
function findTableRows(layout: ResumeLayout): Line[] {
  const rows = layout.lines.filter((l) => l.cellStarts.length >= 3 && !startsWithDate(l));
  const aligned = (a: Line, b: Line) => a.page === b.page && a.column === b.column && Math.abs(a.y - b.y) < 6 * a.fontSize
    && a.cellStarts.length === b.cellStarts.length && a.cellStarts.every((x, i) => Math.abs(x - b.cellStarts[i]) < 2);
  const alignedRows = rows.filter((row) => rows.some((other) => other !== row && aligned(row, other)));
  return [...new Set([...alignedRows, ...headerTables(layout).flat()])].sort((a, b) => a.page - b.page || a.y - b.y);
}

const startsWithDate = (l: Line) => /^\s*(\(?(19|20)\d{2}|\d{1,2}[/.](19|20)\d{2})/.test(l.text);

/** Tables with a header row: four or more cells over three or more rows whose cells start under its cells. Header first. */
function headerTables(layout: ResumeLayout): Line[][] {
  return layout.lines.filter((h) => h.cellStarts.length >= 4 && !startsWithDate(h)).flatMap((header) => {
    const under = layout.lines.filter((l) => l.page === header.page && l.y > header.y && l.y - header.y < 10 * header.fontSize
      && l.cellStarts.length >= 2 && l.cellStarts.filter((x) => header.cellStarts.some((h) => x >= h - 2 && x < h + 90)).length >= 2);
    return under.length >= 3 ? [[header, ...under]] : [];
  });
}

type Base = Omit<ResumeAnalysis, 'score'>;

function scoreResume(a: Base, read: { headingsRead: boolean; supported: boolean }): ResumeAnalysis['score'] {
  const parts: ScorePart[] = [];
  const part = (key: string, label: string, max: number, score: number, notes: string[], unscored = false) =>
    parts.push({ key, label, max, score: unscored ? 0 : Math.max(0, Math.min(max, Math.round(score))), notes, ...(unscored ? { unscored } : {}) });

  const c = a.contact;
  const profile = c.linkedin || c.website || c.github || c.xing;
  const contactNotes: string[] = [];
  if (!c.email) contactNotes.push('no e-mail address');
  if (!c.phone) contactNotes.push('no phone number');
  if (!profile) contactNotes.push(c.linkedinNotProfile ? `the LinkedIn link (${c.linkedinNotProfile}) is not a profile address` : 'no LinkedIn or portfolio link');
  part('contact', 'Contact details', 10, (c.email ? 4 : 0) + (c.phone ? 3 : 0) + (profile ? 3 : 0), contactNotes);

  const sectionPoints: Partial<Record<SectionKey, number>> = { experience: 5, education: 4, skills: 4, summary: 2 };
  const sectionsKnown = read.headingsRead && read.supported;
  const placeholderNote = a.placeholders.length ? [`template placeholder text left in (${a.placeholders.slice(0, 2).map((l) => `“${l.length > 60 ? `${l.slice(0, 57)}…` : l}”`).join(', ')})`] : [];
  part('sections', 'Sections and structure', 15,
    Object.entries(sectionPoints).reduce((n, [k, p]) => n + (a.sectionsFound.includes(k as SectionKey) ? p : 0), 0) - Math.min(9, 3 * a.placeholders.length),
    sectionsKnown ? [...placeholderNote, ...a.missingSections.map((k) => `no ${k} section`), ...a.unsureSections.map((k) => `no heading names ${k}`)]
      : ['not scored: the section headings could not be read', ...placeholderNote], !sectionsKnown);

  const b = a.bullets;
  const verbRatio = b.count ? b.withActionVerb / b.count : 0;
  const numberRatio = b.count ? b.quantified / b.count : 0;
  const impactNotes = b.count === 0 ? ['no achievement bullets found'] : [
    ...(b.wordingChecked ? [`${b.withActionVerb} of ${b.count} bullets start with an action verb`] : []),
    `${b.quantified} of ${b.count} bullets include a number`,
  ];
  const impactUnscored = b.count === 0 && !read.headingsRead;
  // Outside English the verb half is not judged and counts in full.
  const verbScore = b.wordingChecked ? 15 * Math.min(1, verbRatio / 0.8) : 15;
  part('impact', 'Achievements and impact', 30,
    verbScore + 15 * Math.min(1, numberRatio / 0.5) - (b.noBulletMarkers ? 3 : 0) - Math.min(4, b.tooLong * 2),
    impactUnscored ? ['not scored: no sections could be read'] : impactNotes, impactUnscored);

  const lengthNotes: string[] = [];
  let lengthScore = 10;
  if (a.wordCount < LENGTH.veryThinWords) { lengthScore = 3; lengthNotes.push(`only ${a.wordCount} words (under ${LENGTH.veryThinWords})`); }
  else if (a.wordCount < LENGTH.thinWords) { lengthScore = 7; lengthNotes.push(`${a.wordCount} words is on the thin side (under ${LENGTH.thinWords})`); }
  if (a.pageCount > LENGTH.maxPages && !a.academic) { lengthScore -= 4; lengthNotes.push(`${a.pageCount} pages: over the ${LENGTH.maxPages} pages a resume outside academia should keep to`); }
  const fullest = a.wordsOnPage.reduce((best, n, i) => (n > a.wordsOnPage[best] ? i : best), 0);
  if ((a.wordsOnPage[fullest] ?? 0) > LENGTH.maxWordsOnPage) {
    lengthScore -= 3;
    lengthNotes.push(`dense text: ${a.wordsOnPage[fullest]} words on page ${fullest + 1}, over the ${LENGTH.maxWordsOnPage} words a page stays easy to read at`);
  }
  part('length', 'Length and density', 10, lengthScore, lengthNotes);

  const d = a.dates;
  const dateNotes: string[] = [];
  let dateScore = 10;
  const experienceRoles = a.parsed.roles.filter((r) => r.section === 'experience').length;
  const datesUnscored = !read.headingsRead || (d.ranges.length === 0 && experienceRoles === 0);
  if (d.ranges.length === 0 && experienceRoles > 0) { dateScore = 4; dateNotes.push('no dates found on the experience entries'); }
  if (d.inconsistentFormats) { dateScore -= 3; dateNotes.push(`mixed date formats (${d.formats.join(', ')})`); }
  if (d.gaps.length) { dateScore -= Math.min(4, 2 * d.gaps.length); dateNotes.push(`${d.gaps.length} gap${d.gaps.length > 1 ? 's' : ''} over six months`); }
  if (d.invalid.length) { dateScore -= 3 * d.invalid.length; dateNotes.push(...d.invalid); }
  if (d.undated.length) { dateScore -= 2; dateNotes.push(`${d.undated.length} entr${d.undated.length > 1 ? 'ies' : 'y'} without dates`); }
  part('dates', 'Dates and timeline', 10, dateScore, datesUnscored ? ['not scored: no dated experience entries could be read'] : dateNotes, datesUnscored);

  const pronounCount = Object.values(a.pronouns).reduce((n, c) => n + c, 0);
  const languageNotes: string[] = [];
  if (!b.wordingChecked) languageNotes.push(`not scored: wording rules are for English; this resume is in ${LANGUAGE_NAMES[a.language]}`);
  if (pronounCount) languageNotes.push(`${pronounCount} first-person pronoun${pronounCount > 1 ? 's' : ''}`);
  if (a.cliches.length) languageNotes.push(`clichés: ${a.cliches.join(', ')}`);
  part('language', 'Language and tone', 10, 10 - Math.min(5, pronounCount) - Math.min(5, 1.5 * a.cliches.length), languageNotes, !b.wordingChecked);

  const penalty = { high: 6, medium: 3, low: 1.5 } as const;
  // A picture-only file: an ATS without OCR reads nothing, so this part is zero whatever else holds.
  part('ats', 'ATS compatibility', 15, a.pictureOnly ? 0 : 15 - a.ats.reduce((n, r) => n + penalty[r.severity], 0),
    a.pictureOnly ? ['the PDF is a picture: an ATS reads no text from it', ...a.ats.filter((r) => r.id !== 'image-only').map((r) => r.id)] : a.ats.map((r) => r.id));

  // Parts the parser could not read are left out and the rest scaled to 100.
  const scored = parts.filter((p) => !p.unscored);
  const max = scored.reduce((n, p) => n + p.max, 0);
  const total = Math.round((100 * scored.reduce((n, p) => n + p.score, 0)) / Math.max(1, max));
  if (a.pictureOnly && total > PICTURE_ONLY_SCORE_CAP) {
    return { total: PICTURE_ONLY_SCORE_CAP, parts, cap: `capped at ${PICTURE_ONLY_SCORE_CAP}/100 (the parts add up to ${total}): the PDF is a picture with no text layer, so an applicant tracking system reads nothing from it. The advice below comes from the text read by OCR; export a text PDF to lift the cap.` };
  }
  return { total, parts };
}
