/**
 * Every job name maps to exactly one handler (the Record type makes a missing one a compile
 * error). Handlers load lazily so a text worker never loads image models.
 */
import type { JobName } from '@craftwell/contracts/jobs';
import type { JobHandler } from '@craftwell/contracts/handler';

type Loader = () => Promise<{ default: JobHandler<never> }>;

export const HANDLERS: Record<JobName, Loader> = {
  article: () => import('./article.js'),
  'article-outline': () => import('./article-outline.js'),
  'article-section': () => import('./article-section.js'),
  'blog-title': () => import('./blog-title.js'),
  'resume-review': () => import('./resume-review.js'),
  'generate-image': () => import('./generate-image.js'),
  'remove-background': () => import('./remove-background.js'),
  'remove-object': () => import('./remove-object.js'),
  'test-echo': () => import('./test-echo.js'),
};

const loaded = new Map<JobName, JobHandler>();

export async function handlerFor(name: JobName): Promise<JobHandler> {
  let handler = loaded.get(name);
  if (!handler) {
    handler = (await HANDLERS[name]()).default as unknown as JobHandler;
    if (typeof handler !== 'function') throw new Error(`Job "${name}" has no handler`);
    loaded.set(name, handler);
  }
  return handler;
}
