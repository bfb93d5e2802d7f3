import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One Vitest run over every workspace. Each project keeps its own environment: pure rules and the
 * server run in Node, the web app in happy-dom. End-to-end journeys are Playwright's (`npm run test:e2e`).
 */
export default defineConfig({
  test: {
    // One test file per core at least (Vitest's default leaves one core free, which on a two-core
    // machine runs the files one by one while most of them wait on their database). TEST_WORKERS
    // sets another number.
    maxWorkers: process.env.TEST_WORKERS ?? Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'domain',
          root: './domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['../scripts/fast-check-setup.mjs'],
          // Property tests run hundreds of cases; the margin is for a busy machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'contract',
          root: './contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'i18n',
          root: './i18n',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './server/vitest.config.ts',
      './web/vite.config.ts',
    ],
  },
});
