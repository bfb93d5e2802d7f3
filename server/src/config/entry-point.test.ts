import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../../test/helpers/production-env.ts';

const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'uniquair-start-'));

afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** Starts the server entry point with `env` and waits for it to stop (it must, quickly). */
function start(env: Record<string, string>) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...process.env, NODE_ENV: 'development', PORT: '0', LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: run.status, stderr: run.stderr, stdout: run.stdout };
}

describe('starting with bad database settings', () => {
  it('refuses an unsupported database URL with one line naming the setting, no stack trace', () => {
    const run = start({ DATABASE_URL: 'mysql://root:hunter2@db.example:3306/uniquair' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^Invalid configuration: DATABASE_URL: expected postgres:\/\/.*sqlite:<path>/,
      ),
    ]);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stderr).not.toContain('hunter2');
  });

  it('refuses a SQLite file in a folder that does not exist, and creates nothing', () => {
    const missing = join(directory, 'typo', 'uniquair.sqlite');
    const run = start({ DATABASE_URL: `sqlite:${missing}` });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`DATABASE_URL: the folder ${join(directory, 'typo')}`);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(spawnSync('ls', [directory], { encoding: 'utf8' }).stdout.trim()).toBe('');
  });
});

describe('`NODE_ENV=production npm start` with an unsafe setting', () => {
  const START = fileURLToPath(new URL('../../../scripts/start.mjs', import.meta.url));

  /**
   * Runs `npm start`'s script in production with one setting of a safe environment changed; the
   * cases run at once, each waiting on its own process.
   */
  async function startInProduction(change: Record<string, string | undefined>) {
    const env: Record<string, string | undefined> = {
      ...process.env,
      ...PRODUCTION_ENV,
      PORT: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: directory,
      DATABASE_URL: `sqlite:${join(directory, 'never-created.sqlite')}`,
      ...change,
    };
    const child = spawn(process.execPath, [START], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // 'close', not 'exit': the process can exit before its stderr has been read to the end.
    const [status] = (await once(child, 'close')) as [number | null];
    return { status, stderr };
  }

  it.concurrent.each([
    ['PAYMENT_GATEWAY', { PAYMENT_GATEWAY: undefined }],
    ['PAYMENT_SANDBOX_IN_PRODUCTION', { PAYMENT_SANDBOX_IN_PRODUCTION: undefined }],
    ['AIRLINE_API_KEYS', { AIRLINE_API_KEYS: undefined }],
    ['PUBLIC_URL', { PUBLIC_URL: 'http://fly.example.com' }],
    ['TEST_CRASH_AT', { TEST_CRASH_AT: 'before-charge' }],
  ])(
    'exits non-zero naming %s, and creates no database',
    async (name, change) => {
      const run = await startInProduction(change);
      expect(run.status).not.toBe(0);
      expect(run.stderr).toMatch(new RegExp(`^Invalid configuration: ${name}: `, 'm'));
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(spawnSync('ls', [directory], { encoding: 'utf8' }).stdout.trim()).toBe('');
    },
    60_000,
  );
});
