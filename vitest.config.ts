import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { sharedGraphFiles, UNIT_DIRS } from './tests/setup/module-graphs.js';
import { isLibraryCommandClosedAtShutdown } from './tests/support/redis-shutdown-errors.js';
import { webProjects } from './web/vitest.config.js';

const REPO_ROOT = path.dirname(fileURLToPath(import.meta.url));

const SERVER_TESTS = [`{${UNIT_DIRS.join(',')}}/**/*.test.ts`, 'tests/integration/**/*.test.ts'];
/**
 * Server files that compute hard (model inference, image work, PDF bombs, request floods). They
 * run after the others, two at a time, beside the browser files: each of those kinds on its own
 * kept the two cores only about three-quarters busy (waiting on an app's start, a model's load),
 * and together they fill the gaps.
 */
const CPU_BOUND_TESTS = [
  'worker/src/engines/object/__tests__/real-photos.test.ts',
  'worker/src/engines/object/__tests__/object-removal.test.ts',
  'worker/src/engines/background/__tests__/isnet.test.ts',
  'worker/src/engines/background/__tests__/end-thread.test.ts',
  'worker/src/engines/resume/__tests__/pdf-bomb.test.ts',
  'worker/src/engines/resume/__tests__/ocr.test.ts',
  'worker/src/engines/resume/__tests__/pdf-image-bomb.test.ts',
  'contracts/__tests__/image-bombs.test.ts',
  'tests/integration/image-tools.test.ts',
  'tests/integration/batches.test.ts',
  'tests/integration/rate-limits.test.ts',
];
/**
 * Not CPU-bound but timed (a lost job is noticed within seconds, the first job's worker thread
 * starts within the wait): beside two other files on a slower machine, a job's thread took over
 * 15 s to start and these failed. They run last, alone.
 */
const TIMED_TESTS = ['tests/integration/redis-data-loss.test.ts', 'tests/integration/queue-outage.test.ts'];
/** Unit files that leave nothing behind in their process share one module graph per worker. */
const SHARED_GRAPH_TESTS = sharedGraphFiles(REPO_ROOT, UNIT_DIRS, [...CPU_BOUND_TESTS, ...TIMED_TESTS]);
const SERVER = {
  environment: 'node',
  globalSetup: ['tests/setup/global-services.ts'],
  setupFiles: ['tests/setup/redis-stacks.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
};

// One runner for the whole repo; each project is a test tier.
export default defineConfig({
  test: {
    onUnhandledError(error) {
      if (!isLibraryCommandClosedAtShutdown(error, REPO_ROOT)) return;
      console.warn(`[craftwell tests] not counted: a library's own Redis command was rejected as its connection closed\n${error.stack}`);
      return false;
    },
    // Most server files wait on Postgres, Redis, child processes and timers rather than compute:
    // three at a time on two cores (vitest's default there is one at a time).
    maxWorkers: 3,
    projects: [
      {
        test: { ...SERVER, name: 'server', include: SERVER_TESTS, exclude: ['**/node_modules/**', ...CPU_BOUND_TESTS, ...TIMED_TESTS, ...SHARED_GRAPH_TESTS] },
      },
      {
        test: { ...SERVER, name: 'server-unit', include: SHARED_GRAPH_TESTS, isolate: false },
      },
      {
        // The second group (groupOrder 1, with e2e): two files at a time; groups run one after another.
        test: { ...SERVER, name: 'server-cpu', include: CPU_BOUND_TESTS, maxWorkers: 2, sequence: { groupOrder: 1 } },
      },
      {
        test: { ...SERVER, name: 'server-timed', include: TIMED_TESTS, maxWorkers: 1, sequence: { groupOrder: 2 } },
      },
      ...webProjects,
      {
        // `npm run test:faults`: private Postgres/Redis/S3, several processes, faults injected.
        test: {
          name: 'faults',
          environment: 'node',
          include: ['tests/faults/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/setup/global-services.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // Each file starts its own app (own database, data folder, queue prefix and port), so
          // two can run at once; beside the CPU-bound server files (the second group).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
