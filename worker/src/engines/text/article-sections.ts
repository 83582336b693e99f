/**
 * One section of an article, found by its heading and replaced: "## Heading" blocks in written
 * articles, "- **H2: Heading** — N words: ..." entries (with their H3 lines) in offline outlines.
 */
export interface SectionSpan { start: number; end: number }

const OUTLINE_TITLE = /^# Article outline: /m;
const OUTLINE_H2 = /^- \*\*H2: (.+?)\*\* — (\d+) words: (.*)$/;
const OUTLINE_H3 = /^ {2}- H3: (.+?) — (\d+) words: (.*)$/;
const PROSE_H2 = /^##\s+(.+?)\s*#*\s*$/;

export function isOutline(markdown: string): boolean {
  return OUTLINE_TITLE.test(markdown);
}

/** The lines of the section headed `heading` ([start, end) line indexes), or null. */
export function findSection(lines: string[], heading: string, outline: boolean): SectionSpan | null {
  const wanted = heading.trim().toLowerCase();
  const headingOf = (line: string) => (outline ? OUTLINE_H2.exec(line)?.[1] : PROSE_H2.exec(line)?.[1])?.trim().toLowerCase();
  const start = lines.findIndex((line) => headingOf(line) === wanted);
  if (start < 0) return null;
  let end = start + 1;
  if (outline) while (end < lines.length && OUTLINE_H3.test(lines[end])) end++;
  else while (end < lines.length && !/^#{1,2}\s/.test(lines[end])) end++;
  return { start, end };
}

const round10 = (n: number) => Math.max(10, Math.round(n / 10) * 10);

const FRESH_BRIEF = (heading: string) =>
  `Take a fresh angle on "${heading}": open with a question the reader actually asks, answer it with one concrete example, and close with a practical tip.`;
const PLAIN_BRIEF = (heading: string) =>
  `The key points of "${heading}": explain them plainly, give one concrete example and end with what the reader should do.`;

/**
 * Offline outlines: lengthen or shorten moves the section's word budget (its H3s follow, and the
 * target length with them); regenerate gives the section a different brief. Nothing is invented
 * beyond what the outline engine can honestly plan.
 */
export function reviseOutlineSection(markdown: string, heading: string, action: 'regenerate' | 'lengthen' | 'shorten'): string | null {
  const lines = markdown.split('\n');
  const span = findSection(lines, heading, true);
  if (!span) return null;
  const [, name, words, covers] = OUTLINE_H2.exec(lines[span.start])!;
  if (action === 'regenerate') {
    const brief = covers === FRESH_BRIEF(name) ? PLAIN_BRIEF(name) : FRESH_BRIEF(name);
    lines[span.start] = `- **H2: ${name}** — ${words} words: ${brief}`;
    return lines.join('\n');
  }
  const factor = action === 'lengthen' ? 1.5 : 0.6;
  const before = Number(words);
  const after = round10(before * factor);
  lines[span.start] = `- **H2: ${name}** — ${after} words: ${covers}`;
  for (let i = span.start + 1; i < span.end; i++) {
    const [, sub, subWords, subCovers] = OUTLINE_H3.exec(lines[i])!;
    lines[i] = `  - H3: ${sub} — ${round10(Number(subWords) * factor)} words: ${subCovers}`;
  }
  return lines
    .join('\n')
    .replace(/(\*\*Target length:\*\* )(\d+)( words \(about )(\d+)( min read\))/, (_m, a, total, b, _min, c) => {
      const next = Number(total) - before + after;
      return `${a}${next}${b}${Math.ceil(next / 200)}${c}`;
    });
}

/** Puts `replacement` (a whole "## " section) in place of the section headed `heading`. */
export function replaceProseSection(markdown: string, heading: string, replacement: string): string | null {
  const lines = markdown.split('\n');
  const span = findSection(lines, heading, false);
  if (!span) return null;
  const tail = lines.slice(span.end);
  return [...lines.slice(0, span.start), ...replacement.trim().split('\n'), ...(tail.length ? ['', ...tail] : [])].join('\n');
}

export function proseSection(markdown: string, heading: string): string | null {
  const lines = markdown.split('\n');
  const span = findSection(lines, heading, false);
  return span ? lines.slice(span.start, span.end).join('\n').trim() : null;
}
