import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statements.ts';

describe('SQLite statement cache', () => {
  const opened: SqliteDatabase.Database[] = [];
  const open = () => {
    const sqlite = new SqliteDatabase(':memory:');
    opened.push(sqlite);
    sqlite.exec('create table t (n integer primary key, label text)');
    sqlite.exec("insert into t (n, label) values (1, 'one'), (2, 'two'), (3, 'three')");
    return sqlite;
  };
  afterEach(() => {
    for (const sqlite of opened.splice(0)) if (sqlite.open) sqlite.close();
  });

  it('prepares a text once and hands the same statement out again', () => {
    const cached = withStatementCache(open());
    const first = cached.prepare('select label from t where n = ?');
    expect(cached.prepare('select label from t where n = ?')).toBe(first);
    expect(first.all([2])).toEqual([{ label: 'two' }]);
    expect(cached.prepare('select label from t where n = ?').all([3])).toEqual([
      { label: 'three' },
    ]);
  });

  it('gives a statement still being read to nobody else', () => {
    const cached = withStatementCache(open());
    const text = 'select n from t order by n';
    const reading = cached.prepare(text).iterate([]);
    expect(reading.next().value).toEqual({ n: 1 });
    // The same text while the first read is open: another statement, both read to the end.
    expect(cached.prepare(text).all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect([...reading]).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it('keeps the most recently used texts, up to its size', () => {
    const cached = withStatementCache(open(), { statements: 2, textLength: 1_000 });
    const a = cached.prepare('select 1 as a');
    const b = cached.prepare('select 2 as b');
    expect(cached.prepare('select 1 as a')).toBe(a);
    cached.prepare('select 3 as c');
    // b was used least recently and is dropped; a is kept.
    expect(cached.prepare('select 1 as a')).toBe(a);
    expect(cached.prepare('select 2 as b')).not.toBe(b);
  });

  it('keeps no more SQL text than its limit, and never a text longer than all of it', () => {
    const cached = withStatementCache(open(), { statements: 100, textLength: 40 });
    const a = cached.prepare('select 1 as first_column'); // 24 characters
    expect(cached.prepare('select 1 as first_column')).toBe(a);
    const b = cached.prepare('select 2 as second'); // 18 more: over 40, the oldest (a) goes
    expect(cached.prepare('select 2 as second')).toBe(b);
    expect(cached.prepare('select 1 as first_column')).not.toBe(a);
    const long = `select 3 as ${'x'.repeat(40)}`;
    expect(cached.prepare(long)).not.toBe(cached.prepare(long));
    expect(cached.prepare(long).all([])).toEqual([{ ['x'.repeat(40)]: 3 }]);
  });

  it('follows a change of the schema: the kept statement reads the new column', () => {
    const sqlite = open();
    const cached = withStatementCache(sqlite);
    expect(cached.prepare('select * from t where n = ?').all([1])).toEqual([
      { n: 1, label: 'one' },
    ]);
    sqlite.exec("alter table t add column note text default 'x'");
    expect(cached.prepare('select * from t where n = ?').all([1])).toEqual([
      { n: 1, label: 'one', note: 'x' },
    ]);
  });

  it('serves Kysely: a query of a text just streamed, in and out of a transaction', async () => {
    const db = new Kysely<{ t: { n: number; label: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(open()) }),
    });
    try {
      const query = db.selectFrom('t').select('n').orderBy('n');
      const streamed: number[] = [];
      for await (const row of query.stream()) streamed.push(row.n);
      expect(streamed).toEqual([1, 2, 3]);
      expect((await query.execute()).map((row) => row.n)).toEqual([1, 2, 3]);
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ n: 4, label: 'four' }).execute();
        expect((await trx.selectFrom('t').select('n').orderBy('n').execute()).length).toBe(4);
      });
      const { rows } = await sql<{ count: number }>`select count(*) as count from t`.execute(db);
      expect(rows).toEqual([{ count: 4 }]);
    } finally {
      await db.destroy();
    }
  });
});
