/**
 * Blog title generator. With a text model: the fixed prompt sentence from the web, answer normalised to a numbered
 * markdown list. Without one: the offline headline engine (category-aware formulas).
 */
import type { JobHandler } from '@craftwell/contracts/handler';
import { TransientJobError } from '@craftwell/contracts/handler';
import { toJobError } from '../engines/text/job-errors.js';
import { renderTitles } from '../engines/text/offline/headlines.js';
import { randomSeed } from '../engines/text/offline/random.js';
import { parseBlogTitlePrompt, validateTextPrompt } from '@craftwell/contracts/text-prompts';
import type { TextEngines } from '../engines/text/registry.js';

export const BLOG_TITLE_SYSTEM_PROMPT = [
  'You write blog post titles.',
  'Reply with exactly 10 different titles as a Markdown numbered list, one per line.',
  'Use Title Case, keep each under 70 characters, place the keyword naturally and fit the category.',
  'No introduction, no commentary, no quotes around titles.',
].join(' ');

/** The blog-title handler, writing with the given text engines. */
const blogTitle = (engines: TextEngines): JobHandler<'blog-title'> => async (ctx) => {
  const prompt = validateTextPrompt(ctx.payload.prompt);
  // Parsing validates the category for both engines.
  const { keyword, category } = parseBlogTitlePrompt(prompt);
  await ctx.progress({ progress: 10, stage: 'Generating' });

  if (!engines.llm) {
    return { kind: 'text', content: renderTitles({ keyword, category, seed: randomSeed() }), engine: engines.tools['blog-title'] };
  }
  let text: string;
  try {
    text = await engines.llm.generate(prompt, { system: BLOG_TITLE_SYSTEM_PROMPT, maxTokens: 500, temperature: 0.9, signal: ctx.signal });
  } catch (error) {
    throw toJobError(error);
  }
  const content = normaliseTitleList(text);
  if (content === '') throw new TransientJobError('The text model returned no titles.');
  return { kind: 'text', content, engine: engines.tools['blog-title'] };
};

export default blogTitle;

/** Turns "1) "Title"", "- **Title**" and similar into "1. Title"; leaves prose that has no list. */
export function normaliseTitleList(text: string): string {
  const items = text
    .split('\n')
    .map(listItemOf)
    .filter((item): item is string => Boolean(item))
    .map((item) => item.replace(/^\*\*(.+)\*\*$/, '$1').replace(/^["“”'](.+)["“”']$/, '$1').trim())
    .filter(Boolean);
  if (items.length < 3) return text.trim();
  const unique = [...new Map(items.map((item) => [item.toLowerCase(), item])).values()];
  return unique.map((item, index) => `${index + 1}. ${item}`).join('\n');
}

/**
 * The text after a list marker, without trailing whitespace; none when the item spans a line
 * break. (A lazy `(.+?)\s*$` here backtracked quadratically on long lines of spaces.)
 */
function listItemOf(line: string): string | undefined {
  const item = /^\s*(?:\d+[.)]|[-*•])\s+([\s\S]+)$/.exec(line)?.[1]?.trimEnd();
  return item === undefined || /[\n\r\u2028\u2029]/.test(item) ? undefined : item;
}
