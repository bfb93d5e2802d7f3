import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCommandLine } from './cli.ts';
import { MIGRATIONS } from './migrate.ts';
import { DEFAULT_SEED } from './seed/seed.ts';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

function runCli(args: string[], databaseUrl: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('parseCommandLine', () => {
  const now = new Date('2026-11-23T22:30:00Z');

  it('reads the command, the day and the seed', () => {
    expect(parseCommandLine(['migrate'], now)).toEqual({
      command: 'migrate',
      today: '2026-11-23',
      seed: DEFAULT_SEED,
    });
    expect(parseCommandLine(['seed', '--today', '2027-02-28', '--seed', '7'], now)).toEqual({
      command: 'seed',
      today: '2027-02-28',
      seed: 7,
    });
    expect(parseCommandLine(['reset', '--today=2027-01-01'], now).today).toBe('2027-01-01');
  });

  it('refuses unknown commands, impossible dates and bad seeds', () => {
    expect(() => parseCommandLine([], now)).toThrow(/No command/);
    expect(() => parseCommandLine(['drop'], now)).toThrow(/Unknown command "drop"/);
    expect(() => parseCommandLine(['seed', '--today', '2027-02-29'], now)).toThrow(/--today/);
    expect(() => parseCommandLine(['seed', '--seed', '-1'], now)).toThrow(/--seed/);
    expect(() => parseCommandLine(['seed', '--colour'], now)).toThrow(/--colour/);
  });
});

describe('the database CLI', () => {
  const folder = mkdtempSync(join(tmpdir(), 'uniquair-cli-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('migrates the database named by DATABASE_URL', () => {
    const result = runCli(['migrate'], `sqlite:${join(folder, 'app.sqlite')}`);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`Applied ${Object.keys(MIGRATIONS).length} migration(s)`);
    expect(runCli(['migrate'], `sqlite:${join(folder, 'app.sqlite')}`).stdout).toMatch(
      /Schema is up to date/,
    );
  });

  it('fails with a clear message for an unsupported URL', () => {
    const result = runCli(['migrate'], 'mysql://root:hunter2@localhost/uniquair');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Unsupported database URL scheme "mysql:"/);
    expect(result.stderr).not.toMatch(/hunter2/);
  });

  it('fails with a clear message when PostgreSQL is unreachable', () => {
    const result = runCli(['migrate'], 'postgres://app:s3cr3t@127.0.0.1:1/uniquair');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/db migrate failed: .*ECONNREFUSED.*running and reachable/);
    expect(result.stderr).not.toMatch(/s3cr3t/);
  });

  it('prints its usage for a wrong command', () => {
    const result = runCli(['frobnicate'], ':memory:');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/Usage: cli\.ts <migrate \| seed \| reset>/);
  });
});
