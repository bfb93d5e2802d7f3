import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capture } from '../../test/helpers/command-output.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/database.ts';
import { insertErrorReport } from '../modules/errors/errors.repository.ts';
import { errorReportsCommand } from './error-reports.ts';
import { parseSince } from './list-command.ts';
import { UsageError } from './command-line.ts';

describe('errors:list', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    const base = {
      trace: '',
      info: '',
      url: 'http://localhost:3000/',
      version: '0.7.0',
      user_agent: 'TestBrowser/1.0',
    };
    await insertErrorReport(database.db, {
      ...base,
      created_at: '2026-11-20T10:00:00.000Z',
      component: 'Old',
      request_id: 'req-old',
    });
    await insertErrorReport(database.db, {
      ...base,
      created_at: '2026-11-21T10:00:00.000Z',
      component: 'Search',
      trace: 'Error: boom\n    at search (search.tsx:3:1)',
      request_id: 'req-search',
    });
    await insertErrorReport(database.db, {
      ...base,
      created_at: '2026-11-21T11:00:00.000Z',
      component: 'Evil\u001b[2J\nFAKE LINE',
      trace: 'line one\u001b]0;title\u0007\nline two',
      request_id: 'req-evil',
    });
  });

  afterAll(async () => {
    await database.dispose();
  });

  it('prints the latest reports, newest first, with their traces', async () => {
    const output = capture();
    expect(await errorReportsCommand([], database, output)).toBe(0);
    const text = output.lines.join('\n');
    expect(output.lines[0]).toMatch(/^#\d+ {2}2026-11-21T11:00:00\.000Z {2}Evil/);
    expect(text.indexOf('Search')).toBeLessThan(text.indexOf('Old'));
    expect(text).toContain('      Error: boom');
    expect(text).toContain('          at search (search.tsx:3:1)');
    expect(output.lines.at(-1)).toBe('3 report(s), newest first.');
  });

  it('escapes control characters, so a report cannot forge lines or drive the terminal', async () => {
    const output = capture();
    await errorReportsCommand(['--limit', '1'], database, output);
    const text = output.lines.join('\n');
    // eslint-disable-next-line no-control-regex
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    expect(output.lines[0]).toContain('Evil\\u001b[2J\\nFAKE LINE');
    expect(output.lines.some((line) => line.startsWith('FAKE LINE'))).toBe(false);
    expect(text).toContain('line one\\u001b]0;title\\u0007');
  });

  it('filters by time and component, and prints JSON lines', async () => {
    const recent = capture();
    await errorReportsCommand(['--since', '2026-11-21T00:00:00Z', '--json'], database, recent);
    const rows = recent.lines.map((line) => JSON.parse(line) as { component: string });
    expect(rows.map((row) => row.component)).toEqual(['Evil\u001b[2J\nFAKE LINE', 'Search']);
    const search = capture();
    await errorReportsCommand(['--component', 'Search', '--json'], database, search);
    expect(search.lines).toHaveLength(1);
    const none = capture();
    await errorReportsCommand(['--component', 'Nothing'], database, none);
    expect(none.lines).toEqual(['No error reports.']);
  });

  it('reads --since as a duration back from now or as a date', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(parseSince('24h', now)).toBe('2026-11-21T12:00:00.000Z');
    expect(parseSince('7d', now)).toBe('2026-11-15T12:00:00.000Z');
    expect(parseSince('90m', now)).toBe('2026-11-22T10:30:00.000Z');
    expect(parseSince('2026-11-20', now)).toBe('2026-11-20T00:00:00.000Z');
    expect(() => parseSince('soon', now)).toThrow(UsageError);
  });

  it('refuses a bad command line', async () => {
    for (const args of [
      ['--limit', '0'],
      ['--limit', 'many'],
      ['--limit', '5000'],
      ['extra'],
      // Refused by the argument parser itself: an unknown option, an option without its value.
      ['--all'],
      ['--limit'],
    ]) {
      await expect(errorReportsCommand(args, database, capture())).rejects.toThrow(UsageError);
    }
  });
});
