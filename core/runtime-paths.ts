/**
 * Where files are, the same whether a module runs from its TypeScript source (tsx, vitest) or
 * from the compiled tree that `npm run build` writes beside each workspace (`core/dist/...`,
 * `worker/dist/src/...`; see docs/contributing.md). Every module that finds a file by its own
 * location, or starts a thread or process on another module, goes through here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The folder of a compiled workspace's output, inside the workspace. */
export const COMPILED_DIR = 'dist';
/** The package.json "exports" condition that points workspace imports at compiled files. */
export const COMPILED_CONDITION = 'compiled';

/** True when this module itself was loaded from the compiled tree. */
export const RUNNING_COMPILED = path.extname(fileURLToPath(import.meta.url)) === '.js';

/** '.js' compiled, '.ts' from source: the extension of sibling entry files to start. */
export const MODULE_EXTENSION = RUNNING_COMPILED ? '.js' : '.ts';

/**
 * The source folder of a module: for a compiled file (`worker/dist/src/x/y.js`) the folder its
 * TypeScript source sits in (`worker/src/x`), so paths to data beside the sources (models,
 * migrations, package.json) resolve alike both ways.
 */
export function sourceDir(moduleUrl: string): string {
  const dir = path.dirname(fileURLToPath(moduleUrl));
  if (path.extname(fileURLToPath(moduleUrl)) !== '.js') return dir;
  const parts = dir.split(path.sep);
  const at = parts.lastIndexOf(COMPILED_DIR);
  return at < 0 ? dir : [...parts.slice(0, at), ...parts.slice(at + 1)].join(path.sep) || path.sep;
}

/**
 * The repository's root folder (where the workspaces and migrations/ are): the nearest folder
 * above this module whose package.json lists the workspaces. Found by looking, not by counting
 * folders, so it holds from source, from the compiled tree and from the api's bundle alike.
 */
export const REPO_ROOT = findRepoRoot(sourceDir(import.meta.url));

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { workspaces?: unknown };
      if (Array.isArray(manifest.workspaces)) return dir;
    } catch {
      // No package.json here: look further up.
    }
    if (path.dirname(dir) === dir) throw new Error(`Craftwell's root folder (a package.json with workspaces) was not found above ${from}`);
  }
}

/**
 * A module to start by path (a thread or process entry), given as its source path from the
 * repository root (`worker/src/main.ts`): that file from source, its compiled twin when compiled
 * (`worker/dist/src/main.js`).
 */
export function entryPath(sourcePathFromRoot: string): string {
  if (!RUNNING_COMPILED) return path.join(REPO_ROOT, sourcePathFromRoot);
  const [workspace, ...rest] = sourcePathFromRoot.split('/');
  return path.join(REPO_ROOT, workspace!, COMPILED_DIR, ...rest).replace(/\.ts$/, '.js');
}

/** entryPath as a file URL, for worker threads and dynamic imports. */
export function entryUrl(sourcePathFromRoot: string): string {
  return pathToFileURL(entryPath(sourcePathFromRoot)).href;
}

/**
 * Node flags a child process (or thread) needs to load modules the way this one does: from the
 * compiled tree, the exports condition and source maps; from source, tsx's loader.
 */
export function moduleLoaderArgs(): string[] {
  return RUNNING_COMPILED ? [`--conditions=${COMPILED_CONDITION}`, '--enable-source-maps'] : ['--import', 'tsx'];
}

/**
 * The job processor every queue runs in its threads (the in-process queue in the api, BullMQ
 * runners in workers): one file, named once.
 */
export const PROCESSOR_URL = entryUrl('worker/src/pipeline/processor.ts');
