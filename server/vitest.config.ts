import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Test files share their worker's module cache: each builds its own app over its own database
    // copy and closes it, and nothing in the server keeps state in a module between apps, so
    // loading the server's ~400 modules once per worker rather than once per file halves the
    // suite (docs/architecture.md "Tests"). A file that needs fresh modules (vi.mock, globals it
    // changes) belongs in a project of its own with isolation on.
    isolate: false,
    globalSetup: ['./test/setup/global-setup.ts'],
    setupFiles: ['../scripts/fast-check-setup.mjs'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
