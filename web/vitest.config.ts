import { defineConfig, defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Web files that replace a module (vi.mock) need a module graph of their own, so they are named
 * *.mocks.test.tsx (src/testing/__tests__/test-files.test.ts holds that). The others share one
 * graph per worker (isolate: false), which spares a jsdom and React import per file: about 100
 * of the web tests' 170 CPU-seconds on two cores.
 */
const MOCKING = 'src/**/*.mocks.test.{ts,tsx}';

function webProject(name: string, test: { include: string[]; exclude?: string[]; isolate?: boolean }) {
  return defineProject({
    root: import.meta.dirname,
    plugins: [react()],
    test: {
      name,
      environment: 'jsdom',
      setupFiles: ['src/testing/setup.ts'],
      restoreMocks: true,
      // Globals a test replaced (fetch) are put back before the next, in whichever file it is.
      unstubGlobals: true,
      // The machine is shared with the server suites: leave room for a slow jsdom render.
      testTimeout: 15_000,
      ...test,
    },
  });
}

export const webProjects = [
  webProject('web', { include: ['src/**/*.test.{ts,tsx}'], exclude: ['**/node_modules/**', MOCKING], isolate: false }),
  webProject('web-mocks', { include: [MOCKING] }),
];

export default defineConfig({ test: { projects: webProjects } });
