import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialectUnderTest } from '../../test/helpers/database.ts';
import {
  databaseKindOf,
  openDatabase,
  parseDatabaseUrl,
  redactDatabaseUrl,
  type DatabaseLocation,
} from './dialect.ts';

describe('parseDatabaseUrl', () => {
  it.each<[string, DatabaseLocation]>([
    [
      'postgres://app:secret@db.internal:5432/uniquair',
      { kind: 'postgres', connectionString: 'postgres://app:secret@db.internal:5432/uniquair' },
    ],
    [
      'postgresql://localhost/uniquair?sslmode=require',
      { kind: 'postgres', connectionString: 'postgresql://localhost/uniquair?sslmode=require' },
    ],
    [
      'sqlite:/var/lib/uniquair/app.sqlite',
      { kind: 'sqlite', filename: '/var/lib/uniquair/app.sqlite' },
    ],
    [
      'sqlite:///var/lib/uniquair/app.sqlite',
      { kind: 'sqlite', filename: '/var/lib/uniquair/app.sqlite' },
    ],
    ['sqlite:data/app.sqlite', { kind: 'sqlite', filename: resolve('data/app.sqlite') }],
    ['file:/tmp/app.sqlite', { kind: 'sqlite', filename: '/tmp/app.sqlite' }],
    ['file:///tmp/my%20app.sqlite', { kind: 'sqlite', filename: '/tmp/my app.sqlite' }],
    ['file:relative/app.sqlite', { kind: 'sqlite', filename: resolve('relative/app.sqlite') }],
    ['/srv/app.sqlite', { kind: 'sqlite', filename: '/srv/app.sqlite' }],
    ['./app.sqlite', { kind: 'sqlite', filename: resolve('app.sqlite') }],
    [':memory:', { kind: 'sqlite', filename: ':memory:' }],
    ['sqlite::memory:', { kind: 'sqlite', filename: ':memory:' }],
  ])('reads %s', (url, expected) => {
    expect(parseDatabaseUrl(url)).toEqual(expected);
  });

  it('rejects an unsupported scheme with a clear message that hides the password', () => {
    expect(() => parseDatabaseUrl('mysql://root:hunter2@localhost/uniquair')).toThrow(
      /Unsupported database URL scheme "mysql:".*postgres:\/\//,
    );
    expect(() => parseDatabaseUrl('mysql://root:hunter2@localhost/uniquair')).not.toThrow(
      /hunter2/,
    );
    expect(() => parseDatabaseUrl('https://example.com/db')).toThrow(/"https:"/);
  });

  it('rejects an empty URL and a scheme without a file', () => {
    expect(() => parseDatabaseUrl('  ')).toThrow(/empty/);
    expect(() => parseDatabaseUrl('sqlite:')).toThrow(/names no file/);
  });
});

describe('redactDatabaseUrl', () => {
  it('hides passwords and leaves other URLs alone', () => {
    expect(redactDatabaseUrl('postgres://app:s3cr3t@db:5432/x')).toBe(
      'postgres://app:***@db:5432/x',
    );
    expect(redactDatabaseUrl('postgres://app@db/x')).toBe('postgres://app@db/x');
    expect(redactDatabaseUrl('sqlite:/tmp/a.sqlite')).toBe('sqlite:/tmp/a.sqlite');
  });
});

describe('openDatabase', () => {
  const folder = mkdtempSync(join(tmpdir(), 'uniquair-dialect-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('opens a SQLite file in WAL mode with a busy timeout and foreign keys, creating its folder', async () => {
    const file = join(folder, 'nested', 'deeper', 'app.sqlite');
    const database = openDatabase(`sqlite:${file}`);
    try {
      expect(database.kind).toBe('sqlite');
      const pragma = async (name: string) =>
        (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(database.db)).rows[0];
      expect(await pragma('journal_mode')).toEqual({ journal_mode: 'wal' });
      expect(await pragma('busy_timeout')).toEqual({ timeout: 5000 });
      expect(await pragma('foreign_keys')).toEqual({ foreign_keys: 1 });
      expect(existsSync(file)).toBe(true);
      expect(databaseKindOf(database.db)).toBe('sqlite');
    } finally {
      await database.close();
      await database.close();
    }
  });

  it('opens an in-memory SQLite database', async () => {
    const database = openDatabase(':memory:');
    const { rows } = await sql<{ answer: number }>`select 6 * 7 as answer`.execute(database.db);
    expect(rows).toEqual([{ answer: 42 }]);
    await database.close();
  });

  it('reports what it opened through the log option, without the password', () => {
    const messages: string[] = [];
    const database = openDatabase('postgres://app:s3cr3t@127.0.0.1:1/x', {
      log: (message) => messages.push(message),
    });
    expect(database.kind).toBe('postgres');
    expect(databaseKindOf(database.db)).toBe('postgres');
    expect(messages.join('\n')).toContain('postgres://app:***@127.0.0.1:1/x');
    expect(messages.join('\n')).not.toContain('s3cr3t');
    return database.close();
  });

  it('fails queries, not opening, when PostgreSQL is unreachable', async () => {
    const database = openDatabase('postgres://postgres@127.0.0.1:1/uniquair');
    await expect(sql`select 1`.execute(database.db)).rejects.toThrow(/ECONNREFUSED/);
    await database.close();
  });

  it('throws for an unsupported scheme', () => {
    expect(() => openDatabase('mongodb://localhost/x')).toThrow(/Unsupported database URL scheme/);
  });
});

describe(`the database under test (${dialectUnderTest()})`, () => {
  it('returns counts, sums and integers as numbers', async () => {
    const database = await createTestDatabase({ seeded: false });
    try {
      expect(database.kind).toBe(dialectUnderTest());
      const { rows } = await sql<{ n: unknown; total: unknown; big: unknown; ratio: unknown }>`
        select count(*) as n, sum(x) as total, cast(9007199254740993 as bigint) as big,
               cast(2.5 as numeric) as ratio
        from (select 1 as x union all select 2 as x) as t`.execute(database.db);
      const row = rows[0];
      expect(row?.n).toBe(2);
      expect(row?.total).toBe(3);
      expect(row?.ratio).toBe(2.5);
      // Beyond 2^53 a number would lose digits: PostgreSQL keeps the exact text.
      if (database.kind === 'postgres') expect(row?.big).toBe('9007199254740993');
    } finally {
      await database.dispose();
    }
  });
});
