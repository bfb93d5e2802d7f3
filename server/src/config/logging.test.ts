import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../../test/helpers/build.ts';
import { createTestDatabase } from '../../test/helpers/database.ts';
import { loadConfig } from './env.ts';
import { loggerOptions, prettyPrinter } from './logging.ts';

const LOGGING = fileURLToPath(new URL('./logging.ts', import.meta.url));

/** What a process logging one line through {@link loggerOptions} writes to its stdout. */
function loggedLine(env: string, terminal: boolean): string {
  const script = [
    "import { pino } from 'pino';",
    `import { loggerOptions } from ${JSON.stringify(LOGGING)};`,
    `const options = loggerOptions({ env: '${env}', logLevel: 'info' }, { terminal: ${terminal} });`,
    "pino(options).info({ pnr: 'AB12CD3' }, 'hello from the log');",
  ].join('\n');
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      encoding: 'utf8',
      timeout: 30_000,
    },
  );
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

describe('the log format', () => {
  const development = { env: 'development' } as const;

  it('is human-readable in development when stdout is a terminal and pino-pretty is installed', () => {
    expect(prettyPrinter(development, { terminal: true })).toMatch(/pino-pretty/);
    const options = loggerOptions(loadConfig({ NODE_ENV: 'development' }), { terminal: true });
    expect((options.transport as { target?: string } | undefined)?.target).toMatch(/pino-pretty/);
  });

  it('is JSON in development when stdout is not a terminal (a pipe, a file)', () => {
    expect(prettyPrinter(development, { terminal: false })).toBeNull();
  });

  it('is JSON in production and in tests, even on a terminal', () => {
    for (const env of ['production', 'test'] as const) {
      expect(prettyPrinter({ env }, { terminal: true, prettyModule: () => 'pino-pretty' })).toBe(
        null,
      );
    }
    const options = loggerOptions(loadConfig({ NODE_ENV: 'test' }), { terminal: true });
    expect(options.transport).toBeUndefined();
  });

  it('is JSON when pino-pretty is not installed, as in production images, without failing', () => {
    expect(prettyPrinter(development, { terminal: true, prettyModule: () => null })).toBeNull();
  });

  it('writes pretty lines through pino-pretty, and JSON lines otherwise', () => {
    const pretty = loggedLine('development', true);
    expect(pretty).toContain('hello from the log');
    expect(pretty.trimStart().startsWith('{')).toBe(false);
    const json = loggedLine('development', false).trim();
    expect(JSON.parse(json)).toMatchObject({ msg: 'hello from the log', pnr: 'AB12CD3' });
    expect(JSON.parse(loggedLine('production', true).trim())).toMatchObject({ level: 30 });
  });
});

describe('one logger for the process', () => {
  it('is the one the app is given: its lines, its redaction, the request fields', async () => {
    const database = await createTestDatabase();
    const config = testConfig(database.url, { LOG_LEVEL: 'info' });
    const lines: Record<string, unknown>[] = [];
    const log = pino(loggerOptions(config), {
      write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
    });
    const app = await buildApp({ config, database, loggerInstance: log });
    try {
      log.info('starting');
      const response = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'shared-logger-1', cookie: 'uq_session=secret' },
      });
      expect(response.statusCode).toBe(200);
      app.log.info({ user: { token: 'secret-token' } }, 'a line with a token');

      expect(lines.map((line) => line.msg)).toContain('starting');
      const done = lines.find(
        (line) => line.reqId === 'shared-logger-1' && line.msg === 'request completed',
      );
      expect(done).toMatchObject({ res: { statusCode: 200 } });
      const received = lines.find((line) => line.reqId === 'shared-logger-1' && 'req' in line);
      expect(received?.req).toEqual({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '127.0.0.1',
      });
      expect(lines.find((line) => line.msg === 'a line with a token')).toMatchObject({
        user: { token: '[redacted]' },
      });
      expect(JSON.stringify(lines)).not.toContain('secret');
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});
