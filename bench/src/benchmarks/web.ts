import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { REPO_ROOT, SHORT, startProcess, seededSqlite } from '../harness.ts';

/** Initial JavaScript for `/` (gzip): the goal, and the limit above which the benchmark fails. */
export const INITIAL_JS_TARGET_BYTES = 150 * 1024;
export const INITIAL_JS_LIMIT_BYTES = 170 * 1024;
/** Lighthouse performance goal for `/` on mobile emulation (issue 6). */
export const LIGHTHOUSE_TARGET = 95;

interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
  readonly css?: readonly string[];
}

type Manifest = Readonly<Record<string, ManifestChunk>>;

/**
 * The files the browser loads before `/` can run: the entry chunk and, transitively, its static
 * imports (which Vite also announces as `<link rel="modulepreload">`). Lazy route chunks and locale
 * catalogues (dynamic imports) are not among them.
 */
export function initialFiles(manifest: Manifest): { js: string[]; css: string[] } {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error('The Vite manifest has no entry chunk.');
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry[0]);
  return { js: [...js], css: [...css] };
}

const gzipSize = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function buildWebApp(outDir: string): Manifest {
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: join(REPO_ROOT, 'web'), stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('vite build failed');
  return JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

interface LighthouseFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  benchmarkIndex: number;
}

/** One Lighthouse 12 run, default mobile emulation (slow 4G, CPU ×4), performance only. */
async function lighthouseRun(url: string, chromePath: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      si: metric('speed-index'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * The web app's start-up cost: initial JavaScript for `/` from the production build (fails above
 * 170 KB gzipped), then Lighthouse performance for `/` served by the real server, on Debian's
 * Chromium with Lighthouse's default mobile emulation; the median of 3 runs (1 in short mode).
 */
export async function webBenchmark(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'uniquair-web-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'uniquair-bench-'));
  try {
    const manifest = buildWebApp(outDir);
    const files = initialFiles(manifest);
    const jsBytes = files.js.reduce((sum, file) => sum + gzipSize(join(outDir, file)), 0);
    const cssBytes = files.css.reduce((sum, file) => sum + gzipSize(join(outDir, file)), 0);
    const lazy = Object.values(manifest).filter((chunk) => !files.js.includes(chunk.file));
    const largestLazy = Math.max(...lazy.map((chunk) => gzipSize(join(outDir, chunk.file))));

    console.log('\nWeb app: initial load of /  (production build, gzip -9)');
    for (const file of files.js)
      console.log(`  ${file.padEnd(44)} ${kb(gzipSize(join(outDir, file)))}`);
    console.log(
      `  initial JavaScript ${kb(jsBytes)} (goal ${kb(INITIAL_JS_TARGET_BYTES)}, limit ${kb(INITIAL_JS_LIMIT_BYTES)}), CSS ${kb(cssBytes)}`,
    );
    console.log(`  lazy chunks: ${lazy.length}, the largest ${kb(largestLazy)}`);
    if (jsBytes > INITIAL_JS_LIMIT_BYTES) {
      throw new Error(
        `initial JavaScript ${kb(jsBytes)} is above the ${kb(INITIAL_JS_LIMIT_BYTES)} limit`,
      );
    }

    const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    const server = await startProcess(
      'server',
      join(REPO_ROOT, 'server/src/server.ts'),
      {
        DATABASE_URL: await seededSqlite(dataDir),
        WEB_DIST_DIR: outDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        SESSION_SECRET: randomBytes(32).toString('hex'),
      },
      '/api/health',
    );
    try {
      const runs: LighthouseFigures[] = [];
      // A first visit warms the server (and its caches); it is not counted.
      await fetch(`${server.url}/`);
      for (let round = 0; round < (SHORT ? 1 : 3); round += 1) {
        runs.push(await lighthouseRun(`${server.url}/`, chromePath));
      }
      const pick = (key: keyof LighthouseFigures) => median(runs.map((run) => run[key]));
      console.log(
        `\nLighthouse ${runs.length} run(s), mobile emulation, ${chromePath} (benchmarkIndex ${pick('benchmarkIndex').toFixed(0)})`,
      );
      console.log(`  scores: ${runs.map((run) => run.score).join(', ')}`);
      console.log(
        `  median performance ${pick('score')} (goal ${LIGHTHOUSE_TARGET}): FCP ${pick('fcp').toFixed(0)} ms, LCP ${pick('lcp').toFixed(0)} ms, TBT ${pick('tbt').toFixed(0)} ms, CLS ${pick('cls').toFixed(3)}, SI ${pick('si').toFixed(0)} ms`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
