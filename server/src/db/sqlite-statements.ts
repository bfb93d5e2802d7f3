import type { Database as BetterSqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Prepared statements kept per SQLite connection, the least recently used dropped first. */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * The SQLite connection as Kysely's dialect sees it, with its prepared statements kept by SQL
 * text. Kysely prepares every query it runs; SQLite then parses and plans the text again, which
 * costs more than running a small query, and a seed's multi-row inserts (thousands of
 * placeholders, the same text chunk after chunk) spent a tenth of their time there. A statement
 * still being read (a stream not finished) is not handed out twice: the query gets one of its own.
 * Statements follow schema changes by themselves (SQLite prepares them again when it must).
 */
export function withStatementCache(
  sqlite: BetterSqliteDatabase,
  size = STATEMENT_CACHE_SIZE,
): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached?.busy) return sqlite.prepare(sql);
      // Taken out and put back: a Map iterates in insertion order, oldest use first.
      if (cached) statements.delete(sql);
      const statement = cached ?? sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > size) {
        const oldest = statements.keys().next();
        if (!oldest.done) statements.delete(oldest.value);
      }
      return statement;
    },
  };
}
