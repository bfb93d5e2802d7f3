import { defineConfig } from 'vitest/config';

/**
 * The chaos suite (`npm run test:chaos`, its own CI step): the app and the sandbox gateway as real
 * processes, killed and cut off mid-payment (server/test/chaos/README.md). Apart from the server
 * suite because it starts processes and needs PostgreSQL beside the seeded SQLite copy.
 */
export default defineConfig({
  test: {
    name: 'chaos',
    root: import.meta.dirname,
    include: ['test/chaos/**/*.chaos.ts'],
    environment: 'node',
    globalSetup: ['./test/chaos/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    maxConcurrency: 3,
  },
});
