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

const KEBAB = '[a-z0-9]+(?:-[a-z0-9]+)*';

/**
 * Local rules of this repository. `server-module-file-name`: a file of a server module is named
 * `<module>.<role>.ts` (one role, kebab-case), its tests `<module>.<role>[.<more>].test.ts`, and
 * lies directly in the module's folder.
 */
const local = {
  rules: {
    'server-module-file-name': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          name: 'Name the files of module "{{module}}" <module>.<role>.ts (tests <module>.<role>.test.ts), not "{{file}}".',
        },
      },
      create(context) {
        return {
          Program(node) {
            const path = context.filename.replaceAll('\\', '/');
            const found = /\/server\/src\/modules\/([^/]+)\/(.+)$/.exec(path);
            if (!found) return;
            const [, module = '', file = ''] = found;
            const name = new RegExp(`^${module}\\.${KEBAB}(?:\\.ts|(?:\\.${KEBAB})*\\.test\\.ts)$`);
            if (!name.test(file))
              context.report({ node, messageId: 'name', data: { module, file } });
          },
        };
      },
    },
  },
};

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
      // The type check's declaration files (`tsc -b`, project references).
      '.tsbuild/**',
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
    // A file a reader can hold in their head: split by role before it grows past 450 lines.
    files: ['server/src/**/*.ts', 'web/src/**/*.{ts,tsx}', 'domain/src/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 450 }] },
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
    // Infrastructure never imports a feature module: what it would need moves into the module.
    files: ['server/src/{plugins,lib,db,config}/**/*.ts'],
    rules: restrict(forbidden.web, forbidden.react, {
      group: ['**/modules', '**/modules/**'],
      message:
        'Infrastructure (plugins, lib, db, config) does not import modules: move the module part into its <module>.plugin.ts.',
    }),
  },
  {
    // A module reaches another only through that module's service, never its repository.
    files: ['server/src/modules/**/*.ts'],
    plugins: { local },
    rules: {
      'local/server-module-file-name': 'error',
      ...restrict(forbidden.web, forbidden.react, {
        group: ['../*/*repository*', '**/modules/*/*repository*'],
        message:
          "Call the other module's service (its decoration or its service file), not its repository.",
      }),
    },
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
    // Build configuration, and the test set-up's Node globals (web/src/testing/node-globals.ts):
    // they run in Node, never in the browser.
    files: ['web/vite.config.ts', 'web/src/testing/node-globals.ts'],
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
