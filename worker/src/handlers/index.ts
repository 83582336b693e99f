/**
 * createHandlers(engines): every job name maps to exactly one handler (the Record type makes a
 * missing one a compile error), built from the engines it is given. Handlers and their engines
 * load on a job's first run, so a text worker never loads image models.
 */
import type { JobName } from '@craftwell/contracts/jobs';
import type { JobHandler } from '@craftwell/contracts/handler';
import type { Engines } from '../engines/index.js';

export interface Handlers {
  handlerFor(name: JobName): Promise<JobHandler>;
}

export function createHandlers(engines: Engines): Handlers {
  const build: Record<JobName, () => Promise<JobHandler<never>>> = {
    article: async () => (await import('./article.js')).default(engines.text),
    'article-outline': async () => (await import('./article-outline.js')).default(engines.text),
    'article-section': async () => (await import('./article-section.js')).default(engines.text),
    'blog-title': async () => (await import('./blog-title.js')).default(engines.text),
    'resume-review': async () => (await import('./resume-review.js')).default(engines.text),
    'generate-image': async () => (await import('./generate-image.js')).default(await engines.imageGeneration()),
    'remove-background': async () => (await import('./remove-background.js')).default(await engines.backgroundRemover()),
    'remove-object': async () => (await import('./remove-object.js')).default(await engines.objectRemover()),
    'detect-objects': async () => (await import('./detect-objects.js')).default(engines.objectDetection),
    'test-echo': async () => (await import('./test-echo.js')).default,
  };
  const loaded = new Map<JobName, Promise<JobHandler>>();
  return {
    handlerFor(name) {
      let handler = loaded.get(name);
      if (!handler) {
        handler = build[name]().then((h) => h as unknown as JobHandler);
        // A failed build (a model that would not load) is tried again on the next job.
        handler.catch(() => loaded.delete(name));
        loaded.set(name, handler);
      }
      return handler;
    },
  };
}
