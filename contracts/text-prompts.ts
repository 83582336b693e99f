/**
 * The web sends fixed prompt sentences (e.g. "Write an article about X in Short (500-800 words)."). The LLM gets them as they are; the offline
 * engines need the topic, keyword and category back out of them.
 */
import { BLOG_CATEGORIES, MAX_PROMPT_CHARS } from './jobs.js';
import { UserFacingJobError } from './handler.js';

export type BlogCategory = (typeof BLOG_CATEGORIES)[number];


/** Trims the prompt and enforces the limits every text tool shares (400 on failure). */
export function validateTextPrompt(prompt: string): string {
  const trimmed = prompt.trim();
  if (trimmed === '') throw new UserFacingJobError('Please enter a topic.', 400);
  if (trimmed.length > MAX_PROMPT_CHARS) {
    throw new UserFacingJobError(`The prompt is too long (${trimmed.length} characters); the limit is ${MAX_PROMPT_CHARS}.`, 400);
  }
  return trimmed;
}

/*
 * The two sentences are read by hand-written scanners, not by one regular expression: a lazy
 * group between whitespace runs backtracks in quadratic (or worse) time on long prompts, and
 * this runs on user text before any quota check. The scanners accept exactly what
 * /^write an article about\s+([\s\S]+?)\s+in\s+(?:short|medium|long)\s*\([^)]*\)\.?$/i and
 * /^generate a blog title for the keyword\s+([\s\S]+?)\s+in the category\s+(.+?)\.?$/i did
 * (prompt-parsing-redos.test.ts compares them on many prompts).
 */
const ARTICLE_PREFIX = 'write an article about';
const BLOG_PREFIX = 'generate a blog title for the keyword';
const BLOG_SEPARATOR = 'in the category';
const ARTICLE_LENGTH_WORDS = ['short', 'medium', 'long'];

/** "Write an article about {topic} in {length label}." -> topic. Any other text is the topic. */
export function parseArticleTopic(prompt: string): string {
  const trimmed = prompt.trim();
  const topic = splitAfterPrefix(trimmed, ARTICLE_PREFIX, 'in', articleTail(trimmed));
  if (topic) return cleanPhrase(topic.phrase);
  const withoutPrefix = startsWithIgnoringCase(trimmed, 0, ARTICLE_PREFIX) && isSpace(trimmed, ARTICLE_PREFIX.length)
    ? trimmed.slice(skipSpaces(trimmed, ARTICLE_PREFIX.length))
    : trimmed;
  return cleanPhrase(withoutPrefix.endsWith('.') ? withoutPrefix.slice(0, -1) : withoutPrefix);
}

/** "Generate a blog title for the keyword {keyword} in the category {category}" -> parts. */
export function parseBlogTitlePrompt(prompt: string): { keyword: string; category: BlogCategory } {
  const trimmed = prompt.trim();
  const parts = splitAfterPrefix(trimmed, BLOG_PREFIX, BLOG_SEPARATOR, blogCategoryTail(trimmed));
  if (!parts) return { keyword: cleanPhrase(trimmed), category: 'General' };
  const named = parts.tail.trim();
  const category = BLOG_CATEGORIES.find((name) => name.toLowerCase() === named.toLowerCase());
  if (!category) {
    throw new UserFacingJobError(`Unknown category "${named}". Choose one of: ${BLOG_CATEGORIES.join(', ')}.`, 400);
  }
  return { keyword: cleanPhrase(parts.phrase), category };
}

/**
 * `{prefix}\s+{phrase}\s+{separator}{tail}` with the shortest phrase, as a lazy group would
 * give it: the first separator preceded by whitespace whose tail is valid. `tailAt(i)` checks
 * the text from just after the separator and returns what the tail captures, or null.
 */
function splitAfterPrefix(
  text: string, prefix: string, separator: string, tailAt: (index: number) => string | null,
): { phrase: string; tail: string } | null {
  if (!startsWithIgnoringCase(text, 0, prefix) || !isSpace(text, prefix.length)) return null;
  const phraseStart = skipSpaces(text, prefix.length);
  const lower = asciiLowerCase(text);
  for (let at = lower.indexOf(separator, phraseStart + 2); at !== -1; at = lower.indexOf(separator, at + 1)) {
    if (!isSpace(text, at - 1)) continue;
    const tail = tailAt(at + separator.length);
    if (tail === null) continue;
    let phraseEnd = at - 1;
    while (isSpace(text, phraseEnd - 1)) phraseEnd--;
    return { phrase: text.slice(phraseStart, phraseEnd), tail };
  }
  // An empty phrase: three or more spaces after the prefix let the pattern take one as the phrase.
  if (phraseStart - prefix.length >= 3 && startsWithIgnoringCase(text, phraseStart, separator)) {
    const tail = tailAt(phraseStart + separator.length);
    if (tail !== null) return { phrase: '', tail };
  }
  return null;
}

/** After "in": `\s+(?:short|medium|long)\s*\([^)]*\)\.?$`, checked in constant time per place. */
function articleTail(text: string): (at: number) => string | null {
  const close = text.endsWith(').') ? text.length - 2 : text.endsWith(')') ? text.length - 1 : -1;
  const innerClose = close > 0 ? text.lastIndexOf(')', close - 1) : -1;
  return (at) => {
    if (close === -1 || !isSpace(text, at)) return null;
    const wordAt = skipSpaces(text, at);
    const word = ARTICLE_LENGTH_WORDS.find((w) => startsWithIgnoringCase(text, wordAt, w));
    if (!word) return null;
    const open = skipSpaces(text, wordAt + word.length);
    return text[open] === '(' && open < close && innerClose <= open ? '' : null;
  };
}

/** After "in the category": `\s+(.+?)\.?$`, returning the category as captured. */
function blogCategoryTail(text: string): (at: number) => string | null {
  const lastLineBreak = Math.max(...['\n', '\r', '\u2028', '\u2029'].map((c) => text.lastIndexOf(c)));
  return (at) => {
    if (!isSpace(text, at)) return null;
    const start = skipSpaces(text, at);
    if (start >= text.length || lastLineBreak >= start) return null;
    const rest = text.slice(start);
    return rest.length > 1 && rest.endsWith('.') ? rest.slice(0, -1) : rest;
  };
}

const SPACE = /\s/;

function isSpace(text: string, index: number): boolean {
  return index >= 0 && index < text.length && SPACE.test(text[index]!);
}

function skipSpaces(text: string, index: number): number {
  let i = index;
  while (isSpace(text, i)) i++;
  return i;
}

/** Lower-cases A-Z only, so indexes stay the same (the patterns' /i matched ASCII letters). */
function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

function startsWithIgnoringCase(text: string, index: number, word: string): boolean {
  return asciiLowerCase(text.slice(index, index + word.length)) === word;
}

const QUOTES = new Set(['"', "'", '“', '”', '‘', '’']);

function cleanPhrase(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ');
  let start = 0;
  let end = collapsed.length;
  while (start < end && QUOTES.has(collapsed[start]!)) start++;
  while (end > start && QUOTES.has(collapsed[end - 1]!)) end--;
  return collapsed.slice(start, end).trim();
}

const SMALL_WORDS = new Set([
  // AP style: words of four letters or more are capitalised.
  'a', 'an', 'and', 'as', 'at', 'but', 'by', 'for', 'in', 'nor', 'of', 'on', 'or', 'the', 'to', 'vs',
  'vs.', 'via',
]);

/** Title Case with the usual small-word rule; keeps words the user already cased (AI, iPhone, SEO). */
export function titleCase(text: string): string {
  const words = text.split(/\s+/).filter(Boolean);
  return words
    .map((word, index) => {
      const previous = words[index - 1] ?? '';
      const startsPhrase = index === 0 || index === words.length - 1 || /[:?!—–-]$/.test(previous);
      if (/[A-Z]/.test(word.slice(1)) || /^[A-Z0-9]{2,}$/.test(word)) return word;
      const lower = word.toLowerCase();
      if (!startsPhrase && SMALL_WORDS.has(lower)) return lower;
      return lower.replace(/^([^a-z]*)([a-z])/, (_, lead: string, first: string) => lead + first.toUpperCase())
        .replace(/-([a-z])/g, (_, letter: string) => `-${letter.toUpperCase()}`);
    })
    .join(' ');
}

/** "AI coding assistants" reads as plural: formulas say "Are", not "Is". */
export function looksPlural(phrase: string): boolean {
  const last = phrase.trim().split(/\s+/).pop()?.toLowerCase() ?? '';
  return /[^s]s$/.test(last) && !/(ss|us|is|ics|news)$/.test(last);
}

/** Fixes "Is {K}" / "What Is {K}" agreement for plural keywords. */
export function agreeVerb(template: string, phrase: string): string {
  return looksPlural(phrase) ? template.replace(/\bIs \{([KT])\}/g, 'Are {$1}').replace(/\{([KT])\} Is\b/g, '{$1} Are') : template;
}
