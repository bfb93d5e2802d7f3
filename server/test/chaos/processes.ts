import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '../../src/config/paths.ts';

/** The server and the stand-alone sandbox gateway, as `npm start` and `npm run gateway` run them. */
export const SERVER_ENTRY = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
export const GATEWAY_ENTRY = fileURLToPath(
  new URL('../../src/modules/sandbox-gateway/sandbox-gateway.standalone.ts', import.meta.url),
);

/** One secret for every process of a chaos run: the gateway keys are derived from it. */
export const CHAOS_SECRET = 'chaos-suite-session-secret-0123456789abcdef';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface RunningProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Resolves with the exit signal or code when the process ends. */
  readonly exited: Promise<string>;
  /** What it wrote (for failure messages). */
  output(): string;
  /** SIGKILL, and wait for the end. */
  kill(): Promise<string>;
}

/**
 * Starts `entry` (TypeScript, through tsx) with only the given environment (plus PATH and HOME),
 * and waits until `healthPath` answers 200, for at most `startupMs` (a process that seeds an
 * empty database needs longer than one that finds it seeded).
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  url: string,
  healthPath: string,
  { startupMs = 90_000 }: { startupMs?: number } = {},
): Promise<RunningProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? String(code))),
  );
  let ended = false;
  void exited.then(() => (ended = true));
  const deadline = Date.now() + startupMs;
  for (;;) {
    if (ended) throw new Error(`${entry} stopped while starting:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${entry} did not start in time:\n${output}`);
    }
    try {
      const response = await fetch(`${url}${healthPath}`);
      await response.body?.cancel();
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    exited,
    output: () => output,
    async kill() {
      if (!ended) child.kill('SIGKILL');
      return exited;
    },
  };
}

/** Waits until `check` holds (polling), or throws with `describe()` after `ms`. */
export async function until(
  check: () => Promise<boolean>,
  ms: number,
  describe: () => string | Promise<string>,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(await describe());
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
