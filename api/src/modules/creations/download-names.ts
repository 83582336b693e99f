/**
 * File names of downloads, following the tool screens' own names so a file saved
 * from the dashboard looks like one saved right after creating it.
 */
export type DownloadFormat = 'png' | 'jpg' | 'md' | 'docx';

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '_').slice(0, 60);

function imageBaseName(prompt: string): string {
  if (prompt === 'Remove background from image') return 'background-removed';
  // The background step's prompts (images/routes.ts describeStep), named as its downloads are.
  if (prompt.startsWith('Mask of the subject')) return 'mask';
  if (/^(New background|Transparent background)/.test(prompt)) return 'background-removed';
  if (/^Removed .+ from image$/.test(prompt)) return 'object-removed';
  return 'ai-generated-image';
}

/** The topic of an article prompt ("Write an article about {topic} in {length label}"). */
export function articleTopic(prompt: string): string {
  return /^Write an article about (.+) in .+$/s.exec(prompt)?.[1] ?? prompt;
}

export function downloadName(creation: { type: string; prompt: string }, format: DownloadFormat, now = Date.now()): string {
  if (format === 'png' || format === 'jpg') return `${imageBaseName(creation.prompt)}-${now}.${format}`;
  const base = creation.type === 'article'
    ? `article-${slug(articleTopic(creation.prompt))}`
    : creation.type === 'resume-review' ? 'resume-analysis' : creation.type === 'blog-title' ? 'blog-titles' : slug(creation.type);
  return `${base}-${now}.${format}`;
}
