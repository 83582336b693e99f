/**
 * The web sends fixed prompt sentences (spec section 5). The LLM gets them as they are; the offline
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

const ARTICLE_PATTERN = /^write an article about\s+([\s\S]+?)\s+in\s+(?:short|medium|long)\s*\([^)]*\)\.?$/i;
const ARTICLE_PREFIX = /^write an article about\s+/i;

/** "Write an article about {topic} in {length label}." -> topic. Any other text is the topic. */
export function parseArticleTopic(prompt: string): string {
  const trimmed = prompt.trim();
  const match = ARTICLE_PATTERN.exec(trimmed);
  if (match) return cleanPhrase(match[1]);
  return cleanPhrase(trimmed.replace(ARTICLE_PREFIX, '').replace(/\.$/, ''));
}

const BLOG_PATTERN = /^generate a blog title for the keyword\s+([\s\S]+?)\s+in the category\s+(.+?)\.?$/i;

/** "Generate a blog title for the keyword {keyword} in the category {category}" -> parts. */
export function parseBlogTitlePrompt(prompt: string): { keyword: string; category: BlogCategory } {
  const trimmed = prompt.trim();
  const match = BLOG_PATTERN.exec(trimmed);
  if (!match) return { keyword: cleanPhrase(trimmed), category: 'General' };
  const category = BLOG_CATEGORIES.find((name) => name.toLowerCase() === match[2].trim().toLowerCase());
  if (!category) {
    throw new UserFacingJobError(`Unknown category "${match[2].trim()}". Choose one of: ${BLOG_CATEGORIES.join(', ')}.`, 400);
  }
  return { keyword: cleanPhrase(match[1]), category };
}

function cleanPhrase(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/^["'“”‘’]+|["'“”‘’]+$/g, '').trim();
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
