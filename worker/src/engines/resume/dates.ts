/**
 * Finds dates and date ranges in resume text, in the forms resumes use in English, German,
 * French, Spanish, Portuguese, Italian, Dutch and Chinese: "Sept. 2022", "June – August 2021",
 * "03/2020", "2020.05", "2019年9月", "2019 – Present", "2020 - aujourd'hui", "2019.09 - 至今", "seit 2019", two dates side by side
 * with no separator (right-aligned date runs), and ranges broken over two lines.
 * Months are counted as year * 12 + month index (0-based).
 */

const MONTH_NAMES: ReadonlyArray<readonly string[]> = [
  ['january', 'januar', 'janner', 'janvier', 'enero', 'janeiro', 'gennaio', 'januari', 'jan', 'janv', 'ene', 'gen'],
  ['february', 'februar', 'feber', 'fevrier', 'febrero', 'fevereiro', 'febbraio', 'februari', 'feb', 'febr', 'fev', 'fevr'],
  ['march', 'marz', 'mars', 'marzo', 'marco', 'maart', 'mar', 'mrz', 'mrt'],
  ['april', 'avril', 'abril', 'aprile', 'apr', 'avr', 'abr'],
  ['may', 'mai', 'mayo', 'maio', 'maggio', 'mei', 'mag'],
  ['june', 'juni', 'juin', 'junio', 'junho', 'giugno', 'jun', 'giu'],
  ['july', 'juli', 'juillet', 'julio', 'julho', 'luglio', 'jul', 'juil', 'lug'],
  ['august', 'aout', 'agosto', 'augustus', 'aug', 'ago'],
  ['september', 'septembre', 'septiembre', 'setiembre', 'setembro', 'settembre', 'sep', 'sept', 'set'],
  ['october', 'oktober', 'octobre', 'octubre', 'outubro', 'ottobre', 'oct', 'okt', 'out', 'ott'],
  ['november', 'novembre', 'noviembre', 'novembro', 'nov'],
  ['december', 'dezember', 'decembre', 'diciembre', 'dezembro', 'dicembre', 'dec', 'dez', 'dic'],
];

/** Abbreviations that are also common words: only taken as months when a year follows. */
const MONTH_INDEX = new Map<string, number>(MONTH_NAMES.flatMap((names, month) => names.map((n) => [n, month] as const)));

const SEASONS: Record<string, number> = {
  spring: 3, summer: 6, fall: 9, autumn: 9, winter: 0, fruhling: 3, fruhjahr: 3, sommer: 6, herbst: 9,
  printemps: 3, ete: 6, automne: 9, hiver: 0, verano: 6, otono: 9, invierno: 0, primavera: 3, verao: 6, outono: 9,
  estate: 6, autunno: 9, inverno: 0, zomer: 6, lente: 3, najaar: 9,
};

const PRESENT_WORDS = [
  'present', 'current', 'currently', 'now', 'today', 'ongoing', 'to date',
  'heute', 'bis heute', 'jetzt', 'aktuell', 'laufend', 'dato', 'gegenwart',
  "aujourd'hui", 'aujourd’hui', 'aujourdhui', 'present', 'actuel', 'en cours', 'ce jour',
  'actualidad', 'presente', 'actual', 'hoy', 'la fecha', 'atual', 'atualmente', 'o momento', 'momento',
  'oggi', 'attuale', 'in corso', 'heden', 'nu', 'huidig',
  '至今', '现在', '目前',
];

const strip = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternation = (words: Iterable<string>) => [...words].sort((a, b) => b.length - a.length).map(escape).join('|');

const YEAR = String.raw`(?:19|20)\d{2}`;
const MONTH_WORD = alternation(MONTH_INDEX.keys());
const SEASON_WORD = alternation(Object.keys(SEASONS));
const PRESENT_WORD = alternation(new Set(PRESENT_WORDS.map(strip)));

/**
 * One date token. Groups: 1 month name, 2 its year; 3 season, 4 its year; 5 month, 6 year (MM/YYYY);
 * 7 year, 8 month (YYYY-MM); 9 a year alone; 10 a present word; 11 a month name with no year.
 * Matched against accent-stripped, lower-case text of the same length as the original.
 */
const TOKEN = new RegExp(
  // Not inside a word or a number; a Chinese character may stand right before a date ("至2023年").
  String.raw`(?<!(?!\p{Script=Han})[\p{L}\p{N}.,/])(?:`
  + String.raw`(?:\d{1,2}\.?\s+)?(${MONTH_WORD})\.?,?\s*(?:de\s+)?(${YEAR})(?!\d)`
  + String.raw`|(${SEASON_WORD})\s+(?:semester\s+)?(${YEAR})(?!\d)`
  + String.raw`|(0?[1-9]|1[0-2])\s?[/.-]\s?(${YEAR})(?![\d.]\d)`
  + String.raw`|(${YEAR})\s?[/.-]\s?(0[1-9]|1[0-2])(?![\d.\-/]?\d)`
  + String.raw`|(${YEAR})(?![\d.,]\d|[/.-]\d)`
  + String.raw`|(${PRESENT_WORD})(?![\p{L}])`
  + String.raw`|(${MONTH_WORD})\.?(?=\s*(?:[-–—‑−\u00AD]|to|bis|au|a|al|tot)\s)`
  + ')',
  'gu',
);

/** What may stand between the two ends of a range: a dash (or a soft hyphen), a word, or nothing. */
const RANGE_JOIN = /^\s*(?:[-–—‑−\u00AD~～]+|to|until|till|through|bis|à|a|au|al|hasta|até|ate|fino a|tot|至|到)?\s*$/iu;
const OPEN_START = /(?<![\p{L}])(?:since|seit|depuis|desde|dal|dall|sinds|ab)\s*$/iu;

export type DateFormat = 'Month YYYY' | 'Mon YYYY' | 'MM/YYYY' | 'MM.YYYY' | 'YYYY-MM' | 'YYYY' | 'Season YYYY';

export interface DatePoint { month: number; format: DateFormat; /** Only a year was given. */ yearOnly: boolean }

export interface FoundDateRange {
  text: string;
  index: number;
  start: DatePoint;
  /** null when the range runs to the present. */
  end: DatePoint | null;
}

export interface FoundDates {
  ranges: FoundDateRange[];
  /** Dates that are not part of a range ("June 2020", "Expected June 2023", "2019"). */
  singles: Array<{ text: string; index: number; point: DatePoint }>;
}

interface Token { index: number; end: number; text: string; point?: DatePoint; present?: boolean; monthOnly?: number }

/** A Chinese date ("2019年9月") as YYYY.MM, padded to the same length so indexes still fit the original. */
const CJK_DATE = /((?:19|20)\d{2})\s?年\s?(\d{1,2})\s?月/gu;
const cjkDates = (text: string) => text.replace(CJK_DATE, (all, year: string, month: string) => `${year}.${month.padStart(2, '0')}`.padEnd(all.length, ' '));

function tokens(text: string): Token[] {
  const lower = cjkDates(strip(text));
  const out: Token[] = [];
  for (const m of lower.matchAll(TOKEN)) {
    const index = m.index;
    const raw = text.slice(index, index + m[0].length);
    const token: Token = { index, end: index + m[0].length, text: raw };
    if (m[1]) {
      const month = MONTH_INDEX.get(m[1])!;
      token.point = { month: Number(m[2]) * 12 + month, format: m[1].length > 4 || m[1] === 'june' || m[1] === 'july' ? 'Month YYYY' : 'Mon YYYY', yearOnly: false };
    } else if (m[3]) token.point = { month: Number(m[4]) * 12 + SEASONS[m[3]], format: 'Season YYYY', yearOnly: false };
    else if (m[5]) token.point = { month: Number(m[6]) * 12 + Number(m[5]) - 1, format: /\./.test(m[0]) ? 'MM.YYYY' : 'MM/YYYY', yearOnly: false };
    else if (m[7]) token.point = { month: Number(m[7]) * 12 + Number(m[8]) - 1, format: 'YYYY-MM', yearOnly: false };
    else if (m[9]) token.point = { month: Number(m[9]) * 12, format: 'YYYY', yearOnly: true };
    else if (m[10]) token.present = true;
    else if (m[11]) token.monthOnly = MONTH_INDEX.get(m[11]);
    out.push(token);
  }
  return out;
}

/** All date ranges and single dates in `text` (lines joined with "\n", so a range may span two lines). */
export function findDates(text: string): FoundDates {
  const list = tokens(text);
  const ranges: FoundDateRange[] = [];
  const singles: FoundDates['singles'] = [];
  for (let i = 0; i < list.length; i++) {
    const token = list[i];
    const next = list[i + 1];
    const joined = next && RANGE_JOIN.test(text.slice(token.end, next.index));
    // Two dates side by side with only spaces between are a range only when both carry a month.
    const bare = joined && /^\s*$/.test(text.slice(token.end, next.index)) && !/\n/.test(text.slice(token.end, next.index));
    const startPoint = token.point ?? (token.monthOnly !== undefined && next?.point && !next.point.yearOnly
      ? { month: Math.floor(next.point.month / 12) * 12 + token.monthOnly, format: next.point.format, yearOnly: false } : undefined);
    if (startPoint && next && joined && (next.point || next.present) && (!bare || (!startPoint.yearOnly && (next.present || !next.point!.yearOnly)))) {
      const end = next.present ? null : endOfPeriod(next.point!);
      ranges.push({ text: text.slice(token.index, next.end), index: token.index, start: startPoint, end });
      i++;
      continue;
    }
    if (token.point) {
      const opening = OPEN_START.exec(strip(text.slice(Math.max(0, token.index - 8), token.index)));
      if (opening) {
        ranges.push({ text: text.slice(token.index - opening[0].length, token.end), index: token.index, start: token.point, end: null });
      } else singles.push({ text: token.text, index: token.index, point: token.point });
    }
  }
  return { ranges, singles };
}

/** A year alone as an end date means its December. */
function endOfPeriod(point: DatePoint): DatePoint {
  return point.yearOnly ? { ...point, month: point.month + 11 } : point;
}

/** True when the text holds any date (a range, a month and year, or a year). */
export function hasDate(text: string): boolean {
  const found = findDates(text);
  return found.ranges.length > 0 || found.singles.length > 0;
}

export function formatFamily(format: DateFormat): 'name' | 'numeric' | 'year' | 'season' {
  if (format === 'Month YYYY' || format === 'Mon YYYY') return 'name';
  if (format === 'YYYY') return 'year';
  if (format === 'Season YYYY') return 'season';
  return 'numeric';
}

const MONTH_LABELS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function monthLabel(month: number): string {
  return `${MONTH_LABELS[month % 12]} ${Math.floor(month / 12)}`;
}
