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
    setupFiles: ['../scripts/fast-check-setup.mjs', './test/setup/transaction-guard.ts'],
    // Time-outs guard against a hang and are no speed budgets (those live in bench/). In CI the
    // PostgreSQL run shares two cores with the static checks, the chaos suite and the Node 24
    // run, and its tests take three to five times as long as on a quiet machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
