/**
 * Which server test files may share one module graph per worker (vitest's `isolate: false`).
 * Sharing spares a fork and a full import per file: the unit files that qualify took about a third
 * less CPU that way. A file keeps a process of its own when it could leave something behind for
 * the next file in that process: a replaced module, global, environment variable or clock, a
 * child process or worker, a service connection, a test app or database.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The folders whose test files are unit tests (beside tests/integration, which never share). */
export const UNIT_DIRS = ['core', 'contracts', 'queue', 'storage', 'api', 'worker', 'bench'];

/** Words in a file's text that mean it touches process-wide state (read as code or prose alike). */
const TOUCHES_THE_PROCESS = /\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers|spyOn)\b|process\.env|\bspawn|\bfork\(|\bexec(File)?(Sync)?\(|Worker\(|startTestApp|createTestDatabase|\binject\(|serviceUrl|redis|postgres|globalThis/i;

/**
 * Files that hold process-wide state the markers above cannot see, with the reason.
 * - held-resources: counts every job thread's holdings in one table per process.
 */
const OWN_PROCESS = ['queue/__tests__/held-resources.test.ts'];

/** Whether a test file's text lets it share a module graph with other files. */
export function mayShareModuleGraph(text: string): boolean {
  return !TOUCHES_THE_PROCESS.test(text);
}

function testFiles(root: string, dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(root, rel);
    return entry.name.endsWith('.test.ts') ? [rel] : [];
  });
}

/** The unit test files under `dirs` (paths from `root`) that may share a module graph. */
export function sharedGraphFiles(root: string, dirs: string[], exclude: string[]): string[] {
  return dirs
    .flatMap((dir) => testFiles(root, dir))
    .filter((file) => !exclude.includes(file) && !OWN_PROCESS.includes(file))
    .filter((file) => mayShareModuleGraph(fs.readFileSync(path.join(root, file), 'utf8')))
    .sort();
}
