import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/setup/global-setup.ts'],
    setupFiles: ['../scripts/fast-check-setup.mjs'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
