import { defineConfig } from 'vitest/config';

// One runner for the whole repo; each project is a test tier.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['{core,contracts,queue,storage,api,worker}/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['tests/setup/global-services.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      'web/vitest.config.ts',
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
          fileParallelism: false,
        },
      },
    ],
  },
});
