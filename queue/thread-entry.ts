/**
 * Where a job-processor worker thread starts (queue/in-process-thread.ts), for both adapters:
 * the in-process queue and the BullMQ runner run every job attempt on such threads.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * A job thread's JavaScript heap is bounded, so a runaway job (a decoder gone wrong, a huge
 * string) ends its own thread instead of growing the worker until the machine's OOM killer takes
 * it. The attempt fails with a 413 and is not retried when it was alone on its thread (it would
 * only fill the heap again); beside others, all of them are retried as crashed. Model weights and
 * tensors live in native memory (onnxruntime, WASM), outside this bound; uploads are bounded by
 * size and pixels before they are decoded, PDFs are read in heap-capped processes.
 */
export const JOB_THREAD_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 2048 } as const;

/** The 'error' a worker thread emits when it reached JOB_THREAD_RESOURCE_LIMITS. */
export function isOutOfMemory(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

/** tsx's ESM API entry (the `import` condition of `tsx/esm/api`, which require.resolve cannot pick). */
function resolveTsxEsmApi(): string {
  const manifestPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports: Record<string, { import?: { default?: string } } | string>;
  };
  const target = manifest.exports['./esm/api'];
  const relative = typeof target === 'object' ? target.import?.default : undefined;
  if (!relative) throw new Error('tsx/esm/api not found: cannot run TypeScript processors in worker threads');
  return path.join(path.dirname(manifestPath), relative);
}

/**
 * How to start a thread on the entry next to this file: directly when compiled (.js), or, from
 * TypeScript source, through a tiny bootstrap that registers tsx inside the thread first (threads
 * do not inherit the parent's loader hooks, whether it runs under tsx, vitest or anything else).
 */
export function threadEntry(): { entry: string | URL; eval: boolean } {
  const url = new URL(`./in-process-thread${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url);
  // Compiled, resolved by the package's name rather than beside this file, which may be inside
  // the api's bundle (scripts/bundle-api.mjs); the compiled condition picks queue/dist.
  if (url.pathname.endsWith('.js')) return { entry: new URL(import.meta.resolve('@craftwell/queue/in-process-thread')), eval: false };
  const tsxApi = pathToFileURL(resolveTsxEsmApi()).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return { entry: bootstrap, eval: true };
}
