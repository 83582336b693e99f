/**
 * The computed rules of the tool screens, kept pure so each one is tested on its own and every
 * screen uses the same definition. The choices themselves are the contract's
 * (contracts/tool-options.ts), which the api validates against.
 */
import { ARTICLE_LENGTHS, type ArticleLength } from '@craftwell/contracts/tool-options';

export { BLOG_CATEGORIES, IMAGE_STYLES } from '@craftwell/contracts/tool-options';

/** Reading speed used for the article reading time. */
export const WORDS_PER_MINUTE = 200;

/** How long the "Copied!" indicator of the title panel stays on. */
export const COPIED_INDICATOR_MS = 2000;

export interface ArticleLengthOption {
  length: ArticleLength;
  text: string;
}

/** The spec's label of each length the api accepts (a length without one fails to compile). */
const ARTICLE_LENGTH_TEXT: Record<ArticleLength, string> = {
  800: 'Short (500-800 words)',
  1200: 'Medium (800-1200 words)',
  1600: 'Long (1200+ words)',
};

export const ARTICLE_LENGTH_OPTIONS: readonly ArticleLengthOption[] = ARTICLE_LENGTHS.map((length) => ({ length, text: ARTICLE_LENGTH_TEXT[length] }));

/** Words = pieces of the text split on whitespace, empty pieces ignored. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((piece) => piece.length > 0).length;
}

/** Minutes to read a text of `words` words, rounded up. */
export function readingMinutes(words: number): number {
  return Math.ceil(words / WORDS_PER_MINUTE);
}

/** The min-read label shown under each article length option. */
export function minReadLabel(length: number): string {
  if (length <= 800) return '2-3 min read';
  if (length <= 1200) return '3-4 min read';
  return '5-6 min read';
}

export function articlePrompt(topic: string, lengthText: string): string {
  return `Write an article about ${topic} in ${lengthText}.`;
}

export function blogTitlePrompt(keyword: string, category: string): string {
  return `Generate a blog title for the keyword ${keyword} in the category ${category}`;
}

export function imagePrompt(description: string, style: string): string {
  return `Generate an image of ${description} in the style ${style}`;
}

/** `article-` + topic lowercased with every non-alphanumeric turned to `_`, `-`, timestamp, `.md`. */
export function articleFileName(topic: string, timestamp: number = Date.now()): string {
  const slug = topic.toLowerCase().replace(/[^a-z0-9]/g, '_');
  return `article-${slug}-${timestamp}.md`;
}

export function generatedImageFileName(timestamp: number = Date.now()): string {
  return `ai-generated-image-${timestamp}.png`;
}

export function backgroundRemovedFileName(timestamp: number = Date.now()): string {
  return `background-removed-${timestamp}.png`;
}

export function objectRemovedFileName(timestamp: number = Date.now()): string {
  return `object-removed-${timestamp}.png`;
}

export function resumeAnalysisFileName(timestamp: number = Date.now()): string {
  return `resume-analysis-${timestamp}.md`;
}

/** Words in the object text, counted as the live indicator does: trimmed, split on whitespace. */
export function objectWordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

export interface ObjectIndicator {
  ready: boolean;
  text: string;
}

/** The live indicator under "Object to Remove"; null while the field is blank. */
export function objectIndicator(text: string): ObjectIndicator | null {
  const words = objectWordCount(text);
  if (words === 0) return null;
  if (words === 1) return { ready: true, text: 'Single object name - ready to process' };
  return { ready: false, text: `${words} words detected - please use only one object name` };
}

/** File size in megabytes with two decimals, e.g. "1.25 MB". */
export function fileSizeText(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

export function isImageFile(file: { type: string }): boolean {
  return file.type.startsWith('image/');
}

export function isPdfFile(file: { type: string }): boolean {
  return file.type === 'application/pdf';
}
