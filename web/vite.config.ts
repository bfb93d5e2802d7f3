/// <reference types="vitest/config" />
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import react from '@vitejs/plugin-react';
import {
  defineConfig,
  type HtmlTagDescriptor,
  type Plugin,
  type ProxyOptions,
  type Rollup,
} from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PRELOADED_STARTUP_READS } from './src/app/startup-reads.ts';
import { WEB_MANIFEST } from './src/lib/pwa/web-manifest.ts';

/** Where `npm run dev --workspace server` listens. */
const apiOrigin = 'http://127.0.0.1:3000';

/**
 * API, server-sent events and WebSocket paths go to the server. Keys starting with `^` are
 * patterns, so `/sp/` does not swallow `/spp/` or a content page such as `/special-offers`.
 */
const proxy: Record<string, ProxyOptions> = {
  '^/api(/|$)': { target: apiOrigin },
  '^/spp/': { target: apiOrigin },
  '^/sp/': { target: apiOrigin, ws: true },
};

/**
 * Marks index.html with the build it belongs to (`<meta name="uniquair-build">`), so a new
 * deployment changes the shell the service worker precaches even when no code changed.
 */
function buildIdPlugin(buildId: string): Plugin {
  return {
    name: 'uniquair-build-id',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { name: 'uniquair-build', content: buildId }, injectTo: 'head' },
    ],
  };
}

/**
 * Announces in index.html what every page needs right after the start-up JavaScript (decision
 * 006): the shell's modules (`src/app/routes/root.tsx` and its static imports) as
 * `modulepreload`, their CSS as `preload`, and the start-up reads of the init data and the route
 * list as `preload` of a `fetch`. The browser then fetches them beside the entry instead of one
 * round trip after it has run. Build only: the dev server serves modules one by one.
 */
function startupPreloadPlugin(): Plugin {
  const shellModule = '/src/app/routes/root.tsx';
  let base = '/';
  return {
    name: 'uniquair-startup-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = new Map(
          Object.values(bundle)
            .filter((output): output is Rollup.OutputChunk => output.type === 'chunk')
            .map((chunk) => [chunk.fileName, chunk]),
        );
        const shell = [...chunks.values()].find((chunk) =>
          chunk.facadeModuleId?.endsWith(shellModule),
        );
        if (!shell) throw new Error(`No chunk for ${shellModule}: the shell is not preloaded.`);
        // The entry and its static imports are already in index.html.
        const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
        const known = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (file: string) => {
          const chunk = chunks.get(file);
          if (!chunk || known.has(file) || scripts.has(file)) return;
          scripts.add(file);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          chunk.imports.forEach(visit);
        };
        visit(shell.fileName);
        const link = (attrs: Record<string, string>): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { ...attrs, crossorigin: '' },
          injectTo: 'head',
        });
        // The shell's files come after what the start-up screen paints with (the start-up CSS
        // and the logo): low priority, so they do not hold back the first paint.
        const later = { fetchpriority: 'low' };
        return [
          ...PRELOADED_STARTUP_READS.map((path) =>
            link({ rel: 'preload', as: 'fetch', href: path }),
          ),
          ...[...scripts].map((file) =>
            link({ rel: 'modulepreload', href: `${base}${file}`, ...later }),
          ),
          ...[...styles].map((file) =>
            link({ rel: 'preload', as: 'style', href: `${base}${file}`, ...later }),
          ),
        ];
      },
    },
  };
}

/** The formatjs CLI (`@formatjs/cli`), run with this Node. */
const formatjsCli = createRequire(import.meta.url).resolve('@formatjs/cli/bin/formatjs');

/**
 * React Router's production build: its package's `exports` name only the development build
 * (`dist/development`), which keeps its development warnings in; `dist/production` is the same
 * code without them.
 */
function reactRouterProductionBuild(file: string): string {
  const developmentEntry = createRequire(import.meta.url).resolve('react-router');
  return join(dirname(dirname(developmentEntry)), 'production', file);
}

/** The message catalogues (docs/i18n.md). */
const cataloguesDir = fileURLToPath(new URL('../i18n/locales', import.meta.url));

/** The city names of each locale that has any (docs/i18n.md "City names"). */
const cityNamesDir = fileURLToPath(new URL('../i18n/cities', import.meta.url));

/** Every catalogue compiled by `formatjs compile-folder --ast`, by file name (`de.json`). */
async function compileCatalogues(): Promise<Map<string, Record<string, unknown>>> {
  const outDir = await mkdtemp(join(tmpdir(), 'uniquair-catalogues-'));
  try {
    await promisify(execFile)(process.execPath, [
      formatjsCli,
      'compile-folder',
      '--ast',
      '--format',
      'simple',
      cataloguesDir,
      outDir,
    ]);
    const files = await readdir(outDir);
    const compiled = await Promise.all(
      files.map(async (name) => {
        const text = await readFile(join(outDir, name), 'utf8');
        return [name, JSON.parse(text) as Record<string, unknown>] as const;
      }),
    );
    return new Map(compiled);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/**
 * Message catalogues compiled at build time (docs/i18n.md): a catalogue of `i18n/locales` imported
 * with `?compiled` becomes the parsed form of its messages, so the app ships react-intl without
 * its ICU parser and formats without parsing. `&keys=a,b` keeps only those keys (the start-up
 * error page's English). A whole catalogue also exports `cities`, the locale's city names
 * (`i18n/cities/<locale>.json`, none for English), so they come in the catalogue's chunk. The
 * catalogues stay the source of truth; the compiled form exists only in the build, the dev
 * server and the tests.
 */
function compiledCataloguesPlugin(): Plugin {
  /** Resolved to a module of its own, `prefix file|keys`, which the JSON plugin leaves alone. */
  const prefix = '\0compiled-catalogue:';
  let compiled: Promise<Map<string, Record<string, unknown>>> | undefined;
  return {
    name: 'uniquair-compiled-catalogues',
    enforce: 'pre',
    async resolveId(source, importer) {
      const [path = '', query] = source.split('?');
      if (!new URLSearchParams(query).has('compiled')) return null;
      const resolved = await this.resolve(path, importer, { skipSelf: true });
      if (!resolved || dirname(resolved.id) !== cataloguesDir) {
        this.error(`${source}: only the catalogues in ${cataloguesDir} can be compiled`);
      }
      return `${prefix}${resolved.id}|${new URLSearchParams(query).get('keys') ?? ''}`;
    },
    watchChange(id) {
      if (id.startsWith(cataloguesDir)) compiled = undefined;
    },
    async load(id) {
      if (!id.startsWith(prefix)) return null;
      const [file = '', keyList = ''] = id.slice(prefix.length).split('|');
      this.addWatchFile(file);
      compiled ??= compileCatalogues();
      const messages = (await compiled).get(basename(file));
      if (!messages) return this.error(`${file} was not compiled`);
      const keys = keyList === '' ? Object.keys(messages) : keyList.split(',');
      const missing = keys.filter((key) => !Object.hasOwn(messages, key));
      if (missing.length > 0) this.error(`${file} has no message ${missing.join(', ')}`);
      const picked = JSON.stringify(Object.fromEntries(keys.map((key) => [key, messages[key]])));
      // JSON.parse of a string literal starts faster than the same object literal.
      const code = `export default JSON.parse(${JSON.stringify(picked)});`;
      const cityNames = join(cityNamesDir, basename(file));
      if (keyList !== '' || !existsSync(cityNames)) return code;
      this.addWatchFile(cityNames);
      const cities = JSON.stringify(JSON.parse(await readFile(cityNames, 'utf8')));
      return `${code}\nexport const cities = JSON.parse(${JSON.stringify(cities)});`;
    },
  };
}

export default defineConfig(({ mode }) => ({
  resolve: {
    alias: [
      // The catalogues come compiled, so react-intl never parses a message: the parser stays out.
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
      // React Router publishes a production build beside its development one but exports only
      // the latter; a production bundle takes the build without development warnings.
      ...(mode === 'production'
        ? [
            { find: /^react-router$/, replacement: reactRouterProductionBuild('index.mjs') },
            {
              find: /^react-router\/dom$/,
              replacement: reactRouterProductionBuild('dom-export.mjs'),
            },
          ]
        : []),
    ],
  },
  plugins: [
    compiledCataloguesPlugin(),
    react(),
    buildIdPlugin(process.env.VITE_BUILD_ID ?? new Date().toISOString()),
    startupPreloadPlugin(),
    // The service worker (src/sw.ts through src/service-worker.ts → /service-worker.js) and the
    // manifest; the app registers the worker itself (lib/pwa/service-worker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'service-worker.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: WEB_MANIFEST as unknown as Record<string, unknown>,
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}', 'icons/icon-192.png'],
        globIgnores: ['service-worker.js', 'screenshots/**'],
      },
    }),
  ],
  build: {
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // What the first page needs before it can run is one file (fewer requests, better
      // compression); pages, the shell, catalogues and the calendar are chunks of their own.
      output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } },
    },
  },
  server: { proxy },
  preview: { proxy },
  test: {
    name: 'web',
    environment: 'happy-dom',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    // Each file gets a fresh VM context in a long-lived worker thread (its own window, modules and
    // mocks, as with the default pool), instead of a fresh process or thread that loads happy-dom
    // and the test tools again: the suite takes half the time.
    pool: 'vmThreads',
    // Screens render and settle in well under a second; the margin is for a busy machine, so a
    // slow run fails on what it asserts rather than on the clock.
    testTimeout: 20_000,
  },
}));
