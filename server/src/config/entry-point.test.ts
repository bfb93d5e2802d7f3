import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

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
