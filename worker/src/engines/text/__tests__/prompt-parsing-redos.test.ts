/**
 * Prompt parsing runs on user text before any quota check (api) and in the worker, so it must take
 * linear time: the worst cases for backtracking patterns each parse in well under 250 ms (the backtracking patterns took 2.6 s at 2,000 characters; the bound leaves room for a busy CI machine), and the
 * scanners accept exactly what the original patterns accepted.
 */
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { BLOG_CATEGORIES } from '@craftwell/contracts/jobs';
import { normaliseTitleList } from '../../../handlers/blog-title.js';
import { normalizeObjectWord } from '@craftwell/contracts/object-vocabulary';
import { buildOutline } from '../offline/outline.js';
import { parseArticleTopic, parseBlogTitlePrompt } from '@craftwell/contracts/text-prompts';

/** Far below the 2.6 s the old patterns took on 2,000 characters, far above a linear parse on a busy machine. */
const LINEAR_BOUND_MS = 250;

const BLOG = 'Generate a blog title for the keyword';
const ARTICLE = 'Write an article about';

const UNITS = [' ', ' \t', 'a ', 'ab', 'a', '"', '"x', 'in ', ' in the category', ' in short (', ' in short (x', 'for ', ' for ,', '!', '1. ', '*'];

function repeatedUnits(size: number): string[] {
  return UNITS.map((unit) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size));
}

function worstCases(size: number): string[] {
  return repeatedUnits(size).flatMap((body) => [
    body,
    `${BLOG} ${body}`, `${BLOG} ${body}!`, `${BLOG} x ${body} in the category ${body}\n.`, `${BLOG} ${body} in the category\n`,
    `${ARTICLE} ${body}`, `${ARTICLE} ${body}!`, `${ARTICLE} x ${body} in short (${body}`, `${ARTICLE} ${body} in long (x))`,
    `${body}"x`, `"${body}`,
  ]);
}

function slowestMs(run: (input: string) => unknown, inputs: string[]): number {
  let slowest = 0;
  for (const input of inputs) {
    const started = performance.now();
    try { run(input); } catch { /* an unknown category is a fine answer; only the time counts */ }
    slowest = Math.max(slowest, performance.now() - started);
  }
  return slowest;
}

describe('prompt parsing takes linear time', () => {
  for (const size of [2_000, 20_000]) {
    it(`when ${size}-character worst cases are parsed, then each takes under ${LINEAR_BOUND_MS} ms`, () => {
      const inputs = worstCases(size);
      expect(slowestMs(parseBlogTitlePrompt, inputs)).toBeLessThan(LINEAR_BOUND_MS);
      expect(slowestMs(parseArticleTopic, inputs)).toBeLessThan(LINEAR_BOUND_MS);
      expect(slowestMs(normaliseTitleList, inputs.map((s) => `1. ${s}\n- ${s}\r\n* **${s}**`))).toBeLessThan(LINEAR_BOUND_MS);
      expect(slowestMs(normalizeObjectWord, inputs)).toBeLessThan(LINEAR_BOUND_MS);
    });
  }

  it('when an outline is built for a 2,000-character topic (the prompt limit), then it takes under 250 ms', () => {
    // The whole outline (title-casing every heading) is measured, so only topics of the real size.
    expect(slowestMs((topic) => buildOutline({ topic, targetWords: 800, seed: 1 }), repeatedUnits(2_000))).toBeLessThan(LINEAR_BOUND_MS);
  });
});

// The patterns the scanners replace, kept here as the reference for what is accepted.
const OLD_ARTICLE = /^write an article about\s+([\s\S]+?)\s+in\s+(?:short|medium|long)\s*\([^)]*\)\.?$/i;
const OLD_BLOG = /^generate a blog title for the keyword\s+([\s\S]+?)\s+in the category\s+(.+?)\.?$/i;

function oldClean(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/^["'“”‘’]+|["'“”‘’]+$/g, '').trim();
}

function oldArticleTopic(prompt: string): string {
  const trimmed = prompt.trim();
  const match = OLD_ARTICLE.exec(trimmed);
  if (match) return oldClean(match[1]);
  return oldClean(trimmed.replace(/^write an article about\s+/i, '').replace(/\.$/, ''));
}

function oldBlogParts(prompt: string): { keyword: string; category: string } {
  const trimmed = prompt.trim();
  const match = OLD_BLOG.exec(trimmed);
  if (!match) return { keyword: oldClean(trimmed), category: 'General' };
  return { keyword: oldClean(match[1]), category: match[2].trim() };
}

function outcome(run: () => unknown): unknown {
  try { return run(); } catch (err) { return `error: ${(err as Error).message}`; }
}

/** Deterministic random prompts built from the pieces the patterns care about. */
function* randomPrompts(count: number, seed: number): Generator<string> {
  let state = seed;
  const next = () => { state = (state * 1_103_515_245 + 12_345) & 0x7fffffff; return state; };
  const pieces = [
    ' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u2028', 'x', 'AI', '"', '“', '.', '..', ')', '(', 'in', 'IN', ' in ', 'the', 'category',
    ' in the category ', ' In The Category ', 'Food', 'food', 'Technology', 'Cats', 'short', 'Medium', 'long', ' in short ',
    ' in Medium (800-1200 words)', ' in long (1200+ words).', '(x)', 'for', ' for ', ',', ';',
  ];
  const heads = ['', BLOG, `${BLOG} `, `${BLOG}  `, `${BLOG}   `, ARTICLE, `${ARTICLE} `, `${ARTICLE}   `, ' generate A BLOG title for the keyword ', 'write an article about\n'];
  for (let i = 0; i < count; i++) {
    let text = heads[next() % heads.length];
    const n = next() % 9;
    for (let j = 0; j < n; j++) text += pieces[next() % pieces.length];
    yield text;
  }
}

describe('prompt parsing accepts what the original patterns accepted', () => {
  it('when thousands of mixed prompts are parsed, then topic, keyword, category and errors match the old patterns', () => {
    for (const prompt of randomPrompts(30_000, 7)) {
      expect(parseArticleTopic(prompt), JSON.stringify(prompt)).toBe(oldArticleTopic(prompt));
      const old = oldBlogParts(prompt);
      const expected = BLOG_CATEGORIES.some((c) => c.toLowerCase() === old.category.toLowerCase())
        ? { keyword: old.keyword, category: BLOG_CATEGORIES.find((c) => c.toLowerCase() === old.category.toLowerCase()) }
        : `error: Unknown category "${old.category}". Choose one of: ${BLOG_CATEGORIES.join(', ')}.`;
      expect(outcome(() => parseBlogTitlePrompt(prompt)), JSON.stringify(prompt)).toEqual(expected);
    }
  });

  it('when list lines and object words are cleaned, then results match the old patterns', () => {
    const oldList = (text: string) => text.split('\n').map((line) => /^\s*(?:\d+[.)]|[-*•])\s+(.+?)\s*$/.exec(line)?.[1]);
    const oldWord = (word: string) => word.normalize('NFKC').toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').replace(/[-_']/g, '');
    for (const sample of randomPrompts(5_000, 11)) {
      const text = `1. ${sample}\n- ${sample}\r\n2) x ${sample}\n* ${sample}\n`;
      expect(normaliseTitleList(text)).toBe(normaliseTitleListWith(text, oldList));
      expect(normalizeObjectWord(sample)).toBe(oldWord(sample));
    }
  });
});

/** normaliseTitleList's steps after the line pattern, for the reference comparison. */
function normaliseTitleListWith(text: string, lines: (text: string) => Array<string | undefined>): string {
  const items = lines(text)
    .filter((item): item is string => Boolean(item))
    .map((item) => item.replace(/^\*\*(.+)\*\*$/, '$1').replace(/^["“”'](.+)["“”']$/, '$1').trim())
    .filter(Boolean);
  if (items.length < 3) return text.trim();
  const unique = [...new Map(items.map((item) => [item.toLowerCase(), item])).values()];
  return unique.map((item, index) => `${index + 1}. ${item}`).join('\n');
}
