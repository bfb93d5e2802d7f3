import { configDefaults, defineConfig } from 'vitest/config';
import webConfig, { ISOLATED_TESTS } from './vite.config.ts';

/**
 * The web tests that replace a module with `vi.mock` (named `*.isolated.test.tsx`): the web
 * project's set-up, but each file with fresh modules of its own, so a replaced module never
 * reaches another file.
 */
export default defineConfig((env) => {
  const base = webConfig(env);
  return {
    ...base,
    test: {
      ...base.test,
      name: 'web-isolated',
      include: [ISOLATED_TESTS],
      exclude: configDefaults.exclude,
      isolate: true,
    },
  };
});
