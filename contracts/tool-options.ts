/**
 * The choices and limits of the tool forms, shared by the api (its schemas), the worker and the
 * web (its forms). No imports: the web bundles this file as it is (see WEB_VALUE_CONTRACTS in
 * eslint.config.js).
 */

/** Longest prompt a person may send, in characters after trimming (the spec is silent). */
export const MAX_PROMPT_CHARS = 2000;
/** A pasted job ad for the resume review's keyword match. */
export const JOB_DESCRIPTION_MAX_CHARS = 10_000;
export const ARTICLE_LENGTHS = [800, 1200, 1600] as const;
export type ArticleLength = (typeof ARTICLE_LENGTHS)[number];
export const BLOG_CATEGORIES = [
  'General', 'Technology', 'Business', 'Health', 'Lifestyle', 'Education', 'Travel', 'Food',
] as const;
export const IMAGE_STYLES = [
  'Realistic', 'Ghibli style', 'Anime style', 'Cartoon style', 'Fantasy style', 'Realistic style',
  '3D style', 'Portrait style',
] as const;

/** Voices the article writer can take (the spec's prompt stays as it is; these travel beside it). */
export const ARTICLE_TONES = ['neutral', 'friendly', 'professional', 'persuasive', 'playful'] as const;
export type ArticleTone = (typeof ARTICLE_TONES)[number];
export const ARTICLE_MAX_SECTIONS = 12;
export const SECTION_ACTIONS = ['regenerate', 'lengthen', 'shorten'] as const;
export type SectionAction = (typeof SECTION_ACTIONS)[number];

/**
 * Finishing presets of Background Removal (one image or a batch): the cut-out put on a colour,
 * fitted into a square with a margin, and handed out in a format. `padding` is the share of the
 * side left free on each side (a circle-safe square keeps the subject inside the inscribed
 * circle, for avatars cropped round).
 */
export const IMAGE_PRESETS = {
  marketplace: { label: 'Marketplace product photo', description: 'White background, square 2000 px, JPEG 90', background: '#ffffff', square: 2000, padding: 0.05, format: 'jpeg', quality: 90 },
  'profile-picture': { label: 'Profile picture', description: 'Your colour behind, 800 px circle-safe square, PNG', background: '#4f46e5', square: 800, padding: 0.15, format: 'png', quality: 100 },
} as const;
export type ImagePresetName = keyof typeof IMAGE_PRESETS;
export const IMAGE_PRESET_NAMES = Object.keys(IMAGE_PRESETS) as ImagePresetName[];

/** The finishing a preset asks of the job; `colour` (#rrggbb) replaces the preset's own colour. */
export function presetFinish(name: ImagePresetName, colour?: string): { background: string; square: number; padding: number } {
  const preset = IMAGE_PRESETS[name];
  return { background: colour ?? preset.background, square: preset.square, padding: preset.padding };
}

/**
 * The one table of tools: the names one tool goes by in each layer. Routes, job names and
 * creation types are in the spec or in stored data, so they differ and stay; this table ties
 * them together (contracts/__tests__/tools.test.ts checks it against JOBS). Its queue is its
 * job's (JOBS[job].queue in jobs.ts).
 */
export const TOOLS = {
  article: { route: '/api/ai/generate-article', job: 'article', creationType: 'article', webPath: '/ai/write-article', metricsLabel: 'article' },
  'blog-title': { route: '/api/ai/generate-blog-title', job: 'blog-title', creationType: 'blog-title', webPath: '/ai/blog-titles', metricsLabel: 'blog-title' },
  'generate-image': { route: '/api/ai/generate-image', job: 'generate-image', creationType: 'image', webPath: '/ai/generate-images', metricsLabel: 'generate-image' },
  'remove-background': { route: '/api/ai/remove-image-background', job: 'remove-background', creationType: 'image', webPath: '/ai/remove-background', metricsLabel: 'remove-background' },
  'remove-object': { route: '/api/ai/remove-image-object', job: 'remove-object', creationType: 'image', webPath: '/ai/remove-object', metricsLabel: 'remove-object' },
  'resume-review': { route: '/api/ai/resume-review', job: 'resume-review', creationType: 'resume-review', webPath: '/ai/review-resume', metricsLabel: 'resume-review' },
} as const;
