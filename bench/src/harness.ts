import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Short mode (CI) runs each load for a few seconds; full mode for longer, three rounds. */
export const SHORT = process.env.BENCH_SHORT === '1';
export const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? (SHORT ? 3 : 10));
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (SHORT ? 1 : 3));
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

/**
 * Pinned cores (performance goal G7): servers run on core 0, this process and its load generator
 * on the other cores, so the server measured and the client measuring do not take turns on one
 * core. Needs taskset and two cores; BENCH_PIN=0 turns it off.
 */
const TASKSET = '/usr/bin/taskset';
export const PINNED =
  process.env.BENCH_PIN !== '0' && existsSync(TASKSET) && availableParallelism() >= 2;
const CLIENT_CORES = `1-${availableParallelism() - 1}`;
if (PINNED)
  spawnSync(TASKSET, ['-a', '-cp', CLIENT_CORES, String(process.pid)], { stdio: 'ignore' });

/**
 * Starts a program that should have every core, as a phone's browser has several, although this
 * process is pinned: its children inherit the cores of the moment they start.
 */
export async function onAllCores<T>(start: () => Promise<T>): Promise<T> {
  if (!PINNED) return start();
  const all = `0-${availableParallelism() - 1}`;
  spawnSync(TASKSET, ['-a', '-cp', all, String(process.pid)], { stdio: 'ignore' });
  try {
    return await start();
  } finally {
    spawnSync(TASKSET, ['-a', '-cp', CLIENT_CORES, String(process.pid)], { stdio: 'ignore' });
  }
}

let seededTemplate: Promise<string> | undefined;

/** Seeds the demo data once per run into a template SQLite file (`npm run db:seed`'s command). */
async function seedTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'uniquair-bench-seed-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'seeded.sqlite');
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/src/db/cli.ts', 'seed'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: `sqlite:${file}` },
  });
  return file;
}

/**
 * The `DATABASE_URL` of a fresh copy, in `dir`, of the seeded demo database. Seeding takes about
 * 15 s, so it is done once per run (or once per CI run, which names its copy in
 * `SEEDED_DB_TEMPLATE`) and each benchmark's server starts on its own copy.
 */
export async function seededSqlite(dir: string): Promise<string> {
  const shared = process.env.SEEDED_DB_TEMPLATE;
  seededTemplate ??= shared ? Promise.resolve(shared) : seedTemplate();
  const file = join(dir, 'bench.sqlite');
  copyFileSync(await seededTemplate, file);
  return `sqlite:${file}`;
}

/** A chunk of the web build's Vite manifest (`.vite/manifest.json`). */
export interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
  readonly css?: readonly string[];
}

export type Manifest = Readonly<Record<string, ManifestChunk>>;

let builtWeb: { dir: string; manifest: Manifest } | undefined;

/**
 * The production build of the web app and its manifest: the one CI made once for every suite
 * (`WEB_BUILD_DIR`, built with `--manifest`), or one built on the first call of a run into a
 * temporary directory that {@link removeWebBuild} removes. Every browser benchmark serves it.
 */
export function webBuild(): { dir: string; manifest: Manifest } {
  if (builtWeb) return builtWeb;
  const prebuilt = process.env.WEB_BUILD_DIR;
  const dir = prebuilt ?? mkdtempSync(join(tmpdir(), 'uniquair-web-'));
  if (!prebuilt) {
    const result = spawnSync(
      'npx',
      ['vite', 'build', '--manifest', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: join(REPO_ROOT, 'web'), stdio: 'inherit' },
    );
    if (result.status !== 0) throw new Error('vite build failed');
  }
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
  builtWeb = { dir, manifest };
  return builtWeb;
}

/** Removes the web build {@link webBuild} made for this run (never CI's). */
export function removeWebBuild(): void {
  if (builtWeb && !process.env.WEB_BUILD_DIR)
    rmSync(builtWeb.dir, { recursive: true, force: true });
  builtWeb = undefined;
}

/** The pid listening on a loopback port, from /proc (Linux): the server's own process. */
export function pidListeningOn(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A' && fields[9]) {
        inodes.add(fields[9]);
      }
    }
  }
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) return Number(pid);
      } catch {
        // the descriptor closed meanwhile
      }
    }
  }
  throw new Error(`no process listens on port ${port}`);
}

/** Resident memory of a process in MiB. */
export function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((row) => row.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
}

export interface RunningServer {
  name: string;
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Waits until GET url answers 200, or fails after the timeout with the child's output. */
async function waitUntilReady(
  url: string,
  child: ChildProcess,
  output: string[],
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}:\n${output.join('')}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not ready at ${url} after ${timeoutMs} ms:\n${output.join('')}`);
}

/** Starts a TypeScript entry point in its own Node process (its own core for the event loop). */
/**
 * The settings of a server process in `nodeEnv`: a fresh session secret and, in production, what
 * production refuses to start without (`server/src/config/production.ts`): an airline partner key
 * and the sandbox gateway chosen explicitly. `startProcess` gives it its loopback address as
 * PUBLIC_URL.
 */
export function serverEnv(nodeEnv: 'development' | 'production' | 'test'): Record<string, string> {
  const production: Record<string, string> =
    nodeEnv === 'production'
      ? {
          AIRLINE_API_KEYS: `bench-partner-${randomBytes(12).toString('hex')}`,
          PAYMENT_GATEWAY: 'sandbox',
          PAYMENT_SANDBOX_IN_PRODUCTION: 'true',
        }
      : {};
  return { NODE_ENV: nodeEnv, SESSION_SECRET: randomBytes(32).toString('hex'), ...production };
}

export async function startProcess(
  name: string,
  entry: string,
  env: Record<string, string>,
  readyPath: string,
  timeoutMs = 180_000,
  /** Keep it on the server core (0) when cores are pinned; false lets it use every core. */
  pin = PINNED,
): Promise<RunningServer> {
  const port = await freePort();
  const output: string[] = [];
  const command = pin ? TASKSET : process.execPath;
  const args = ['--import', 'tsx', entry];
  const child = spawn(command, pin ? ['-c', '0', process.execPath, ...args] : args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
      PORT: String(port),
      BENCH_PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(`${url}${readyPath}`, child, output, timeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    name,
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The p-th percentile (0–100) of some values, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export interface LoadFigures {
  requestsPerSecond: number;
  /** Mean latency; autocannon's percentiles have a resolution of whole milliseconds. */
  latencyMeanMs: number;
  latencyP50Ms: number;
  /** From every answer's own time (autocannon's histogram has no 95th percentile). */
  latencyP95Ms: number;
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
}

/** What to load: a URL on loopback, optionally with request headers (conditional requests). */
export interface LoadTarget {
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** The status every answer should have; 2xx by default (a conditional request expects 304). */
  expectedStatus?: number;
}

/** Loads one URL on loopback for the configured duration; bounded in time and connections. */
export async function load(
  url: string,
  options: {
    headers?: Record<string, string>;
    durationSeconds?: number;
    expectedStatus?: number;
    /** The path of the n-th request, when they differ (else every request asks for `url`). */
    pathOf?: (n: number) => string;
  } = {},
): Promise<LoadFigures> {
  const { pathOf } = options;
  let sent = 0;
  const run = autocannon({
    url,
    connections: CONNECTIONS,
    duration: options.durationSeconds ?? DURATION_SECONDS,
    pipelining: 1,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(pathOf
      ? { requests: [{ setupRequest: (request) => ({ ...request, path: pathOf(sent++) }) }] }
      : {}),
  }) as Promise<autocannon.Result> & NodeJS.EventEmitter;
  const times: number[] = [];
  void run.on('response', (_client: unknown, _status: number, _bytes: number, time: number) => {
    times.push(time);
  });
  const result = await run;
  return {
    requestsPerSecond: result.requests.average,
    latencyMeanMs: result.latency.average,
    latencyP50Ms: result.latency.p50,
    latencyP95Ms: percentile(times, 95),
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx:
      options.expectedStatus === undefined
        ? result.non2xx
        : Object.entries(result.statusCodeStats ?? {})
            .filter(([status]) => Number(status) !== options.expectedStatus)
            .reduce((sum, [, stats]) => sum + (stats.count ?? 0), 0),
  };
}

/** Interleaves rounds of the subject and the baseline so that machine noise hits both alike. */
export async function compare(
  subject: LoadTarget,
  baseline: LoadTarget,
  options: { durationSeconds?: number } = {},
): Promise<{ subject: LoadFigures; baseline: LoadFigures }> {
  const subjectRuns: LoadFigures[] = [];
  const baselineRuns: LoadFigures[] = [];
  const headersOf = (target: LoadTarget) => (target.headers ? { headers: target.headers } : {});
  const expected = (target: LoadTarget) =>
    target.expectedStatus === undefined ? {} : { expectedStatus: target.expectedStatus };
  // Warm both up (JIT, connection pools) before measuring.
  await autocannon({ url: subject.url, connections: 4, duration: 1, ...headersOf(subject) });
  await autocannon({ url: baseline.url, connections: 4, duration: 1, ...headersOf(baseline) });
  for (let round = 0; round < ROUNDS; round += 1) {
    subjectRuns.push(
      await load(subject.url, { ...headersOf(subject), ...expected(subject), ...options }),
    );
    baselineRuns.push(
      await load(baseline.url, { ...headersOf(baseline), ...expected(baseline), ...options }),
    );
  }
  return { subject: median(subjectRuns), baseline: median(baselineRuns) };
}

function median(runs: LoadFigures[]): LoadFigures {
  const pick = (key: keyof LoadFigures) => {
    const sorted = runs.map((run) => run[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  return {
    requestsPerSecond: pick('requestsPerSecond'),
    latencyMeanMs: pick('latencyMeanMs'),
    latencyP50Ms: pick('latencyP50Ms'),
    latencyP95Ms: pick('latencyP95Ms'),
    latencyP99Ms: pick('latencyP99Ms'),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
  };
}

/** Prints one comparison as a small table with the ratios to the baseline. */
export function report(
  title: string,
  names: { subject: string; baseline: string },
  figures: { subject: LoadFigures; baseline: LoadFigures },
): void {
  const { subject, baseline } = figures;
  const ms = (value: number) => `${value.toFixed(2).padStart(7)} ms`;
  const row = (name: string, f: LoadFigures) =>
    [
      `  ${name.padEnd(32)}`,
      `${f.requestsPerSecond.toFixed(0).padStart(8)} req/s`,
      `mean ${ms(f.latencyMeanMs)}`,
      `p99 ${ms(f.latencyP99Ms)}`,
      `errors ${f.errors + f.non2xx}`,
    ].join('  ');
  console.log(
    `\n${title}  (${ROUNDS} round(s) × ${DURATION_SECONDS} s, ${CONNECTIONS} connections${PINNED ? ', server on core 0, client on the others' : ''})`,
  );
  console.log(row(names.subject, subject));
  console.log(row(names.baseline, baseline));
  const throughput = subject.requestsPerSecond / Math.max(baseline.requestsPerSecond, 1);
  const latency = subject.latencyMeanMs / Math.max(baseline.latencyMeanMs, 0.001);
  console.log(
    `  ratio: throughput ${throughput.toFixed(2)}× the baseline, mean latency ${latency.toFixed(2)}×`,
  );
}
