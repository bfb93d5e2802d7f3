// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web app's feature folders; each may not import another (DESIGN.md §2). */
function webFeatures() {
  try {
    return readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** Imports a workspace may not make, so dependencies point one way: domain ← contract ← server/web. */
const forbidden = {
  server: {
    group: ['@uniquair/server', '@uniquair/server/*'],
    message: 'Only the server and bench use server code.',
  },
  web: { group: ['@uniquair/web', '@uniquair/web/*'], message: 'Nothing imports the web app.' },
  contract: {
    group: ['@uniquair/contract', '@uniquair/contract/*'],
    message: 'domain must not depend on contract.',
  },
  i18nPackage: {
    group: ['@uniquair/i18n', '@uniquair/i18n/*'],
    message: 'domain is rules only; texts live in i18n.',
  },
  node: { group: ['node:*'], message: 'This package runs in the browser too: no Node APIs.' },
  react: {
    group: ['react', 'react-dom', 'react-*', 'react/*'],
    message: 'No React outside the web app.',
  },
  serverLibs: {
    group: ['fastify', 'fastify-*', '@fastify/*', 'kysely', 'better-sqlite3', 'pg'],
    message: 'Server libraries stay in the server.',
  },
  zod: {
    group: ['zod', 'zod/*'],
    message: 'domain is plain TypeScript; schemas live in contract.',
  },
};

const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/*.tsbuildinfo',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', '*.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'check-file': checkFile },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify plugins and handlers are async by contract, whether or not they await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/src/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Plain JavaScript tooling scripts are linted without type information.
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tools that load these files require a default export.
    files: ['**/*.config.{ts,js,mjs}', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Migration files carry their timestamp in their name.
    files: ['server/src/db/migrations/*.ts'],
    rules: { 'check-file/filename-naming-convention': 'off' },
  },
  {
    files: ['domain/**/*.ts'],
    rules: restrict(
      forbidden.server,
      forbidden.web,
      forbidden.contract,
      forbidden.i18nPackage,
      forbidden.node,
      forbidden.react,
      forbidden.serverLibs,
      forbidden.zod,
    ),
  },
  {
    files: ['contract/**/*.ts'],
    rules: restrict(
      forbidden.server,
      forbidden.web,
      forbidden.node,
      forbidden.react,
      forbidden.serverLibs,
    ),
  },
  {
    files: ['i18n/src/**/*.ts'],
    ignores: ['i18n/src/**/*.test.ts'],
    rules: restrict(
      forbidden.server,
      forbidden.web,
      forbidden.node,
      forbidden.react,
      forbidden.serverLibs,
    ),
  },
  {
    files: ['server/**/*.ts', 'bench/**/*.ts'],
    rules: restrict(forbidden.web, forbidden.react),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(forbidden.server, forbidden.serverLibs, forbidden.node),
    },
  },
  {
    files: ['web/vite.config.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: restrict(forbidden.server, forbidden.serverLibs, forbidden.node, {
      group: ['**/features/**', '**/app/**'],
      message: 'components and lib never import features or app.',
    }),
  },
  ...webFeatures().map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: restrict(forbidden.server, forbidden.serverLibs, forbidden.node, {
      group: webFeatures()
        .filter((other) => other !== feature)
        .flatMap((other) => [`**/features/${other}`, `**/features/${other}/**`]),
      message: 'Features do not import each other: lift shared code to components or lib.',
    }),
  })),
);
